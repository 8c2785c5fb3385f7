/**
 * Placement step 3, reserve: the one statement that inserts the order, takes the stock of every
 * line (conditional UPDATE ... WHERE qty >= n, never oversold), counts the offer usage and reads
 * the lines' catalogue rows again; then promo items while stock lasts and the gift cards. And its
 * inverse, `releaseOrder`: everything an order holds given back, exactly once.
 */
import type { MarketSettings } from '@store/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { CheckoutService, PricedCart, VariantDbRow } from '../pricing/service.js';
import { queryRows, type Database } from '../../platform/db/index.js';
import { VoucherService } from '../vouchers/service.js';
import { isUniqueViolation, OrderError } from './errors.js';
import type { PlaceMethod, Released, StoredItem, StoredPayment } from './types.js';

const STOCKED = new Set(['basic']);

/** The catalogue rows an order was priced from changed before its stock was taken: price again. */
export class StaleCatalogue extends Error {
  constructor() {
    super('catalogue rows changed while placing the order');
    this.name = 'StaleCatalogue';
  }
}

/** The stock an order takes and the order its variants are locked in. */
export interface StockPlan {
  /** Stocked lines' quantity per variant, in variant id order. */
  stock: [string, number][];
  /** Every variant to lock (lines and promo items), in id order, with the quantity the lines take. */
  lockOrder: number[];
  lockQty: number[];
}

export function stockPlan(priced: PricedCart): StockPlan {
  // stock: per variant, locked in id order (no deadlocks between buyers on PostgreSQL)
  const perVariant = new Map<string, number>();
  for (const line of priced.lines) {
    const row = priced.variants.get(line.variantId)!;
    if (STOCKED.has(row.functionalType)) perVariant.set(line.variantId, (perVariant.get(line.variantId) ?? 0) + line.qty);
  }
  const stock = [...perVariant].sort((a, b) => Number(a[0]) - Number(b[0]));
  // promo items' variants are locked with the lines, in one id order (taken below while stock
  // lasts): locking them later could deadlock with another order holding them as lines
  const lockOrder = [...new Set([...stock.map(([id]) => Number(id)), ...priced.promotions.promoCartItems.map((g) => Number(g.variantId))])].sort((a, b) => a - b);
  const lockQty = lockOrder.map((id) => perVariant.get(String(id)) ?? 0);
  return { stock, lockOrder, lockQty };
}

export interface Reservation {
  number: string;
  /** The order's insert (status pending). */
  insert: () => SQL;
  plan: StockPlan;
  priced: PricedCart;
  market: MarketSettings;
  email: string;
  /** The order's lines: promo items given are added. */
  items: StoredItem[];
  voucherMethods: readonly PlaceMethod[];
}

