/**
 * Order placement (spec §3 order place request/response, §4, §7, §8): prices the cart again,
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
 */
import crypto from 'node:crypto';
import type { CheckoutAddress as Address, OrderPlaceResponse, OrderView } from '@store/contracts';
import { DEFAULT_MARKET, formatMoney, OrderPlaceRequest as OrderPlaceSchema, type MarketSettings } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CartItemInvalid, CheckoutError, CheckoutService, samePricing, toVariantRow, variantRowsQuery, type PricedCart, type VariantDbRow } from '../checkout/service.js';
import { queryRows, type Database } from '../db/index.js';
import type { FraudAssessment, FraudService } from '../fraud/index.js';
import type { ChargeFailure, PaymentGateway } from '../payments/gateway.js';
import type { SandboxPayLater } from '../payments/sandbox.js';
import type { SavedCards } from '../payments/saved-cards.js';
import { getStoreByErpId } from '../stores/index.js';
import { VoucherService } from '../vouchers/service.js';

export type PlaceInput = z.infer<typeof OrderPlaceSchema>;

export class OrderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: number,
    readonly orderNumber?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = code;
  }
  body() {
    return { error: this.code, message: this.message, ...(this.orderNumber ? { orderNumber: this.orderNumber } : {}), ...(this.detail ? { code: this.detail } : {}) };
  }
}

const PAYMENT_ERROR_STATUS: Record<ChargeFailure, number> = {
  PaymentGatewayRejected: 402,
  PaymentProcessorDeclined: 402,
  PaymentProcessorDeclinedHard: 402,
  PaymentInstrumentTypeNotAccepted: 402,
  PaymentFailureUnrecoverable: 402,
  PaymentMethodInvalid: 400,
};

const SELLABLE = new Set(['current', 'evergreen']);
const STOCKED = new Set(['basic']);

interface StoredItem {
  productId: string;
  variantId: string;
  name: string;
  variantLabel: string;
  qty: number;
  unitPrice: number;
  total: number;
  promo: boolean;
}

interface StoredPayment {
  methodCode: string;
  amount: number;
  label: string;
  code?: string;
  transactionId?: string;
  payLaterToken?: string;
}

export interface OrderContext {
  userSub?: string;
  /** Base URL the pay-later approval page returns to (origin of the shop). */
  returnBase?: string;
  /** The shopper's connection, for the fraud decision. */
  ip?: string;
  userAgent?: string;
  /** The market the order is placed in (the request's host; issue 14). NZ when absent. */
  market?: MarketSettings;
}

export interface OrderServiceOptions {
  /** Asked before anything is taken; a `decline` refuses the order (PaymentGatewayRejected). */
  fraud?: FraudService;
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

export interface PickupStore {
  erpStoreId: string;
  name: string;
  street1: string;
  street2: string | null;
  locality: string;
  region: string;
  postcode: string;
  country: string;
}

/** The catalogue rows an order was priced from changed before its stock was taken: price again. */
class StaleCatalogue extends Error {
  constructor() {
    super('catalogue rows changed while placing the order');
    this.name = 'StaleCatalogue';
  }
}

const STORE_CACHE_MS = 5_000;

export class OrderService {
  private readonly storeCache = new Map<string, { at: number; store: PickupStore | null }>();

