/**
 * Order placement: prices the cart again,
 * checks the expected promotions, takes stock atomically (conditional UPDATE ... WHERE qty >= n,
 * never oversold), redeems gift cards, charges the gateway, and compensates when payment fails.
 * One order at a time per cart (a partial unique index on orders.cart_id).
 *
 * Round trips (PGlite is one connection: every statement queues behind the others, and a
 * transaction holds it from BEGIN to COMMIT): the cart is priced from the catalogue rows
 * /checkout/info cached moments ago; one statement then inserts the order, takes the stock of
 * every line, counts the offer usage and reads the lines' catalogue rows again. When those rows
 * differ from the ones priced (a price, name, state or category changed), the transaction is
 * rolled back and the order is priced again from fresh rows, as if they had been read first.
 *
 * `placeOnce` runs the placement's steps, each in its own module: validate (./validate.ts), price
 * (./pricing.ts), reserve the stock (./stock.ts, with the release that gives it back), persist the
 * order row (./record.ts) and pay (./payment.ts); errors and messages are in ./errors.ts, the
 * click-and-collect address in ./pickup.ts. The Idempotency-Key lease around a placement is
 * ./idempotency.ts (used by the checkout routes). This class keeps the order's life after
 * placement: the pay-later completion and the expiry and crash-recovery sweeps; reading orders is
 * ./read.ts.
 */
import crypto from 'node:crypto';
import type { OrderPlaceResponse } from '@store/contracts';
import { DEFAULT_MARKET } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { CheckoutService, PricedCart } from '../pricing/service.js';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { FraudAssessment, FraudService } from '../fraud/index.js';
import type { PayLaterGateway, PaymentGateway } from '../payments/gateway.js';
import type { SavedCards } from '../payments/saved-cards.js';
import { getStoreByErpId } from '../stores/index.js';
import type { VoucherService } from '../vouchers/service.js';
import { AFTERPAY_EXPIRED_MESSAGE, OrderError, PAYMENT_ERROR_STATUS, paymentMessage } from './errors.js';
import { payOrder } from './payment.js';
import { enqueueFromCte, enqueueOrderMail } from '../mail/outbox.js';
import { OrderReview } from './review.js';
import { pickupAddress, type PickupStore } from './pickup.js';
import { priceOrder } from './pricing.js';
import { orderInsert, orderItems, orderPayments, paidLabel, type OrderRow } from './record.js';
import { releaseOrder, reserveOrder, StaleCatalogue, stockPlan } from './stock.js';
import type { OrderContext, PlaceInput, Released, StoredPayment } from './types.js';
import { checkCardChoice, checkGiftCards, clickCollectStore, giftCardMethods } from './validate.js';
import { answerForKey, listForUser, readOrder } from './read.js';

export { maskMemberId } from './read.js';

export { AFTERPAY_EXPIRED_MESSAGE, afterpayLimitMessage, OrderError } from './errors.js';
export { PLACEHOLDER_CONTACT_NAME, PLACEHOLDER_PHONE, pickupAddress, type PickupStore } from './pickup.js';
export type { OrderContext, PlaceInput } from './types.js';

/** What the shopper is told when the fraud check could not be made (FRAUD_UNAVAILABLE=hold). */
export const FRAUD_HOLD_MESSAGE = 'We could not place your order just now and nothing was charged. Please try again in a few minutes.';

export interface OrderServiceOptions {
  /** Asked before anything is taken; a `decline` refuses the order (PaymentGatewayRejected). */
  fraud?: FraudService;
  /**
   * When the fraud service cannot answer (decision `review`, reason `unavailable`): `hold` (default)
   * records the order as `fraud_held` with nothing taken or charged and answers 503 so the shopper
   * tries again; `block` refuses it like a fraud decline; `allow` places it, flagged for review.
   */
  fraudUnavailable?: 'hold' | 'block' | 'allow';
  /** The clock pay-later expiry is judged by (epoch ms; tests inject one). */
  now?: () => number;
  /** A pending order older than this was left by a placement that never finished (crash): resolvePending() settles it. */
  pendingTimeoutMs?: number;
  /** Stock of these products was taken or given back (after commit): the catalogue caches follow. */
  stockChanged?: (productIds: number[]) => void;
}

