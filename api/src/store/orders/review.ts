/**
 * The operator's side of orders (`npm run orders -w api`): orders held for review, released or
 * cancelled, and refunds of returns.
 *
 * Held for review are orders the fraud check did not approve and no operator has decided on:
 * - `fraud_held`: the fraud service could not answer (FRAUD_UNAVAILABLE=hold). Nothing was taken
 *   or charged and the shopper was asked to try again, so there is nothing to place: release
 *   refuses (naming the cart's later order, if any) and cancel closes the record.
 * - `placed` with the decision `review` (FRAUD_UNAVAILABLE=allow, or the service asked for a
 *   review): stock taken and payment authorised. Release asks the fraud service again (when it
 *   answers) and keeps the order unless it now declines; cancel voids the authorisation (refunds a
 *   settled card charge or the Afterpay payment), gives back the stock, gift-card amounts and offer
 *   usage, and e-mails the shopper, in the transaction that cancels it.
 *
 * Money goes back before the order changes: a cancel interrupted after the refund is repeated
 * safely (voiding a voided authorisation is a no-op; Afterpay answers a repeated requestId with its
 * first refund).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { FraudAssessment, FraudService } from '../fraud/index.js';
import { enqueueOrderMail } from '../mail/outbox.js';
import type { PayLaterGateway, PaymentGateway } from '../payments/gateway.js';
import { VoucherService } from '../vouchers/service.js';
import { releaseOrder } from './stock.js';
import type { Released, StoredPayment } from './types.js';

export class ReviewError extends Error {
  constructor(
    readonly code: 'NotFound' | 'NotHeld' | 'NothingTaken' | 'FraudDeclined' | 'RefundFailed' | 'NotRefundable',
    message: string,
  ) {
    super(message);
    this.name = 'ReviewError';
  }
}

export interface HeldOrder {
  number: string;
  status: 'fraud_held' | 'placed';
  createdAt: string;
  email: string;
  grandTotal: number;
  currency: string;
  fraudReason: string;
  payment: string;
}

export interface ReviewDeps {
  db: Database;
  gateway: PaymentGateway;
  payLater: PayLaterGateway;
  fraud?: FraudService;
  /** After a cancel gave back stock and offer usage (the caches follow). */
  afterRelease?: (released: Released) => void;
}

interface OrderRow {
  number: string;
  status: string;
  cart_id: string;
  email: string;
  currency: 'NZD' | 'AUD';
  grand_total: number;
  payments: StoredPayment[];
  fraud_token: string | null;
  fraud_decision: string | null;
  fraud_reason: string | null;
  review_outcome: string | null;
}

/** Waiting for an operator: not decided yet, or a cancel that has not finished (`cancelling`: run cancel again). */
const HELD = sql`(review_outcome is null or review_outcome = 'cancelling') and (status = 'fraud_held' or (status = 'placed' and fraud_decision = 'review'))`;
const UNDECIDED = sql`review_outcome is null and (status = 'fraud_held' or (status = 'placed' and fraud_decision = 'review'))`;

/** A money movement made for the order: recorded with it. */
interface GivenBack {
  id: string;
  methodCode: string;
  amount: number;
  status: 'voided' | 'refunded';
  detail: string;
}

export class OrderReview {
  constructor(private readonly deps: ReviewDeps) {}

  private async order(number: string, db: Database = this.deps.db, lock = false): Promise<OrderRow> {
    const [row] = await queryRows<OrderRow>(
      db,
      sql`select number, status, cart_id, email, currency, grand_total, payments, fraud_token, fraud_decision, fraud_reason, review_outcome from orders where number = ${number.trim().toUpperCase()}${lock ? sql` for update` : sql``}`,
    );
    if (!row) throw new ReviewError('NotFound', `No order ${number}.`);
    return row;
  }

  private static isHeld(row: OrderRow): boolean {
    return (row.review_outcome === null || row.review_outcome === 'cancelling') && (row.status === 'fraud_held' || (row.status === 'placed' && row.fraud_decision === 'review'));
  }

  /** Orders waiting for an operator, oldest first. */
  async held(): Promise<HeldOrder[]> {
    const rows = await queryRows<OrderRow & { created_at: string | Date }>(
      this.deps.db,
      sql`select number, status, email, currency, grand_total, payments, fraud_reason, created_at from orders where ${HELD} order by created_at, number`,
    );
    return rows.map((r) => ({
      number: r.number,
      status: r.status as HeldOrder['status'],
      createdAt: new Date(r.created_at).toISOString(),
      email: r.email,
      grandTotal: r.grand_total,
      currency: r.currency,
      fraudReason: r.fraud_reason ?? '',
      payment: r.payments.map((p) => p.methodCode).join('+'),
    }));
  }

