// Reading placed orders: the answer a retried Idempotency-Key gets, a shopper's order list and
// one order's view.
import type { CheckoutAddress as Address, OrderPlaceResponse, OrderView } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { getStoreByErpId } from '../stores/index.js';
import type { StoredItem, StoredPayment } from './types.js';

/**
 * The answer of the order an Idempotency-Key placed for this cart (placed, or waiting for its
 * pay-later approval), rebuilt from the order row: for a retry whose first attempt placed the
 * order but died before its answer was saved. Null when the key placed no such order.
 */
export async function answerForKey(db: Database, key: string, cartId: string): Promise<OrderPlaceResponse | null> {
  const [order] = await queryRows<{ number: string; status: string; access_token: string; loyalty_points: number; payments: StoredPayment[] }>(
    db,
    sql`select number, status, access_token, loyalty_points, payments from orders
        where idempotency_key = ${key} and cart_id = ${cartId} and status in ('placed', 'awaiting_payment') order by created_at desc limit 1`,
  );
  if (!order) return null;
  if (order.status === 'placed') return { orderNumber: order.number, status: 'complete', actionData: null, loyalty: { points: order.loyalty_points }, accessToken: order.access_token };
  const url = order.payments.find((p) => p.payLaterUrl)?.payLaterUrl;
  if (!url) return null;
  return { orderNumber: order.number, status: 'actionRequired', actionData: { type: 'redirect', url }, loyalty: null, accessToken: order.access_token };
}

export async function listForUser(db: Database, sub: string): Promise<{ number: string; status: string; createdAt: string; grandTotal: number; currency: 'NZD' | 'AUD'; itemQuantity: number; shippingType: string }[]> {
  const rows = await queryRows<{ number: string; status: string; created_at: string | Date; grand_total: number; currency: 'NZD' | 'AUD'; qty: number; shipping_type: string }>(
    db,
    sql`select number, status, created_at, grand_total, currency, shipping_type, (select coalesce(sum((i->>'qty')::int), 0) from jsonb_array_elements(items) i)::int as qty
        from orders where user_sub = ${sub} and status in ('placed', 'awaiting_payment') order by created_at desc limit 100`,
  );
  return rows.map((r) => ({ number: r.number, status: r.status, createdAt: new Date(r.created_at).toISOString(), grandTotal: r.grand_total, currency: r.currency, itemQuantity: Number(r.qty), shippingType: r.shipping_type }));
}

export async function readOrder(db: Database, number: string, expiry: { now: () => number; expireIfDue: (number: string) => Promise<boolean> }): Promise<(OrderView & { accessToken: string; userSub: string | null }) | null> {
  const [o] = await queryRows<{
    number: string;
    status: string;
    market: 'NZ' | 'AU';
    currency: 'NZD' | 'AUD';
    created_at: string | Date;
    email: string;
    first_name: string;
    last_name: string;
    shipping_type: 'DELIVERY' | 'STORE_PICKUP';
    shipping: { clickCollectStoreId?: string } | null;
    shipping_address: Address;
    billing_address: Address;
    items: StoredItem[];
    promo_codes: string[];
    payments: StoredPayment[];
    item_subtotal: number;
    total_discount: number;
    shipping_price: number;
    grand_total: number;
    gst: number;
    loyalty_points: number;
    loyalty_member_id: string | null;
    payment_expires_at: string | Date | null;
    access_token: string;
    user_sub: string | null;
  }>(db, sql`select * from orders where number = ${number}`);
  if (!o) return null;
  // reading an order whose pay-later checkout has expired expires it (the sweep may not have run yet)
  if (o.status === 'awaiting_payment' && o.payment_expires_at && new Date(o.payment_expires_at).getTime() <= expiry.now() && (await expiry.expireIfDue(number))) return readOrder(db, number, expiry);
  return {
    number: o.number,
    status: o.status,
    market: o.market,
    currency: o.currency,
    createdAt: new Date(o.created_at).toISOString(),
    email: o.email,
    firstName: o.first_name,
    lastName: o.last_name,
    shippingType: o.shipping_type,
    pickupStoreName: o.shipping_type === 'STORE_PICKUP' && o.shipping?.clickCollectStoreId ? ((await getStoreByErpId(db, o.shipping.clickCollectStoreId))?.name ?? null) : null,
    shippingAddress: o.shipping_address,
    billingAddress: o.billing_address,
    items: o.items,
    promoCodes: o.promo_codes,
    payments: o.payments.map(({ methodCode, amount, label }) => ({ methodCode, amount, label })),
    itemSubtotal: o.item_subtotal,
    totalDiscount: o.total_discount,
    shippingPrice: o.shipping_price,
    grandTotal: o.grand_total,
    gst: o.gst,
    loyaltyPoints: o.loyalty_points,
    loyalty: { points: o.loyalty_points, qantas: o.loyalty_member_id ? { maskedMemberId: maskMemberId(o.loyalty_member_id) } : null },
    accessToken: o.access_token,
    userSub: o.user_sub,
  };
}

/** A loyalty number as read back: every character but the last 3 masked (•••••123). */
export function maskMemberId(memberId: string): string {
  return '•'.repeat(Math.max(memberId.length - 3, 0)) + memberId.slice(-3);
}
