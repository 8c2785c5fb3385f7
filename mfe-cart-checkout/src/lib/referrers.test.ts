/** Referrers: a valid ?ref= of the landing page is kept on the device (the order naming it: features/checkout/payment/analytics.test.ts). */
import { captureLandingReferrer, currentReferrerId, readReferrers, referrerInUrl, rememberReferrer, REFERRERS_KEY } from './referrers';

const landOn = (url: string) => window.history.replaceState(null, '', url);

beforeEach(() => {
  localStorage.clear();
  landOn('/');
});

it('takes exactly 6 letters or digits, upper case; ignores anything else', () => {
  expect(referrerInUrl('/?ref=abc123')).toBe('ABC123');
  expect(referrerInUrl('/categories/bags?colour=red&ref=ZZ9PLZ')).toBe('ZZ9PLZ');
  for (const bad of ['ABC12', 'ABC1234', 'ABC-12', 'ÅBC123', '', ' ']) expect(referrerInUrl(`/?ref=${encodeURIComponent(bad)}`)).toBeNull();
  expect(referrerInUrl('/')).toBeNull();
});

it('keeps the landing page’s referrer, the most recent first, once per id, at most 64', () => {
  landOn('/products/x-p1?ref=ABC123');
  captureLandingReferrer();
  expect(currentReferrerId()).toBe('ABC123');
  landOn('/?ref=nope');
  captureLandingReferrer();
  expect(currentReferrerId()).toBe('ABC123');
  for (let i = 0; i < 70; i++) rememberReferrer(`R${String(i).padStart(5, '0')}`, new Date(2026, 10, 1, 0, i));
  rememberReferrer('ABC123');
  const kept = readReferrers();
  expect(kept).toHaveLength(64);
  expect(kept[0]!.id).toBe('ABC123');
  expect(kept.filter((r) => r.id === 'ABC123')).toHaveLength(1);
  expect(kept[1]!.id).toBe('R00069');
});

it('ignores a tampered store', () => {
  localStorage.setItem(REFERRERS_KEY, JSON.stringify([{ id: 'bad id', at: 'x' }, { id: 'GOOD12', at: '2026-11-01T00:00:00Z' }, 7]));
  expect(currentReferrerId()).toBe('GOOD12');
  localStorage.setItem(REFERRERS_KEY, '{not json');
  expect(currentReferrerId()).toBeUndefined();
});
