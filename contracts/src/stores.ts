import { z } from 'zod';

/**
 * Stores and the store locator (spec §2 store locator, §3 store pickup selection, §9 store
 * search radius 200 and address combobox delay 1000 ms). Opening hours are Pacific/Auckland
 * wall-clock times.
 */

export const STORE_SEARCH_RADIUS_KM = 200;
/** The address combobox shows its spinner only when a lookup takes longer than this. */
export const ADDRESS_COMBOBOX_SPINNER_DELAY_MS = 1000;
export const STORE_TIME_ZONE = 'Pacific/Auckland';

export const StoreAddress = z.object({
  street1: z.string(),
  street2: z.string().nullable(),
  locality: z.string().describe('Suburb or town'),
  region: z.string(),
  postcode: z.string(),
  country: z.string().describe('ISO 3166 alpha-2'),
});
export type StoreAddress = z.infer<typeof StoreAddress>;

export const StoreDayHours = z.object({
  day: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday'),
  open: z.string().nullable().describe('HH:MM Pacific/Auckland, null when closed'),
  close: z.string().nullable().describe('HH:MM Pacific/Auckland, null when closed'),
});
export type StoreDayHours = z.infer<typeof StoreDayHours>;

export const Store = z.object({
  id: z.string(),
  erpStoreId: z.string(),
  name: z.string(),
  path: z.string().describe('Page at /stores/{path}'),
  address: StoreAddress,
  lat: z.number(),
  lng: z.number(),
  phone: z.string(),
  email: z.string(),
  openingHours: z.array(StoreDayHours).describe('Seven days, Monday first'),
  timeZone: z.literal(STORE_TIME_ZONE),
  clickAndCollect: z.boolean(),
  description: z.string(),
});
export type Store = z.infer<typeof Store>;

export const StoreNear = Store.extend({
  distanceKm: z.number().nullable().describe('From the search origin; one decimal under 10 km, whole km above; null without an origin'),
  stock: z
    .object({ variantId: z.string(), qty: z.number().int() })
    .nullable()
    .describe('Units of the requested variant on hand in the store; null when no variantId was asked'),
});
export type StoreNear = z.infer<typeof StoreNear>;

const Postcode = z.string().regex(/^\d{4}$/, 'Must be a 4-digit NZ postcode');

/** GET /api/stores: one of q, postcode or lat+lng (none: every store, by name). */
export const StoresQuery = z
  .object({
    q: z.string().trim().min(2).max(100).optional().describe('Suburb, town or postcode'),
    postcode: Postcode.optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radiusKm: z.coerce.number().positive().max(2000).default(STORE_SEARCH_RADIUS_KM),
    variantId: z.string().regex(/^\d{1,12}$/, 'Must be a variant id').optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.lat === undefined) !== (value.lng === undefined)) {
      ctx.addIssue({ code: 'custom', path: [value.lat === undefined ? 'lat' : 'lng'], message: 'lat and lng go together' });
    }
  });
export type StoresQuery = z.infer<typeof StoresQuery>;

export const StoreSearchOrigin = z.object({ lat: z.number(), lng: z.number(), label: z.string().describe('e.g. "Mount Eden, Auckland 1024" or "your location"') });
export type StoreSearchOrigin = z.infer<typeof StoreSearchOrigin>;

export const StoresResponse = z.object({
  origin: StoreSearchOrigin.nullable(),
  radiusKm: z.number(),
  stores: z.array(StoreNear).describe('Sorted by distance (nearest first) when there is an origin, else by name'),
});
export type StoresResponse = z.infer<typeof StoresResponse>;

export const StorePathParams = z.object({ path: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Must be a store path') });

/** GET /api/stores/localities?q= : suggestions for the address combobox. */
export const LocalitiesQuery = z.object({ q: z.string().trim().min(1).max(100) });
export const Locality = z.object({
  name: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  label: z.string().describe('"Mount Eden, Auckland 1024"'),
});
export type Locality = z.infer<typeof Locality>;
export const LocalitiesResponse = z.object({ items: z.array(Locality) });
export type LocalitiesResponse = z.infer<typeof LocalitiesResponse>;

/** Label used for a locality in suggestions and as a search origin. */
export function localityLabel(l: { name: string; city: string; postcode: string }): string {
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

/** ISO weekday and minutes since midnight of `now` in Pacific/Auckland. */
export function aucklandClock(now: Date): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-NZ', { timeZone: STORE_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** Whether a store is open at `now` (its hours are Pacific/Auckland) and a one-line summary. */
export function storeOpenState(hours: StoreDayHours[], now: Date = new Date()): StoreOpenState {
  const { day, minutes } = aucklandClock(now);
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
