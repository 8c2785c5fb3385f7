/**
 * The local payment stand-ins' state (api/src/stand-ins/payments/sandbox.ts, sandbox-wallets.ts): what the
 * Braintree-like gateway and the Afterpay-like pay-later sandbox remember between requests. It is
 * in the database so that every API process behind a load balancer agrees on it (a nonce minted by
 * one process is charged by another, once). The real providers keep this on their side; none of
 * these tables is used when a real gateway is configured. Rows expire by their time columns and
 * are swept (deleted) when old.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Single-use payment method nonces (hosted-fields cards and wallets): 3 hours, then unknown. */
export const sandboxNonces = pgTable(
  'sandbox_nonces',
  {
    nonce: text('nonce').primaryKey(),
    /** card, paypal, apple-pay, google-pay */
    kind: text('kind').notNull(),
    cardType: text('card_type').notNull(),
    lastFour: text('last_four').notNull(),
    /** MM/YY for tokenised cards, null for wallets. */
    expiry: text('expiry'),
    /** Salted hash of card number and expiry (duplicate checking), never the number. */
    fingerprint: text('fingerprint'),
    /** ok, declined, declined-hard, failure, fraud, not-accepted, luhn */
    outcome: text('outcome').notNull(),
    /** Set once, by the one charge or vault that consumes the nonce (UPDATE … WHERE used = false). */
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_nonces_created_idx').on(t.createdAt)],
);

/** Duplicate checking: one row per card fingerprint and amount, charged at `chargedAt` (the window is PAYMENT_DUPLICATE_WINDOW_SECONDS). */
export const sandboxRecentCharges = pgTable(
  'sandbox_recent_charges',
  {
    key: text('key').primaryKey(),
    chargedAt: timestamp('charged_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_recent_charges_charged_idx').on(t.chargedAt)],
);

/** Vault tokens (pm_…) and the card each charges. */
export const sandboxVaultedCards = pgTable('sandbox_vaulted_cards', {
  token: text('token').primaryKey(),
  cardType: text('card_type').notNull(),
  lastFour: text('last_four').notNull(),
  fingerprint: text('fingerprint'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Authorisations (order charges and card verifications) and their voids. At most one authorised
 * charge per order number (a partial unique index): two processes charging one order cannot both
 * succeed.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    /** charge or verification */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** authorized or voided */
    status: text('status').notNull(),
    /** Charges: the order number (Braintree's orderId) and the instrument. */
    orderNumber: text('order_number'),
    instrument: text('instrument'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sandbox_transactions_order_charge_idx').on(t.orderNumber).where(sql`${t.kind} = 'charge' and ${t.status} = 'authorized'`),
    index('sandbox_transactions_created_idx').on(t.createdAt),
    check('sandbox_transactions_status_check', sql`${t.status} in ('authorized', 'voided')`),
  ],
);

/** Afterpay-like checkouts: PENDING → APPROVED or DECLINED → CAPTURED; PENDING or APPROVED past `expiresAt` → EXPIRED. */
export const sandboxPayLaterCheckouts = pgTable(
  'sandbox_pay_later_checkouts',
  {
    token: text('token').primaryKey(),
    orderNumber: text('order_number').notNull(),
    amount: integer('amount').notNull(),
    returnUrl: text('return_url').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set by the capture. */
    transactionId: text('transaction_id'),
  },
  (t) => [
    index('sandbox_pay_later_checkouts_expires_idx').on(t.expiresAt),
    check('sandbox_pay_later_checkouts_state_check', sql`${t.state} in ('PENDING', 'APPROVED', 'DECLINED', 'CAPTURED', 'EXPIRED')`),
  ],
);

/** The PayPal approval popup's payments (the stand-in origin): CREATED → APPROVED or CANCELLED; APPROVED → TOKENIZED once. */
export const sandboxPayPalPayments = pgTable(
  'sandbox_paypal_payments',
  {
    id: text('id').primaryKey(),
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    origin: text('origin').notNull(),
    state: text('state').notNull(),
    payerId: text('payer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_paypal_payments_created_idx').on(t.createdAt)],
);

/** Apple Pay merchant sessions (merchant validation at the stand-in origin). */
export const sandboxApplePaySessions = pgTable(
  'sandbox_apple_pay_sessions',
  {
    id: text('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sandbox_apple_pay_sessions_created_idx').on(t.createdAt)],
);

export const schemaPayments = { sandboxNonces, sandboxRecentCharges, sandboxVaultedCards, sandboxTransactions, sandboxPayLaterCheckouts, sandboxPayPalPayments, sandboxApplePaySessions };