/** One place() call: the number and access token survive a re-pricing, and so does the fraud decision. */
interface Attempt {
  number: string;
  accessToken: string;
  fraud?: FraudAssessment;
}

const STORE_CACHE_MS = 5_000;

export class OrderService {
  private readonly storeCache = new Map<string, { at: number; store: PickupStore | null }>();

  constructor(
    private readonly db: Database,
    private readonly checkout: CheckoutService,
    private readonly vouchers: VoucherService,
    private readonly gateway: PaymentGateway,
    private readonly payLater: PayLaterGateway,
    private readonly savedCards?: SavedCards,
    private readonly options: OrderServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.review = new OrderReview({ db, gateway, payLater, fraud: options.fraud, afterRelease: (released) => this.afterRelease(released) });
  }

  /** The operator's side: orders held for review (release, cancel) and refunds of returns. */
  readonly review: OrderReview;

  private readonly now: () => number;

  /** A click-and-collect store (cached for a few seconds: stores change rarely). */
  async pickupStore(erpStoreId: string): Promise<PickupStore | null> {
    const hit = this.storeCache.get(erpStoreId);
    if (hit && Date.now() - hit.at < STORE_CACHE_MS) return hit.store;
    const store = await getStoreByErpId(this.db, erpStoreId);
    const value = store && store.clickAndCollect ? { erpStoreId: store.erpStoreId, name: store.name, ...store.address, street2: store.address.street2 ?? null } : null;
    if (this.storeCache.size > 1_000) this.storeCache.clear();
    this.storeCache.set(erpStoreId, { at: Date.now(), store: value });
    return value;
  }

  private async newNumber(): Promise<string> {
    return `FL${crypto.randomInt(10_000_000, 99_999_999)}`;
  }


