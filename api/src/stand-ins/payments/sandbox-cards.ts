// The sandbox's cards: Braintree's test cards and documented fake nonces, what each one does, and
// the card number checks (Luhn, card type).

export type CardOutcome = 'ok' | 'declined' | 'declined-hard' | 'failure' | 'fraud' | 'not-accepted' | 'luhn';

export interface NonceRecord {
  kind: 'card' | 'paypal' | 'apple-pay' | 'google-pay';
  cardType: string;
  lastFour: string;
  /** MM/YY for tokenised cards, empty for the fake nonces. */
  expiry?: string;
  fingerprint: string | null;
  outcome: CardOutcome;
}

/** Braintree test cards (FIELD-NOTES) plus a not-accepted JCB. */
export const TEST_CARDS: Record<string, { cardType: string; outcome: CardOutcome }> = {
  '4111111111111111': { cardType: 'Visa', outcome: 'ok' },
  '4005519200000004': { cardType: 'Visa', outcome: 'ok' },
  '5555555555554444': { cardType: 'MasterCard', outcome: 'ok' },
  '378282246310005': { cardType: 'American Express', outcome: 'ok' },
  '4000111111111115': { cardType: 'Visa', outcome: 'declined-hard' },
  '5105105105105100': { cardType: 'MasterCard', outcome: 'declined' },
  '3530111333300000': { cardType: 'JCB', outcome: 'not-accepted' },
};

/** Response codes Braintree documents as hard declines (do not retry). */
export const HARD_DECLINES = new Set([2004, 2005, 2010, 2012, 2013, 2014, 2015]);

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
export const fakeNonce = (nonce: string) => (Object.hasOwn(FAKE_NONCES, nonce) ? FAKE_NONCES[nonce] : undefined);

/** Braintree verifies a card before vaulting it with an authorisation of up to $1; we use $1. */
export const VERIFICATION_AMOUNT = 100;

/** BRAINTREE_SAVED takes only vault tokens (pm_…), never a single-use nonce. */
export const METHOD_KINDS: Record<string, NonceRecord['kind'][]> = {
  BRAINTREE_CREDIT_CARD: ['card'],
  BRAINTREE_SAVED: [],
  BRAINTREE_PAYPAL: ['paypal'],
  BRAINTREE_APPLE_PAY: ['apple-pay'],
  BRAINTREE_GOOGLE_PAY: ['google-pay'],
};

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

export function cardTypeOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^35/.test(digits)) return 'JCB';
  if (/^6/.test(digits)) return 'Discover';
  return 'Unknown';
}
