/** Wires the cart & checkout services (pricing, vouchers, sandbox gateways, orders) and routes. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { FraudService } from '../fraud/index.js';
import { OrderService } from '../orders/service.js';
import { savedCardRoutes } from '../payments/routes.js';
import { SavedCards } from '../payments/saved-cards.js';
import { SandboxGateway, SandboxPayLater } from '../payments/sandbox.js';
import { VoucherService } from '../vouchers/service.js';
import { checkoutRoutes } from './routes.js';
import { CheckoutService } from './service.js';

export type CheckoutConfig = Config['checkout'];

export const DEFAULT_CHECKOUT_CONFIG: CheckoutConfig = {
  maxAppliedPromotions: 3,
  afterpayMaxCents: 200_000,
  paymentDuplicateWindowSeconds: 30,
  acceptedCardTypes: ['Visa', 'MasterCard', 'American Express'],
  voucherLookupsPerMinute: 10,
  voucherMaxPinAttempts: 5,
  voucherLockMinutes: 30,
};

export interface CheckoutExtras {
  /** Asked before an order takes anything (api/src/fraud); none = every order `not_provided`. */
  fraud?: FraudService;
}

export function registerCheckout(app: FastifyInstance, db: Database, config: CheckoutConfig = DEFAULT_CHECKOUT_CONFIG, extras: CheckoutExtras = {}): void {
  const checkout = new CheckoutService(db, { maxAppliedPromotions: config.maxAppliedPromotions, afterpayMax: config.afterpayMaxCents, cacheMs: 5_000 });
  const vouchers = new VoucherService(db, { maxPinAttempts: config.voucherMaxPinAttempts, lockMinutes: config.voucherLockMinutes });
  // eslint-disable-next-line prefer-const -- the gateway and the saved cards need each other
  let savedCards: SavedCards;
  const gateway = new SandboxGateway({
    duplicateWindowMs: config.paymentDuplicateWindowSeconds * 1000,
    acceptedCardTypes: config.acceptedCardTypes,
    loadVaulted: (token) => savedCards.vaulted(token),
  });
  savedCards = new SavedCards(db, gateway);
  const payLater = new SandboxPayLater();
  const orders = new OrderService(db, checkout, vouchers, gateway, payLater, savedCards, { fraud: extras.fraud });
  app.register(checkoutRoutes, { db, checkout, orders, vouchers, gateway, payLater, voucherLookupsPerMinute: config.voucherLookupsPerMinute });
  app.register(savedCardRoutes, { savedCards });
}
