/** Wires the cart & checkout services (pricing, vouchers, sandbox gateways, orders) and routes. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { FraudService } from '../fraud/index.js';
import { DEFAULT_RATE_LIMITS, type RateLimitSettings } from '../http/rate-limit.js';
import { OrderService } from '../orders/service.js';
import { savedCardRoutes } from '../payments/routes.js';
import { SavedCards } from '../payments/saved-cards.js';
import { SandboxGateway, SandboxPayLater } from '../payments/sandbox.js';
import { VoucherService } from '../vouchers/service.js';
import { checkoutRoutes } from './routes.js';
import { CheckoutService } from './service.js';

export type CheckoutConfig = Config['checkout'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Order placement, reading and the pay-later expiry (api/src/orders/service.ts). */
    orders: OrderService;
    /** The sandbox gateway: the payment stand-in's own origin mints its nonces here (api/src/payments/client-origin.ts). */
    paymentGateway: SandboxGateway;
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

export interface CheckoutExtras {
  /** Asked before an order takes anything (api/src/fraud); none = every order `not_provided`. */
  fraud?: FraudService;
  /** The clock pay-later checkouts expire by (epoch ms); tests inject one. */
  now?: () => number;
  /** Shared rate limits (gift-card PINs, promo codes, order lookups). */
  rateLimits?: RateLimitSettings;
}

export function registerCheckout(app: FastifyInstance, db: Database, config: CheckoutConfig = DEFAULT_CHECKOUT_CONFIG, extras: CheckoutExtras = {}): void {
  const checkout = new CheckoutService(db, { maxAppliedPromotions: config.maxAppliedPromotions, afterpayMax: config.afterpayMaxCents.NZD, cacheMs: 5_000 });
  const vouchers = new VoucherService(db, { maxPinAttempts: config.voucherMaxPinAttempts, lockMinutes: config.voucherLockMinutes });
  // eslint-disable-next-line prefer-const -- the gateway and the saved cards need each other
  let savedCards: SavedCards;
  // the stand-ins keep their state in the database (src/db/schema-payments.ts): every process sees the same
  const gateway = new SandboxGateway(db, {
    duplicateWindowMs: config.paymentDuplicateWindowSeconds * 1000,
    acceptedCardTypes: config.acceptedCardTypes,
    loadVaulted: (token) => savedCards.vaulted(token),
  });
  savedCards = new SavedCards(db, gateway);
  const payLater = new SandboxPayLater(db, { ttlMs: config.afterpayCheckoutTtlMinutes * 60_000, now: extras.now });
  const orders = new OrderService(db, checkout, vouchers, gateway, payLater, savedCards, {
    fraud: extras.fraud,
    now: extras.now,
    pendingTimeoutMs: config.pendingOrderTimeoutSeconds * 1000,
    // stock taken or given back: the listing cache and product JSON of these products (in every process)
    stockChanged: (productIds) => app.catalog.stockChanged(productIds),
  });
  app.decorate('orders', orders);
  app.decorate('paymentGateway', gateway);
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
    gateway,
    payLater,
    rateLimits: extras.rateLimits ?? { ...DEFAULT_RATE_LIMITS, lookupsPerMinute: config.voucherLookupsPerMinute },
    idempotencyLeaseMs: config.idempotencyLeaseSeconds * 1000,
  });
  app.register(savedCardRoutes, { savedCards });
}
