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
import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { sandboxNonces, sandboxPayLaterCheckouts, sandboxRecentCharges, sandboxTransactions, sandboxVaultedCards } from '../../platform/db/schema-stand-in-payments.js';
import type { ChargeOutcome, ChargeRequest, PayLaterCheckout, PayLaterGateway, PayLaterState, PaymentGateway, VaultedCard, VaultOutcome } from '../../store/payments/gateway.js';

export type { PayLaterCheckout, VaultedCard };
import { Sweeper } from './sweeper.js';
import { SandboxWallets } from './sandbox-wallets.js';

type CardOutcome = 'ok' | 'declined' | 'declined-hard' | 'failure' | 'fraud' | 'not-accepted' | 'luhn';

interface NonceRecord {
  kind: 'card' | 'paypal' | 'apple-pay' | 'google-pay';
  cardType: string;
  lastFour: string;
  /** MM/YY for tokenised cards, empty for the fake nonces. */
  expiry?: string;
  fingerprint: string | null;
  outcome: CardOutcome;
}

/** Braintree test cards (FIELD-NOTES) plus a not-accepted JCB. */
const TEST_CARDS: Record<string, { cardType: string; outcome: CardOutcome }> = {
  '4111111111111111': { cardType: 'Visa', outcome: 'ok' },
  '4005519200000004': { cardType: 'Visa', outcome: 'ok' },
  '5555555555554444': { cardType: 'MasterCard', outcome: 'ok' },
  '378282246310005': { cardType: 'American Express', outcome: 'ok' },
  '4000111111111115': { cardType: 'Visa', outcome: 'declined-hard' },
  '5105105105105100': { cardType: 'MasterCard', outcome: 'declined' },
  '3530111333300000': { cardType: 'JCB', outcome: 'not-accepted' },
};

/** Response codes Braintree documents as hard declines (do not retry). */
const HARD_DECLINES = new Set([2004, 2005, 2010, 2012, 2013, 2014, 2015]);

const FAKE_NONCES: Record<string, Omit<NonceRecord, 'fingerprint'>> = {
  'fake-valid-nonce': { kind: 'card', cardType: 'Visa', lastFour: '1881', outcome: 'ok' },
  'fake-valid-visa-nonce': { kind: 'card', cardType: 'Visa', lastFour: '1881', outcome: 'ok' },
  'fake-valid-mastercard-nonce': { kind: 'card', cardType: 'MasterCard', lastFour: '4444', outcome: 'ok' },
  'fake-valid-amex-nonce': { kind: 'card', cardType: 'American Express', lastFour: '0005', outcome: 'ok' },
  'fake-processor-declined-visa-nonce': { kind: 'card', cardType: 'Visa', lastFour: '0002', outcome: 'declined' },
  'fake-processor-declined-mastercard-nonce': { kind: 'card', cardType: 'MasterCard', lastFour: '0004', outcome: 'declined' },
  'fake-processor-declined-amex-nonce': { kind: 'card', cardType: 'American Express', lastFour: '0003', outcome: 'declined' },
  'fake-processor-failure-jcb-nonce': { kind: 'card', cardType: 'JCB', lastFour: '0000', outcome: 'failure' },
  'fake-luhn-invalid-nonce': { kind: 'card', cardType: 'Visa', lastFour: '1234', outcome: 'luhn' },
  'fake-gateway-rejected-fraud-nonce': { kind: 'card', cardType: 'Visa', lastFour: '0011', outcome: 'fraud' },
  'fake-gateway-rejected-risk-thresholds-nonce': { kind: 'card', cardType: 'Visa', lastFour: '0012', outcome: 'fraud' },
  'fake-apple-pay-visa-nonce': { kind: 'apple-pay', cardType: 'Visa', lastFour: '1881', outcome: 'ok' },
  'fake-apple-pay-mastercard-nonce': { kind: 'apple-pay', cardType: 'MasterCard', lastFour: '4444', outcome: 'ok' },
  'fake-apple-pay-amex-nonce': { kind: 'apple-pay', cardType: 'American Express', lastFour: '0005', outcome: 'ok' },
  'fake-android-pay-visa-nonce': { kind: 'google-pay', cardType: 'Visa', lastFour: '1881', outcome: 'ok' },
  'fake-android-pay-mastercard-nonce': { kind: 'google-pay', cardType: 'MasterCard', lastFour: '4444', outcome: 'ok' },
  'fake-paypal-one-time-nonce': { kind: 'paypal', cardType: 'PayPal', lastFour: '', outcome: 'ok' },
};

/** A documented fake nonce's card (own keys only: a nonce named like an Object method is unknown). */
const fakeNonce = (nonce: string) => (Object.hasOwn(FAKE_NONCES, nonce) ? FAKE_NONCES[nonce] : undefined);

/** Braintree verifies a card before vaulting it with an authorisation of up to $1; we use $1. */
export const VERIFICATION_AMOUNT = 100;

/** BRAINTREE_SAVED takes only vault tokens (pm_…), never a single-use nonce. */
const METHOD_KINDS: Record<string, NonceRecord['kind'][]> = {
  BRAINTREE_CREDIT_CARD: ['card'],
  BRAINTREE_SAVED: [],
  BRAINTREE_PAYPAL: ['paypal'],
  BRAINTREE_APPLE_PAY: ['apple-pay'],
  BRAINTREE_GOOGLE_PAY: ['google-pay'],
};

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
/** Pay-later checkouts are forgotten this long after their expiry ("expired or does not exist"). */
const CHECKOUT_RETENTION_MS = 24 * 60 * 60 * 1000;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function cardTypeOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^35/.test(digits)) return 'JCB';
  if (/^6/.test(digits)) return 'Discover';
  return 'Unknown';
}

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
