/** Referrers: a valid ?ref= of the landing page is kept on the device and named by the order and its purchase event. */
import { OrderPlaceRequest } from '@store/contracts';
import { orderAnalytics, purchaseEvent } from '../checkout/analytics';
import { emptyCheckout } from '../checkout/state';
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

it('the order and its purchase event name the most recent referrer, in a body the API accepts', () => {
  const state = emptyCheckout();
  expect(orderAnalytics(state)).not.toHaveProperty('referrerId');
  landOn('/?ref=abc123');
  captureLandingReferrer();
  const analytics = orderAnalytics(state);
  expect(analytics.referrerId).toBe('ABC123');
  expect(OrderPlaceRequest.shape.analytics.safeParse(analytics).success).toBe(true);
  expect(OrderPlaceRequest.shape.analytics.safeParse({ ...analytics, referrerId: 'abc12' }).success).toBe(false);
  const info = { grandTotal: 1000, gst: 130, selectedShippingMethod: null, lines: [], creditUsages: [], promotions: { appliedPromotions: [], resolvedCart: { promoCartItems: [] } }, amountOutstanding: 1000, totalDiscount: 0, itemSubtotalAfterDiscounts: 1000 };
  const event = purchaseEvent({ orderNumber: 'FL12345678', state, info: info as never, items: [], paymentType: 'BRAINTREE_CREDIT_CARD', emailSha256: null });
  expect(event.referrer_id).toBe('ABC123');
});
