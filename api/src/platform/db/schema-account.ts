/**
 * Account tables: the local user pool (the development and test stand-in for Cognito), the
 * customer record, the synced account state, addresses and the loyalty member directory.
 * The pool stores an SRP salt and verifier per user, never a password.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const poolUsers = pgTable(
  'pool_users',
  {
    /** Cognito `sub`, also the USER_ID_FOR_SRP the verifier is computed with. */
    sub: text('sub').primaryKey(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** UNCONFIRMED | CONFIRMED */
    status: text('status').notNull().default('UNCONFIRMED'),
    /** SRP-6a salt (hex) and verifier (hex). */
    salt: text('salt').notNull(),
    verifier: text('verifier').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    phone: text('phone'),
    /** Failed sign-ins in a row and the lock that follows too many. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pool_users_email_key').on(t.email)],
);

/** One-time codes (sign-up confirmation, forgot password). Only the latest per purpose is valid. */
export const poolCodes = pgTable(
  'pool_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sub: text('sub').notNull(),
    /** SIGN_UP | FORGOT_PASSWORD */
    purpose: text('purpose').notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pool_codes_sub_idx').on(t.sub, t.purpose)],
);

/** Messages the pool "sends" (development outbox). */
export const poolOutbox = pgTable(
  'pool_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pool_outbox_email_idx').on(t.email)],
);

/** Refresh tokens (hashed) and their sign-in (origin_jti), revoked by RevokeToken or GlobalSignOut. */
export const poolRefreshTokens = pgTable(
  'pool_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sub: text('sub').notNull(),
    originJti: text('origin_jti').notNull(),
    clientId: text('client_id').notNull(),
    authTime: integer('auth_time').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('pool_refresh_tokens_sub_idx').on(t.sub), index('pool_refresh_tokens_origin_idx').on(t.originJti)],
);

/** RS256 signing keys of the local pool (generated at first start, kept in the database). */
export const poolSigningKeys = pgTable('pool_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The customer record behind GET/PUT /api/account (keyed by the identity `sub`). */
export const customers = pgTable('customers', {
  sub: text('sub').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  erpCustomerId: text('erp_customer_id').notNull(),
  subscriptionsEmail: boolean('subscriptions_email').notNull().default(false),
  subscriptionsSms: boolean('subscriptions_sms').notNull().default(false),
  qantasMemberId: text('qantas_member_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Synced account state (cart items, wishlist) with its syncableStateVersion, one per market (NZ, AU). */
export const accountStates = pgTable(
  'account_states',
  {
    sub: text('sub').notNull(),
    market: text('market').notNull().default('NZ'),
    version: integer('version').notNull().default(0),
    cart: jsonb('cart').notNull(),
    wishlist: jsonb('wishlist').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.market] })],
);

export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: text('id').primaryKey(),
    sub: text('sub').notNull(),
    company: text('company').notNull().default(''),
    contactName: text('contact_name').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    postcode: text('postcode').notNull(),
    state: text('state').notNull().default(''),
    street1: text('street1').notNull(),
    street2: text('street2').notNull().default(''),
    suburb: text('suburb').notNull(),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_addresses_sub_idx').on(t.sub)],
);

/** The airline loyalty programme's member directory (local stand-in, seeded). */
export const loyaltyMembers = pgTable('loyalty_members', {
  memberId: text('member_id').primaryKey(),
  lastName: text('last_name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const schemaAccount = {
  poolUsers,
  poolCodes,
  poolOutbox,
  poolRefreshTokens,
  poolSigningKeys,
  customers,
  accountStates,
  accountAddresses,
  loyaltyMembers,
};
