/** Coming-soon dates in the store's time zone (Pacific/Auckland), and the countdown. */
import { catalogConfig } from '../../config';

export function formatAvailability(iso: string): string {
  return new Intl.DateTimeFormat('en-NZ', {
    timeZone: catalogConfig.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
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
