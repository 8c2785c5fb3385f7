/**
 * The wallet flows' state at the payment stand-in's origin (client-origin.ts): the PayPal approval
 * popup's payments and the Apple Pay merchant sessions. In the database (src/platform/db/schema-stand-in-payments.ts)
 * so that the popup created by one API process is approved and tokenised by another. A PayPal
 * payment changes state by one conditional UPDATE (CREATED → APPROVED or CANCELLED, APPROVED →
 * TOKENIZED), so it is tokenised once whichever processes try. Both expire 3 hours after they were
 * made (merchant sessions at their own `expiresAt`, an hour); old rows are swept.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { sandboxApplePaySessions, sandboxPayPalPayments } from '../../platform/db/schema-stand-in-payments.js';
import { Sweeper } from './sweeper.js';

const HOUR = 60 * 60 * 1000;
/** PayPal payments and merchant sessions are forgotten 3 hours after they were made. */
export const WALLET_STATE_TTL_MS = 3 * HOUR;

export type PayPalPaymentState = 'CREATED' | 'APPROVED' | 'CANCELLED' | 'TOKENIZED';

export interface PayPalPayment {
  id: string;
  amount: string;
  currency: string;
  origin: string;
  payerId: string;
  /** Epoch ms. */
  createdAt: number;
}

const at = (ms: number) => new Date(ms);

export class SandboxWallets {
  private readonly sweeper: Sweeper;

  constructor(private readonly db: Database) {
    this.sweeper = new Sweeper(60_000, async (now) => {
      await this.db.delete(sandboxPayPalPayments).where(lt(sandboxPayPalPayments.createdAt, at(now - WALLET_STATE_TTL_MS)));
      await this.db.delete(sandboxApplePaySessions).where(lt(sandboxApplePaySessions.createdAt, at(now - WALLET_STATE_TTL_MS)));
    });
  }

  /** Deletes payments and sessions older than 3 hours (also done at most once a minute when one is made). */
  sweep(now: number): Promise<void> {
    return this.sweeper.run(now);
  }

  async createPayPalPayment(payment: PayPalPayment): Promise<void> {
    await this.sweeper.maybe(payment.createdAt);
    await this.db.insert(sandboxPayPalPayments).values({ ...payment, state: 'CREATED', createdAt: at(payment.createdAt) });
  }

  /** The buyer's answer in the popup: only a CREATED payment changes. The payment as it now is, or undefined (unknown or expired). */
  async decidePayPalPayment(id: string, approve: boolean, now: number): Promise<{ state: PayPalPaymentState; payerId: string } | undefined> {
    const t = sandboxPayPalPayments;
    const live = and(eq(t.id, id), gte(t.createdAt, at(now - WALLET_STATE_TTL_MS)));
    const [decided] = await this.db
      .update(t)
      .set({ state: approve ? 'APPROVED' : 'CANCELLED' })
      .where(and(live, eq(t.state, 'CREATED')))
      .returning({ state: t.state, payerId: t.payerId });
    const row = decided ?? (await this.db.select({ state: t.state, payerId: t.payerId }).from(t).where(live))[0];
    return row ? { state: row.state as PayPalPaymentState, payerId: row.payerId } : undefined;
  }

  /** Tokenises an approved payment, once: the payer id, or undefined (unknown, expired, not approved or already tokenised). */
  async tokenizePayPalPayment(id: string, now: number): Promise<{ payerId: string } | undefined> {
    const t = sandboxPayPalPayments;
    const [row] = await this.db
      .update(t)
      .set({ state: 'TOKENIZED' })
      .where(and(eq(t.id, id), eq(t.state, 'APPROVED'), gte(t.createdAt, at(now - WALLET_STATE_TTL_MS))))
      .returning({ payerId: t.payerId });
    return row;
  }

  async createApplePaySession(id: string, createdAt: number, expiresAt: number): Promise<void> {
    await this.sweeper.maybe(createdAt);
    await this.db.insert(sandboxApplePaySessions).values({ id, createdAt: at(createdAt), expiresAt: at(expiresAt) });
  }

  /** Whether a merchant session of this gateway is valid at `now`. */
  async applePaySessionValid(id: string, now: number): Promise<boolean> {
    const t = sandboxApplePaySessions;
    const [row] = await this.db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, id), gte(t.expiresAt, at(now)), gte(t.createdAt, at(now - WALLET_STATE_TTL_MS))));
    return row !== undefined;
  }
}