  /** The fraud decision asked again (null when there is no service or it cannot answer). */
  private async recheck(row: OrderRow): Promise<FraudAssessment | null> {
    if (!this.deps.fraud) return null;
    const decision = await this.deps.fraud.decide({
      orderNumber: row.number,
      token: row.fraud_token ?? undefined,
      amount: row.grand_total,
      currency: row.currency,
      email: row.email,
      paymentMethods: row.payments.map((p) => p.methodCode),
    });
    return decision.decision === 'review' && decision.reason === 'unavailable' ? null : decision;
  }

  /**
   * Keeps a placed order held for review for fulfilment. The fraud service is asked again: a
   * decline refuses the release (cancel it instead) unless `force`; no answer leaves it to the operator.
   */
  async release(number: string, { force = false }: { force?: boolean } = {}): Promise<{ number: string; note: string }> {
    const row = await this.order(number);
    if (!OrderReview.isHeld(row) || row.review_outcome === 'cancelling') throw new ReviewError('NotHeld', `Order ${row.number} is not held for review (status ${row.status}${row.review_outcome ? `, ${row.review_outcome} already` : ''}).`);
    if (row.status === 'fraud_held') {
      const [later] = await queryRows<{ number: string; status: string }>(
        this.deps.db,
        sql`select number, status from orders where cart_id = ${row.cart_id} and number <> ${row.number} and status in ('pending', 'awaiting_payment', 'placed') limit 1`,
      );
      throw new ReviewError(
        'NothingTaken',
        `Order ${row.number} took no stock and no payment (the shopper was asked to try again), so there is nothing to release. ${later ? `The same cart was placed later as ${later.number} (${later.status}).` : 'The cart has no later order.'} Cancel it to close the record.`,
      );
    }
    const decision = await this.recheck(row);
    if (decision?.decision === 'decline' && !force) {
      throw new ReviewError('FraudDeclined', `The fraud service now declines order ${row.number} (${decision.reason}): cancel it, or release it with --force.`);
    }
    const note = decision ? `fraud service: ${decision.decision} (${decision.reason})${decision.decision === 'decline' ? ', released with --force' : ''}` : 'fraud service did not answer: released by the operator';
    const done = await queryRows<{ number: string }>(
      this.deps.db,
      sql`update orders set review_outcome = 'released', reviewed_at = now(), review_note = ${note}, updated_at = now() where number = ${row.number} and ${UNDECIDED} returning number`,
    );
    if (done.length === 0) throw new ReviewError('NotHeld', `Order ${row.number} was decided meanwhile.`);
    return { number: row.number, note };
  }

