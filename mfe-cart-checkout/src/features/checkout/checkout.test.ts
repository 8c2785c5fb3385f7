import type { Product } from '@store/contracts';
import { buildGroups } from '../../lib/cart/useCart';
import { addToItems, setVariantQty } from '../../lib/cart/store';
import { cartSettled } from '../../lib/session';
import { guard } from './guards';
import { placeResultOf, PLACE_MESSAGES, VOUCHER_MESSAGES, voucherResultOf } from './payment/messages';
import { promotionRemovedMessage } from '../../lib/checkout/promotionMessages';
import { pickupShippingAddress } from './payment/place';
import { emptyCheckout, sortVouchers, type CheckoutState } from '../../lib/checkout/state';

describe('promotion-removed alerts (exact wording per reason)', () => {
  const p = (reason: string, extra = {}) => promotionRemovedMessage({ name: 'WINTER20', reason, ...extra }, 3);
  it('words each reason', () => {
    expect(p('AppliedPromotionsLimitReached', { count: 3 })).toBe('Offer WINTER20 has been removed because a maximum of 3 offers can be redeemed at once.');
    expect(p('Exclusitivity', { exclusiveName: 'VIP 30% off everything' })).toBe('Offer WINTER20 has been removed because it cannot be redeemed with VIP 30% off everything.');
    expect(p('Exclusitivity')).toBe('Offer WINTER20 has been removed because it cannot be redeemed with other offers.');
    expect(p('NoApplicableCartItems')).toBe('Offer WINTER20 has been removed because there are no applicable items in your cart.');
    // an offer with a minimum spend whose items are there but come to less
    expect(p('NoApplicableCartItems', { minSubtotal: 30000 })).toBe('Offer WINTER20 has been removed because it needs a spend of $300 or more on the items it covers.');
    expect(p('NoApplicableCartItems', { minSubtotal: 7450 })).toBe('Offer WINTER20 has been removed because it needs a spend of $74.50 or more on the items it covers.');
    expect(p('PromotionPerCustomerUsageExceeded', { count: 1 })).toBe('Offer WINTER20 has been removed because you have already redeemed it.');
    expect(p('PromotionPerCustomerUsageExceeded', { count: 2 })).toBe('Offer WINTER20 has been removed because you have already redeemed it 2 times.');
    expect(p('PromotionUsageExceeded')).toBe('Offer WINTER20 has been removed because it is no longer available.');
    expect(p('Stopped')).toBe('Offer WINTER20 has been removed because it cannot be redeemed with another applied offer.');
    expect(p('SomethingElse')).toBe('Offer WINTER20 has been removed.');
  });
});

describe('server errors to results and messages', () => {
  it('maps each code', () => {
    expect(placeResultOf('InsufficientStock')).toBe('INSUFFICIENT_STOCK');
    expect(placeResultOf('PaymentGatewayRejected')).toBe('PAYMENT_GATEWAY_REJECTED');
    expect(placeResultOf('PaymentProcessorDeclinedHard')).toBe('PAYMENT_PROCESSOR_DECLINED_HARD');
    expect(placeResultOf('InvalidRequest', 'Afterpay delayed-payment details mismatch: the order total changed')).toBe('AFTERPAY_CHECKOUT_UPDATED');
    expect(placeResultOf('InvalidRequest', 'payment.methods: bad')).toBe('ERROR');
    expect(placeResultOf('PaymentInstrumentTypeNotAccepted')).toBe('PAYMENT_INSTRUMENT_TYPE_NOT_ACCEPTED');
    expect(placeResultOf('PaymentFailureUnrecoverable')).toBe('PAYMENT_FAILURE_UNRECOVERABLE');
    expect(placeResultOf('VoucherInsufficientFunds')).toBe('INSUFFICIENT_VOUCHER_BALANCE');
    expect(placeResultOf('PaymentProcessorDeclined')).toBe('ERROR');
    expect(PLACE_MESSAGES.PAYMENT_PROCESSOR_DECLINED_HARD).toBe('Your payment was declined. Try another payment method or contact your bank.');
  });
  it('maps voucher errors', () => {
    expect(voucherResultOf('VoucherSuspended', 'Gift card is suspended')).toBe('SUSPENDED');
    expect(voucherResultOf('VoucherExpired', '')).toBe('EXPIRED');
    expect(voucherResultOf('VoucherInvalid', '')).toBe('NOT_FOUND');
    expect(voucherResultOf('VoucherLocked', '')).toBe('LOCKED');
    expect(voucherResultOf('TooManyRequests', '')).toBe('ERROR');
    expect(voucherResultOf('VoucherCurrencyMismatch', "This gift card is for the other country's store and can't pay for an order here.")).toBe('WRONG_MARKET');
    expect(VOUCHER_MESSAGES.WRONG_MARKET).toBe("This gift card is for the other country's store and can't pay for an order here.");
  });
  it('lists vouchers soonest expiry first', () => {
    const v = (code: string, expires: number) => ({ code, pin: '1', expires, amountRemaining: 1 });
    expect(sortVouchers([v('B', 3), v('A', 1), v('C', 2)]).map((x) => x.code)).toEqual(['A', 'C', 'B']);
  });
});

