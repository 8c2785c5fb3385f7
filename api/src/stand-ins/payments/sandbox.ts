/**
 * A local payment sandbox that behaves like Braintree's (FIELD-NOTES): the browser turns test
 * card details into a single-use nonce at the sandbox's own tokenisation endpoint (as hosted
 * fields do), so card numbers never reach the order API; amounts decide outcomes (0.01-1999.99
 * authorised, 2000.00-2999.99 processor declined with that response code, 3000.00-3000.99
 * processor failure, 5001.00 gateway rejected); the same card and amount inside the duplicate
 * window is rejected as a duplicate; the documented fake-*-nonce values work as in Braintree.
 *
 * Its state (nonces, the duplicate window, vault tokens, transactions and the charge per order,
 * and the pay-later checkouts) is in the database (src/platform/db/schema-stand-in-payments.ts), like Braintree's
 * on its side: every API process behind a load balancer sees the same, and each change is one
 * conditional statement (a nonce is consumed by `UPDATE … WHERE used = false RETURNING`, an order
 * has at most one authorised charge by a unique index, a void or a checkout's state changes only
 * from the state it expects), so two processes never both use what only one may. Expiry is
 * judged in every query by the time columns and the injected clock (`now`); old rows are swept.
 */
import crypto from 'node:crypto';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { sandboxNonces, sandboxRecentCharges, sandboxTransactions, sandboxVaultedCards } from '../../platform/db/schema-stand-in-payments.js';
import type { ChargeOutcome, ChargeRequest, PayLaterCheckout, PaymentGateway, VaultedCard, VaultOutcome } from '../../store/payments/gateway.js';
import { Sweeper } from './sweeper.js';
import { SandboxWallets } from './sandbox-wallets.js';
import { HARD_DECLINES, METHOD_KINDS, TEST_CARDS, VERIFICATION_AMOUNT, cardTypeOf, fakeNonce, luhnValid, type CardOutcome, type NonceRecord } from './sandbox-cards.js';

export type { PayLaterCheckout, VaultedCard };
export { SandboxPayLater, type SandboxPayLaterOptions } from './sandbox-pay-later.js';
export { VERIFICATION_AMOUNT, luhnValid } from './sandbox-cards.js';

export interface SandboxOptions {
  /** Same card and amount inside this window is rejected as a duplicate (Braintree: 30 s). 0 disables. */
  duplicateWindowMs: number;
  acceptedCardTypes: string[];
  now?: () => number;
  /** Vault tokens this process did not create (after a restart): read them from the saved cards. */
  loadVaulted?: (token: string) => Promise<VaultedCard | undefined>;
}

export interface SandboxTransaction {
  amount: number;
  kind: 'charge' | 'verification';
  status: 'authorized' | 'voided';
  /** Charges: the order number. */
  orderNumber?: string;
  voidedAt?: number;
}

/** Braintree nonces expire after 3 hours. */
export const NONCE_TTL_MS = 3 * 60 * 60 * 1000;
/** Sandbox transactions are kept this long (crash recovery asks about charges minutes old). */
export const TRANSACTION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const id = () => `sbx_${crypto.randomBytes(8).toString('hex')}`;
const at = (ms: number) => new Date(ms);
type NonceProblem = 'unknown' | 'used' | 'kind';

/** Rolls back a charge's transaction: the card and amount are inside the duplicate window, or the order already has an authorised charge. */
class ChargeRefused extends Error {
  constructor(readonly reason: 'duplicate' | 'order') {
    super(reason);
  }
}

export class SandboxGateway implements PaymentGateway {
  /** The wallet flows' state at the stand-in origin (PayPal payments, Apple Pay merchant sessions). */
  readonly wallets: SandboxWallets;
  private readonly now: () => number;
  private readonly sweeper: Sweeper;