  /**
   * Cancels an order held for review: its authorisation voided (or the payment refunded), its
   * stock, gift-card amounts and offer usage given back, the shopper e-mailed. A `fraud_held`
   * order took nothing: it is only closed.
   */
  async cancel(number: string): Promise<{ number: string; givenBack: GivenBack[] }> {
    const row = await this.order(number);
    if (!OrderReview.isHeld(row)) throw new ReviewError('NotHeld', `Order ${row.number} is not held for review (status ${row.status}${row.review_outcome ? `, ${row.review_outcome} already` : ''}).`);
    if (row.status === 'fraud_held') {
      const done = await queryRows<{ number: string }>(
        this.deps.db,
        sql`update orders set status = 'cancelled', review_outcome = 'cancelled', reviewed_at = now(), review_note = 'nothing was taken', updated_at = now() where number = ${row.number} and status = 'fraud_held' and review_outcome is null returning number`,
      );
      if (done.length === 0) throw new ReviewError('NotHeld', `Order ${row.number} was decided meanwhile.`);
      return { number: row.number, givenBack: [] };
    }
    // claimed first (a release can no longer take it), then the money (repeatable), then the order in one transaction
    const claimed = await queryRows<{ number: string }>(
      this.deps.db,
      sql`update orders set review_outcome = 'cancelling', updated_at = now() where number = ${row.number} and status = 'placed' and ${HELD} returning number`,
    );
    if (claimed.length === 0) throw new ReviewError('NotHeld', `Order ${row.number} was decided meanwhile.`);
    const givenBack: GivenBack[] = [];
    // a failure leaves the order `cancelling` (the money may be back already: it can no longer be released); cancel again
    for (const p of row.payments) {
      if (p.methodCode === 'VOUCHER' || !p.transactionId || p.amount <= 0) continue;
      givenBack.push(await this.giveBack(row, p, p.amount, `cancel-${row.number}`));
    }
    let released: Released | null = null;
    await this.deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      released = await releaseOrder(tx, row.number, { from: 'placed', to: 'cancelled' });
      if (!released) throw new ReviewError('NotHeld', `Order ${row.number} was decided meanwhile.`);
      await tx.execute(sql`update orders set review_outcome = 'cancelled', reviewed_at = now(), review_note = 'cancelled by the operator' where number = ${row.number}`);
      await record(tx, row.number, givenBack);
      await enqueueOrderMail(tx, 'order_cancelled', row.number);
    });
    if (released) this.deps.afterRelease?.(released);
    return { number: row.number, givenBack };
  }

  /** Gives `amount` of payment `p` back: Afterpay refunds (idempotent by requestId); a card authorisation is voided, a settled one refunded. */
  private async giveBack(row: OrderRow, p: StoredPayment, amount: number, requestId: string): Promise<GivenBack> {
    const failed = (why: string) => new ReviewError('RefundFailed', `Could not give back ${p.label} ${p.transactionId} of order ${row.number}: ${why}. Try again (a repeat gives back nothing twice).`);
    if (p.methodCode === 'AFTERPAY') {
      if (!this.deps.payLater.refund) throw failed('the pay-later provider here cannot refund (refund it at the provider)');
      let outcome;
      try {
        outcome = await this.deps.payLater.refund({ transactionId: p.transactionId!, amount, currency: row.currency, orderNumber: row.number, requestId });
      } catch (error) {
        throw failed(error instanceof Error ? error.message : String(error));
      }
      if (!outcome.ok) throw failed(`${outcome.code}: ${outcome.message}`);
      return { id: outcome.refundId, methodCode: p.methodCode, amount, status: 'refunded', detail: `refund ${requestId}` };
    }
    const whole = amount === p.amount && requestId.startsWith('cancel-');
    if (whole) {
      try {
        await this.deps.gateway.void(p.transactionId!);
        return { id: `${p.transactionId}:void`, methodCode: p.methodCode, amount, status: 'voided', detail: `void ${requestId}` };
      } catch (error) {
        if (!this.deps.gateway.refund) throw failed(error instanceof Error ? error.message : String(error));
      }
    }
    if (!this.deps.gateway.refund) throw failed('the payment gateway here cannot refund (refund it at the gateway)');
    let outcome;
    try {
      outcome = await this.deps.gateway.refund(p.transactionId!, amount);
    } catch (error) {
      throw failed(error instanceof Error ? error.message : String(error));
    }
    if (!outcome.ok) throw failed(`${outcome.code}: ${outcome.message}`);
    return { id: outcome.refundId, methodCode: p.methodCode, amount, status: 'refunded', detail: `refund ${requestId}` };
  }

  /**
   * Refunds a return request its estimate: the order's payment first (Afterpay through its refund
   * API, with the return number as requestId; a card through the gateway), what is left to the
   * order's gift cards; the request is then `refunded`. The request is locked while it is refunded,
   * so two operators cannot refund it twice.
   */
  async refundReturn(returnNumber: string): Promise<{ returnNumber: string; orderNumber: string; givenBack: GivenBack[] }> {
    const number = returnNumber.trim().toUpperCase();
    let result: { returnNumber: string; orderNumber: string; givenBack: GivenBack[] } | null = null;
    await this.deps.db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [request] = await queryRows<{ number: string; order_number: string; status: string; refund_estimate: number }>(
        tx,
        sql`select number, order_number, status, refund_estimate from return_requests where number = ${number} for update`,
      );
      if (!request) throw new ReviewError('NotFound', `No return ${number}.`);
      if (request.status !== 'requested' && request.status !== 'received') throw new ReviewError('NotRefundable', `Return ${number} is ${request.status}.`);
      const row = await this.order(request.order_number, tx);
      const earlier = await queryRows<{ method_code: string; amount: number }>(
        tx,
        sql`select method_code, sum(amount)::int as amount from payment_transactions where order_number = ${row.number} and status = 'refunded' group by method_code`,
      );
      const refunded = new Map(earlier.map((e) => [e.method_code, e.amount]));
      let left = request.refund_estimate;
      const givenBack: GivenBack[] = [];
      // the main payment first, then the gift cards
      for (const p of [...row.payments].sort((a, b) => Number(a.methodCode === 'VOUCHER') - Number(b.methodCode === 'VOUCHER'))) {
        if (left <= 0 || p.amount <= 0 || p.methodCode === 'NO_PAYMENT') continue;
        const room = p.amount - (refunded.get(p.methodCode === 'VOUCHER' ? `VOUCHER:${p.code}` : p.methodCode) ?? 0);
        const amount = Math.min(left, room);
        if (amount <= 0) continue;
        if (p.methodCode === 'VOUCHER') {
          await VoucherService.refund(tx, p.code!, amount);
          givenBack.push({ id: `${number}:${p.code}`, methodCode: `VOUCHER:${p.code}`, amount, status: 'refunded', detail: `gift card ${p.code} for return ${number}` });
        } else {
          if (!p.transactionId) continue;
          givenBack.push(await this.giveBack(row, p, amount, number));
        }
        left -= amount;
      }
      await record(tx, row.number, givenBack);
      await tx.execute(sql`update return_requests set status = 'refunded' where number = ${number}`);
      result = { returnNumber: number, orderNumber: row.number, givenBack };
    });
    return result!;
  }
}

async function record(tx: Database, orderNumber: string, givenBack: GivenBack[]): Promise<void> {
  for (const g of givenBack) {
    await tx.execute(sql`insert into payment_transactions (id, order_number, method_code, amount, status, detail) values (${g.id}, ${orderNumber}, ${g.methodCode}, ${g.amount}, ${g.status}, ${g.detail}) on conflict (id) do nothing`);
  }
}
