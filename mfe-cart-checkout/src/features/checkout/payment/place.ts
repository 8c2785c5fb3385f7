/**
 * Building the order place request and finishing an order: cart and vouchers
 * cleared, a new cart id, the placed order kept for the success page, purchase analytics.
 */
import type { CheckoutAddressInput, CheckoutInfoResponse, OrderPlaceRequest, OrderPlaceResponse, PaymentMethodInput } from '@store/contracts';
import type { CartItem } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { clearCart, getCartId, publishQuantity, renewCartId } from '../../../lib/cart/store';
import { fraudToken } from '../../../lib/fraud';
import { refreshProducts } from '../../../lib/objects';
import { orderAnalytics, purchaseEvent, sha256Hex } from './analytics';
import { setCheckout, setPlacedOrder, sortVouchers, type CheckoutState } from '../../../lib/checkout/state';

export const PLACEHOLDER_CONTACT_NAME = 'Click and Collect';
export const PLACEHOLDER_PHONE = '0800000000';

/** A pickup order's address is built from the store, with the customer's (or placeholder) name and phone. */
export function pickupShippingAddress(s: CheckoutState): CheckoutAddressInput {
  const store = s.pickupStore!;
  const name = [s.contact?.firstName, s.contact?.lastName].filter(Boolean).join(' ').trim();
  return {
    company: '',
    contactName: name || PLACEHOLDER_CONTACT_NAME,
    phone: s.contact?.phone || PLACEHOLDER_PHONE,
    country: store.address.country === 'AU' ? 'AU' : 'NZ',
    postcode: store.address.postcode,
    state: store.address.region,
    street1: store.address.street1,
    street2: store.address.street2,
    suburb: store.address.locality,
  };
}

/** `fraud`: the fraud-prevention token, sent as `fraudAnalytics.token` only when known. */
export function buildOrderRequest(items: CartItem[], s: CheckoutState, info: CheckoutInfoResponse, main: PaymentMethodInput | null, billing: CheckoutAddressInput, fraud: string | null = fraudToken()): OrderPlaceRequest {
  const contact = s.contact!;
  const shippingAddress = s.shippingType === 'STORE_PICKUP' ? pickupShippingAddress(s) : { ...s.deliveryAddress!, phone: s.deliveryAddress!.phone || contact.phone || PLACEHOLDER_PHONE };
  const shipping =
    s.shippingType === 'STORE_PICKUP'
      ? { type: 'STORE_PICKUP' as const, options: { methodId: 'click-collect' }, clickCollectStoreId: s.pickupStore!.erpStoreId }
      : { type: 'DELIVERY' as const, options: { methodId: s.deliveryMethodId! }, ...(s.instructions ? { instructions: s.instructions } : {}) };
  const vouchers = sortVouchers(s.vouchers);
  const methods: PaymentMethodInput[] = info.creditUsages.map((u) => {
    const v = vouchers.find((x) => x.code === u.id)!;
    return { methodCode: 'VOUCHER', amount: u.amount, code: v.code, pin: v.pin, type: 'immediate' };
  });
  methods.push(info.amountOutstanding === 0 ? { methodCode: 'NO_PAYMENT', amount: 0, type: 'immediate' } : main!);
  return {
    cartId: getCartId(),
    cart: {
      items: items.map((i) => ({ productId: i.productId, variantId: i.variantId, qty: i.qty, ...(i.challengeAnswer ? { challengeAnswer: i.challengeAnswer } : {}) })),
      promoCodes: s.promoCodes,
      email: contact.email,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      billingAddress: billing,
      shippingAddress,
      shipping,
    },
    payment: { methods },
    expectedPromotions: info.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    agreeToMarketing: contact.agreeToMarketing,
    ...(s.loyalty ? { loyalty: { qantas: { memberId: s.loyalty.memberId } } } : {}),
    analytics: orderAnalytics(s),
    ...(fraud ? { fraudAnalytics: { token: fraud } } : {}),
  };
}

/** On success the cart and vouchers clear, a new cart id is made; the order is kept for the success page. */
export async function finishOrder(response: OrderPlaceResponse, s: CheckoutState, info: CheckoutInfoResponse, items: CartItem[], paymentType: string): Promise<void> {
  setPlacedOrder({ ...response, email: s.contact!.email, placedAt: new Date().toISOString() });
  const emailSha256 = await sha256Hex(s.contact!.email.trim().toLowerCase()).catch(() => null);
  track('purchase', purchaseEvent({ orderNumber: response.orderNumber, state: s, info, items, paymentType, emailSha256 }));
  renewCartId();
  setCheckout({ vouchers: [], promoCodes: [] });
  refreshProducts();
  await clearCart().catch(() => {});
  publishQuantity([], 0);
}