describe('checkout guards', () => {
  const cartOk = { status: 'SUCCESS' as const, valid: true, items: [{ id: '1', productId: '1', variantId: '1', qty: 1, createdAt: '2026-01-01T00:00:00Z' }] };
  const contact = { email: 'a@b.nz', firstName: 'A', lastName: 'B', phone: '0211234567', agreeToMarketing: false };
  const s = (over: Partial<CheckoutState> = {}) => ({ ...emptyCheckout(), ...over });
  it('sends each step back when it is not reachable', () => {
    expect(guard('contact-info', { ...cartOk, items: [] }, s())).toBe('/cart');
    expect(guard('contact-info', { ...cartOk, valid: false }, s())).toBe('/cart');
    expect(guard('contact-info', { ...cartOk, status: 'LOADING' }, s())).toBe('wait');
    expect(guard('contact-info', cartOk, s())).toBeNull();
    expect(guard('shipping', cartOk, s())).toBe('/checkout/contact-info');
    expect(guard('shipping', cartOk, s({ contact }))).toBeNull();
    expect(guard('payment', cartOk, s({ contact, shippingType: 'DELIVERY' }))).toBe('/checkout/shipping');
    const address = { contactName: 'A B', country: 'NZ' as const, phone: '021', postcode: '1010', street1: '1 Queen St', suburb: 'Auckland' };
    expect(guard('payment', cartOk, s({ contact, shippingType: 'DELIVERY', deliveryAddress: address }))).toBe('/checkout/shipping');
    expect(guard('payment', cartOk, s({ contact, shippingType: 'DELIVERY', deliveryAddress: address, deliveryMethodId: 'standard' }))).toBeNull();
    const store = { erpStoreId: 'AKL-NMK', name: 'Newmarket', address: { street1: '277 Broadway', street2: '', locality: 'Newmarket', region: 'Auckland', postcode: '1023', country: 'NZ' }, distanceKm: 2 };
    expect(guard('payment', cartOk, s({ contact, shippingType: 'STORE_PICKUP', pickupStore: store }))).toBeNull();
  });
  it('waits, instead of sending the shopper to /cart, while an empty cart may only be one not read yet (a signed-in reload)', () => {
    const empty = { ...cartOk, items: [] };
    for (const step of ['contact-info', 'shipping', 'payment'] as const) expect(guard(step, empty, s({ contact }), false)).toBe('wait');
    expect(guard('contact-info', empty, s(), true)).toBe('/cart');
    // a cart that is there is judged at once
    expect(guard('contact-info', cartOk, s(), false)).toBeNull();
    expect(cartSettled('INITIALISING', 'IDLE')).toBe(false);
    // a guest's page load (no signed-in copy kept here): the local cart is the cart
    expect(cartSettled('INITIALISING', 'IDLE', false)).toBe(true);
    expect(cartSettled('LOGGING_IN', 'IDLE')).toBe(false);
    expect(cartSettled('LOGGED_IN', 'IDLE')).toBe(false);
    expect(cartSettled('LOGGED_IN', 'SYNCING')).toBe(false);
    expect(cartSettled('LOGGED_IN', 'SUCCESS')).toBe(true);
    expect(cartSettled('LOGGED_IN', 'ERROR')).toBe(true);
    expect(cartSettled('LOGGED_OUT', 'IDLE')).toBe(true);
  });
  it('builds the pickup address from the store, with placeholders when the customer gave none', () => {
    const store = { erpStoreId: 'AKL-NMK', name: 'Newmarket', address: { street1: '277 Broadway', street2: 'Level 1', locality: 'Newmarket', region: 'Auckland', postcode: '1023', country: 'NZ' }, distanceKm: 2 };
    expect(pickupShippingAddress(s({ contact, pickupStore: store }))).toEqual({ company: '', contactName: 'A B', phone: '0211234567', country: 'NZ', postcode: '1023', state: 'Auckland', street1: '277 Broadway', street2: 'Level 1', suburb: 'Newmarket' });
    expect(pickupShippingAddress(s({ pickupStore: store }))).toMatchObject({ contactName: 'Click and Collect', phone: '0800000000' });
  });
});