  async place(input: PlaceInput, ctx: OrderContext = {}): Promise<OrderPlaceResponse> {
    const state: Attempt = { number: await this.newNumber(), accessToken: crypto.randomBytes(18).toString('base64url') };
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.placeOnce(input, ctx, attempt > 0, state);
      } catch (error) {
        // rows changed between reading and the order statement: read them again (bounded)
        if (!(error instanceof StaleCatalogue) || attempt >= 2) throw error;
      }
    }
  }

  /** The fraud service's decision (once per place() call); without a service, `not_provided`. */
  private async fraudDecision(input: PlaceInput, ctx: OrderContext, state: Attempt, priced: PricedCart): Promise<FraudAssessment> {
    if (!state.fraud) {
      const token = input.fraudAnalytics?.token || undefined;
      state.fraud = this.options.fraud
        ? await this.options.fraud.decide({
            orderNumber: state.number,
            token,
            amount: priced.grandTotal,
            currency: (ctx.market ?? DEFAULT_MARKET).currency,
            email: input.cart.email.toLowerCase(),
            paymentMethods: input.payment.methods.map((m) => m.methodCode),
            ip: ctx.ip,
            userAgent: ctx.userAgent,
          })
        : { decision: 'not_provided', reason: 'no_service' };
    }
    return state.fraud;
  }

  /** One attempt at placing the order: validate, price, reserve the stock, persist, pay. */
  private async placeOnce(input: PlaceInput, ctx: OrderContext, fresh: boolean, state: Attempt): Promise<OrderPlaceResponse> {
    const { cart } = input;
    const market = ctx.market ?? DEFAULT_MARKET;
    // validate and price: nothing is taken yet
    const store = await clickCollectStore(cart, market, (erpStoreId) => this.pickupStore(erpStoreId));
    const voucherMethods = giftCardMethods(input);
    const priced = await priceOrder(this.checkout, input, fresh, market);
    const main = input.payment.methods.find((m) => m.methodCode !== 'VOUCHER');
    const { savedToken, saveCard } = await checkCardChoice(main, ctx, priced, this.savedCards);
    await checkGiftCards(this.vouchers, voucherMethods, market);

    // the order row
    const { number, accessToken } = state;
    const items = orderItems(priced);
    const shippingAddress = store ? pickupAddress(store, { firstName: cart.firstName, lastName: cart.lastName, phone: cart.phone }) : cart.shippingAddress;
    const payments = orderPayments(voucherMethods, main);
    const plan = stockPlan(priced);
    const applied = priced.promotions.appliedPromotions;
    const email = cart.email.toLowerCase();
    const fraud = await this.fraudDecision(input, ctx, state, priced);
    const row: OrderRow = { number, accessToken, input, ctx, market, email, shippingAddress, items, payments, priced, fraud };
    const unavailable = fraud.decision === 'review' && fraud.reason === 'unavailable' ? (this.options.fraudUnavailable ?? 'hold') : 'allow';
    if (fraud.decision === 'decline' || unavailable === 'block') {
      // refused before any stock, gift-card balance, offer usage or charge is taken; recorded for review
      await this.db.execute(orderInsert(row, 'fraud_declined'));
      throw new OrderError('PaymentGatewayRejected', paymentMessage('PaymentGatewayRejected'), PAYMENT_ERROR_STATUS.PaymentGatewayRejected);
    }
    if (unavailable === 'hold') {
      // no decision could be had: held for review with nothing taken or charged; the cart stays, a later try is judged again
      await this.db.execute(orderInsert(row, 'fraud_held'));
      throw new OrderError('OrderHeld', FRAUD_HOLD_MESSAGE, 503);
    }

    // reserve: the order, its stock, offer usage and gift cards in one transaction
    await this.transaction((tx) => reserveOrder(tx, this.checkout, { number, insert: () => orderInsert(row, 'pending'), plan, priced, market, email, items, voucherMethods }));
    this.checkout.promotionsUsed(applied.map((p) => p.id));
    this.stockChanged(items.map((i) => i.productId));

    // payment
    return payOrder(
      { db: this.db, gateway: this.gateway, payLater: this.payLater, savedCards: this.savedCards, fail: (orderNumber) => this.fail(orderNumber) },
      { number, accessToken, payments, main, loyaltyPoints: priced.loyaltyPoints, ctx, savedToken, saveCard },
    );
  }

  /**
   * Payment failed: give back stock, gift-card balances and offer usage; the cart may try again.
   * The same release as the sweeps (exactly once: only while the order is still pending).
   */
  private async fail(number: string, status = 'payment_failed'): Promise<void> {
    const released = await this.inTransaction((tx) => releaseOrder(tx, number, { from: 'pending', to: status }));
    if (released) this.afterRelease(released);
  }

  private stockChanged(productIds: readonly (string | number)[]): void {
    if (productIds.length > 0) this.options.stockChanged?.([...new Set(productIds.map(Number))]);
  }

  private afterRelease(released: Released): void {
    this.checkout.promotionsUsed(released.promotions);
    this.stockChanged(released.productIds);
  }

  /**
   * After the pay-later approval page: capture and complete, or cancel. The order row is locked
   * while it is judged and captured, so an expiry sweep running at the same moment cannot cancel an
   * order whose payment was just captured (nor the other way round).
   */
  async completePayLater(token: string, amount: number): Promise<OrderPlaceResponse> {
    const checkout = await this.payLater.get(token);
    if (!checkout) throw new OrderError('InvalidRequest', 'Unknown Afterpay checkout.', 404);
    let released: Released | null = null;
    type Outcome =
      | { kind: 'unknown' | 'cancelled' | 'expired' }
      | { kind: 'failed'; error: string }
      | { kind: 'complete'; number: string; accessToken: string; points: number };
    const outcome = await this.inTransaction<Outcome>(async (tx) => {
      const [order] = await queryRows<{ number: string; status: string; access_token: string; payments: StoredPayment[]; loyalty_points: number; payment_expires_at: string | Date | null }>(
        tx,
        sql`select number, status, access_token, payments, loyalty_points, payment_expires_at from orders where number = ${checkout.orderNumber} for update`,
      );
      if (!order) return { kind: 'unknown' };
      const done = { kind: 'complete' as const, number: order.number, accessToken: order.access_token, points: order.loyalty_points };
      if (order.status === 'placed') return done;
      // the sandbox's statements run in this transaction (PGlite is one connection)
      if (order.status !== 'awaiting_payment') return { kind: (await this.payLater.status(token, tx)) === 'EXPIRED' ? 'expired' : 'cancelled' };
      if (order.payment_expires_at && new Date(order.payment_expires_at).getTime() <= this.now()) {
        released = await this.releaseAwaiting(tx, order.number);
        return { kind: 'expired' };
      }
      const result = await this.payLater.capture(token, amount, tx);
      if (!result.ok) {
        released = await this.releaseAwaiting(tx, order.number);
        return result.error === 'Expired' ? { kind: 'expired' } : { kind: 'failed', error: result.error };
      }
      const payments = order.payments.map((p) => (p.payLaterToken === token ? { ...p, transactionId: result.transactionId } : p));
      await tx.execute(sql`insert into payment_transactions (id, order_number, method_code, amount, status, detail) values (${result.transactionId}, ${order.number}, 'AFTERPAY', ${amount}, 'authorized', 'Afterpay')`);
      await tx.execute(sql`update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${order.number}`);
      await enqueueOrderMail(tx, 'order_confirmation', order.number);
      return done;
    });
    if (released) this.afterRelease(released);
    switch (outcome.kind) {
      case 'complete':
        return { orderNumber: outcome.number, status: 'complete', actionData: null, loyalty: { points: outcome.points }, accessToken: outcome.accessToken };
      case 'unknown':
        throw new OrderError('InvalidRequest', 'Unknown Afterpay checkout.', 404);
      case 'expired':
        throw new OrderError('AfterpayCheckoutExpired', AFTERPAY_EXPIRED_MESSAGE, 409);
      case 'cancelled':
        throw new OrderError('InvalidRequest', 'This Afterpay checkout has been cancelled.', 409);
      case 'failed':
        if (outcome.error === 'AmountMismatch') throw new OrderError('InvalidRequest', 'Afterpay delayed-payment details mismatch: the order total changed after approval.', 409);
        throw new OrderError('PaymentProcessorDeclinedHard', 'Afterpay did not approve this payment.', 402);
    }
  }

  private releaseAwaiting(tx: Database, number: string, dueBy?: number) {
    return releaseOrder(tx, number, { from: 'awaiting_payment', dueBy });
  }

  /** Expires one order if its pay-later checkout is past its deadline (the lazy path). True when it did. */
  async expireIfDue(number: string): Promise<boolean> {
    const released = await this.inTransaction((tx) => this.releaseAwaiting(tx, number, this.now()));
    if (released) this.afterRelease(released);
    return released !== null;
  }

  /** The sweep: every order whose pay-later checkout expired is cancelled and releases what it held. */
  async expireDue(limit = 100): Promise<number> {
    const due = await queryRows<{ number: string }>(
      this.db,
      sql`select number from orders where status = 'awaiting_payment' and payment_expires_at <= ${new Date(this.now()).toISOString()}::timestamptz order by payment_expires_at limit ${limit}`,
    );
    let expired = 0;
    for (const { number } of due) if (await this.expireIfDue(number)) expired += 1;
    return expired;
  }

  /**
   * Crash recovery: an order still `pending` after `pendingTimeoutMs` (default 5 minutes) was left
   * by a placement that never finished (the process died between taking the stock and recording the
   * payment). Charged ones (the gateway knows a charge for the order number, or nothing was left to
   * pay) are completed; the others are cancelled and release their stock, gift-card amounts and
   * offer usage exactly once (the same release as the pay-later expiry). A placement that is merely
   * slow and finishes after this finds its order no longer pending and voids its charge.
   */
  async resolvePending(limit = 100): Promise<{ completed: number; cancelled: number }> {
    const staleBefore = this.now() - (this.options.pendingTimeoutMs ?? 300_000);
    const due = await queryRows<{ number: string }>(
      this.db,
      sql`select number from orders where status = 'pending' and updated_at <= ${new Date(staleBefore).toISOString()}::timestamptz order by updated_at limit ${limit}`,
    );
    const result = { completed: 0, cancelled: 0 };
    for (const { number } of due) {
      const outcome = await this.resolveOne(number, staleBefore);
      if (outcome) result[outcome] += 1;
    }
    return result;
  }

  /**
   * An Idempotency-Key taken over after its lease: the dead holder's pending order of this cart
   * (untouched for the lease) is settled now, as the sweep would, so the retry can go ahead.
   */
  async resolvePendingOfCart(cartId: string, olderThanMs: number): Promise<void> {
    const staleBefore = this.now() - olderThanMs;
    const due = await queryRows<{ number: string }>(
      this.db,
      sql`select number from orders where cart_id = ${cartId} and status = 'pending' and updated_at <= ${new Date(staleBefore).toISOString()}::timestamptz`,
    );
    for (const { number } of due) await this.resolveOne(number, staleBefore);
  }

  private async resolveOne(number: string, staleBefore: number): Promise<'completed' | 'cancelled' | null> {
    const [order] = await queryRows<{ payments: StoredPayment[] }>(this.db, sql`select payments from orders where number = ${number} and status = 'pending'`);
    if (!order) return null;
    const main = order.payments.find((p) => p.methodCode !== 'VOUCHER');
    const nothingToPay = !main || main.methodCode === 'NO_PAYMENT' || main.amount === 0;
    let charge: { transactionId: string; amount: number; instrument: string } | null = null;
    if (!nothingToPay && main && main.methodCode !== 'AFTERPAY') {
      try {
        charge = (await this.gateway.findCharge?.(number)) ?? null;
      } catch {
        return null; // the gateway cannot say whether it charged: settle this order on a later sweep
      }
      if (charge && charge.amount !== main.amount) {
        // not this order's charge as placed: give it back, then cancel
        await this.gateway.void(charge.transactionId).catch(() => undefined);
        charge = null;
      }
    }
    let released: Released | null = null;
    const outcome = await this.inTransaction<'completed' | 'cancelled' | null>(async (tx) => {
      if (nothingToPay || charge) {
        const payments = order.payments.map((p) => (p === main && charge ? { ...p, transactionId: charge.transactionId, label: paidLabel(p.methodCode, charge.instrument) } : p));
        const record = charge
          ? sql`, charge as (insert into payment_transactions (id, order_number, method_code, amount, status, detail)
                 select ${charge.transactionId}, ${number}, ${main!.methodCode}, ${charge.amount}, 'authorized', ${charge.instrument} from done on conflict (id) do nothing returning id)`
          : sql``;
        const rows = await queryRows<{ number: string }>(
          tx,
          sql`with done as (update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now()
                where number = ${number} and status = 'pending' and updated_at <= ${new Date(staleBefore).toISOString()}::timestamptz returning number, email)${record},
                mail as (${enqueueFromCte('order_confirmation', 'done')})
              select number from done`,
        );
        return rows.length === 1 ? 'completed' : null;
      }
      released = await releaseOrder(tx, number, { from: 'pending', staleBefore });
      return released ? 'cancelled' : null;
    });
    if (released) this.afterRelease(released);
    return outcome;
  }

  /**
   * The answer of a placement that a retried Idempotency-Key asks for again (read.ts), or null.
   */
  answerForKey(key: string, cartId: string): Promise<OrderPlaceResponse | null> {
    return answerForKey(this.db, key, cartId);
  }

  listForUser(sub: string): ReturnType<typeof listForUser> {
    return listForUser(this.db, sub);
  }

  /** One order; reading one whose pay-later checkout has expired expires it. */
  view(number: string): ReturnType<typeof readOrder> {
    return readOrder(this.db, number, { now: this.now, expireIfDue: (n) => this.expireIfDue(n) });
  }

  private async transaction(run: (tx: Database) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => run(tx as unknown as Database));
  }

  private async inTransaction<T>(run: (tx: Database) => Promise<T>): Promise<T> {
    return (await this.db.transaction(async (tx) => run(tx as unknown as Database))) as T;
  }
}
