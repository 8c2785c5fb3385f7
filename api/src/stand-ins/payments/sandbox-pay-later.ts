// The pay-later (Afterpay-like) sandbox: its checkouts, their states and capture, in the database.
import crypto from 'node:crypto';
import { and, eq, gt, inArray, lt, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { sandboxPayLaterCheckouts } from '../../platform/db/schema-stand-in-payments.js';
import type { PayLaterCheckout, PayLaterGateway, PayLaterState } from '../../store/payments/gateway.js';
import { Sweeper } from './sweeper.js';

/** Pay-later checkouts are forgotten this long after their expiry ("expired or does not exist"). */
const CHECKOUT_RETENTION_MS = 24 * 60 * 60 * 1000;

const at = (ms: number) => new Date(ms);

export interface SandboxPayLaterOptions {
  /** How long a checkout may wait for approval and capture (Afterpay: the checkout token's expiry). */
  ttlMs: number;
  now?: () => number;
}

const toCheckout = (row: typeof sandboxPayLaterCheckouts.$inferSelect): PayLaterCheckout => ({
  orderNumber: row.orderNumber,
  amount: row.amount,
  returnUrl: row.returnUrl,
  state: row.state as PayLaterState,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt.getTime(),
});

/**
 * Afterpay-like sandbox: a checkout token, a local approval page, then capture. Each state change
 * is one conditional UPDATE from the state it expects (PENDING → APPROVED or DECLINED, APPROVED →
 * CAPTURED, PENDING or APPROVED past expiresAt → EXPIRED), so processes racing on one checkout
 * agree on its outcome.
 *
 * `db` (last argument of get, status and capture): the statement runs there instead, e.g. in the
 * caller's transaction (on PGlite, one connection, a statement outside a running transaction
 * would wait for it forever).
 */
export class SandboxPayLater implements PayLaterGateway {
  private readonly now: () => number;
  private readonly ttlMs: number;
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Database,
    options: SandboxPayLaterOptions = { ttlMs: 60 * 60_000 },
  ) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs;
    // forget checkouts a day past their expiry (the approval page then says "expired or does not exist")
    this.sweeper = new Sweeper(60_000, async (now) => {
      await this.db.delete(sandboxPayLaterCheckouts).where(lt(sandboxPayLaterCheckouts.expiresAt, at(now - CHECKOUT_RETENTION_MS)));
    });
  }

  /** Deletes checkouts a day past their expiry (also done at most once a minute by createCheckout). */
  sweep(): Promise<void> {
    return this.sweeper.run(this.now());
  }

  async createCheckout({ orderNumber, amount, returnUrl }: { orderNumber: string; amount: number; returnUrl: string }) {
    const token = `apt_${crypto.randomBytes(16).toString('hex')}`;
    const createdAt = this.now();
    await this.sweeper.maybe(createdAt);
    const expiresAt = createdAt + this.ttlMs;
    await this.db.insert(sandboxPayLaterCheckouts).values({ token, orderNumber, amount, returnUrl, state: 'PENDING', createdAt: at(createdAt), expiresAt: at(expiresAt) });
    return { token, redirectUrl: `/api/payments/afterpay/checkout/${token}`, expiresAt };
  }

  /** The checkout, its state brought up to date (PENDING or APPROVED past expiresAt becomes EXPIRED). */
  async get(token: string, db: Database = this.db): Promise<Readonly<PayLaterCheckout> | undefined> {
    const t = sandboxPayLaterCheckouts;
    const [expired] = await db
      .update(t)
      .set({ state: 'EXPIRED' })
      .where(and(eq(t.token, token), inArray(t.state, ['PENDING', 'APPROVED']), lte(t.expiresAt, at(this.now()))))
      .returning();
    if (expired) return toCheckout(expired);
    const [row] = await db.select().from(t).where(eq(t.token, token));
    return row ? toCheckout(row) : undefined;
  }

  /** The shopper's answer on the approval page; only a PENDING checkout still in time changes. */
  async decide(token: string, approve: boolean): Promise<Readonly<PayLaterCheckout> | undefined> {
    const t = sandboxPayLaterCheckouts;
    const [decided] = await this.db
      .update(t)
      .set({ state: approve ? 'APPROVED' : 'DECLINED' })
      .where(and(eq(t.token, token), eq(t.state, 'PENDING'), gt(t.expiresAt, at(this.now()))))
      .returning();
    return decided ? toCheckout(decided) : this.get(token);
  }

  async status(token: string, db: Database = this.db): Promise<PayLaterState | undefined> {
    return (await this.get(token, db))?.state;
  }

  async capture(token: string, amount: number, db: Database = this.db) {
    const t = sandboxPayLaterCheckouts;
    const transactionId = `apt_tx_${crypto.randomBytes(8).toString('hex')}`;
    const [captured] = await db
      .update(t)
      .set({ state: 'CAPTURED', transactionId })
      .where(and(eq(t.token, token), eq(t.state, 'APPROVED'), eq(t.amount, amount), gt(t.expiresAt, at(this.now()))))
      .returning({ token: t.token });
    if (captured) return { ok: true as const, transactionId };
    const checkout = await this.get(token, db);
    if (!checkout) return { ok: false as const, error: 'UnknownToken' as const };
    if (checkout.state === 'EXPIRED') return { ok: false as const, error: 'Expired' as const };
    if (checkout.state !== 'APPROVED') return { ok: false as const, error: 'NotApproved' as const };
    if (checkout.amount !== amount) return { ok: false as const, error: 'AmountMismatch' as const };
    return { ok: false as const, error: 'NotApproved' as const };
  }
}