  constructor(
    private readonly db: Database,
    private readonly checkout: CheckoutService,
    private readonly vouchers: VoucherService,
    private readonly gateway: PaymentGateway,
    private readonly payLater: SandboxPayLater,
    private readonly savedCards?: SavedCards,
    private readonly options: OrderServiceOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

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

  /** Prices the order and checks it against the request; any refusal from cached rows is re-checked with fresh ones. */
  private async pricedOrder(input: PlaceInput, fresh: boolean, market: MarketSettings): Promise<PricedCart> {
    const voucherMethods = input.payment.methods.filter((m) => m.methodCode === 'VOUCHER');
    const credits = voucherMethods.map((m) => ({ id: VoucherService.normalise(m.code ?? ''), methodCode: 'VOUCHER' as const, amount: m.amount }));
    try {
      const priced = await this.checkout.price(input.cart, credits, { fresh, market });
      this.check(input, priced, market);
      return priced;
    } catch (error) {
      if (!fresh && (error instanceof CheckoutError || error instanceof OrderError)) return this.pricedOrder(input, true, market);
      if (error instanceof CartItemInvalid) throw error;
      if (error instanceof CheckoutError) throw new OrderError(error.code, error.message, 400);
      throw error;
    }
  }

  /** The checks that need only the priced cart and the request (no reads, no side effects). */
  private check(input: PlaceInput, priced: PricedCart, market: MarketSettings = DEFAULT_MARKET): void {
    const voucherMethods = input.payment.methods.filter((m) => m.methodCode === 'VOUCHER');
    for (const line of priced.lines) {
      const row = priced.variants.get(line.variantId)!;
      if (!SELLABLE.has(row.state)) throw new OrderError('ProductNotAvailable', `${row.name} is no longer available.`, 409);
    }
    // expected promotions: the shopper saw these offers; anything else means the order changed
    const applied = priced.promotions.appliedPromotions.map((p) => `${p.id}@${p.versionId}`).sort();
    const expected = input.expectedPromotions.map((p) => `${p.promotionId}@${p.versionId}`).sort();
    if (applied.join(',') !== expected.join(',')) {
      throw new OrderError('PromotionsChanged', 'The offers on this order have changed. Review your order and try again.', 409);
    }
    // payment amounts must cover the total exactly
    for (const [i, m] of voucherMethods.entries()) {
      if (!m.code || !m.pin) throw new OrderError('InvalidRequest', `payment.methods.${i}: a gift card needs code and pin`, 400);
      const usage = priced.creditUsages.find((u) => u.id === VoucherService.normalise(m.code!));
      if (!usage || usage.amount !== m.amount) throw new OrderError('InvalidRequest', `payment.methods.${i}.amount: gift card amount does not match the order total`, 400);
    }
    const others = input.payment.methods.filter((m) => m.methodCode !== 'VOUCHER');
    if (others.length > 1) throw new OrderError('InvalidRequest', 'payment.methods: only one payment method besides gift cards', 400);
    const main = others[0];
    if (priced.amountOutstanding === 0) {
      if (main && !(main.methodCode === 'NO_PAYMENT' && main.amount === 0)) throw new OrderError('InvalidRequest', 'payment.methods: nothing is outstanding; send NO_PAYMENT with amount 0', 400);
    } else {
      if (!main || main.methodCode === 'NO_PAYMENT') throw new OrderError('InvalidRequest', `payment.methods: ${priced.amountOutstanding} cents outstanding need a payment method`, 400);
      if (main.amount !== priced.amountOutstanding) throw new OrderError('InvalidRequest', `payment.methods.amount: expected ${priced.amountOutstanding}, got ${main.amount}`, 400);
      if (main.methodCode === 'AFTERPAY') {
        if (!priced.afterpayAvailable) throw new OrderError('PaymentInstrumentTypeNotAccepted', afterpayLimitMessage(market), 402);
      } else if (!main.token) throw new OrderError('InvalidRequest', 'payment.methods.token: Required', 400);
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

  private async placeOnce(input: PlaceInput, ctx: OrderContext, fresh: boolean, state: Attempt): Promise<OrderPlaceResponse> {
    const { cart } = input;
    const market = ctx.market ?? DEFAULT_MARKET;
    let store: PickupStore | null = null;
    if (cart.shipping.type === 'STORE_PICKUP') {
      if (!cart.shipping.clickCollectStoreId) throw new OrderError('InvalidRequest', 'cart.shipping.clickCollectStoreId: Required for store pickup', 400);
      store = await this.pickupStore(cart.shipping.clickCollectStoreId);
      // stores and click and collect are per country: a store of the other market is not offered here
      if (!store || store.country !== market.country) throw new OrderError('ClickCollectUnavailable', 'Click and collect is no longer available at this store.', 409);
    }
    const voucherMethods = input.payment.methods.filter((m) => m.methodCode === 'VOUCHER');
    const priced = await this.pricedOrder(input, fresh, market);
    const main = input.payment.methods.find((m) => m.methodCode !== 'VOUCHER');
    // saved cards: only the signed-in customer's own; saving needs a signed-in customer and a new card
    let savedToken: string | null = null;
    if (main?.methodCode === 'BRAINTREE_SAVED' && priced.amountOutstanding > 0) {
      if (!ctx.userSub) throw new OrderError('InvalidRequest', 'payment.methods: sign in to pay with a saved card', 400);
      savedToken = (await this.savedCards?.resolve(ctx.userSub, main.token!)) ?? null;
      if (!savedToken) throw new OrderError('PaymentMethodInvalid', 'This saved card is no longer available. Choose another payment method.', 404);
    }
    const saveCard = main?.saveCard === true && priced.amountOutstanding > 0;
    if (saveCard && (main!.methodCode !== 'BRAINTREE_CREDIT_CARD' || !ctx.userSub || !this.savedCards)) {
      throw new OrderError('InvalidRequest', 'payment.methods.saveCard: only a new card of a signed-in customer can be saved', 400);
    }
    // vouchers: check the PIN before taking money off the card
    for (const [i, m] of voucherMethods.entries()) {
      const check = await this.vouchers.lookup(m.code!, m.pin!, undefined, market.currency);
      if (!check.ok && check.error === 'VoucherCurrencyMismatch') {
        throw new OrderError('VoucherCurrencyMismatch', `payment.methods.${i}: gift card ${VoucherService.normalise(m.code!)} is not in ${market.currency} and cannot pay this order.`, 422, undefined, m.code);
      }
      if (!check.ok || check.amountRemaining < m.amount) throw new OrderError('VoucherInsufficientFunds', `Gift card ${VoucherService.normalise(m.code!)} no longer covers ${m.amount} cents.`, 409, undefined, m.code);
    }

    const { number, accessToken } = state;
    const items: StoredItem[] = priced.lines.map((l) => ({ productId: l.productId, variantId: l.variantId, name: l.name, variantLabel: l.variantLabel, qty: l.qty, unitPrice: l.unitPrice, total: l.total, promo: false }));
    const shippingAddress = store ? pickupAddress(store, { firstName: cart.firstName, lastName: cart.lastName, phone: cart.phone }) : cart.shippingAddress;
    const payments: StoredPayment[] = [
      ...voucherMethods.map((m) => ({ methodCode: 'VOUCHER', amount: m.amount, code: VoucherService.normalise(m.code!), label: `Gift card ${VoucherService.normalise(m.code!).slice(-4)}` })),
      ...(main ? [{ methodCode: main.methodCode, amount: main.amount, label: labelOf(main.methodCode) }] : [{ methodCode: 'NO_PAYMENT', amount: 0, label: labelOf('NO_PAYMENT') }]),
    ];

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
    const applied = priced.promotions.appliedPromotions;
    const email = cart.email.toLowerCase();
    const fraud = await this.fraudDecision(input, ctx, state, priced);
    const orderInsert = (status: string) => sql`insert into orders (number, cart_id, status, market, currency, access_token, user_sub, email, first_name, last_name, phone, agree_to_marketing, shipping_type, shipping, shipping_address, billing_address, items, promo_codes, promotions, payments, item_subtotal, total_discount, shipping_price, grand_total, gst, loyalty_points, loyalty_member_id, analytics, fraud_token, fraud_decision, fraud_reason)
              values (${number}, ${input.cartId}, ${status}, ${market.id}, ${market.currency}, ${accessToken}, ${ctx.userSub ?? null}, ${email}, ${cart.firstName}, ${cart.lastName}, ${cart.phone}, ${input.agreeToMarketing},
                ${cart.shipping.type}, ${JSON.stringify(cart.shipping)}::jsonb, ${JSON.stringify(shippingAddress)}::jsonb, ${JSON.stringify(cart.billingAddress)}::jsonb, ${JSON.stringify(items)}::jsonb,
                ${sql.param(cart.promoCodes.map((c) => c.toUpperCase()))}::text[], ${JSON.stringify(applied)}::jsonb, ${JSON.stringify(payments)}::jsonb,
                ${priced.itemSubtotal}, ${priced.totalDiscount}, ${priced.shippingPrice}, ${priced.grandTotal}, ${priced.gst}, ${priced.loyaltyPoints}, ${input.loyalty?.qantas?.memberId ?? null}, ${JSON.stringify(input.analytics ?? null)}::jsonb,
                ${input.fraudAnalytics?.token || null}, ${fraud.decision}, ${fraud.reason})`;
    if (fraud.decision === 'decline') {
      // refused before any stock, gift-card balance, offer usage or charge is taken; recorded for review
      await this.db.execute(orderInsert('fraud_declined'));
      throw new OrderError('PaymentGatewayRejected', paymentMessage('PaymentGatewayRejected'), PAYMENT_ERROR_STATUS.PaymentGatewayRejected);
    }

    await this.transaction(async (tx) => {
      // one statement: the order, the stock of every line (conditional: never below zero), the
      // offer usage (conditional on the overall limit), and the lines' catalogue rows as they are now
      let done: { taken: number[]; used: string[]; rows: VariantDbRow[] };
      try {
        [done] = (await queryRows<{ taken: number[]; used: string[]; rows: VariantDbRow[] }>(
          tx,
          sql`with ins as (${orderInsert('pending')} returning number),
            locked as (
              select v.id, w.qty from variants v join unnest(${sql.param(lockOrder)}::int[], ${sql.param(lockQty)}::int[]) as w(id, qty) on w.id = v.id
              order by v.id for update of v),
            taken as (update variants v set qty = v.qty - l.qty from locked l where v.id = l.id and l.qty > 0 and v.qty >= l.qty returning v.id),
            offers as (select p.id from promotions p where p.id = any(${sql.param(applied.map((p) => p.id))}::text[]) order by p.id for update),
            used as (update promotions p set used_count = p.used_count + 1 from offers o where p.id = o.id and (p.usage_limit is null or p.used_count < p.usage_limit) returning p.id),
            usages as (insert into promotion_usages (promotion_id, order_number, customer) select used.id, ins.number, ${email} from used, ins returning promotion_id),
            lines as (${variantRowsQuery([...new Set(priced.lines.map((l) => Number(l.variantId)))], market.currency)})
          select array(select id from taken) as taken, array(select promotion_id from usages) as used,
            (select coalesce(json_agg(lines), '[]'::json) from lines) as rows`,
        )) as [{ taken: number[]; used: string[]; rows: VariantDbRow[] }];
      } catch (error) {
        if (isUniqueViolation(error, 'orders_cart_active_idx')) throw new OrderError('OrderInProgress', 'An order for this cart is already being placed or was placed.', 409);
        throw error;
      }
      const now = done.rows.map(toVariantRow);
      this.checkout.remember(now, market.currency);
      const nowById = new Map(now.map((r) => [r.variantId, r]));
      for (const line of priced.lines) {
        const current = nowById.get(line.variantId);
        if (!current || !samePricing(priced.variants.get(line.variantId)!, current)) throw new StaleCatalogue();
      }
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
    });
    this.checkout.promotionsUsed(applied.map((p) => p.id));
    this.stockChanged(items.map((i) => i.productId));

    // payment
    if (!main || main.methodCode === 'NO_PAYMENT') return this.complete(number, accessToken, payments, priced.loyaltyPoints);
    if (main.methodCode === 'AFTERPAY') {
      const checkout = await this.payLater.createCheckout({ orderNumber: number, amount: main.amount, returnUrl: `${ctx.returnBase ?? ''}/checkout/payment` });
      payments[payments.length - 1]!.payLaterToken = checkout.token;
      // until the checkout expires, the stock, gift-card amounts and offer usage stay held (expireDue releases them)
      const waiting = await queryRows<{ number: string }>(
        this.db,
        sql`update orders set status = 'awaiting_payment', payments = ${JSON.stringify(payments)}::jsonb, payment_expires_at = ${new Date(checkout.expiresAt).toISOString()}::timestamptz, updated_at = now() where number = ${number} and status = 'pending' returning number`,
      );
      if (waiting.length === 0) throw settledMeanwhile(number);
      return { orderNumber: number, status: 'actionRequired', actionData: { type: 'redirect', url: checkout.redirectUrl }, loyalty: null, accessToken };
    }
    let charge = { methodCode: main.methodCode, nonce: savedToken ?? main.token! };
    if (saveCard) {
      // vault first (verification authorised and voided), then charge the saved card
      const saved = await this.savedCards!.save(ctx.userSub!, main.token!, number);
      if (!saved.ok) {
        await this.fail(number);
        if (saved.error === 'SavedCardLimitReached') throw new OrderError('InvalidRequest', saved.message, 422);
        const unrecoverable = saved.error === 'PaymentFailureUnrecoverable';
        throw new OrderError(saved.error, paymentMessage(saved.error), PAYMENT_ERROR_STATUS[saved.error], unrecoverable ? number : undefined, saved.code);
      }
      charge = { methodCode: 'BRAINTREE_SAVED', nonce: saved.gatewayToken };
    }
    const outcome = await this.gateway.charge({ ...charge, amount: main.amount, orderNumber: number });
    const transaction = sql`insert into payment_transactions (id, order_number, method_code, amount, status, detail)
          values (${outcome.transactionId ?? `none_${crypto.randomBytes(6).toString('hex')}`}, ${number}, ${main.methodCode}, ${main.amount}, ${outcome.ok ? 'authorized' : 'declined'}, ${outcome.ok ? outcome.instrument : `${outcome.code} ${outcome.message}`})`;
    if (outcome.ok) {
      payments[payments.length - 1]!.transactionId = outcome.transactionId;
      payments[payments.length - 1]!.label = `${labelOf(main.methodCode)} (${outcome.instrument})`;
      // one statement: record the charge and complete the order (still pending: the crash-recovery
      // sweep may have cancelled an order that took this long, and then the charge is voided)
      const placed = await queryRows<{ number: string }>(
        this.db,
        sql`with charge as (${transaction} returning id)
          update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${number} and status = 'pending' and exists (select 1 from charge) returning number`,
      );
      if (placed.length === 0) {
        await this.gateway.void(outcome.transactionId).catch(() => undefined);
        throw settledMeanwhile(number);
      }
      return { orderNumber: number, status: 'complete', actionData: null, loyalty: { points: priced.loyaltyPoints }, accessToken };
    }
    await this.db.execute(transaction);
    {
      await this.fail(number);
      const unrecoverable = outcome.error === 'PaymentFailureUnrecoverable';
      throw new OrderError(outcome.error, paymentMessage(outcome.error), PAYMENT_ERROR_STATUS[outcome.error], unrecoverable ? number : undefined, outcome.code);
    }
  }

  private async complete(number: string, accessToken: string, payments: StoredPayment[], points: number): Promise<OrderPlaceResponse> {
    const placed = await queryRows<{ number: string }>(this.db, sql`update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${number} and status = 'pending' returning number`);
    // nothing left to pay: the crash-recovery sweep completes such an order too, so it may already be placed
    if (placed.length === 0) {
      const [order] = await queryRows<{ status: string }>(this.db, sql`select status from orders where number = ${number}`);
      if (order?.status !== 'placed') throw settledMeanwhile(number);
    }
    return { orderNumber: number, status: 'complete', actionData: null, loyalty: { points }, accessToken };
  }

  /**
   * Payment failed: give back stock, gift-card balances and offer usage; the cart may try again.
   * The same release as the sweeps (exactly once: only while the order is still pending).
   */
  private async fail(number: string, status = 'payment_failed'): Promise<void> {
    const released = await this.inTransaction((tx) => this.release(tx, number, { from: 'pending', to: status }));
    if (released) this.afterRelease(released);
  }

  private stockChanged(productIds: readonly (string | number)[]): void {
    if (productIds.length > 0) this.options.stockChanged?.([...new Set(productIds.map(Number))]);
  }

  private afterRelease(released: { promotions: string[]; productIds: number[] }): void {
    this.checkout.promotionsUsed(released.promotions);
    this.stockChanged(released.productIds);
  }

  /**
   * After the pay-later approval page: capture and complete, or cancel. The order row is locked
   * while it is judged and captured, so an expiry sweep running at the same moment cannot cancel an
   * order whose payment was just captured (nor the other way round).
   */
  async completePayLater(token: string, amount: number): Promise<OrderPlaceResponse> {
    const checkout = this.payLater.get(token);
    if (!checkout) throw new OrderError('InvalidRequest', 'Unknown Afterpay checkout.', 404);
    let released: { promotions: string[]; productIds: number[] } | null = null;
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
      if (order.status !== 'awaiting_payment') return { kind: this.payLater.status(token) === 'EXPIRED' ? 'expired' : 'cancelled' };
      if (order.payment_expires_at && new Date(order.payment_expires_at).getTime() <= this.now()) {
        released = await this.releaseAwaiting(tx, order.number);
        return { kind: 'expired' };
      }
      const result = await this.payLater.capture(token, amount);
      if (!result.ok) {
        released = await this.releaseAwaiting(tx, order.number);
        return result.error === 'Expired' ? { kind: 'expired' } : { kind: 'failed', error: result.error };
      }
      const payments = order.payments.map((p) => (p.payLaterToken === token ? { ...p, transactionId: result.transactionId } : p));
      await tx.execute(sql`insert into payment_transactions (id, order_number, method_code, amount, status, detail) values (${result.transactionId}, ${order.number}, 'AFTERPAY', ${amount}, 'authorized', 'Afterpay')`);
      await tx.execute(sql`update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${order.number}`);
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

  /**
   * Cancels an order and gives back everything it holds: the stock of its lines and promo items,
   * its gift-card amounts and its offer usage. Exactly once: only the statement that moves the
   * order out of `from` (awaiting_payment: pay-later expiry; pending: a failed payment or the
   * crash-recovery sweep) releases, inside the caller's transaction. With `dueBy`, only an order
   * whose pay-later checkout expired by then; with `staleBefore`, only one not touched since.
   * Returns the offers whose usage was given back and the products whose stock came back, or null
   * when the order was not (or no longer) in `from`.
   */
  private async release(
    tx: Database,
    number: string,
    { from, to = 'cancelled', dueBy, staleBefore }: { from: 'awaiting_payment' | 'pending'; to?: string; dueBy?: number; staleBefore?: number },
  ): Promise<{ promotions: string[]; productIds: number[] } | null> {
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

  private releaseAwaiting(tx: Database, number: string, dueBy?: number) {
    return this.release(tx, number, { from: 'awaiting_payment', dueBy });
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
    let released: { promotions: string[]; productIds: number[] } | null = null;
    const outcome = await this.inTransaction<'completed' | 'cancelled' | null>(async (tx) => {
      if (nothingToPay || charge) {
        const payments = order.payments.map((p) => (p === main && charge ? { ...p, transactionId: charge.transactionId, label: `${labelOf(p.methodCode)} (${charge.instrument})` } : p));
        const record = charge
          ? sql`, charge as (insert into payment_transactions (id, order_number, method_code, amount, status, detail)
                 select ${charge.transactionId}, ${number}, ${main!.methodCode}, ${charge.amount}, 'authorized', ${charge.instrument} from done on conflict (id) do nothing returning id)`
          : sql``;
        const rows = await queryRows<{ number: string }>(
          tx,
          sql`with done as (update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now()
                where number = ${number} and status = 'pending' and updated_at <= ${new Date(staleBefore).toISOString()}::timestamptz returning number)${record}
              select number from done`,
        );
        return rows.length === 1 ? 'completed' : null;
      }
      released = await this.release(tx, number, { from: 'pending', staleBefore });
      return released ? 'cancelled' : null;
    });
    if (released) this.afterRelease(released);
    return outcome;
  }

  async listForUser(sub: string): Promise<{ number: string; status: string; createdAt: string; grandTotal: number; currency: 'NZD' | 'AUD'; itemQuantity: number; shippingType: string }[]> {
    const rows = await queryRows<{ number: string; status: string; created_at: string | Date; grand_total: number; currency: 'NZD' | 'AUD'; qty: number; shipping_type: string }>(
      this.db,
      sql`select number, status, created_at, grand_total, currency, shipping_type, (select coalesce(sum((i->>'qty')::int), 0) from jsonb_array_elements(items) i)::int as qty
          from orders where user_sub = ${sub} and status in ('placed', 'awaiting_payment') order by created_at desc limit 100`,
    );
    return rows.map((r) => ({ number: r.number, status: r.status, createdAt: new Date(r.created_at).toISOString(), grandTotal: r.grand_total, currency: r.currency, itemQuantity: Number(r.qty), shippingType: r.shipping_type }));
  }

  async view(number: string): Promise<(OrderView & { accessToken: string; userSub: string | null }) | null> {
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
    }>(this.db, sql`select * from orders where number = ${number}`);
    if (!o) return null;
    // reading an order whose pay-later checkout has expired expires it (the sweep may not have run yet)
    if (o.status === 'awaiting_payment' && o.payment_expires_at && new Date(o.payment_expires_at).getTime() <= this.now() && (await this.expireIfDue(number))) return this.view(number);
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

  private async transaction(run: (tx: Database) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => run(tx as unknown as Database));
  }

  private async inTransaction<T>(run: (tx: Database) => Promise<T>): Promise<T> {
    return (await this.db.transaction(async (tx) => run(tx as unknown as Database))) as T;
  }
}

/** The order was settled by the crash-recovery sweep while this placement was still running (it took too long). */
function settledMeanwhile(number: string): OrderError {
  return new OrderError('PaymentFailureUnrecoverable', paymentMessage('PaymentFailureUnrecoverable'), PAYMENT_ERROR_STATUS.PaymentFailureUnrecoverable, number);
}

/** A loyalty number as read back: every character but the last 3 masked (•••••123). */
export function maskMemberId(memberId: string): string {
  return '•'.repeat(Math.max(memberId.length - 3, 0)) + memberId.slice(-3);
}

/** "Afterpay is available for orders up to $2,000." in the market's currency and its own limit (AFTERPAY_MAX_CENTS_<currency>). */
export function afterpayLimitMessage(market: MarketSettings): string {
  return `Afterpay is available for orders up to ${formatMoney(market.afterpayMaxCents, market).replace(/\.00$/, '')}.`;
}

export const AFTERPAY_EXPIRED_MESSAGE = 'This Afterpay checkout has expired.';

export const PLACEHOLDER_CONTACT_NAME = 'Click and Collect';
export const PLACEHOLDER_PHONE = '0800000000';

/** Spec §7: company empty, contact from the customer (or a placeholder), address parts from the store. */
export function pickupAddress(store: PickupStore, customer: { firstName?: string; lastName?: string; phone?: string }): Address {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim();
  return {
    company: '',
    contactName: name || PLACEHOLDER_CONTACT_NAME,
    phone: customer.phone || PLACEHOLDER_PHONE,
    // the store's own country (click and collect is per country: an AU store on the AU site)
    country: store.country === 'AU' ? 'AU' : 'NZ',
    postcode: store.postcode,
    state: store.region,
    street1: store.street1,
    street2: store.street2 ?? '',
    suburb: store.locality,
  };
}

function labelOf(methodCode: string): string {
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

function paymentMessage(error: ChargeFailure): string {
  switch (error) {
    case 'PaymentProcessorDeclinedHard':
    case 'PaymentProcessorDeclined':
      return 'The payment was declined.';
    case 'PaymentGatewayRejected':
      return 'The payment was rejected by the gateway.';
    case 'PaymentInstrumentTypeNotAccepted':
      return 'This card type is not accepted.';
    case 'PaymentFailureUnrecoverable':
      return 'The payment could not be completed.';
    case 'PaymentMethodInvalid':
      return 'The payment details are no longer valid.';
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.message?.includes(constraint))) return true;
  }
  return false;
}
