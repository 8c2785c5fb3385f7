/** Coming-soon dates in the market's time zone (Pacific/Auckland on the NZ site, Australia/Sydney on the AU site), and the countdown. */
import { DEFAULT_MARKET, type MarketSettings } from '@store/contracts/market';

// one formatter per locale and zone: making one costs more than formatting with it
const availabilityFormats = new Map<string, Intl.DateTimeFormat>();

export function formatAvailability(iso: string, market: Pick<MarketSettings, 'locale' | 'timeZone'> = DEFAULT_MARKET): string {
  const key = `${market.locale}|${market.timeZone}`;
  let format = availabilityFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(market.locale, {
      timeZone: market.timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    availabilityFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** Whole days, hours, minutes and seconds until `iso` (zeros once passed). */
export function countdown(iso: string, now: number): { days: number; hours: number; minutes: number; seconds: number; done: boolean } {
  const ms = Math.max(0, new Date(iso).getTime() - now);
  const s = Math.floor(ms / 1000);
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60, done: ms === 0 };
}

export function countdownText(c: ReturnType<typeof countdown>): string {
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return [part(c.days, 'day'), part(c.hours, 'hour'), part(c.minutes, 'minute'), part(c.seconds, 'second')].join(', ');
}
