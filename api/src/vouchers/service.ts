/**
 * Gift cards (spec §4 Vouchers, §7 GET /payment/voucher/balance/{code}). Against guessing: a
 * wrong code and a wrong PIN get the same answer, a card locks after a few wrong PINs, and each
 * client is rate-limited (routes). Redemption at order placement is a conditional UPDATE.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/index.js';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: string, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const SCRYPT = { N: 1024, r: 8, p: 1 };

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
  | { ok: false; error: 'VoucherInvalid' | 'VoucherExpired' | 'VoucherLocked' | 'VoucherSuspended'; message: string; status: number };

export const VOUCHER_ERRORS = {
  VoucherInvalid: { status: 404, message: 'Incorrect gift card code or PIN.' },
  VoucherExpired: { status: 410, message: 'This gift card has expired.' },
  VoucherLocked: { status: 423, message: 'This gift card is locked after too many incorrect PINs.' },
  VoucherSuspended: { status: 403, message: 'Gift card is suspended' },
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
}

export class VoucherService {
  constructor(
    private readonly db: Database,
    private readonly settings: VoucherSettings = { maxPinAttempts: 5, lockMinutes: 30 },
  ) {}

  static normalise(code: string): string {
    return code.trim().toUpperCase().replace(/\s+/g, '');
  }

  /** Checks code and PIN; counts wrong PINs and locks the card after maxPinAttempts. */
  async lookup(rawCode: string, pin: string, now = new Date()): Promise<VoucherLookup> {
    const code = VoucherService.normalise(rawCode);
    const [card] = await queryRows<CardRow>(this.db, sql`select code, pin_hash, balance, expires_at, suspended, failed_pins, locked_until from gift_cards where code = ${code}`);
    if (!card) {
      // same work as a wrong PIN, so timing does not tell codes apart
      await pinMatches(pin, 'ffffffffffffffff:00000000000000000000000000000000');
      return fail('VoucherInvalid');
    }
    if (card.locked_until && new Date(card.locked_until) > now) return fail('VoucherLocked');
    if (!(await pinMatches(pin.trim(), card.pin_hash))) {
      const [row] = await queryRows<{ failed_pins: number }>(
        this.db,
        sql`update gift_cards set failed_pins = failed_pins + 1,
              locked_until = case when failed_pins + 1 >= ${this.settings.maxPinAttempts} then ${new Date(now.getTime() + this.settings.lockMinutes * 60_000).toISOString()}::timestamptz else locked_until end
            where code = ${code} returning failed_pins`,
      );
      return (row?.failed_pins ?? 0) >= this.settings.maxPinAttempts ? fail('VoucherLocked') : fail('VoucherInvalid');
    }
    if (card.failed_pins > 0 || card.locked_until) await this.db.execute(sql`update gift_cards set failed_pins = 0, locked_until = null where code = ${code}`);
    if (card.suspended) return fail('VoucherSuspended');
    const expires = new Date(card.expires_at).getTime();
    if (expires <= now.getTime()) return fail('VoucherExpired');
    return { ok: true, code, expires, amountRemaining: card.balance };
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

/** A fixed-window per-client limiter (in memory; one process). */
export class RateLimiter {
  private readonly hits = new Map<string, { windowStart: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** True when the client may go ahead. */
  take(client: string, now = Date.now()): boolean {
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (now - v.windowStart >= this.windowMs) this.hits.delete(k);
    const entry = this.hits.get(client);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      this.hits.set(client, { windowStart: now, count: 1 });
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }
}
