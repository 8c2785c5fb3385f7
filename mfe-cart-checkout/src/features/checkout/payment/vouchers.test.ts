import { ALREADY_LOADING_VOUCHER, VOUCHER_MESSAGES, type VoucherResult } from './messages';
import { emptyCheckout, getCheckout, setCheckout, type AppliedVoucher } from '../../../lib/checkout/state';
import { applyVoucher, cancellationNotice, ENTER_CODE_AND_PIN, recheckVouchers, removeVoucher, voucherLoading, type VoucherLookup } from './vouchers';

const card = (code: string, expires: number, amountRemaining = 1000): AppliedVoucher => ({ code, pin: '1234', expires, amountRemaining });
const ok = (v: AppliedVoucher): VoucherLookup => async () => ({ result: 'SUCCESS', voucher: v });
const fails = (result: VoucherResult): VoucherLookup => async () => ({ result });

beforeEach(() => setCheckout(emptyCheckout()));

describe('applying gift cards', () => {
  it("one lookup at a time: a second apply while one runs answers 'Already loading voucher.' without a lookup", async () => {
    let release!: () => void;
    const lookup = jest.fn<ReturnType<VoucherLookup>, Parameters<VoucherLookup>>(() => new Promise((resolve) => (release = () => resolve({ result: 'SUCCESS', voucher: card('FERN-A', 5) }))));
    const first = applyVoucher('fern-a', '1234', { placing: false, lookup });
    expect(voucherLoading()).toBe(true);
    expect(await applyVoucher('FERN-B', '1234', { placing: false, lookup })).toEqual({ result: 'BUSY', message: ALREADY_LOADING_VOUCHER });
    expect(ALREADY_LOADING_VOUCHER).toBe('Already loading voucher.');
    release();
    expect((await first).result).toBe('SUCCESS');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('FERN-A', '1234');
    expect(voucherLoading()).toBe(false);
  });

  it('a code already applied is ALREADY_APPLIED without a lookup', async () => {
    setCheckout({ vouchers: [card('FERN-A', 5)] });
    const lookup = jest.fn(ok(card('FERN-A', 5)));
    expect(await applyVoucher(' fern-a ', '1234', { placing: false, lookup })).toEqual({ result: 'ALREADY_APPLIED', message: VOUCHER_MESSAGES.ALREADY_APPLIED });
    expect(lookup).not.toHaveBeenCalled();
  });

  it('REDEEMED (nothing left) and the other failures are not stored', async () => {
    expect(await applyVoucher('FERN-USED', '1234', { placing: false, lookup: fails('REDEEMED') })).toEqual({ result: 'REDEEMED', message: VOUCHER_MESSAGES.REDEEMED });
    // a SUCCESS with a zero balance is REDEEMED too
    expect((await applyVoucher('FERN-ZERO', '1234', { placing: false, lookup: ok(card('FERN-ZERO', 5, 0)) })).result).toBe('REDEEMED');
    for (const result of ['SUSPENDED', 'EXPIRED', 'NOT_FOUND', 'LOCKED', 'ERROR'] as const) expect((await applyVoucher('FERN-X', '1234', { placing: false, lookup: fails(result) })).message).toBe(VOUCHER_MESSAGES[result]);
    expect(getCheckout().vouchers).toEqual([]);
    expect((await applyVoucher('FERN-X', ' ', { placing: false, lookup: fails('ERROR') })).message).toBe(ENTER_CODE_AND_PIN);
  });

  it('keeps the applied list soonest expiry first', async () => {
    await applyVoucher('FERN-LATE', '1', { placing: false, lookup: ok(card('FERN-LATE', 300)) });
    await applyVoucher('FERN-SOON', '1', { placing: false, lookup: ok(card('FERN-SOON', 100)) });
    await applyVoucher('FERN-MID', '1', { placing: false, lookup: ok(card('FERN-MID', 200)) });
    expect(getCheckout().vouchers.map((v) => v.code)).toEqual(['FERN-SOON', 'FERN-MID', 'FERN-LATE']);
  });

  it('apply and remove are refused while an order is being placed; removal works otherwise', async () => {
    setCheckout({ vouchers: [card('FERN-A', 5)] });
    const lookup = jest.fn(ok(card('FERN-B', 6)));
    expect((await applyVoucher('FERN-B', '1234', { placing: true, lookup })).result).toBe('PLACING');
    expect(lookup).not.toHaveBeenCalled();
    expect(removeVoucher('FERN-A', { placing: true })).toBe(false);
    expect(getCheckout().vouchers.map((v) => v.code)).toEqual(['FERN-A']);
    expect(removeVoucher('FERN-A', { placing: false })).toBe(true);
    expect(getCheckout().vouchers).toEqual([]);
  });
});

describe('re-check before placing', () => {
  it('keeps fresh balances, removes cards no longer SUCCESS and names code and reason', async () => {
    setCheckout({ vouchers: [card('FERN-A', 1), card('FERN-B', 2), card('FERN-C', 3)] });
    const answers: Record<string, Awaited<ReturnType<VoucherLookup>>> = {
      'FERN-A': { result: 'SUCCESS', voucher: card('FERN-A', 1, 400) },
      'FERN-B': { result: 'SUSPENDED' },
      'FERN-C': { result: 'SUCCESS', voucher: card('FERN-C', 3, 0) },
    };
    const notices = await recheckVouchers(async (code) => answers[code]!);
    expect(notices).toEqual(['Gift card FERN-B has been cancelled: This gift card has been suspended.', 'Gift card FERN-C has been cancelled: This gift card has already been redeemed.']);
    expect(notices[0]).toBe(cancellationNotice('FERN-B', 'SUSPENDED'));
    expect(getCheckout().vouchers).toEqual([card('FERN-A', 1, 400)]);
    expect(await recheckVouchers(async (code) => answers[code]!)).toEqual([]);
  });
});
