/**
 * The payment gateway interface the order service charges through. The local sandbox
 * (api/src/stand-ins/payments/sandbox.ts) behaves like Braintree's sandbox; a real gateway adapter implements the same.
 */
import type { Database } from '../../platform/db/index.js';

export type ChargeFailure =
  | 'PaymentGatewayRejected'
  | 'PaymentProcessorDeclined'
  | 'PaymentProcessorDeclinedHard'
  | 'PaymentInstrumentTypeNotAccepted'
  | 'PaymentFailureUnrecoverable'
  | 'PaymentMethodInvalid';

export type ChargeOutcome =
  | { ok: true; transactionId: string; instrument: string }
  | { ok: false; error: ChargeFailure; code: string; message: string; transactionId?: string };

export interface ChargeRequest {
  /** BRAINTREE_CREDIT_CARD, BRAINTREE_PAYPAL, BRAINTREE_APPLE_PAY, BRAINTREE_GOOGLE_PAY, BRAINTREE_SAVED */
  methodCode: string;
  /** Payment method nonce (or a saved method's token). */
  nonce: string;
  /** Cents. */
  amount: number;
  orderNumber: string;
}

export type VaultOutcome =
  | {
      ok: true;
      /** The reusable payment method token (charge it with BRAINTREE_SAVED). */
      token: string;
      cardType: string;
      lastFour: string;
      expiry: string;
      fingerprint: string | null;
      /** The card verification: an authorisation of up to $1 that the caller voids. */
      verification: { transactionId: string; amount: number };
    }
  | { ok: false; error: ChargeFailure; code: string; message: string };

export interface PaymentGateway {
  /** Authorises and submits for settlement. Never throws for a decline: returns the outcome. */
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Vaults a card nonce into a reusable token after a verification authorisation (up to $1). */
  vault(nonce: string): Promise<VaultOutcome>;
  /** Voids an authorisation (refunds are out of scope for the sandbox). Voiding a voided one is a no-op; throws for an unknown transaction. */
  void(transactionId: string): Promise<void>;
  /**
   * The authorised charge made for an order, if any (Braintree: a transaction search by order id).
   * Crash recovery asks it about orders whose placement never finished. Without it, such an order
   * counts as not charged.
   */
  findCharge?(orderNumber: string): Promise<{ transactionId: string; amount: number; instrument: string } | null>;
  /** Refunds a settled (or settling) charge, all of it or `amount` cents. Throws when the gateway does not answer. */
  refund?(transactionId: string, amount?: number): Promise<RefundOutcome>;
}

export type RefundOutcome = { ok: true; refundId: string } | { ok: false; code: string; message: string };

/** A refund of a pay-later payment: `requestId` makes a repeat of the same refund return the first one. */
export interface PayLaterRefundRequest {
  /** The capture's transaction id (as `capture` returned it). */
  transactionId: string;
  /** Cents of `currency`. */
  amount: number;
  currency: 'NZD' | 'AUD';
  orderNumber: string;
  /** What the refund is for (a return number, or the order number for a cancellation): also the idempotency key. */
  requestId: string;
}

/** A vaulted card as the sandbox needs it to charge the token again. */
export interface VaultedCard {
  cardType: string;
  lastFour: string;
  fingerprint: string | null;
}

export interface PayLaterCheckout {
  orderNumber: string;
  amount: number;
  returnUrl: string;
  state: PayLaterState;
  createdAt: number;
  /** Epoch ms: not captured by then, the checkout is EXPIRED. */
  expiresAt: number;
}

export type PayLaterState = 'PENDING' | 'APPROVED' | 'DECLINED' | 'CAPTURED' | 'EXPIRED';

/**
 * Pay-later (Afterpay-like): a checkout the shopper approves on the provider's page, then a capture.
 * A checkout not captured by `expiresAt` (epoch ms) is EXPIRED: it can no longer be approved or captured.
 * `db` (last argument of get, status and capture): the statement runs there, e.g. in the caller's
 * transaction.
 */
export interface PayLaterGateway {
  /** `amount` in cents of `currency` (the order's market; NZD when absent). */
  createCheckout(request: { orderNumber: string; amount: number; returnUrl: string; currency?: 'NZD' | 'AUD'; /** The site's origin (providers that need absolute return URLs). */ siteOrigin?: string }): Promise<{ token: string; redirectUrl: string; expiresAt: number }>;
  /** Captures an approved checkout; `amount` must match the approved one. */
  capture(token: string, amount: number, db?: Database): Promise<{ ok: true; transactionId: string } | { ok: false; error: 'NotApproved' | 'AmountMismatch' | 'UnknownToken' | 'Expired' }>;
  status(token: string, db?: Database): Promise<PayLaterState | undefined>;
  /** The checkout behind a token (undefined when unknown). */
  get(token: string, db?: Database): Promise<Readonly<PayLaterCheckout> | undefined>;
  /**
   * Refunds (part of) a captured payment. The same `requestId` again returns the first refund and
   * refunds nothing more. Throws when the provider does not answer (the refund may or may not have
   * happened: repeat it with the same requestId).
   */
  refund?(request: PayLaterRefundRequest): Promise<RefundOutcome>;
}