/** Inside the placement's transaction: the order inserted and everything it takes taken, or a throw (rolled back). */
export async function reserveOrder(tx: Database, checkout: CheckoutService, r: Reservation): Promise<void> {
  const { number, plan, priced, market, email, items, voucherMethods } = r;
  const { stock, lockOrder, lockQty } = plan;
  const applied = priced.promotions.appliedPromotions;
  // one statement: the order, the stock of every line (conditional: never below zero), the
  // offer usage (conditional on the overall limit), and the lines' catalogue rows as they are now
  let done: { taken: number[]; used: string[]; rows: VariantDbRow[] };
  try {
    [done] = (await queryRows<{ taken: number[]; used: string[]; rows: VariantDbRow[] }>(
      tx,
      sql`with ins as (${r.insert()} returning number),
        locked as (
          select v.id, w.qty from variants v join unnest(${sql.param(lockOrder)}::int[], ${sql.param(lockQty)}::int[]) as w(id, qty) on w.id = v.id
          order by v.id for update of v),
        taken as (update variants v set qty = v.qty - l.qty from locked l where v.id = l.id and l.qty > 0 and v.qty >= l.qty returning v.id),
        offers as (select p.id from promotions p where p.id = any(${sql.param(applied.map((p) => p.id))}::text[]) order by p.id for update),
        used as (update promotions p set used_count = p.used_count + 1 from offers o where p.id = o.id and (p.usage_limit is null or p.used_count < p.usage_limit) returning p.id),
        usages as (insert into promotion_usages (promotion_id, order_number, customer) select used.id, ins.number, ${email} from used, ins returning promotion_id),
        lines as (${checkout.currentRowsQuery(priced, market.currency)})
      select array(select id from taken) as taken, array(select promotion_id from usages) as used,
        (select coalesce(json_agg(lines), '[]'::json) from lines) as rows`,
    )) as [{ taken: number[]; used: string[]; rows: VariantDbRow[] }];
  } catch (error) {
    if (isUniqueViolation(error, 'orders_cart_active_idx')) throw new OrderError('OrderInProgress', 'An order for this cart is already being placed or was placed.', 409);
    throw error;
  }
  if (!checkout.unchangedSince(priced, done.rows, market.currency)) throw new StaleCatalogue();
  const taken = new Set(done.taken.map(String));
  for (const [variantId] of stock) {
    if (!taken.has(variantId)) throw new OrderError('InsufficientStock', 'An item in your cart has sold out.', 409, undefined, variantId);
  }
  // promo items: given while stock lasts
  for (const gift of priced.promotions.promoCartItems) {
    const rows = await queryRows<{ id: number; name: string; label: string }>(
      tx,
      sql`update variants v set qty = v.qty - ${gift.qty} from products p where v.id = ${Number(gift.variantId)} and p.id = v.product_id and v.qty >= ${gift.qty} returning v.id, p.name, v.label`,
    );
    if (rows[0]) {
      items.push({ productId: gift.veloxProductId, variantId: gift.variantId, name: rows[0].name, variantLabel: rows[0].label, qty: gift.qty, unitPrice: 0, total: 0, promo: true });
    }
  }
  if (items.some((i) => i.promo)) await tx.execute(sql`update orders set items = ${JSON.stringify(items)}::jsonb where number = ${number}`);
  for (const promo of applied) {
    if (!done.used.includes(promo.id)) throw new OrderError('PromotionsChanged', `Offer ${promo.name} is no longer available.`, 409);
  }
  // gift cards in code order (two orders with the same cards lock them alike)
  for (const m of [...voucherMethods].sort((a, b) => VoucherService.normalise(a.code!).localeCompare(VoucherService.normalise(b.code!)))) {
    if (!(await VoucherService.redeem(tx, VoucherService.normalise(m.code!), m.amount))) {
      throw new OrderError('VoucherInsufficientFunds', `Gift card ${VoucherService.normalise(m.code!)} no longer covers the amount.`, 409, undefined, m.code);
    }
  }
}

/**
 * Cancels an order and gives back everything it holds: the stock of its lines and promo items,
 * its gift-card amounts and its offer usage. Exactly once: only the statement that moves the
 * order out of `from` (awaiting_payment: pay-later expiry; pending: a failed payment or the
 * crash-recovery sweep; placed: an operator's cancel of an order held for review) releases, inside
 * the caller's transaction. With `dueBy`, only an order whose pay-later checkout expired by then;
 * with `staleBefore`, only one not touched since.
 * Returns the offers whose usage was given back and the products whose stock came back, or null
 * when the order was not (or no longer) in `from`.
 */
export async function releaseOrder(
  tx: Database,
  number: string,
  { from, to = 'cancelled', dueBy, staleBefore }: { from: 'awaiting_payment' | 'pending' | 'placed'; to?: string; dueBy?: number; staleBefore?: number },
): Promise<Released | null> {
  const due = dueBy === undefined ? sql`` : sql` and payment_expires_at <= ${new Date(dueBy).toISOString()}::timestamptz`;
  const stale = staleBefore === undefined ? sql`` : sql` and updated_at <= ${new Date(staleBefore).toISOString()}::timestamptz`;
  const [row] = await queryRows<{ items: StoredItem[]; payments: StoredPayment[] }>(
    tx,
    sql`update orders set status = ${to}, updated_at = now() where number = ${number} and status = ${from}${due}${stale} returning items, payments`,
  );
  if (!row) return null;
  // rows are locked in the order the order statement locks them (variants by id, offers, gift
  // cards), so a release and a placement never wait on each other in a circle
  for (const item of [...row.items].sort((a, b) => Number(a.variantId) - Number(b.variantId))) {
    await tx.execute(sql`update variants v set qty = v.qty + ${item.qty} from products p where v.id = ${Number(item.variantId)} and p.id = v.product_id and (p.functional_type = 'basic' or ${item.promo})`);
  }
  const used = await queryRows<{ promotion_id: string }>(tx, sql`delete from promotion_usages where order_number = ${number} returning promotion_id`);
  const ids = [...new Set(used.map((u) => u.promotion_id))].sort();
  for (const id of ids) await tx.execute(sql`update promotions set used_count = greatest(used_count - 1, 0) where id = ${id}`);
  for (const p of row.payments) if (p.methodCode === 'VOUCHER' && p.code) await VoucherService.refund(tx, p.code, p.amount);
  return { promotions: ids, productIds: [...new Set(row.items.map((i) => Number(i.productId)))] };
}
