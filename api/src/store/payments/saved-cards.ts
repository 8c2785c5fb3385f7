/**
 * Saved cards (the account's payment methods). Saving vaults a card nonce at the gateway, which
 * verifies it with an authorisation of up to $1; that authorisation is voided at once and the
 * void is recorded in payment_transactions (method CARD_VERIFICATION, status voided). Every read
 * and change is scoped to the customer (`sub`): another customer's card is simply not found.
 */
import crypto from 'node:crypto';
import type { SavedPaymentMethod } from '@store/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { paymentTransactions, savedPaymentMethods } from '../../platform/db/schema-checkout.js';
import type { ChargeFailure, PaymentGateway, VaultedCard } from './gateway.js';

export const CARD_VERIFICATION = 'CARD_VERIFICATION';
/** At most this many saved cards per customer. */
export const SAVED_CARDS_MAX = 10;

type Row = typeof savedPaymentMethods.$inferSelect;
const toView = (row: Row): SavedPaymentMethod => ({
  id: row.id,
  cardType: row.cardType,
  lastFour: row.lastFour,
  expiry: row.expiry,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

export type SaveOutcome = { ok: true; id: string; gatewayToken: string } | { ok: false; error: ChargeFailure | 'SavedCardLimitReached'; code: string; message: string };

export class SavedCards {
  constructor(
    private readonly db: Database,
    private readonly gateway: PaymentGateway,
  ) {}

  /** Newest first; with no default marked, the newest is shown as the default. */
  async list(sub: string): Promise<SavedPaymentMethod[]> {
    const rows = await this.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.sub, sub)).orderBy(desc(savedPaymentMethods.createdAt), desc(savedPaymentMethods.id));
    const cards = rows.map(toView);
    if (cards.length > 0 && !cards.some((c) => c.isDefault)) cards[0]!.isDefault = true;
    return cards;
  }

  /**
   * Vaults `nonce` for `sub`. `reference` is what the verification is recorded against (the order
   * number at checkout). The first saved card becomes the default.
   */
  async save(sub: string, nonce: string, reference: string): Promise<SaveOutcome> {
    const existing = await this.db.select({ id: savedPaymentMethods.id }).from(savedPaymentMethods).where(eq(savedPaymentMethods.sub, sub));
    if (existing.length >= SAVED_CARDS_MAX) return { ok: false, error: 'SavedCardLimitReached', code: 'limit', message: `At most ${SAVED_CARDS_MAX} cards can be saved.` };
    const outcome = await this.gateway.vault(nonce);
    if (!outcome.ok) return outcome;
    const { transactionId, amount } = outcome.verification;
    await this.gateway.void(transactionId);
    const id = `spm_${crypto.randomBytes(12).toString('hex')}`;
    await this.db.transaction(async (tx) => {
      await tx.insert(paymentTransactions).values({ id: transactionId, orderNumber: reference, methodCode: CARD_VERIFICATION, amount, status: 'voided', detail: `${outcome.cardType} ending ${outcome.lastFour}` });
      await tx.insert(savedPaymentMethods).values({
        id,
        sub,
        gatewayToken: outcome.token,
        cardType: outcome.cardType,
        lastFour: outcome.lastFour,
        expiry: outcome.expiry,
        fingerprint: outcome.fingerprint,
        isDefault: existing.length === 0,
      });
    });
    return { ok: true, id, gatewayToken: outcome.token };
  }

  /** The gateway token of one of the customer's cards, or null. */
  async resolve(sub: string, id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ token: savedPaymentMethods.gatewayToken })
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.sub, sub)))
      .limit(1);
    return row?.token ?? null;
  }

  /** Deletes one of the customer's cards; false when it is not theirs or does not exist. */
  async remove(sub: string, id: string): Promise<boolean> {
    const deleted = await this.db.delete(savedPaymentMethods).where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.sub, sub))).returning({ id: savedPaymentMethods.id });
    return deleted.length > 0;
  }

  /** Makes one of the customer's cards the default; false when it is not theirs or does not exist. */
  async setDefault(sub: string, id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(savedPaymentMethods)
        .set({ isDefault: true })
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.sub, sub)))
        .returning({ id: savedPaymentMethods.id });
      if (updated.length === 0) return false;
      await tx.update(savedPaymentMethods).set({ isDefault: false }).where(and(eq(savedPaymentMethods.sub, sub), ne(savedPaymentMethods.id, id)));
      return true;
    });
  }

  /** For the sandbox gateway after a restart: what it needs to charge a vault token again. */
  async vaulted(token: string): Promise<VaultedCard | undefined> {
    const [row] = await this.db
      .select({ cardType: savedPaymentMethods.cardType, lastFour: savedPaymentMethods.lastFour, fingerprint: savedPaymentMethods.fingerprint })
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.gatewayToken, token))
      .limit(1);
    return row;
  }
}
