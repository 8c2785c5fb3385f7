/**
 * A local payment sandbox that behaves like Braintree's (FIELD-NOTES): the browser turns test
 * card details into a single-use nonce at the sandbox's own tokenisation endpoint (as hosted
 * fields do), so card numbers never reach the order API; amounts decide outcomes (0.01-1999.99
 * authorised, 2000.00-2999.99 processor declined with that response code, 3000.00-3000.99
 * processor failure, 5001.00 gateway rejected); the same card and amount inside the duplicate
 * window is rejected as a duplicate; the documented fake-*-nonce values work as in Braintree.
 */
import crypto from 'node:crypto';
import type { ChargeOutcome, ChargeRequest, PayLaterGateway, PayLaterState, PaymentGateway, VaultOutcome } from './gateway.js';

type CardOutcome = 'ok' | 'declined' | 'declined-hard' | 'failure' | 'fraud' | 'not-accepted' | 'luhn';

interface NonceRecord {
  kind: 'card' | 'paypal' | 'apple-pay' | 'google-pay';
  cardType: string;
  lastFour: string;
  /** MM/YY for tokenised cards, empty for the fake nonces. */
  expiry?: string;
  fingerprint: string | null;
  outcome: CardOutcome;
  consumed: boolean;
  createdAt: number;
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

const FAKE_NONCES: Record<string, Omit<NonceRecord, 'consumed' | 'createdAt' | 'fingerprint'>> = {
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

/** A vaulted card as the sandbox needs it to charge the token again. */
export interface VaultedCard {
  cardType: string;
  lastFour: string;
  fingerprint: string | null;
}

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
  voidedAt?: number;
}

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

export class SandboxGateway implements PaymentGateway {
  private readonly nonces = new Map<string, NonceRecord>();
  private readonly recent = new Map<string, number>();
  private readonly vaulted = new Map<string, VaultedCard>();
  private readonly transactions = new Map<string, SandboxTransaction>();
  /** Authorised charges by order number (in memory: a restart forgets them, like the nonces). */
  private readonly charges = new Map<string, { transactionId: string; amount: number; instrument: string }>();
  private readonly now: () => number;

