/**
 * The local user pool's tables (api/src/stand-ins/user-pool, the development and test stand-in for
 * Cognito): users, one-time codes, the development e-mail outbox, refresh tokens and signing keys.
 * A real Cognito pool keeps these on its side; none is used when the local pool is off. The pool
 * stores an SRP salt and verifier per user, never a password.
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * Open SRP sign-in challenges (InitiateAuth USER_SRP_AUTH → RespondToAuthChallenge), kept here so
 * that the two steps may be answered by different API processes. Keyed by a hash of the
 * SECRET_BLOCK handed to the client; used once (deleted when answered) and valid until `expiresAt`.
 */
export const poolSrpChallenges = pgTable(
  'pool_srp_challenges',
  {
    /** SHA-256 (hex) of the SECRET_BLOCK. */
    id: text('id').primaryKey(),
    sub: text('sub').notNull(),
    /** False for the stand-in challenge an unknown user gets (it fails at the claim). */
    known: boolean('known').notNull(),
    /** The client's public ephemeral A, the server's B and secret b, and the verifier challenged (hex). */
    clientPublic: text('client_public').notNull(),
    serverPublic: text('server_public').notNull(),
    serverSecret: text('server_secret').notNull(),
    verifier: text('verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pool_srp_challenges_expires_idx').on(t.expiresAt)],
);

/** RS256 signing keys of the local pool (generated at first start, kept in the database). */
export const poolSigningKeys = pgTable('pool_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schemaUserPool = { poolUsers, poolCodes, poolOutbox, poolRefreshTokens, poolSrpChallenges, poolSigningKeys };
