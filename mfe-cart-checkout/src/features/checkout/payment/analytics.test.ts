import { OrderPlaceRequest, type CheckoutInfoResponse } from '@store/contracts';
import { captureLandingReferrer } from '../../../lib/referrers';
import { CLIENT_ID_KEY, orderAnalytics, purchaseEvent, sha256Hex } from './analytics';
import { buildOrderRequest } from './place';
import { emptyCheckout, type CheckoutState } from '../../../lib/checkout/state';

const address = { company: '', contactName: 'Aroha Ngata', country: 'NZ' as const, phone: '021 555 0101', postcode: '1010', state: 'Auckland', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central' };
const info = {
  result: 'SUCCESS',
  promotions: { appliedPromotions: [{ id: 'bp20', versionId: 'v1', name: '20% off backpacks', exclusive: false, relatedCouponCodes: ['WINTER20'], discount: 2000 }], disallowedPromotions: [], summedDiscounts: 2000, resolvedCart: { promoCartItems: [] } },
  lines: [{ productId: 'p1', variantId: 'v1', qty: 1, unitPrice: 10000, subtotal: 10000, discount: 2000, total: 8000 }],
  itemQuantity: 1,
  itemSubtotal: 10000,
  totalDiscount: 2000,
  itemSubtotalAfterDiscounts: 8000,
  shippingMethods: [],
  selectedShippingMethod: { id: 'standard', label: 'Standard delivery', price: 995 },
  grandTotal: 8995,
  gst: 1173,
  creditUsages: [{ id: 'FERN-1000-0003', methodCode: 'VOUCHER', amount: 1000 }],
  amountOutstanding: 7995,
  afterpayAvailable: true,
  loyaltyPoints: 178,
} as CheckoutInfoResponse;
const state: CheckoutState = {
  ...emptyCheckout(),
  contact: { email: ' Aroha@Example.co.nz ', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: true },
  shippingType: 'DELIVERY',
  deliveryAddress: address,
  deliveryMethodId: 'standard',
  billingAddress: { ...address, suburb: 'Ponsonby', postcode: '1011' },
  promoCodes: ['WINTER20'],
  vouchers: [{ code: 'FERN-1000-0003', pin: '1111', expires: 1, amountRemaining: 1000 }],
  utm: { utm_source: 'newsletter', utm_campaign: 'winter' },
};
const items = [{ id: 'a', productId: 'p1', variantId: 'v1', qty: 1, createdAt: '2026-01-01T00:00:00Z' }];

describe('checkout analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = '_ga=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends clientId, fbc, fbp and the captured utm fields with the order', () => {
    document.cookie = '_fbp=fb.1.1700000000000.123456';
    document.cookie = '_fbc=fb.1.1700000000000.AbCdEf';
    const first = orderAnalytics(state);
    expect(first).toEqual({ clientId: expect.stringMatching(/^\d+\.\d+$/), fbc: 'fb.1.1700000000000.AbCdEf', fbp: 'fb.1.1700000000000.123456', utm_source: 'newsletter', utm_campaign: 'winter' });
    // the same client id on the next order; the _ga cookie wins when there is one
    expect(orderAnalytics(state).clientId).toBe(first.clientId);
    expect(localStorage.getItem(CLIENT_ID_KEY)).toBe(first.clientId);
    document.cookie = '_ga=GA1.1.987654321.1700000000';
    expect(orderAnalytics(state).clientId).toBe('987654321.1700000000');
    const request = buildOrderRequest(items, state, info, { methodCode: 'BRAINTREE_CREDIT_CARD', amount: 7995, token: 'n', type: 'immediate' }, state.billingAddress!);
    expect(request.analytics).toMatchObject({ clientId: '987654321.1700000000', utm_source: 'newsletter', utm_campaign: 'winter', fbp: 'fb.1.1700000000000.123456' });
  });

  it('the purchase event carries the placed order\'s fields, the e-mail only hashed and no gift-card PIN', () => {
    const event = purchaseEvent({ orderNumber: 'FL12345678', state, info, items, paymentType: 'BRAINTREE_CREDIT_CARD', emailSha256: 'abc123' });
    expect(event).toMatchObject({ transaction_id: 'FL12345678', currency: 'NZD', value: 89.95, tax: 11.73, shipping: 9.95, coupon: 'WINTER20', items: [{ item_id: 'p1', item_variant: 'v1', quantity: 1, price: 100, discount: 20 }] });
    expect(event.placedOrder).toEqual({
      number: 'FL12345678',
      contact: { emailSha256: 'abc123', agreeToMarketing: true },
      billingAddress: { state: 'Auckland', suburb: 'Ponsonby', postcode: '1011' },
      shipping: { type: 'DELIVERY' },
      payment: { type: 'BRAINTREE_CREDIT_CARD' },
      promoCodes: ['WINTER20'],
      vouchers: [{ code: '••••0003', amount: 1000 }],
      cartItems: [{ productId: 'p1', variantId: 'v1', qty: 1 }],
      checkoutData: {
        promotions: [{ id: 'bp20', versionId: 'v1', name: '20% off backpacks' }],
        promoCartItems: [],
        amountOutstanding: 7995,
        totalDiscount: 2000,
        itemSubtotalAfterDiscounts: 8000,
        grandTotal: 8995,
        gst: 1173,
        selectedShippingMethod: { label: 'Standard delivery', price: 995 },
        creditUsages: [{ amount: 1000, methodCode: 'VOUCHER' }],
      },
    });
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/aroha@example|1111"|Queen Street|FERN-1000/i);
  });

  it('hashes the e-mail with SHA-256 when the browser can', async () => {
    const hash = await sha256Hex('aroha@example.co.nz');
    if (hash !== null) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('referrers', () => {
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('the order and its purchase event name the most recent referrer, in a body the API accepts', () => {
    const state = emptyCheckout();
    expect(orderAnalytics(state)).not.toHaveProperty('referrerId');
    window.history.replaceState(null, '', '/?ref=abc123');
    captureLandingReferrer();
    const analytics = orderAnalytics(state);
    expect(analytics.referrerId).toBe('ABC123');
    expect(OrderPlaceRequest.shape.analytics.safeParse(analytics).success).toBe(true);
    expect(OrderPlaceRequest.shape.analytics.safeParse({ ...analytics, referrerId: 'abc12' }).success).toBe(false);
    const info = { grandTotal: 1000, gst: 130, selectedShippingMethod: null, lines: [], creditUsages: [], promotions: { appliedPromotions: [], resolvedCart: { promoCartItems: [] } }, amountOutstanding: 1000, totalDiscount: 0, itemSubtotalAfterDiscounts: 1000 };
    const event = purchaseEvent({ orderNumber: 'FL12345678', state, info: info as never, items: [], paymentType: 'BRAINTREE_CREDIT_CARD', emailSha256: null });
    expect(event.referrer_id).toBe('ABC123');
  });
});