  constructor(
    private readonly db: Database,
    private readonly options: SandboxOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.wallets = new SandboxWallets(db);
    this.sweeper = new Sweeper(60_000, async (now) => {
      await this.db.delete(sandboxNonces).where(lt(sandboxNonces.createdAt, at(now - NONCE_TTL_MS)));
      await this.db.delete(sandboxRecentCharges).where(lt(sandboxRecentCharges.chargedAt, at(now - Math.max(this.options.duplicateWindowMs, 0))));
      await this.db.delete(sandboxTransactions).where(lt(sandboxTransactions.createdAt, at(now - TRANSACTION_RETENTION_MS)));
    });
  }

  /** Deletes expired nonces, duplicate-window rows and old transactions (also done at most once a minute by tokenisation). */
  sweep(): Promise<void> {
    return this.sweeper.run(this.now());
  }

  /**
   * The sandbox's client-side tokenisation (hosted fields): card details in, nonce out. Only the
   * card type and last four digits are kept; the number is reduced to a salted fingerprint for
   * duplicate checking.
   */
  async tokenizeCard(card: { number: string; expiry: string; cvv: string }): Promise<{ ok: true; nonce: string; details: { cardType: string; lastFour: string } } | { ok: false; field: string; reason: string }> {
    const digits = card.number.replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number', reason: 'Card number is not valid' };
    const [mm, yy] = card.expiry.split('/').map((part) => Number(part.trim()));
    if (!(mm! >= 1 && mm! <= 12) || !Number.isInteger(yy)) return { ok: false, field: 'expiry', reason: 'Expiry date is not valid' };
    const end = Date.UTC(yy! < 100 ? 2000 + yy! : yy!, mm!, 1); // first day of the month after expiry
    if (!(end > this.now())) return { ok: false, field: 'expiry', reason: 'Card has expired' };
    const expiry = `${String(mm).padStart(2, '0')}/${String(yy! % 100).padStart(2, '0')}`;
    const known = Object.hasOwn(TEST_CARDS, digits) ? TEST_CARDS[digits] : undefined;
    const cardType = known?.cardType ?? cardTypeOf(digits);
    const outcome: CardOutcome = known?.outcome ?? 'ok';
    await this.sweeper.maybe(this.now());
    const nonce = `tokencc_${crypto.randomBytes(12).toString('hex')}`;
    await this.db.insert(sandboxNonces).values({
      nonce,
      kind: 'card',
      cardType,
      lastFour: digits.slice(-4),
      fingerprint: crypto.createHash('sha256').update(`sandbox:${digits}:${expiry}`).digest('hex'),
      expiry,
      outcome,
      createdAt: at(this.now()),
    });
    return { ok: true, nonce, details: { cardType, lastFour: digits.slice(-4) } };
  }