describe('cart items', () => {
  const t = (n: number) => new Date(Date.UTC(2026, 0, n));
  it('merges adds of the same variant and sets or removes a variant quantity', () => {
    let items = addToItems([], { productId: 'p1', variantId: 'v1', qty: 1 }, t(1));
    items = addToItems(items, { productId: 'p1', variantId: 'v1', qty: 2 }, t(2));
    items = addToItems(items, { productId: 'p2', variantId: 'v9', qty: 1 }, t(3));
    expect(items.map((i) => [i.variantId, i.qty])).toEqual([
      ['v1', 3],
      ['v9', 1],
    ]);
    expect(setVariantQty(items, 'v1', 5).find((i) => i.variantId === 'v1')!.qty).toBe(5);
    expect(setVariantQty(items, 'v1', 0).map((i) => i.variantId)).toEqual(['v9']);
  });
  it('groups per product and variant, newest first, and marks ids no longer valid', () => {
    const product = (id: string, variants: string[]) => ({ id, state: 'current', functionalType: 'basic', cartQtyProductMax: null, cartQtyVariantMax: null, cartQtyVariantMin: null, cartQtyVariantMultipleOf: null, variants: variants.map((v) => ({ id: v, code: v, label: v, qty: 2 })) }) as unknown as Product;
    const items = [
      { id: 'a', productId: 'p1', variantId: 'v1', qty: 1, createdAt: t(1).toISOString() },
      { id: 'b', productId: 'p2', variantId: 'v3', qty: 3, createdAt: t(2).toISOString() },
      { id: 'c', productId: 'p1', variantId: 'v2', qty: 1, createdAt: t(3).toISOString() },
      { id: 'd', productId: 'gone', variantId: 'v0', qty: 1, createdAt: t(4).toISOString() },
      { id: 'e', productId: 'p1', variantId: 'vX', qty: 1, createdAt: t(5).toISOString() },
    ];
    const { groups, invalidIds } = buildGroups(items, new Map([['p1', product('p1', ['v1', 'v2'])], ['p2', product('p2', ['v3'])], ['gone', null]]));
    expect(groups.map((g) => g.product.id)).toEqual(['p1', 'p2']);
    expect(groups[0]!.lines.map((l) => l.variantId)).toEqual(['v2', 'v1']);
    expect(groups[1]!.lines[0]!.violation).toEqual({ code: 'qtyAvailableExceeded', limit: 2 });
    expect(invalidIds.sort()).toEqual(['d', 'e']);
  });
});
