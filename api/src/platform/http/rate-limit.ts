/**
 * Rate limits shared by every API process: counted in the database (table `rate_limits`), one
 * conditional upsert per check, so N processes behind a load balancer share one budget per client
 * and a burst of concurrent requests is counted exactly (the upsert locks the row). Fixed windows
 * aligned to the database clock (every process agrees on them). The client is `request.ip`, which
 * follows X-Forwarded-For only from the proxies TRUST_PROXY names (fastify `trustProxy`).
 *
 * Answers over the limit are 429 with Retry-After (seconds to the end of the window).
 */
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryRows, type Database } from '../db/index.js';

export interface RateLimitRule {
  /** Bucket name, e.g. `gift-card-pin`. */
  bucket: string;
  /** Requests (or distinct items) per window. */
  limit: number;
  windowSeconds: number;
}

export type RateDecision = { ok: true; hits: number } | { ok: false; hits: number; retryAfter: number };

/** `::ffff:10.0.0.1` and `10.0.0.1` are one client. */
export function clientKey(ip: string | undefined): string {
  const value = (ip ?? 'unknown').trim().toLowerCase();
  return value.startsWith('::ffff:') && value.includes('.') ? value.slice(7) : value;
}

export class RateLimits {
  private lastSweep = 0;

  constructor(private readonly db: Database) {}

  /** Counts one request of `client` in the rule's bucket. */
  async take(rule: RateLimitRule, client: string): Promise<RateDecision> {
    void this.sweep();
    const key = `${rule.bucket}:${client}`;
    const w = rule.windowSeconds;
    const [row] = await queryRows<{ hits: number; retry_after: number }>(
      this.db,
      sql`insert into rate_limits as r (key, window_end, hits) values (${key}, to_timestamp((floor(extract(epoch from now()) / ${w}) + 1) * ${w}), 1)
          on conflict (key) do update set
            hits = case when r.window_end = excluded.window_end then r.hits + 1 else 1 end,
            items = case when r.window_end = excluded.window_end then r.items else null end,
            window_end = excluded.window_end
          returning hits, greatest(ceil(extract(epoch from (window_end - now()))), 1)::int as retry_after`,
    );
    const hits = Number(row?.hits ?? 1);
    return hits <= rule.limit ? { ok: true, hits } : { ok: false, hits, retryAfter: Number(row?.retry_after ?? w) };
  }

  /**
   * Counts a distinct `item` (say, a promo code) of `client`: the same item again in the window is
   * free; a new one beyond the limit is refused and not remembered (so trying it again is refused too).
   */
  async takeDistinct(rule: RateLimitRule, client: string, item: string): Promise<RateDecision> {
    void this.sweep();
    const key = `${rule.bucket}:${client}`;
    const w = rule.windowSeconds;
    const [row] = await queryRows<{ hits: number; known: boolean; retry_after: number }>(
      this.db,
      sql`insert into rate_limits as r (key, window_end, hits, items) values (${key}, to_timestamp((floor(extract(epoch from now()) / ${w}) + 1) * ${w}), 1, array[${item}]::text[])
          on conflict (key) do update set
            items = case when r.window_end <> excluded.window_end then excluded.items
                         when ${item} = any(coalesce(r.items, '{}')) or coalesce(cardinality(r.items), 0) >= ${rule.limit} then r.items
                         else coalesce(r.items, '{}') || ${item}::text end,
            hits = case when r.window_end <> excluded.window_end then 1
                        when ${item} = any(coalesce(r.items, '{}')) then r.hits
                        else r.hits + 1 end,
            window_end = excluded.window_end
          returning hits, coalesce(${item} = any(items), false) as known, greatest(ceil(extract(epoch from (window_end - now()))), 1)::int as retry_after`,
    );
    const hits = Number(row?.hits ?? 1);
    return row?.known ? { ok: true, hits } : { ok: false, hits, retryAfter: Number(row?.retry_after ?? w) };
  }