  /**
   * A wallet's single-use nonce, minted by the stand-in's client flows (PayPal approval, the Google
   * Pay sheet, an authorised Apple Pay payment; api/src/stand-ins/payments/client-origin.ts). `lastFour`
   * 1115 is the wallets' test card that declines (hard, like 4000 1111 1111 1115).
   */
  async mintWalletNonce(kind: 'paypal' | 'apple-pay' | 'google-pay', card: { cardType: string; lastFour: string }): Promise<string> {
    await this.sweeper.maybe(this.now());
    const prefix = kind === 'paypal' ? 'tokenpp' : kind === 'apple-pay' ? 'tokenap' : 'tokengp';
    const nonce = `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
    const outcome: CardOutcome = kind !== 'paypal' && card.lastFour === '1115' ? 'declined-hard' : 'ok';
    await this.db.insert(sandboxNonces).values({ nonce, kind, cardType: card.cardType, lastFour: card.lastFour, fingerprint: null, outcome, createdAt: at(this.now()) });
    return nonce;
  }

  async describe(nonce: string): Promise<{ cardType: string; lastFour: string } | undefined> {
    const fake = fakeNonce(nonce);
    if (fake) return { cardType: fake.cardType, lastFour: fake.lastFour };
    const [row] = await this.db
      .select({ cardType: sandboxNonces.cardType, lastFour: sandboxNonces.lastFour })
      .from(sandboxNonces)
      .where(and(eq(sandboxNonces.nonce, nonce), gte(sandboxNonces.createdAt, at(this.now() - NONCE_TTL_MS))));
    return row;
  }

  /**
   * Uses a nonce up: one statement, so of two processes (or requests) using one nonce at once only
   * one gets it. A nonce of another kind is not used up (the caller is told `kind`).
   */
  private async consume(nonce: string, kinds: readonly string[]): Promise<{ record: NonceRecord } | { problem: NonceProblem }> {
    const fresh = gte(sandboxNonces.createdAt, at(this.now() - NONCE_TTL_MS));
    if (kinds.length > 0) {
      const [row] = await this.db
        .update(sandboxNonces)
        .set({ used: true })
        .where(and(eq(sandboxNonces.nonce, nonce), eq(sandboxNonces.used, false), fresh, inArray(sandboxNonces.kind, [...kinds])))
        .returning();
      if (row) {
        const record: NonceRecord = { kind: row.kind as NonceRecord['kind'], cardType: row.cardType, lastFour: row.lastFour, fingerprint: row.fingerprint, outcome: row.outcome as CardOutcome };
        if (row.expiry !== null) record.expiry = row.expiry;
        return { record };
      }
    }
    const [seen] = await this.db.select({ used: sandboxNonces.used }).from(sandboxNonces).where(and(eq(sandboxNonces.nonce, nonce), fresh));
    return { problem: !seen ? 'unknown' : seen.used ? 'used' : 'kind' };
  }

  /** A sandbox transaction (charge or verification) and whether it was voided. */
  async transaction(transactionId: string): Promise<Readonly<SandboxTransaction> | undefined> {
    const [row] = await this.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, transactionId));
    if (!row) return undefined;
    return {
      amount: row.amount,
      kind: row.kind as SandboxTransaction['kind'],
      status: row.status as SandboxTransaction['status'],
      ...(row.orderNumber !== null ? { orderNumber: row.orderNumber } : {}),
      ...(row.voidedAt ? { voidedAt: row.voidedAt.getTime() } : {}),
    };
  }

  /**
   * Braintree's payment method create with card verification: the nonce is used up, the card is
   * verified with an authorisation of VERIFICATION_AMOUNT (the caller voids it), and a reusable
   * token is returned. A card that would decline is not vaulted.
   */
  async vault(nonce: string): Promise<VaultOutcome> {
    const fake = fakeNonce(nonce);
    let record: NonceRecord;
    if (fake) {
      if (fake.kind !== 'card') return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: 'Only cards can be saved.' };
      record = { ...fake, fingerprint: null };
    } else {
      const consumed = await this.consume(nonce, ['card']);
      if ('problem' in consumed) {
        if (consumed.problem === 'unknown') return { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' };
        if (consumed.problem === 'used') return { ok: false, error: 'PaymentMethodInvalid', code: '93107', message: 'Cannot use a payment method nonce more than once.' };
        return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: 'Only cards can be saved.' };
      }
      record = consumed.record;
    }
    const failure = this.outcomeFailure(record);
    if (failure) return failure;
    const transactionId = id();
    const token = `pm_${crypto.randomBytes(12).toString('hex')}`;
    const createdAt = at(this.now());
    await this.db.transaction(async (tx) => {
      await tx.insert(sandboxTransactions).values({ id: transactionId, kind: 'verification', amount: VERIFICATION_AMOUNT, status: 'authorized', createdAt });
      await tx.insert(sandboxVaultedCards).values({ token, cardType: record.cardType, lastFour: record.lastFour, fingerprint: record.fingerprint, createdAt });
    });
    return { ok: true, token, cardType: record.cardType, lastFour: record.lastFour, expiry: record.expiry ?? '', fingerprint: record.fingerprint, verification: { transactionId, amount: VERIFICATION_AMOUNT } };
  }

  private outcomeFailure(record: NonceRecord): Extract<VaultOutcome, { ok: false }> | null {
    if (record.outcome === 'failure') return { ok: false, error: 'PaymentFailureUnrecoverable', code: '3000', message: 'Processor network unavailable - try again' };
    if (record.outcome === 'not-accepted' || (record.kind === 'card' && !this.options.acceptedCardTypes.includes(record.cardType))) {
      return { ok: false, error: 'PaymentInstrumentTypeNotAccepted', code: '81703', message: `${record.cardType} is not accepted.` };
    }
    if (record.outcome === 'luhn') return { ok: false, error: 'PaymentProcessorDeclinedHard', code: '2005', message: 'Invalid Credit Card Number' };
    if (record.outcome === 'fraud') return { ok: false, error: 'PaymentGatewayRejected', code: 'fraud', message: 'Gateway rejected: fraud' };
    if (record.outcome === 'declined') return { ok: false, error: 'PaymentProcessorDeclined', code: '2000', message: 'Do Not Honor' };
    if (record.outcome === 'declined-hard') return { ok: false, error: 'PaymentProcessorDeclinedHard', code: '2015', message: 'Transaction Not Allowed' };
    return null;
  }

  /** A vault token's card: the sandbox's vault, else (a token vaulted before the vault was in the database) the saved cards. */
  private async vaultedRecord(token: string): Promise<NonceRecord | undefined> {
    const [row] = await this.db
      .select({ cardType: sandboxVaultedCards.cardType, lastFour: sandboxVaultedCards.lastFour, fingerprint: sandboxVaultedCards.fingerprint })
      .from(sandboxVaultedCards)
      .where(eq(sandboxVaultedCards.token, token));
    const card = row ?? (await this.options.loadVaulted?.(token));
    if (!card) return undefined;
    return { kind: 'card', cardType: card.cardType, lastFour: card.lastFour, fingerprint: card.fingerprint, outcome: 'ok' };
  }

  async findCharge(orderNumber: string): Promise<{ transactionId: string; amount: number; instrument: string } | null> {
    const [row] = await this.db
      .select({ transactionId: sandboxTransactions.id, amount: sandboxTransactions.amount, instrument: sandboxTransactions.instrument })
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.orderNumber, orderNumber), eq(sandboxTransactions.kind, 'charge'), eq(sandboxTransactions.status, 'authorized')))
      .limit(1);
    return row ? { transactionId: row.transactionId, amount: row.amount, instrument: row.instrument ?? '' } : null;
  }

  async charge({ methodCode, nonce, amount, orderNumber }: ChargeRequest): Promise<ChargeOutcome> {
    const isVaultToken = nonce.startsWith('pm_');
    if (isVaultToken !== (methodCode === 'BRAINTREE_SAVED')) return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: `Payment method does not match ${methodCode}.` };
    const kinds = (Object.hasOwn(METHOD_KINDS, methodCode) ? METHOD_KINDS[methodCode] : undefined) ?? [];
    const unknown = { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' } as const;
    const mismatch = { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: `Nonce does not match ${methodCode}.` } as const;
    let record: NonceRecord;
    if (isVaultToken) {
      const vaulted = await this.vaultedRecord(nonce);
      if (!vaulted) return unknown;
      record = vaulted;
    } else if (fakeNonce(nonce)) {
      // the documented fake nonces are not single-use
      record = { ...fakeNonce(nonce)!, fingerprint: null };
      if (!kinds.includes(record.kind)) return mismatch;
    } else {
      const consumed = await this.consume(nonce, kinds);
      if ('problem' in consumed) {
        if (consumed.problem === 'unknown') return unknown;
        if (consumed.problem === 'used') return { ok: false, error: 'PaymentMethodInvalid', code: '93107', message: 'Cannot use a payment method nonce more than once.' };
        return mismatch;
      }
      record = consumed.record;
    }
    const instrument = record.lastFour ? `${record.cardType} ending ${record.lastFour}` : record.cardType;
    if (record.outcome === 'failure') return { ok: false, error: 'PaymentFailureUnrecoverable', code: '3000', message: 'Processor network unavailable - try again', transactionId: id() };
    if (record.outcome === 'not-accepted' || (record.kind === 'card' && !this.options.acceptedCardTypes.includes(record.cardType))) {
      return { ok: false, error: 'PaymentInstrumentTypeNotAccepted', code: '81703', message: `${record.cardType} is not accepted.` };
    }
    if (record.outcome === 'luhn') return { ok: false, error: 'PaymentProcessorDeclinedHard', code: '2005', message: 'Invalid Credit Card Number' };
    if (record.outcome === 'fraud') return { ok: false, error: 'PaymentGatewayRejected', code: 'fraud', message: 'Gateway rejected: fraud', transactionId: id() };
    if (record.outcome === 'declined') return { ok: false, error: 'PaymentProcessorDeclined', code: '2000', message: 'Do Not Honor', transactionId: id() };
    if (record.outcome === 'declined-hard') return { ok: false, error: 'PaymentProcessorDeclinedHard', code: '2015', message: 'Transaction Not Allowed', transactionId: id() };
    // amount bands
    if (amount >= 200_000 && amount <= 299_999) {
      const code = Math.floor(amount / 100);
      return { ok: false, error: HARD_DECLINES.has(code) ? 'PaymentProcessorDeclinedHard' : 'PaymentProcessorDeclined', code: String(code), message: `Processor declined (${code})`, transactionId: id() };
    }
    if (amount >= 300_000 && amount <= 300_099) return { ok: false, error: 'PaymentFailureUnrecoverable', code: '3000', message: 'Processor network unavailable - try again', transactionId: id() };
    if (amount === 500_100) return { ok: false, error: 'PaymentGatewayRejected', code: 'application_incomplete', message: 'Gateway rejected: application_incomplete', transactionId: id() };
    const transactionId = id();
    const now = this.now();
    const duplicateCheck = record.fingerprint !== null && this.options.duplicateWindowMs > 0;
    // the duplicate window's row and the authorisation in one transaction, or neither (without a
    // duplicate check the authorisation is one statement of its own)
    const inTransaction = (run: (tx: Database) => Promise<void>) => (duplicateCheck ? this.db.transaction((tx) => run(tx as unknown as Database)) : run(this.db));
    try {
      await inTransaction(async (tx) => {
        if (duplicateCheck) {
          // the same card and amount inside the window: taken (or refreshed when older) by one upsert
          const fresh = await tx
            .insert(sandboxRecentCharges)
            .values({ key: `${record.fingerprint}:${amount}`, chargedAt: at(now) })
            .onConflictDoUpdate({ target: sandboxRecentCharges.key, set: { chargedAt: at(now) }, setWhere: lt(sandboxRecentCharges.chargedAt, at(now - this.options.duplicateWindowMs)) })
            .returning({ key: sandboxRecentCharges.key });
          if (fresh.length === 0) throw new ChargeRefused('duplicate');
        }
        // at most one authorised charge per order number (partial unique index)
        const inserted = await tx
          .insert(sandboxTransactions)
          .values({ id: transactionId, kind: 'charge', amount, status: 'authorized', orderNumber, instrument, createdAt: at(now) })
          .onConflictDoNothing({ target: sandboxTransactions.orderNumber, where: sql`kind = 'charge' and status = 'authorized'` })
          .returning({ id: sandboxTransactions.id });
        if (inserted.length === 0) throw new ChargeRefused('order');
      });
    } catch (error) {
      if (!(error instanceof ChargeRefused)) throw error;
      if (error.reason === 'duplicate') return { ok: false, error: 'PaymentGatewayRejected', code: 'duplicate', message: 'Gateway rejected: duplicate', transactionId: id() };
      return { ok: false, error: 'PaymentGatewayRejected', code: 'duplicate_order', message: `Gateway rejected: order ${orderNumber} already has an authorised charge`, transactionId: id() };
    }
    return { ok: true, transactionId, instrument };
  }

  /** Voids an authorisation: the sandbox records it (transaction(id).status becomes voided), once. */
  async void(transactionId: string): Promise<void> {
    const voided = await this.db
      .update(sandboxTransactions)
      .set({ status: 'voided', voidedAt: at(this.now()) })
      .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.status, 'authorized')))
      .returning({ id: sandboxTransactions.id });
    if (voided.length > 0) return;
    const [known] = await this.db.select({ id: sandboxTransactions.id }).from(sandboxTransactions).where(eq(sandboxTransactions.id, transactionId));
    if (!known) throw new Error(`Unknown transaction ${transactionId}`);
  }
}
