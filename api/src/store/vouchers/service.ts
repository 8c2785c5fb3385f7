/**
 * Gift cards (GET /payment/voucher/balance/{code}). Against guessing: a
 * wrong code and a wrong PIN get the same answer, a card locks after a few wrong PINs, and each
 * client is rate-limited (routes). Redemption at order placement is a conditional UPDATE.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: string, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const SCRYPT = { N: 1024, r: 8, p: 1 };
/** Gift-card code characters: digits and capitals without look-alikes (0/O, 1/I/L) and U (30). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export async function hashPin(pin: string, salt = crypto.randomBytes(8).toString('hex')): Promise<string> {
  const hash = await scrypt(pin, salt, 16, SCRYPT);
  return `${salt}:${hash.toString('hex')}`;
}

async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [salt, hex] = stored.split(':');
  if (!salt || !hex) return false;
  const hash = await scrypt(pin, salt, 16, SCRYPT);
  const expected = Buffer.from(hex, 'hex');
  return expected.length === hash.length && crypto.timingSafeEqual(expected, hash);
}

export interface VoucherSettings {
  /** Wrong PINs in a row before the card locks. */
  maxPinAttempts: number;
  lockMinutes: number;
}

export type VoucherLookup =
  | { ok: true; code: string; expires: number; amountRemaining: number }
  | { ok: false; error: 'VoucherInvalid' | 'VoucherExpired' | 'VoucherLocked' | 'VoucherSuspended' | 'VoucherCurrencyMismatch'; message: string; status: number };

export const VOUCHER_ERRORS = {
  VoucherInvalid: { status: 404, message: 'Incorrect gift card code or PIN.' },
  VoucherExpired: { status: 410, message: 'This gift card has expired.' },
  VoucherLocked: { status: 423, message: 'This gift card is locked after too many incorrect PINs.' },
  VoucherSuspended: { status: 403, message: 'Gift card is suspended' },
  VoucherCurrencyMismatch: { status: 422, message: "This gift card is for the other country's store and can't pay for an order here." },
} as const;

const fail = (error: keyof typeof VOUCHER_ERRORS): VoucherLookup => ({ ok: false, error, ...VOUCHER_ERRORS[error] });

interface CardRow {
  code: string;
  pin_hash: string;
  balance: number;
  expires_at: string | Date;
  suspended: boolean;
  failed_pins: number;
  locked_until: string | Date | null;
  currency: string;
}

export class VoucherService {
  constructor(
    private readonly db: Database,
    private readonly settings: VoucherSettings = { maxPinAttempts: 5, lockMinutes: 30 },
  ) {}

  static normalise(code: string): string {
    return code.trim().toUpperCase().replace(/\s+/g, '');
  }

  /**
   * Checks code and PIN; counts wrong PINs and locks the card after maxPinAttempts.
   *
   * Atomic under concurrency (PostgreSQL runs requests in parallel): before the PIN is compared,
   * one conditional UPDATE takes an attempt — counted as wrong until the PIN proves right — and
   * only while the card is not locked; the attempt that reaches the limit locks the card in the
   * same statement. Concurrent updates of the row queue on its lock and re-check the condition, so
   * however many guesses arrive at once, at most maxPinAttempts PINs are ever compared per lock
   * period. A right PIN then clears the count.
   */
  async lookup(rawCode: string, pin: string, now = new Date(), currency?: string): Promise<VoucherLookup> {
    const code = VoucherService.normalise(rawCode);
    const lockUntil = new Date(now.getTime() + this.settings.lockMinutes * 60_000).toISOString();
    const [card] = await queryRows<CardRow>(
      this.db,
      sql`update gift_cards set failed_pins = failed_pins + 1,
            locked_until = case when failed_pins + 1 >= ${this.settings.maxPinAttempts} then ${lockUntil}::timestamptz else null end
          where code = ${code} and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
          returning code, pin_hash, balance, expires_at, suspended, failed_pins, locked_until, currency`,
    );
    if (!card) {
      const [exists] = await queryRows<{ code: string }>(this.db, sql`select code from gift_cards where code = ${code}`);
      if (exists) return fail('VoucherLocked');
      // same work as a wrong PIN, so timing does not tell codes apart
      await pinMatches(pin, 'ffffffffffffffff:00000000000000000000000000000000');
      return fail('VoucherInvalid');
    }
    if (!(await pinMatches(pin.trim(), card.pin_hash))) {
      return card.failed_pins >= this.settings.maxPinAttempts ? fail('VoucherLocked') : fail('VoucherInvalid');
    }
    await this.db.execute(sql`update gift_cards set failed_pins = 0, locked_until = null where code = ${code}`);
    if (card.suspended) return fail('VoucherSuspended');
    const expires = new Date(card.expires_at).getTime();
    if (expires <= now.getTime()) return fail('VoucherExpired');
    // a card pays orders in its own currency only (an NZD card cannot pay an AUD order)
    if (currency !== undefined && card.currency !== currency) return fail('VoucherCurrencyMismatch');
    return { ok: true, code, expires, amountRemaining: card.balance };
  }

  /**
   * A new gift card with a code nobody can guess from another: `FERN-` and 16 characters from a
   * 30-character alphabet without look-alikes (about 78 random bits, crypto.randomInt), grouped in fours,
   * and a random 6-digit PIN. The seeded FERN-5000-0001-style cards are sandbox fixtures only.
   */
  static newCode(): string {
    const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
    return `FERN-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}-${chars.slice(12)}`;
  }

  /** Issues a card (random code and PIN unless given); returns the code and PIN to hand to the customer. */
  static async issue(db: Database, { balance, expiresAt, pin = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0') }: { balance: number; expiresAt: Date; pin?: string }): Promise<{ code: string; pin: string }> {
    for (;;) {
      const code = VoucherService.newCode();
      const rows = await queryRows<{ code: string }>(
        db,
        sql`insert into gift_cards (code, pin_hash, balance, expires_at) values (${code}, ${await hashPin(pin)}, ${balance}, ${expiresAt.toISOString()}::timestamptz) on conflict (code) do nothing returning code`,
      );
      if (rows.length === 1) return { code, pin };
    }
  }

  /** Inside the order transaction: takes `amount` off the card, or returns false (insufficient funds). */
  static async redeem(tx: Database, code: string, amount: number): Promise<boolean> {
    const rows = await queryRows<{ code: string }>(
      tx,
      sql`update gift_cards set balance = balance - ${amount}
          where code = ${code} and balance >= ${amount} and not suspended and expires_at > now() and (locked_until is null or locked_until < now())
          returning code`,
    );
    return rows.length === 1;
  }

  static async refund(tx: Database, code: string, amount: number): Promise<void> {
    await tx.execute(sql`update gift_cards set balance = balance + ${amount} where code = ${code}`);
  }
}