  constructor(private readonly options: SandboxOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The sandbox's client-side tokenisation (hosted fields): card details in, nonce out. Only the
   * card type and last four digits are kept; the number is reduced to a salted fingerprint for
   * duplicate checking.
   */
  tokenizeCard(card: { number: string; expiry: string; cvv: string }): { ok: true; nonce: string; details: { cardType: string; lastFour: string } } | { ok: false; field: string; reason: string } {
    const digits = card.number.replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { ok: false, field: 'number', reason: 'Card number is not valid' };
    const [mm, yy] = card.expiry.split('/').map((part) => Number(part.trim()));
    if (!(mm! >= 1 && mm! <= 12) || !Number.isInteger(yy)) return { ok: false, field: 'expiry', reason: 'Expiry date is not valid' };
    const end = Date.UTC(yy! < 100 ? 2000 + yy! : yy!, mm!, 1); // first day of the month after expiry
    if (!(end > this.now())) return { ok: false, field: 'expiry', reason: 'Card has expired' };
    const expiry = `${String(mm).padStart(2, '0')}/${String(yy! % 100).padStart(2, '0')}`;
    const known = TEST_CARDS[digits];
    const cardType = known?.cardType ?? cardTypeOf(digits);
    const outcome: CardOutcome = known?.outcome ?? 'ok';
    this.sweep();
    const nonce = `tokencc_${crypto.randomBytes(12).toString('hex')}`;
    this.nonces.set(nonce, {
      kind: 'card',
      cardType,
      lastFour: digits.slice(-4),
      fingerprint: crypto.createHash('sha256').update(`sandbox:${digits}:${expiry}`).digest('hex'),
      expiry,
      outcome,
      consumed: false,
      createdAt: this.now(),
    });
    return { ok: true, nonce, details: { cardType, lastFour: digits.slice(-4) } };
  }

  /**
   * A wallet's single-use nonce, minted by the stand-in's client flows (PayPal approval, the Google
   * Pay sheet, an authorised Apple Pay payment; api/src/payments/client-origin.ts). `lastFour`
   * 1115 is the wallets' test card that declines (hard, like 4000 1111 1111 1115).
   */
  mintWalletNonce(kind: 'paypal' | 'apple-pay' | 'google-pay', card: { cardType: string; lastFour: string }): string {
    this.sweep();
    const prefix = kind === 'paypal' ? 'tokenpp' : kind === 'apple-pay' ? 'tokenap' : 'tokengp';
    const nonce = `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
    const outcome: CardOutcome = kind !== 'paypal' && card.lastFour === '1115' ? 'declined-hard' : 'ok';
    this.nonces.set(nonce, { kind, cardType: card.cardType, lastFour: card.lastFour, fingerprint: null, outcome, consumed: false, createdAt: this.now() });
    return nonce;
  }

  describe(nonce: string): { cardType: string; lastFour: string } | undefined {
    const record = this.nonces.get(nonce) ?? FAKE_NONCES[nonce];
    return record ? { cardType: record.cardType, lastFour: record.lastFour } : undefined;
  }

  private sweep(): void {
    const cutoff = this.now() - 3 * 60 * 60 * 1000; // Braintree nonces expire after 3 hours
    for (const [nonce, record] of this.nonces) if (record.createdAt < cutoff) this.nonces.delete(nonce);
    const window = this.now() - this.options.duplicateWindowMs;
    for (const [key, at] of this.recent) if (at < window) this.recent.delete(key);
  }

  /** A sandbox transaction (charge or verification) and whether it was voided. */
  transaction(id: string): Readonly<SandboxTransaction> | undefined {
    return this.transactions.get(id);
  }

  /**
   * Braintree's payment method create with card verification: the nonce is used up, the card is
   * verified with an authorisation of VERIFICATION_AMOUNT (the caller voids it), and a reusable
   * token is returned. A card that would decline is not vaulted.
   */
  async vault(nonce: string): Promise<VaultOutcome> {
    const fake = FAKE_NONCES[nonce];
    const record: NonceRecord | undefined = this.nonces.get(nonce) ?? (fake ? { ...fake, fingerprint: null, consumed: false, createdAt: this.now() } : undefined);
    if (!record) return { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' };
    if (record.consumed) return { ok: false, error: 'PaymentMethodInvalid', code: '93107', message: 'Cannot use a payment method nonce more than once.' };
    if (record.kind !== 'card') return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: 'Only cards can be saved.' };
    record.consumed = this.nonces.has(nonce);
    const failure = this.outcomeFailure(record);
    if (failure) return failure;
    const transactionId = `sbx_${crypto.randomBytes(8).toString('hex')}`;
    this.transactions.set(transactionId, { amount: VERIFICATION_AMOUNT, kind: 'verification', status: 'authorized' });
    const token = `pm_${crypto.randomBytes(12).toString('hex')}`;
    this.vaulted.set(token, { cardType: record.cardType, lastFour: record.lastFour, fingerprint: record.fingerprint });
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

  private async vaultedRecord(token: string): Promise<NonceRecord | undefined> {
    const card = this.vaulted.get(token) ?? (await this.options.loadVaulted?.(token));
    if (!card) return undefined;
    this.vaulted.set(token, card);
    return { kind: 'card', cardType: card.cardType, lastFour: card.lastFour, fingerprint: card.fingerprint, outcome: 'ok', consumed: false, createdAt: this.now() };
  }

  async findCharge(orderNumber: string): Promise<{ transactionId: string; amount: number; instrument: string } | null> {
    const charge = this.charges.get(orderNumber);
    return charge && this.transactions.get(charge.transactionId)?.status === 'authorized' ? charge : null;
  }

  async charge({ methodCode, nonce, amount, orderNumber }: ChargeRequest): Promise<ChargeOutcome> {
    const id = () => `sbx_${crypto.randomBytes(8).toString('hex')}`;
    const isVaultToken = nonce.startsWith('pm_');
    if (isVaultToken !== (methodCode === 'BRAINTREE_SAVED')) return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: `Payment method does not match ${methodCode}.` };
    const fake = FAKE_NONCES[nonce];
    const record: NonceRecord | undefined = isVaultToken
      ? await this.vaultedRecord(nonce)
      : (this.nonces.get(nonce) ?? (fake ? { ...fake, fingerprint: null, consumed: false, createdAt: this.now() } : undefined));
    if (!record) return { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' };
    if (record.consumed) return { ok: false, error: 'PaymentMethodInvalid', code: '93107', message: 'Cannot use a payment method nonce more than once.' };
    if (!isVaultToken && !(METHOD_KINDS[methodCode] ?? []).includes(record.kind)) return { ok: false, error: 'PaymentMethodInvalid', code: '91567', message: `Nonce does not match ${methodCode}.` };
    record.consumed = this.nonces.has(nonce);
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
    if (record.fingerprint && this.options.duplicateWindowMs > 0) {
      this.sweep();
      const key = `${record.fingerprint}:${amount}`;
      if (this.recent.has(key)) return { ok: false, error: 'PaymentGatewayRejected', code: 'duplicate', message: 'Gateway rejected: duplicate', transactionId: id() };
      this.recent.set(key, this.now());
    }
    const transactionId = id();
    this.transactions.set(transactionId, { amount, kind: 'charge', status: 'authorized' });
    if (this.charges.size > 100_000) this.charges.clear();
    this.charges.set(orderNumber, { transactionId, amount, instrument });
    return { ok: true, transactionId, instrument };
  }

  /** Voids an authorisation: the sandbox records it (transaction(id).status becomes voided). */
  async void(transactionId: string): Promise<void> {
    const transaction = this.transactions.get(transactionId);
    if (!transaction) throw new Error(`Unknown transaction ${transactionId}`);
    if (transaction.status === 'voided') return;
    transaction.status = 'voided';
    transaction.voidedAt = this.now();
  }
}

interface PayLaterCheckout {
  orderNumber: string;
  amount: number;
  returnUrl: string;
  state: PayLaterState;
  createdAt: number;
  /** Epoch ms: not captured by then, the checkout is EXPIRED. */
  expiresAt: number;
}

export interface SandboxPayLaterOptions {
  /** How long a checkout may wait for approval and capture (Afterpay: the checkout token's expiry). */
  ttlMs: number;
  now?: () => number;
}

/** Afterpay-like sandbox: a checkout token, a local approval page, then capture. */
export class SandboxPayLater implements PayLaterGateway {
  private readonly checkouts = new Map<string, PayLaterCheckout>();
  private readonly now: () => number;
  private readonly ttlMs: number;

  constructor(options: SandboxPayLaterOptions = { ttlMs: 60 * 60_000 }) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.ttlMs;
  }

  async createCheckout({ orderNumber, amount, returnUrl }: { orderNumber: string; amount: number; returnUrl: string }) {
    const token = `apt_${crypto.randomBytes(16).toString('hex')}`;
    const createdAt = this.now();
    // forget checkouts a day past their expiry (the approval page then says "expired or does not exist")
    for (const [key, old] of this.checkouts) if (old.expiresAt < createdAt - 24 * 60 * 60_000) this.checkouts.delete(key);
    const expiresAt = createdAt + this.ttlMs;
    this.checkouts.set(token, { orderNumber, amount, returnUrl, state: 'PENDING', createdAt, expiresAt });
    return { token, redirectUrl: `/api/payments/afterpay/checkout/${token}`, expiresAt };
  }

  /** The checkout, its state brought up to date (PENDING or APPROVED past expiresAt becomes EXPIRED). */
  get(token: string): Readonly<PayLaterCheckout> | undefined {
    const checkout = this.checkouts.get(token);
    if (checkout && (checkout.state === 'PENDING' || checkout.state === 'APPROVED') && this.now() >= checkout.expiresAt) checkout.state = 'EXPIRED';
    return checkout;
  }

  /** The shopper's answer on the approval page; only a PENDING checkout changes. */
  decide(token: string, approve: boolean): Readonly<PayLaterCheckout> | undefined {
    const checkout = this.get(token);
    if (!checkout || checkout.state !== 'PENDING') return checkout;
    const record = this.checkouts.get(token)!;
    record.state = approve ? 'APPROVED' : 'DECLINED';
    return record;
  }

  status(token: string) {
    return this.get(token)?.state;
  }

  async capture(token: string, amount: number) {
    const checkout = this.get(token);
    if (!checkout) return { ok: false as const, error: 'UnknownToken' as const };
    if (checkout.state === 'EXPIRED') return { ok: false as const, error: 'Expired' as const };
    if (checkout.state !== 'APPROVED') return { ok: false as const, error: 'NotApproved' as const };
    if (checkout.amount !== amount) return { ok: false as const, error: 'AmountMismatch' as const };
    this.checkouts.get(token)!.state = 'CAPTURED';
    return { ok: true as const, transactionId: `apt_tx_${crypto.randomBytes(8).toString('hex')}` };
  }
}
