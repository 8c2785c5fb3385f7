/**
 * Gift-card rules: one lookup at a time ('Already loading voucher.'), a
 * code already applied is ALREADY_APPLIED without a lookup, applied only on SUCCESS with a positive
 * balance (REDEEMED otherwise), kept soonest expiry first; apply and remove are refused while an
 * order is being placed; before placing every applied card is checked again and a card that is no
 * longer SUCCESS is removed with a notice naming its code and reason.
 */
import { ApiError, voucherBalance } from '../../../lib/api';
import { botCheckToken } from '../../../lib/botcheck';
import { ALREADY_LOADING_VOUCHER, VOUCHER_MESSAGES, voucherResultOf, type VoucherResult } from './messages';
import { getCheckout, setCheckout, sortVouchers, type AppliedVoucher } from '../../../lib/checkout/state';

export type VoucherLookup = (code: string, pin: string) => Promise<{ result: VoucherResult; voucher?: AppliedVoucher }>;

export async function lookupVoucher(code: string, pin: string): Promise<{ result: VoucherResult; voucher?: AppliedVoucher }> {
  try {
    const token = await botCheckToken('payment_voucher_balance_fetch');
    const balance = await voucherBalance(code, pin, token);
    if (balance.amountRemaining <= 0) return { result: 'REDEEMED' };
    return { result: 'SUCCESS', voucher: { code: balance.code, pin, expires: balance.expires, amountRemaining: balance.amountRemaining } };
  } catch (error) {
    if (error instanceof ApiError) return { result: voucherResultOf(error.code, error.message) };
    return { result: 'ERROR' };
  }
}

export const ENTER_CODE_AND_PIN = 'Enter the gift card code and PIN.';
export const PLACING_ORDER_MESSAGE = 'Your order is being placed: gift cards cannot be changed now.';

export type ApplyOutcome =
  | { result: VoucherResult; message: string; voucher?: AppliedVoucher }
  /** Another lookup is running ('Already loading voucher.'). */
  | { result: 'BUSY'; message: string }
  /** An order is being placed. */
  | { result: 'PLACING'; message: string }
  | { result: 'MISSING'; message: string };

let loading = false;
/** True while a lookup runs (one at a time across the page). */
export const voucherLoading = (): boolean => loading;

export async function applyVoucher(rawCode: string, rawPin: string, { placing, lookup = lookupVoucher }: { placing: boolean; lookup?: VoucherLookup }): Promise<ApplyOutcome> {
  if (placing) return { result: 'PLACING', message: PLACING_ORDER_MESSAGE };
  if (loading) return { result: 'BUSY', message: ALREADY_LOADING_VOUCHER };
  const code = rawCode.trim().toUpperCase();
  const pin = rawPin.trim();
  if (!code || !pin) return { result: 'MISSING', message: ENTER_CODE_AND_PIN };
  if (getCheckout().vouchers.some((v) => v.code === code)) return { result: 'ALREADY_APPLIED', message: VOUCHER_MESSAGES.ALREADY_APPLIED };
  loading = true;
  try {
    const { result, voucher } = await lookup(code, pin);
    if (result === 'SUCCESS' && voucher && voucher.amountRemaining > 0) {
      setCheckout((s) => ({ vouchers: sortVouchers([...s.vouchers.filter((v) => v.code !== voucher.code), voucher]) }));
      return { result: 'SUCCESS', message: `Gift card ${voucher.code} applied.`, voucher };
    }
    const failed: Exclude<VoucherResult, 'SUCCESS'> = result === 'SUCCESS' ? 'REDEEMED' : result;
    return { result: failed, message: VOUCHER_MESSAGES[failed] };
  } finally {
    loading = false;
  }
}

/** Removal is allowed unless an order is being placed. */
export function removeVoucher(code: string, { placing }: { placing: boolean }): boolean {
  if (placing) return false;
  setCheckout((s) => ({ vouchers: s.vouchers.filter((v) => v.code !== code) }));
  return true;
}

export const cancellationNotice = (code: string, result: Exclude<VoucherResult, 'SUCCESS'>): string => `Gift card ${code} has been cancelled: ${VOUCHER_MESSAGES[result]}`;

/** Every applied card checked again: fresh balances kept, failed cards removed; the notices returned (empty: all fine). */
export async function recheckVouchers(lookup: VoucherLookup = lookupVoucher): Promise<string[]> {
  const notices: string[] = [];
  for (const v of getCheckout().vouchers) {
    const { result, voucher } = await lookup(v.code, v.pin);
    if (result === 'SUCCESS' && voucher && voucher.amountRemaining > 0) {
      setCheckout((s) => ({ vouchers: sortVouchers(s.vouchers.map((x) => (x.code === v.code ? voucher : x))) }));
    } else {
      setCheckout((s) => ({ vouchers: s.vouchers.filter((x) => x.code !== v.code) }));
      notices.push(cancellationNotice(v.code, result === 'SUCCESS' ? 'REDEEMED' : result));
    }
  }
  return notices;
}
