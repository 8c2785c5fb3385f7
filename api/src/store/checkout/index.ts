/**
 * Wires the cart & checkout services (pricing, vouchers, orders) and routes. The payment gateway
 * and pay-later provider come in from the composition root (api/src/app.ts): the store sees them
 * only as `PaymentGateway` and `PayLaterGateway`.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.js';
import type { FraudService } from '../fraud/index.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../../platform/http/rate-limit.js';
import { OrderService } from '../orders/service.js';
import type { PayLaterGateway, PaymentGateway } from '../payments/gateway.js';
import { savedCardRoutes } from '../payments/routes.js';
import type { SavedCards } from '../payments/saved-cards.js';
import { VoucherService } from '../vouchers/service.js';
import { checkoutRoutes, type CheckoutRoutesOptions } from './routes.js';
import { CheckoutService } from '../pricing/service.js';

/** Afterpay's upper limit per currency, in cents of that currency. */
export interface AfterpayLimits {
  NZD: number;
  AUD: number;
}

/** Cart & checkout settings (docs/checkout.md; read from the environment by api/src/config.ts). */
export interface CheckoutConfig {
  maxAppliedPromotions: number;
  /**
   * Afterpay (pay in 4) is offered up to this amount, per currency: cents of NZD on the
   * NZ site, cents of AUD on the Australian site. AFTERPAY_MAX_CENTS_NZD (or its older name
   * AFTERPAY_MAX_CENTS) and AFTERPAY_MAX_CENTS_AUD.
   */
  afterpayMaxCents: AfterpayLimits;
  paymentDuplicateWindowSeconds: number;
  acceptedCardTypes: string[];
  voucherLookupsPerMinute: number;
  voucherMaxPinAttempts: number;
  voucherLockMinutes: number;
  /** An Afterpay checkout not approved and completed within this expires (order cancelled, holds released). */
  afterpayCheckoutTtlMinutes: number;
  /** How often expired Afterpay checkouts are swept (0: only when touched). */
  afterpayExpirySweepSeconds: number;
  /** Orders can be returned online until this many days after they were placed (60 by default). */
  returnWindowDays: number;
  /** A `running` Idempotency-Key older than this is taken over by a retry (its holder died). */
  idempotencyLeaseSeconds: number;
  /** A `pending` order (placement never finished) older than this is resolved by the sweep. */
  pendingOrderTimeoutSeconds: number;
  /** How often pending orders are swept (0: never). */
  pendingOrderSweepSeconds: number;}

declare module 'fastify' {
  interface FastifyInstance {
    /** Order placement, reading and the pay-later expiry (api/src/store/orders/service.ts). */
    orders: OrderService;
  }
}

export const DEFAULT_CHECKOUT_CONFIG: CheckoutConfig = {
  maxAppliedPromotions: 3,
  afterpayMaxCents: { NZD: 200_000, AUD: 200_000 },
  paymentDuplicateWindowSeconds: 30,
  acceptedCardTypes: ['Visa', 'MasterCard', 'American Express'],
  voucherLookupsPerMinute: 10,
  voucherMaxPinAttempts: 5,
  voucherLockMinutes: 30,
  afterpayCheckoutTtlMinutes: 60,
  afterpayExpirySweepSeconds: 60,
  returnWindowDays: 60,
  idempotencyLeaseSeconds: 30,
  pendingOrderTimeoutSeconds: 300,
  pendingOrderSweepSeconds: 60,
};

/** The payment providers the composition root chose (api/src/app.ts). */
export interface CheckoutPayments {
  gateway: PaymentGateway;
  payLater: PayLaterGateway;
  savedCards: SavedCards;
  /** The pay-later provider's own pages when they are served here (see CheckoutRoutesOptions). */
  payLaterPages?: CheckoutRoutesOptions['payLaterPages'];
}

export interface CheckoutExtras {
  /** Asked before an order takes anything (api/src/store/fraud); none = every order `not_provided`. */
  fraud?: FraudService;
  /** When the fraud service cannot answer: hold (default), block or allow (see OrderServiceOptions). */
  fraudUnavailable?: 'hold' | 'block' | 'allow';
  /** The clock pay-later checkouts expire by (epoch ms); tests inject one. */
  now?: () => number;
  /** Shared rate limits (gift-card PINs, promo codes, order lookups). */
  rateLimits?: RateLimitSettings;
}

export function registerCheckout(app: FastifyInstance, db: Database, payments: CheckoutPayments, config: CheckoutConfig = DEFAULT_CHECKOUT_CONFIG, extras: CheckoutExtras = {}): void {
  const { gateway, payLater, savedCards } = payments;
  const checkout = new CheckoutService(db, { maxAppliedPromotions: config.maxAppliedPromotions, afterpayMax: config.afterpayMaxCents.NZD, cacheMs: 5_000 });
  const vouchers = new VoucherService(db, { maxPinAttempts: config.voucherMaxPinAttempts, lockMinutes: config.voucherLockMinutes });
  const orders = new OrderService(db, checkout, vouchers, gateway, payLater, savedCards, {
    fraud: extras.fraud,
    fraudUnavailable: extras.fraudUnavailable,
    now: extras.now,
    pendingTimeoutMs: config.pendingOrderTimeoutSeconds * 1000,
    // stock taken or given back: the listing cache and product JSON of these products (in every process)
    stockChanged: (productIds) => app.catalog.stockChanged(productIds),
  });
  app.decorate('orders', orders);
  // Crash recovery: orders whose placement never finished (the process died between stock and
  // payment) are completed when charged, else cancelled with everything they hold released.
  if (config.pendingOrderSweepSeconds > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = orders
        .resolvePending()
        .then((r) => (r.completed > 0 || r.cancelled > 0) && app.log.warn(r, 'unfinished orders resolved by the pending-order sweep'))
        .catch((error: unknown) => app.log.error({ err: error }, 'pending-order sweep failed'))
        .finally(() => (running = null));
    }, config.pendingOrderSweepSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  // Expired Afterpay checkouts give back what their orders hold: swept periodically (and lazily when touched).
  if (config.afterpayExpirySweepSeconds > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = orders
        .expireDue()
        .then((n) => n > 0 && app.log.info({ expired: n }, 'expired Afterpay checkouts released'))
        .catch((error: unknown) => app.log.error({ err: error }, 'Afterpay expiry sweep failed'))
        .finally(() => (running = null));
    }, config.afterpayExpirySweepSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  app.register(checkoutRoutes, {
    db,
    checkout,
    orders,
    vouchers,
    payLaterPages: payments.payLaterPages,
    rateLimits: extras.rateLimits ?? { ...DEFAULT_RATE_LIMITS, lookupsPerMinute: config.voucherLookupsPerMinute },
    idempotencyLeaseMs: config.idempotencyLeaseSeconds * 1000,
  });
  app.register(savedCardRoutes, { savedCards });
}
