/**
 * Checkout tables (cart & checkout area): shipping methods, promotions and their usage, gift
 * cards, orders, payment transactions and idempotency keys. Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const shippingMethods = pgTable('shipping_methods', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** The market (NZ, AU) the option delivers in; its price is in that market's currency. */
  market: text('market').notNull().default('NZ'),
});

/**
 * A promotion rule. `kind` is one of: percentCategory (rule.percent off items in rule.categoryPaths),
 * amountOff (rule.amount off the order when the items reach rule.minSubtotal), freeShipping (over
 * rule.minSubtotal), buyXGetY (rule.buyQty items of rule.categoryPaths give rule.giftQty of the
 * gift variant rule.giftVariantId free). `code` null = applied automatically.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    versionId: text('version_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    code: text('code'),
    rule: jsonb('rule').notNull(),
    exclusive: boolean('exclusive').notNull().default(false),
    /** Once applied, no later (lower-priority) offer applies. */
    stopsFurther: boolean('stops_further').notNull().default(false),
    priority: integer('priority').notNull().default(100),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The currency of the offer's amounts and of the orders it applies to (NZD, AUD). */
    currency: text('currency').notNull().default('NZD'),
  },
  (t) => [uniqueIndex('promotions_code_currency_idx').on(t.code, t.currency)],
);

export const promotionUsages = pgTable(
  'promotion_usages',
  {
    promotionId: text('promotion_id')
      .notNull()
      .references(() => promotions.id),
    orderNumber: text('order_number').notNull(),
    /** Lower-case e-mail of the customer. */
    customer: text('customer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.orderNumber] }), index('promotion_usages_customer_idx').on(t.customer, t.promotionId)],
);

export const giftCards = pgTable(
  'gift_cards',
  {
    code: text('code').primaryKey(),
    /** scrypt hash of the PIN, "salt:hash" hex. */
    pinHash: text('pin_hash').notNull(),
    balance: integer('balance').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    suspended: boolean('suspended').notNull().default(false),
    failedPins: integer('failed_pins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /** The card's balance is in this currency; it pays orders in that currency only. */
    currency: text('currency').notNull().default('NZD'),
  },
  (t) => [check('gift_cards_balance_check', sql`${t.balance} >= 0`)],
);

export const orders = pgTable(
  'orders',
  {
    number: text('number').primaryKey(),
    cartId: text('cart_id').notNull(),
    /**
     * pending (stock taken, paying), awaiting_payment (pay-later approval), placed, payment_failed,
     * cancelled (pay-later declined or expired), fraud_declined (refused before anything was taken),
     * fraud_held (the fraud check could not be made: held for review, nothing taken; FRAUD_UNAVAILABLE=hold).
     */
    status: text('status').notNull(),
    /** The market the order was placed in (NZ, AU) and the currency of its amounts (NZD, AUD). */
    market: text('market').notNull().default('NZ'),
    currency: text('currency').notNull().default('NZD'),
    accessToken: text('access_token').notNull(),
    userSub: text('user_sub'),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    agreeToMarketing: boolean('agree_to_marketing').notNull().default(false),
    shippingType: text('shipping_type').notNull(),
    shipping: jsonb('shipping').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    items: jsonb('items').notNull(),
    promoCodes: text('promo_codes').array().notNull().default(sql`'{}'::text[]`),
    promotions: jsonb('promotions').notNull(),
    payments: jsonb('payments').notNull(),
    itemSubtotal: integer('item_subtotal').notNull(),
    totalDiscount: integer('total_discount').notNull(),
    shippingPrice: integer('shipping_price').notNull(),
    grandTotal: integer('grand_total').notNull(),
    gst: integer('gst').notNull(),
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    /** Qantas Frequent Flyer number sent with the order (digits only); read back masked. */
    loyaltyMemberId: text('loyalty_member_id'),
    analytics: jsonb('analytics'),
    /** fraudAnalytics.token as sent by the browser (never logged, never read back by the shop). */
    fraudToken: text('fraud_token'),
    /** The fraud service's decision: approve, review, decline or not_provided (api/src/store/fraud). */
    fraudDecision: text('fraud_decision'),
    /** Why, in a word (e.g. bad_signature, site_mismatch, unavailable, test_decline). */
    fraudReason: text('fraud_reason'),
    /**
     * An operator's review of an order the fraud check did not approve (`npm run orders -w api`):
     * released (kept for fulfilment) or cancelled; null while it waits.
     */
    reviewOutcome: text('review_outcome'),
    /** When the operator decided, and the fraud decision asked again then (or why there was none). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewNote: text('review_note'),
    /** awaiting_payment: when the pay-later checkout expires (then cancelled, reservations released). */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true, mode: 'date' }),
    /**
     * The Idempotency-Key the order was placed with (written in the transaction that places it): a
     * retry whose first attempt died before its answer was saved is answered with this order.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One order at a time per cart, and a cart is spent once it has an order.
    uniqueIndex('orders_cart_active_idx').on(t.cartId).where(sql`${t.status} in ('pending', 'awaiting_payment', 'placed')`),
    index('orders_idempotency_key_idx').on(t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    index('orders_email_idx').on(t.email),
    index('orders_user_idx').on(t.userSub, t.createdAt),
    // The pay-later expiry sweep: only orders still waiting for approval.
    index('orders_payment_expiry_idx').on(t.paymentExpiresAt).where(sql`${t.status} = 'awaiting_payment'`),
    // The pending-order sweep (crash recovery): only orders whose placement never finished.
    index('orders_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: text('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    methodCode: text('method_code').notNull(),
    amount: integer('amount').notNull(),
    /** authorized, declined, failed, voided, refunded */
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('payment_transactions_order_idx').on(t.orderNumber)],
);

/**
 * Saved cards (the gateway's vault): `gatewayToken` is the gateway's reusable payment method
 * token and never leaves the API; the browser knows a card by `id`. One default per customer.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: text('id').primaryKey(),
    sub: text('sub').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    cardType: text('card_type').notNull(),
    lastFour: text('last_four').notNull(),
    expiry: text('expiry').notNull().default(''),
    /** Salted hash of the card (the sandbox's duplicate check), never the number. */
    fingerprint: text('fingerprint'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('saved_payment_methods_sub_idx').on(t.sub, t.createdAt), uniqueIndex('saved_payment_methods_token_idx').on(t.gatewayToken)],
);

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  /** running or done */
  state: text('state').notNull(),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When the running request took the key: after the lease (IDEMPOTENCY_LEASE_SECONDS) a retry may take it over. */
  claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schemaCheckout = { shippingMethods, promotions, promotionUsages, giftCards, orders, paymentTransactions, savedPaymentMethods, idempotencyKeys };
