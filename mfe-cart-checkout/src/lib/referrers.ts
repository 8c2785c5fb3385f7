/**
 * Referrers on this device: a referral or affiliate id from the landing URL (`?ref=ABC123`),
 * validated (exactly 6 letters or digits, kept upper case; anything else is ignored), kept in local
 * storage by id, the most recent first, at most 64. An order names the most recent one
 * (`analytics.referrerId`, validated again and recorded by the server) and so does its purchase
 * analytics event. Read by the cart service on every page, so no zod here.
 */
import { referrerIdOf, REFERRERS_MAX } from '@store/contracts/referrers';

export const REFERRERS_KEY = 'fernleaf.referrers';

export interface Referrer {
  id: string;
  /** When this device last landed with it (ISO). */
  at: string;
}

export function readReferrers(): Referrer[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(REFERRERS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((r): r is Referrer => typeof r === 'object' && r !== null && referrerIdOf((r as Referrer).id) === (r as Referrer).id && typeof (r as Referrer).at === 'string');
  } catch {
    return [];
  }
}

/** Keeps `id` as the most recent referrer (once: an id seen again moves to the front). */
export function rememberReferrer(id: string, now: Date = new Date()): void {
  const next = [{ id, at: now.toISOString() }, ...readReferrers().filter((r) => r.id !== id)].slice(0, REFERRERS_MAX);
  try {
    localStorage.setItem(REFERRERS_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the order goes without a referrer
  }
}

/** The most recent referrer's id, or undefined. */
export function currentReferrerId(): string | undefined {
  return readReferrers()[0]?.id;
}

/** The `ref` of a URL, when it is a referrer id. */
export function referrerInUrl(url: string): string | null {
  try {
    return referrerIdOf(new URL(url, 'http://x').searchParams.get('ref'));
  } catch {
    return null;
  }
}

/**
 * Keeps the referrer of the page the shopper landed on: the document's own URL (the navigation
 * entry, still the landing URL after in-page navigation) and the address now.
 */
export function captureLandingReferrer(): void {
  const landing = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.name;
  const ids = [landing, window.location.href].map((u) => (u ? referrerInUrl(u) : null));
  for (const id of new Set(ids.filter((i): i is string => i !== null))) rememberReferrer(id);
}
