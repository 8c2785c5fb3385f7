/**
 * Idempotency-Key semantics (Stripe's, FIELD-NOTES): the first response (5xx included) is
 * replayed to retries with the same key; the same key with a different body is 422; a duplicate
 * arriving while the first is still running gets 409. Keys are kept 24 hours.
 *
 * Crash recovery: a key stays `running` only while its holder lives. A retry (same body) finding
 * it `running` for longer than the lease (IDEMPOTENCY_LEASE_SECONDS, 30 s) takes it over in one
 * conditional UPDATE (so of several retries exactly one does) and runs the request again, after
 * resolving the order the dead holder may have left `pending` for the cart (as the pending-order
 * sweep would: orders/service.ts).
 *
 * The order row records the key in the transaction that inserts it: a retry finding the key
 * `running` (or taken over, or refused with OrderInProgress) while the key's order is placed or
 * waiting for its pay-later approval is answered with that order (the answer the dead holder never
 * saved), and the key keeps that answer (checkout/routes.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type Claim =
  | { kind: 'new'; takenOver?: boolean }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'conflict'; status: 409 | 422; body: { error: string; message: string } };

export function requestHash(body: unknown, scope: string): string {
  return crypto.createHash('sha256').update(scope).update('\n').update(JSON.stringify(body)).digest('hex');
}

export class IdempotencyStore {
  private lastSweep = 0;
  private readonly leaseMs: number;
  constructor(
    private readonly db: Database,
    { leaseMs = 30_000 }: { leaseMs?: number } = {},
  ) {
    this.leaseMs = leaseMs;
  }

  async claim(key: string, hash: string): Promise<Claim> {
    await this.sweep();
    const inserted = await queryRows<{ key: string }>(
      this.db,
      sql`insert into idempotency_keys (key, request_hash, state) values (${key}, ${hash}, 'running') on conflict (key) do nothing returning key`,
    );
    if (inserted.length === 1) return { kind: 'new' };
    const [row] = await queryRows<{ request_hash: string; state: string; response_status: number | null; response_body: unknown }>(
      this.db,
      sql`select request_hash, state, response_status, response_body from idempotency_keys where key = ${key}`,
    );
    if (!row) return this.claim(key, hash); // expired and swept in between
    if (row.request_hash !== hash) {
      return { kind: 'conflict', status: 422, body: { error: 'IdempotencyKeyReused', message: 'This Idempotency-Key was used with a different request.' } };
    }
    if (row.state !== 'done') {
      // the holder died (or hangs) past the lease: one retry takes the key over
      const taken = await queryRows<{ key: string }>(
        this.db,
        sql`update idempotency_keys set claimed_at = now() where key = ${key} and state = 'running' and request_hash = ${hash}
            and claimed_at < now() - make_interval(secs => ${this.leaseMs / 1000}) returning key`,
      );
      if (taken.length === 1) return { kind: 'new', takenOver: true };
      return { kind: 'conflict', status: 409, body: { error: 'IdempotencyKeyInProgress', message: 'A request with this Idempotency-Key is still being processed.' } };
    }
    return { kind: 'replay', status: row.response_status ?? 500, body: row.response_body };
  }

  async finish(key: string, status: number, body: unknown): Promise<void> {
    await this.db.execute(sql`update idempotency_keys set state = 'done', response_status = ${status}, response_body = ${JSON.stringify(body)}::jsonb where key = ${key}`);
  }

  /** Forgets a key whose outcome is not final (another order of the cart is still pending): a retry is judged again. */
  async release(key: string): Promise<void> {
    await this.db.execute(sql`delete from idempotency_keys where key = ${key} and state = 'running'`);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db.execute(sql`delete from idempotency_keys where created_at < ${new Date(now - IDEMPOTENCY_TTL_MS).toISOString()}::timestamptz`);
  }
}