  /** Ended windows are deleted now and then (at most once a minute per process). */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    try {
      await this.db.execute(sql`delete from rate_limits where window_end < now() - interval '1 minute'`);
    } catch {
      // best effort: the next sweep tries again
    }
  }
}

/** Sends 429 with Retry-After. */
export function tooManyRequests(reply: FastifyReply, decision: { retryAfter: number }, message = 'Too many attempts. Try again later.', error = 'TooManyRequests') {
  return reply
    .code(429)
    .header('retry-after', String(decision.retryAfter))
    .send({ error, message });
}

/** The client a request is counted for (request.ip honours TRUST_PROXY). */
export const clientOf = (request: FastifyRequest): string => clientKey(request.ip);

/** Settings (README: TRUST_PROXY and the rate-limit variables). */
export interface RateLimitSettings {
  /** Gift-card PIN checks (balance and order/place), order lookups, return lookups, return creation: each per client and minute. */
  lookupsPerMinute: number;
  /** Distinct unknown promo codes per client and hour (checkout/info and order/place). */
  promoCodesPerHour: number;
  /** Sign-in calls (InitiateAuth, RespondToAuthChallenge) per client and minute. */
  signInPerMinute: number;
  /** Code confirmations (ConfirmSignUp, ConfirmForgotPassword, VerifyUserAttribute) per client and minute. */
  codeConfirmationsPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { lookupsPerMinute: 10, promoCodesPerHour: 30, signInPerMinute: 30, codeConfirmationsPerMinute: 20 };

export const rules = (s: RateLimitSettings) => ({
  giftCardPin: { bucket: 'gift-card-pin', limit: s.lookupsPerMinute, windowSeconds: 60 },
  orderLookup: { bucket: 'order-lookup', limit: s.lookupsPerMinute, windowSeconds: 60 },
  returnLookup: { bucket: 'return-lookup', limit: s.lookupsPerMinute, windowSeconds: 60 },
  returnCreate: { bucket: 'return-create', limit: s.lookupsPerMinute, windowSeconds: 60 },
  promoCode: { bucket: 'promo-code', limit: s.promoCodesPerHour, windowSeconds: 3600 },
  signIn: { bucket: 'sign-in', limit: s.signInPerMinute, windowSeconds: 60 },
  codeConfirmation: { bucket: 'code-confirmation', limit: s.codeConfirmationsPerMinute, windowSeconds: 60 },
});

const SIGN_IN_OPERATIONS = new Set(['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge']);
const CODE_OPERATIONS = new Set(['ConfirmSignUp', 'ConfirmForgotPassword', 'VerifyUserAttribute']);

/**
 * A preHandler for the user pool's POST /api/cognito (added from outside the cognito code, by
 * app.ts): sign-in and code confirmation calls are counted per client and refused with the
 * Cognito protocol's TooManyRequestsException (HTTP 429) and Retry-After.
 */
export function cognitoRateLimit(limits: RateLimits, settings: RateLimitSettings) {
  const r = rules(settings);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
    const rule = SIGN_IN_OPERATIONS.has(operation) ? r.signIn : CODE_OPERATIONS.has(operation) ? r.codeConfirmation : null;
    if (!rule) return;
    let decision;
    try {
      decision = await limits.take(rule, clientOf(request));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // the limits are in the database: answered as the user pool answers an outage (Cognito's JSON shape)
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('x-amzn-errortype', 'ServiceUnavailableException:')
        .header('cache-control', 'no-store')
        .type('application/x-amz-json-1.1')
        .send(JSON.stringify({ __type: 'ServiceUnavailableException', message: 'The user pool cannot reach its database right now. Try again in a moment.' }));
    }
    if (decision.ok) return;
    return reply
      .code(429)
      .header('retry-after', String(decision.retryAfter))
      .header('x-amzn-errortype', 'TooManyRequestsException:')
      .header('cache-control', 'no-store')
      .type('application/x-amz-json-1.1')
      .send(JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many requests. Try again later.' }));
  };
}
