/**
 * Return requests: a guest (order number and e-mail) or a signed-in customer (their own order)
 * gets the order's returnable lines and a return token; POST /api/returns then records a request.
 * The quantities of all returns of an order never exceed what was ordered: the order row is locked
 * (`select ... for update`) while the earlier returns are summed, so two identical requests at once
 * cannot both pass. Promo (free) items are not returnable on their own.
 */
import crypto from 'node:crypto';
import { DEFAULT_MARKET, isMarketId, MARKETS, type ReturnableOrder, type ReturnCreateResponse, type ReturnReason } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { StoredItem as OrderItem } from '../orders/types.js';


interface OrderRow {
  number: string;
  email: string;
  status: string;
  items: OrderItem[];
  access_token: string;
  user_sub: string | null;
  created_at: string | Date;
  /** The market the order was placed in: its dates are told in that market's locale and zone. */
  market: string;
  /** The currency of its amounts (NZD, AUD). */
  currency: string;
}

interface StoredReturnItem {
  variantId: string;
  productId: string;
  name: string;
  variantLabel: string;
  qty: number;
  reason: ReturnReason;
  refund: number;
}

export class ReturnError extends Error {
  constructor(
    readonly code: 'NotFound' | 'QuantityExceeded' | 'NotReturnable' | 'InvalidToken',
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
  }
}

/** Orders that may be returned: placed ones (not pending, failed, cancelled or awaiting payment). */
const RETURNABLE_STATUS = 'placed';

/**
 * The return token of an order: HMAC-SHA256 of "return:{number}" keyed with the order's secret
 * access token, base64url, 32 characters. Only holders of the access token (the API) can make one.
 */
export function returnTokenFor(orderNumber: string, accessToken: string): string {
  return crypto.createHmac('sha256', accessToken).update(`return:${orderNumber}`).digest('base64url').slice(0, 32);
}

