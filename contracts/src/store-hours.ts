/**
 * Store constants and opening-hours helpers (store search radius 200, address combobox
 * delay 1000 ms). Opening hours are wall-clock times of the store's own time zone (`Store.timeZone`:
 * Pacific/Auckland for the NZ stores, the state's zone for the Australian ones). No zod
 * here: the store pages import these without the schemas (./stores re-exports them).
 */
import type { StoreDayHours } from './stores';

export const STORE_SEARCH_RADIUS_KM = 200;
/** The address combobox shows its spinner only when a lookup takes longer than this. */
export const ADDRESS_COMBOBOX_SPINNER_DELAY_MS = 1000;
/** The time zone of a store without one of its own (the NZ stores'). */
export const STORE_TIME_ZONE = 'Pacific/Auckland';

/** "New Zealand time", "Sydney time", "Perth time": how a store's zone is named in copy. */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === 'Pacific/Auckland') return 'New Zealand time';
  const city = timeZone.split('/').pop()?.replace(/_/g, ' ') ?? timeZone;
  return `${city} time`;
}

/**
 * Label used for a locality in suggestions and as a search origin: NZ "Mount Eden, Auckland 1024";
 * AU (suburb, state code and postcode, as Australian addresses are written) "Surry Hills NSW 2010".
 */
export function localityLabel(l: { name: string; city: string; postcode: string; region?: string }, country: string = 'NZ'): string {
  if (country === 'AU') return `${l.name} ${l.region ?? ''} ${l.postcode}`.replace(/\s+/g, ' ');
  return l.name === l.city ? `${l.name} ${l.postcode}` : `${l.name}, ${l.city} ${l.postcode}`;
}

export interface StoreOpenState {
  open: boolean;
  /** e.g. "Open now until 5:30 pm", "Closed, opens 10:00 am Sunday" */
  text: string;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function weekdayName(day: number): string {
  return WEEKDAYS[(day - 1 + 7) % 7] ?? '';
}

/** "17:30" -> "5:30 pm". */
export function formatHour(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** ISO weekday and minutes since midnight of `now` in a time zone (a store's). */
export function storeClock(now: Date, timeZone: string = STORE_TIME_ZONE): { day: number; minutes: number } {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-NZ', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** ISO weekday and minutes since midnight of `now` in Pacific/Auckland. */
export function aucklandClock(now: Date): { day: number; minutes: number } {
  return storeClock(now, STORE_TIME_ZONE);
}

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether a store is open at `now` (its hours are wall-clock times of `timeZone`, the store's) and a one-line summary. */
export function storeOpenState(hours: StoreDayHours[], now: Date = new Date(), timeZone: string = STORE_TIME_ZONE): StoreOpenState {
  const { day, minutes } = storeClock(now, timeZone);
  const byDay = new Map(hours.map((h) => [h.day, h]));
  const today = byDay.get(day);
  if (today?.open && today.close && minutes >= toMinutes(today.open) && minutes < toMinutes(today.close)) {
    return { open: true, text: `Open now until ${formatHour(today.close)}` };
  }
  for (let offset = 0; offset < 7; offset++) {
    const d = ((day - 1 + offset) % 7) + 1;
    const h = byDay.get(d);
    if (!h?.open || !h.close) continue;
    if (offset === 0 && minutes >= toMinutes(h.open)) continue;
    const when = offset === 0 ? 'today' : offset === 1 ? 'tomorrow' : weekdayName(d);
    return { open: false, text: `Closed, opens ${formatHour(h.open)} ${when}` };
  }
  return { open: false, text: 'Closed' };
}
