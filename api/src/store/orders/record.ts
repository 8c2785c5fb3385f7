/**
 * Placement step 4, persist: what the order row records (its lines, its payments, the insert
 * statement) and how a payment method is labelled on it.
 */
import type { CheckoutAddress as Address, MarketSettings } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { PricedCart } from '../pricing/service.js';
import type { FraudAssessment } from '../fraud/index.js';
import { VoucherService } from '../vouchers/service.js';
import type { OrderContext, PlaceInput, PlaceMethod, StoredItem, StoredPayment } from './types.js';

/** The order's lines as priced (promo items are added while their stock is taken). */
export function orderItems(priced: PricedCart): StoredItem[] {
  return priced.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, name: l.name, variantLabel: l.variantLabel, qty: l.qty, unitPrice: l.unitPrice, total: l.total, promo: false }));
}

/** The order's payments: its gift cards, then the main method (or NO_PAYMENT). */
export function orderPayments(voucherMethods: readonly PlaceMethod[], main: PlaceMethod | undefined): StoredPayment[] {
  return [
    ...voucherMethods.map((m) => ({ methodCode: 'VOUCHER', amount: m.amount, code: VoucherService.normalise(m.code!), label: `Gift card ${VoucherService.normalise(m.code!).slice(-4)}` })),
    ...(main ? [{ methodCode: main.methodCode, amount: main.amount, label: labelOf(main.methodCode) }] : [{ methodCode: 'NO_PAYMENT', amount: 0, label: labelOf('NO_PAYMENT') }]),
  ];
}

export interface OrderRow {
  number: string;
  accessToken: string;
  input: PlaceInput;
  ctx: OrderContext;
  market: MarketSettings;
  email: string;
  shippingAddress: Address;
  items: StoredItem[];
  payments: StoredPayment[];
  priced: PricedCart;
  fraud: FraudAssessment;
}

/** The insert of the order row with `status` (its items and payments as they are when called). */
export function orderInsert(order: OrderRow, status: string) {
  const { number, accessToken, input, ctx, market, email, shippingAddress, items, payments, priced, fraud } = order;
  const { cart } = input;
  const applied = priced.promotions.appliedPromotions;
  return sql`insert into orders (number, cart_id, status, market, currency, access_token, user_sub, email, first_name, last_name, phone, agree_to_marketing, shipping_type, shipping, shipping_address, billing_address, items, promo_codes, promotions, payments, item_subtotal, total_discount, shipping_price, grand_total, gst, loyalty_points, loyalty_member_id, analytics, fraud_token, fraud_decision, fraud_reason, idempotency_key)
              values (${number}, ${input.cartId}, ${status}, ${market.id}, ${market.currency}, ${accessToken}, ${ctx.userSub ?? null}, ${email}, ${cart.firstName}, ${cart.lastName}, ${cart.phone}, ${input.agreeToMarketing},
                ${cart.shipping.type}, ${JSON.stringify(cart.shipping)}::jsonb, ${JSON.stringify(shippingAddress)}::jsonb, ${JSON.stringify(cart.billingAddress)}::jsonb, ${JSON.stringify(items)}::jsonb,
                ${sql.param(cart.promoCodes.map((c) => c.toUpperCase()))}::text[], ${JSON.stringify(applied)}::jsonb, ${JSON.stringify(payments)}::jsonb,
                ${priced.itemSubtotal}, ${priced.totalDiscount}, ${priced.shippingPrice}, ${priced.grandTotal}, ${priced.gst}, ${priced.loyaltyPoints}, ${input.loyalty?.qantas?.memberId ?? null}, ${JSON.stringify(input.analytics ?? null)}::jsonb,
                ${input.fraudAnalytics?.token || null}, ${fraud.decision}, ${fraud.reason}, ${ctx.idempotencyKey ?? null})`;
}

export function labelOf(methodCode: string): string {
  switch (methodCode) {
    case 'BRAINTREE_CREDIT_CARD':
      return 'Card';
    case 'BRAINTREE_SAVED':
      return 'Saved card';
    case 'BRAINTREE_PAYPAL':
      return 'PayPal';
    case 'BRAINTREE_APPLE_PAY':
      return 'Apple Pay';
    case 'BRAINTREE_GOOGLE_PAY':
      return 'Google Pay';
    case 'AFTERPAY':
      return 'Afterpay';
    case 'NO_PAYMENT':
      return 'No payment needed';
    default:
      return methodCode;
  }
}

/** "Card (Visa ending 1111)"; a method whose instrument only repeats its name is "PayPal", not "PayPal (PayPal)". */
export function paidLabel(methodCode: string, instrument: string | null | undefined): string {
  const label = labelOf(methodCode);
  const detail = instrument?.trim();
  return !detail || detail.toLowerCase() === label.toLowerCase() ? label : `${label} (${detail})`;
}