export function returnTokenValid(orderNumber: string, accessToken: string, token: string): boolean {
  const expected = Buffer.from(returnTokenFor(orderNumber, accessToken));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Per variant: ordered quantity (paid lines only), line total, and what earlier returns cover. */
export function returnableLines(items: OrderItem[], earlier: StoredReturnItem[][]) {
  const lines = new Map<string, { productId: string; variantId: string; name: string; variantLabel: string; ordered: number; total: number; unitPrice: number; returned: number }>();
  for (const i of items) {
    if (i.promo) continue;
    const line = lines.get(i.variantId);
    if (line) {
      line.ordered += i.qty;
      line.total += i.total;
    } else lines.set(i.variantId, { productId: i.productId, variantId: i.variantId, name: i.name, variantLabel: i.variantLabel, ordered: i.qty, total: i.total, unitPrice: i.unitPrice, returned: 0 });
  }
  for (const r of earlier) for (const i of r) {
    const line = lines.get(i.variantId);
    if (line) line.returned += i.qty;
  }
  return [...lines.values()].map((l) => ({ ...l, returnable: Math.max(0, l.ordered - l.returned) }));
}

export const RETURN_INSTRUCTIONS = (returnNumber: string): string[] => [
  `Your return number is ${returnNumber}. Write it on a note and put it in the parcel with the items.`,
  'Return the items unused, with their tags and original packaging, within 30 days of delivery or collection.',
  'Bring the parcel to any Fernleaf store, or contact our help centre for a free courier return label.',
  'Once we have received and checked the items, we refund the original payment method (gift cards back to the gift card) within 5 business days.',
];

const DAY_MS = 86_400_000;

export class ReturnService {
  private readonly windowDays: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    { windowDays = 60, now = Date.now }: { windowDays?: number; now?: () => number } = {},
  ) {
    this.windowDays = windowDays;
    this.now = now;
  }

  /** The last moment the order can be returned online. */
  private returnBy(row: OrderRow): Date {
    return new Date(new Date(row.created_at).getTime() + this.windowDays * DAY_MS);
  }

  /** Refuses an order past its online return window (409 NotReturnable, with the date in the order's market's zone: NZ time, Sydney time). */
  private checkWindow(row: OrderRow): void {
    const by = this.returnBy(row);
    if (this.now() <= by.getTime()) return;
    const market = isMarketId(row.market) ? MARKETS[row.market] : DEFAULT_MARKET;
    const placed = new Date(row.created_at).toLocaleDateString(market.locale, { timeZone: market.timeZone, day: 'numeric', month: 'long', year: 'numeric' });
    throw new ReturnError(
      'NotReturnable',
      `Order ${row.number} was placed on ${placed}, and orders can be returned online for ${this.windowDays} days. Contact our help centre and we will see what we can do.`,
      409,
    );
  }

  private async order(db: Database, number: string, lock = false): Promise<OrderRow | undefined> {
    const [row] = await queryRows<OrderRow>(
      db,
      lock
        ? sql`select number, email, status, items, access_token, user_sub, created_at, market, currency from orders where number = ${number} for update`
        : sql`select number, email, status, items, access_token, user_sub, created_at, market, currency from orders where number = ${number}`,
    );
    return row;
  }

  private async earlier(db: Database, number: string): Promise<StoredReturnItem[][]> {
    return (await queryRows<{ items: StoredReturnItem[] }>(db, sql`select items from return_requests where order_number = ${number} and status <> 'rejected'`)).map((r) => r.items);
  }

  private async returnable(row: OrderRow): Promise<ReturnableOrder> {
    const lines = returnableLines(row.items, await this.earlier(this.db, row.number));
    return {
      number: row.number,
      returnToken: returnTokenFor(row.number, row.access_token),
      // the order's market and currency: the form shows its dates and amounts in them, on either site
      ...(isMarketId(row.market) ? { market: row.market } : {}),
      ...(row.currency === 'NZD' || row.currency === 'AUD' ? { currency: row.currency } : {}),
      createdAt: new Date(row.created_at).toISOString(),
      returnBy: this.returnBy(row).toISOString(),
      lines: lines.map(({ productId, variantId, name, variantLabel, ordered, returnable, unitPrice }) => ({ productId, variantId, name, variantLabel, ordered, returnable, unitPrice })),
    };
  }

  /** Guest: the order with this number and e-mail (same answer for a wrong number and a wrong e-mail). */
  async lookup(number: string, email: string): Promise<ReturnableOrder> {
    const row = await this.order(this.db, number.trim().toUpperCase());
    if (!row || row.email !== email.trim().toLowerCase() || row.status !== RETURNABLE_STATUS) throw new ReturnError('NotFound', RETURN_ERRORS_NOT_FOUND, 404);
    this.checkWindow(row);
    return this.returnable(row);
  }

  /** The holder of the order's return token (the account page link). */
  async withToken(number: string, token: string): Promise<ReturnableOrder> {
    const row = await this.order(this.db, number.trim().toUpperCase());
    if (!row || !returnTokenValid(row.number, row.access_token, token) || row.status !== RETURNABLE_STATUS) throw new ReturnError('NotFound', 'Return link not valid for this order.', 404);
    this.checkWindow(row);
    return this.returnable(row);
  }

  /** A signed-in customer's own order: its return token (another customer's order is 404). */
  async tokenForUser(number: string, sub: string): Promise<string> {
    const row = await this.order(this.db, number.trim().toUpperCase());
    if (!row || row.user_sub !== sub || row.status !== RETURNABLE_STATUS) throw new ReturnError('NotFound', 'Order not found.', 404);
    this.checkWindow(row);
    return returnTokenFor(row.number, row.access_token);
  }

  async create(input: { number: string; token: string; items: { variantId: string; qty: number; reason: ReturnReason }[]; comment?: string }): Promise<ReturnCreateResponse> {
    const number = input.number.trim().toUpperCase();
    const returnNumber = `RT${crypto.randomInt(10_000_000, 99_999_999)}`;
    let stored: StoredReturnItem[] = [];
    await this.db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const row = await this.order(tx, number, true);
      if (!row || !returnTokenValid(row.number, row.access_token, input.token)) throw new ReturnError('NotFound', 'Return link not valid for this order.', 404);
      if (row.status !== RETURNABLE_STATUS) throw new ReturnError('NotReturnable', 'This order cannot be returned online. Contact our help centre.', 409);
      this.checkWindow(row);
      const lines = new Map(returnableLines(row.items, await this.earlier(tx, number)).map((l) => [l.variantId, l]));
      stored = input.items.map((item) => {
        const line = lines.get(item.variantId);
        if (!line) throw new ReturnError('QuantityExceeded', `Item ${item.variantId} is not in order ${number}.`, 409);
        if (item.qty > line.returnable) throw new ReturnError('QuantityExceeded', `You can return at most ${line.returnable} of ${line.name}, ${line.variantLabel} (ordered ${line.ordered}).`, 409);
        // refund: the item's share of what was paid for the line (after offers), whole cents down
        const refund = Math.floor((line.total * item.qty) / line.ordered);
        return { variantId: item.variantId, productId: line.productId, name: line.name, variantLabel: line.variantLabel, qty: item.qty, reason: item.reason, refund };
      });
      const refundEstimate = stored.reduce((s, i) => s + i.refund, 0);
      await tx.execute(sql`insert into return_requests (number, order_number, email, status, items, comment, refund_estimate)
        values (${returnNumber}, ${number}, ${row.email}, 'requested', ${JSON.stringify(stored)}::jsonb, ${input.comment ?? ''}, ${refundEstimate})`);
    });
    return {
      returnNumber,
      orderNumber: number,
      status: 'requested',
      items: stored.map(({ variantId, name, variantLabel, qty, reason }) => ({ variantId, name, variantLabel, qty, reason })),
      refundEstimate: stored.reduce((s, i) => s + i.refund, 0),
      instructions: RETURN_INSTRUCTIONS(returnNumber),
    };
  }
}

const RETURN_ERRORS_NOT_FOUND = 'We could not find an order with that number and email address.';
