/**
 * Checkout analytics: the ids sent with the order (`analytics {clientId, fbc, fbp,
 * utm_*}`) and the purchase event with the placed order's fields (number, contact.email,
 * contact.agreeToMarketing, billingAddress state/suburb/postcode, shipping type, payment type,
 * promoCodes, vouchers, cartItems, checkoutData).
 *
 * Personal data: the e-mail goes to the dataLayer only as a SHA-256 hex of the trimmed, lower-cased
 * address (`contact.emailSha256`, the form tag managers match on), never as given; gift cards only
 * by their last four characters and amount (never the PIN). No street or name leaves the page.
 */
import { pageMarket } from '@store/contracts/market';
import type { CheckoutInfoResponse, OrderPlaceRequest } from '@store/contracts';
import type { CartItem } from '@store/shared-events';
import type { CheckoutState } from '../../../lib/checkout/state';
import { currentReferrerId } from '../../../lib/referrers';

export const CLIENT_ID_KEY = 'fernleaf.analytics.clientId';

function cookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const hit = document.cookie.split(/;\s*/).find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

/** The analytics client id: from the `_ga` cookie (GA1.1.<id>.<ts> → <id>.<ts>), else one kept in local storage. */
export function clientId(): string {
  const ga = cookie('_ga')?.match(/^GA\d\.\d\.(\d+\.\d+)$/)?.[1];
  if (ga) return ga;
  try {
    let id = localStorage.getItem(CLIENT_ID_KEY);
    if (!id) {
      id = `${Math.floor(Math.random() * 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`;
      localStorage.setItem(CLIENT_ID_KEY, id);
    }
    return id;
  } catch {
    return `${Math.floor(Math.random() * 2_147_483_647)}.${Math.floor(Date.now() / 1000)}`;
  }
}

/** `analytics` of the order place request: client id, Meta click and browser ids (cookies), and the captured utm_* parameters. */
export function orderAnalytics(s: Pick<CheckoutState, 'utm'>): NonNullable<OrderPlaceRequest['analytics']> {
  const fbc = cookie('_fbc');
  const fbp = cookie('_fbp');
  const referrerId = currentReferrerId();
  return { clientId: clientId().slice(0, 100), ...(fbc ? { fbc: fbc.slice(0, 200) } : {}), ...(fbp ? { fbp: fbp.slice(0, 200) } : {}), ...s.utm, ...(referrerId ? { referrerId } : {}) };
}

export async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface PurchaseInput {
  orderNumber: string;
  state: CheckoutState;
  info: CheckoutInfoResponse;
  items: CartItem[];
  paymentType: string;
  /** SHA-256 hex of the normalised e-mail (null when the browser cannot hash). */
  emailSha256: string | null;
}

/** The purchase event: GA4 ecommerce fields plus `placedOrder` with the placed order's fields. */
export function purchaseEvent({ orderNumber, state: s, info, items, paymentType, emailSha256 }: PurchaseInput): Record<string, unknown> {
  const billing = s.billingAddress ?? (s.shippingType === 'DELIVERY' ? s.deliveryAddress : null);
  const lines = new Map(info.lines.map((l) => [l.variantId, l]));
  const shipping = info.selectedShippingMethod?.price ?? 0;
  return {
    transaction_id: orderNumber,
    currency: pageMarket().currency,
    value: info.grandTotal / 100,
    tax: info.gst / 100,
    shipping: shipping / 100,
    coupon: s.promoCodes.join(','),
    // the referral or affiliate partner the order is credited to (the device's most recent)
    referrer_id: currentReferrerId() ?? null,
    items: items.map((i) => {
      const line = lines.get(i.variantId);
      return { item_id: i.productId, item_variant: i.variantId, quantity: i.qty, ...(line ? { price: line.unitPrice / 100, discount: line.discount / 100 } : {}) };
    }),
    placedOrder: {
      number: orderNumber,
      contact: { emailSha256, agreeToMarketing: s.contact?.agreeToMarketing ?? false },
      billingAddress: { state: billing?.state ?? '', suburb: billing?.suburb ?? '', postcode: billing?.postcode ?? '' },
      shipping: { type: s.shippingType },
      payment: { type: paymentType },
      promoCodes: [...s.promoCodes],
      vouchers: info.creditUsages.map((u) => ({ code: `••••${u.id.slice(-4)}`, amount: u.amount })),
      cartItems: items.map((i) => ({ productId: i.productId, variantId: i.variantId, qty: i.qty })),
      checkoutData: {
        promotions: info.promotions.appliedPromotions.map((p) => ({ id: p.id, versionId: p.versionId, name: p.name })),
        promoCartItems: info.promotions.resolvedCart.promoCartItems.map((p) => ({ veloxProductId: p.veloxProductId, promoId: p.promoId, qty: p.qty })),
        amountOutstanding: info.amountOutstanding,
        totalDiscount: info.totalDiscount,
        itemSubtotalAfterDiscounts: info.itemSubtotalAfterDiscounts,
        grandTotal: info.grandTotal,
        gst: info.gst,
        selectedShippingMethod: info.selectedShippingMethod ? { label: info.selectedShippingMethod.label, price: info.selectedShippingMethod.price } : null,
        creditUsages: info.creditUsages.map((u) => ({ amount: u.amount, methodCode: u.methodCode })),
      },
    },
  };
}
