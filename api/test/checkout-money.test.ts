import fc from 'fast-check';
import { allocate, gstOfInclusive, loyaltyPointsFor, percentOf } from '../src/store/money/money';
import { runPromotions, type EngineLine, type PromotionDef } from '../src/store/promotions/engine';
import { SandboxGateway, luhnValid } from '../src/stand-ins/payments/sandbox';
import { sql } from 'drizzle-orm';
import { CheckoutService, type VariantRow } from '../src/store/pricing/service';
import { queryRows, type Database } from '../src/platform/db';
import { createTestDatabase } from './helpers';

describe('money', () => {
  it('GST is 3/23 of the inclusive total, half a cent rounding down', () => {
    expect(gstOfInclusive(11500)).toBe(1500);
    expect(gstOfInclusive(2300)).toBe(300);
    expect(gstOfInclusive(100)).toBe(13); // 13.04
    expect(gstOfInclusive(4)).toBe(1); // 0.52 -> 1
    expect(gstOfInclusive(3)).toBe(0); // 0.39 -> 0
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => {
        const gst = gstOfInclusive(cents);
        const exact = (cents * 3) / 23;
        expect(gst).toBeGreaterThanOrEqual(0);
        expect(Math.abs(gst - exact)).toBeLessThanOrEqual(0.5);
        // Half a cent rounds down: the exact GST 3c/23 has a remainder r/23 of a cent (r in 0..22).
        // 3c/23 is never exactly x.5 for an integer c (that needs 6c = 23(2k + 1), an odd multiple
        // of 23 equal to an even number), so the tie cannot happen in cents; the real boundary is
        // r = 11 (0.478 of a cent: down) against r = 12 (0.522: up). Checked on every c here.
        const r = (cents * 3) % 23;
        expect(gst).toBe(r <= 11 ? Math.floor(exact) : Math.ceil(exact));
        expect(cents - gst).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('half-cent boundary: remainder 11/23 rounds down, 12/23 up, and no cent amount is an exact tie', () => {
    // c = 19: 57/23 = 2.478 (remainder 11) -> 2; c = 4: 12/23 = 0.522 (remainder 12) -> 1
    expect((19 * 3) % 23).toBe(11);
    expect(gstOfInclusive(19)).toBe(2);
    expect((4 * 3) % 23).toBe(12);
    expect(gstOfInclusive(4)).toBe(1);
    // a tie would need 2 * (3c mod 23) = 23, impossible for an integer remainder
    for (let c = 0; c < 23; c++) expect(((c * 3) % 23) * 2).not.toBe(23);
  });

  it('allocations add up to the amount and never exceed a part or go negative', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }), fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const total = weights.reduce((s, w) => s + w, 0);
        const amount = total === 0 ? 0 : Math.floor(total * share);
        const parts = allocate(amount, weights);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
        parts.forEach((p, i) => {
          expect(Number.isInteger(p)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(weights[i]!);
        });
      }),
    );
  });

  it('percentages and loyalty points', () => {
    expect(percentOf(999, 20)).toBe(200); // 199.8
    expect(percentOf(1000, 100)).toBe(1000);
    expect(loyaltyPointsFor(12_999)).toBe(258); // $129 -> 2 points per whole dollar
    expect(loyaltyPointsFor(-5)).toBe(0);
  });
});

const promo = (over: Partial<PromotionDef> & Pick<PromotionDef, 'id' | 'rule'>): PromotionDef => ({
  versionId: 'v1',
  name: over.id,
  code: null,
  exclusive: false,
  stopsFurther: false,
  priority: 100,
  usageLimit: null,
  usageLimitPerCustomer: null,
  usedCount: 0,
  ...over,
});

const line = (unitPrice: number, qty: number, path: string, id = String(unitPrice)): EngineLine => ({ productId: id, variantId: id, qty, unitPrice, categoryPaths: [path] });
const input = (lines: EngineLine[], codes: string[] = [], over: Partial<Parameters<typeof runPromotions>[1]> = {}) => ({ lines, codes, shippingPrice: 995, customerUsage: new Map<string, number>(), maxApplied: 3, ...over });

describe('promotions engine', () => {
  const backpacks20 = promo({ id: 'bp20', name: '20% off backpacks', code: 'WINTER20', rule: { kind: 'percentCategory', percent: 20, categoryPaths: ['bags/backpacks'] }, priority: 20 });
  const vip = promo({ id: 'vip', name: 'VIP 30% off everything', code: 'VIP30', exclusive: true, rule: { kind: 'percentCategory', percent: 30, categoryPaths: [] }, priority: 10 });
  const freeShip = promo({ id: 'ship', name: 'Free delivery over $150', rule: { kind: 'freeShipping', minSubtotal: 15000 }, priority: 90 });

  it('applies a code to matching items only, and free shipping over the threshold', () => {
    const r = runPromotions([backpacks20, freeShip], input([line(10000, 1, 'bags/backpacks/day'), line(8000, 1, 'accessories/wallets')], ['winter20']));
    expect(r.appliedPromotions.map((p) => p.id)).toEqual(['bp20', 'ship']);
    expect(r.lineDiscounts).toEqual([2000, 0]);
    expect(r.shippingDiscount).toBe(995);
    expect(r.appliedPromotions[0]!.relatedCouponCodes).toEqual(['WINTER20']);
  });

  it('an exclusive offer pushes out the others, naming itself', () => {
    const r = runPromotions([backpacks20, vip, freeShip], input([line(30000, 1, 'bags/backpacks')], ['WINTER20', 'VIP30']));
    expect(r.appliedPromotions.map((p) => p.id)).toEqual(['vip']);
    expect(r.disallowedPromotions).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'bp20', reason: 'Exclusitivity', exclusiveName: 'VIP 30% off everything' }), expect.objectContaining({ id: 'ship', reason: 'Exclusitivity' })]),
    );
  });

  it('a minimum spend not reached names the minimum, for items below it; none for an offer whose items are missing', () => {
    const flash = promo({ id: 'flash', code: 'FLASH50', rule: { kind: 'amountOff', amount: 5000, minSubtotal: 30000 } });
    const bagsOver200 = promo({ id: 'bundle', code: 'BUNDLE25', rule: { kind: 'amountOff', amount: 2500, minSubtotal: 20000, categoryPaths: ['bags'] } });
    const r = runPromotions([flash, bagsOver200], input([line(8000, 1, 'accessories/wallets')], ['FLASH50', 'BUNDLE25']));
    expect(r.disallowedPromotions.find((d) => d.id === 'flash')).toMatchObject({ reason: 'NoApplicableCartItems', minSubtotal: 30000 });
    expect(r.disallowedPromotions.find((d) => d.id === 'bundle')).toEqual(expect.not.objectContaining({ minSubtotal: expect.anything() }));
    expect(r.disallowedPromotions.find((d) => d.id === 'bundle')!.reason).toBe('NoApplicableCartItems');
    const bags = runPromotions([bagsOver200], input([line(8000, 1, 'bags/totes'), line(50000, 1, 'accessories/wallets')], ['BUNDLE25']));
    expect(bags.disallowedPromotions).toEqual([expect.objectContaining({ id: 'bundle', reason: 'NoApplicableCartItems', minSubtotal: 20000 })]);
  });

  it('reports no applicable items, usage limits, the offer limit, stop rules and unknown codes', () => {
    const limited = promo({ id: 'spring', code: 'SPRING10', usageLimit: 0, rule: { kind: 'percentCategory', percent: 10, categoryPaths: [] } });
    const once = promo({ id: 'welcome', code: 'WELCOME15', usageLimitPerCustomer: 1, rule: { kind: 'amountOff', amount: 1500, minSubtotal: 0 } });
    const r = runPromotions([backpacks20, limited, once], input([line(5000, 1, 'accessories/wallets')], ['WINTER20', 'SPRING10', 'WELCOME15', 'NOPE'], { customerUsage: new Map([['welcome', 2]]) }));
    expect(Object.fromEntries(r.disallowedPromotions.map((d) => [d.id, d.reason]))).toEqual({
      NOPE: 'CodeNotFound',
      spring: 'PromotionUsageExceeded',
      welcome: 'PromotionPerCustomerUsageExceeded',
      bp20: 'NoApplicableCartItems',
    });
    expect(r.disallowedPromotions.find((d) => d.id === 'welcome')!.count).toBe(2);
    expect(r.disallowedPromotions.find((d) => d.id === 'bp20')!.minSubtotal).toBeUndefined();

    const a = promo({ id: 'a', code: 'A', priority: 1, rule: { kind: 'amountOff', amount: 100, minSubtotal: 0 } });
    const b = promo({ id: 'b', code: 'B', priority: 2, rule: { kind: 'amountOff', amount: 100, minSubtotal: 0 } });
    const c = promo({ id: 'c', code: 'C', priority: 3, rule: { kind: 'amountOff', amount: 100, minSubtotal: 0 } });
    const limit = runPromotions([a, b, c], input([line(5000, 1, 'x')], ['A', 'B', 'C'], { maxApplied: 2 }));
    expect(limit.disallowedPromotions).toEqual([expect.objectContaining({ id: 'c', reason: 'AppliedPromotionsLimitReached', count: 2 })]);
    const stop = runPromotions([{ ...a, stopsFurther: true }, b], input([line(5000, 1, 'x')], ['A', 'B']));
    expect(stop.disallowedPromotions).toEqual([expect.objectContaining({ id: 'b', reason: 'Stopped' })]);
  });

  it('adds promo items for buy X get Y', () => {
    const gift = promo({ id: 'tag', rule: { kind: 'buyXGetY', categoryPaths: ['travel/luggage'], buyQty: 1, giftProductId: '9', giftVariantId: '99', giftName: 'Keyring', giftQty: 1 } });
    expect(runPromotions([gift], input([line(20000, 1, 'travel/luggage/carry-on')])).promoCartItems).toEqual([{ veloxProductId: '9', variantId: '99', promoId: 'tag', qty: 1, name: 'Keyring' }]);
    expect(runPromotions([gift], input([line(20000, 1, 'bags/totes')])).promoCartItems).toEqual([]);
  });

  it('discounts never exceed the lines and always add up (property)', () => {
    const offers = [
      backpacks20,
      vip,
      freeShip,
      promo({ id: 'amt', code: 'AMT', rule: { kind: 'amountOff', amount: 5000, minSubtotal: 0 }, priority: 50 }),
      promo({ id: 'pct', rule: { kind: 'percentCategory', percent: 15, categoryPaths: ['accessories'] }, priority: 60 }),
    ];
    const lineArb = fc.record({
      unitPrice: fc.integer({ min: 0, max: 200_000 }),
      qty: fc.integer({ min: 1, max: 99 }),
      path: fc.constantFrom('bags/backpacks', 'accessories/wallets', 'travel/luggage'),
    });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 8 }), fc.subarray(['WINTER20', 'VIP30', 'AMT']), fc.integer({ min: 0, max: 5000 }), (ls, codes, shipping) => {
        const lines = ls.map((l, i) => line(l.unitPrice, l.qty, l.path, String(i)));
        const r = runPromotions(offers, input(lines, codes, { shippingPrice: shipping }));
        r.lineDiscounts.forEach((d, i) => {
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThanOrEqual(lines[i]!.unitPrice * lines[i]!.qty);
        });
        expect(r.shippingDiscount).toBeGreaterThanOrEqual(0);
        expect(r.shippingDiscount).toBeLessThanOrEqual(shipping);
        const summed = r.appliedPromotions.reduce((s, p) => s + p.discount, 0);
        expect(summed).toBe(r.lineDiscounts.reduce((s, d) => s + d, 0) + r.shippingDiscount);
      }),
    );
  });
});

describe('sandbox gateway', () => {
  // its state (nonces, duplicate window, transactions) is in the database: an empty migrated one
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  const gateway = () => new SandboxGateway(database.db, { duplicateWindowMs: 30_000, acceptedCardTypes: ['Visa', 'MasterCard', 'American Express'] });
  it('tokenises test cards, checks Luhn and expiry, and keeps only type and last four', async () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    const g = gateway();
    const ok = await g.tokenizeCard({ number: '4111 1111 1111 1111', expiry: '12/40', cvv: '123' });
    expect(ok).toEqual({ ok: true, nonce: expect.stringMatching(/^tokencc_/), details: { cardType: 'Visa', lastFour: '1111' } });
    expect(await g.tokenizeCard({ number: '4111111111111112', expiry: '12/40', cvv: '123' })).toMatchObject({ ok: false, field: 'number' });
    expect(await g.tokenizeCard({ number: '4111111111111111', expiry: '01/20', cvv: '123' })).toMatchObject({ ok: false, field: 'expiry' });
  });

  it('decides by amount band, nonce and duplicates, and consumes nonces', async () => {
    const g = gateway();
    let orders = 0;
    // each charge for an order of its own (an order has at most one authorised charge: below)
    const charge = (nonce: string, amount: number) => g.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount, orderNumber: `FL${(orders += 1)}` });
    expect(await charge('fake-valid-nonce', 199_999)).toMatchObject({ ok: true });
    expect(await charge('fake-valid-nonce', 200_400)).toMatchObject({ ok: false, error: 'PaymentProcessorDeclinedHard', code: '2004' });
    expect(await charge('fake-valid-nonce', 200_000)).toMatchObject({ ok: false, error: 'PaymentProcessorDeclined', code: '2000' });
    expect(await charge('fake-valid-nonce', 300_050)).toMatchObject({ ok: false, error: 'PaymentFailureUnrecoverable' });
    expect(await charge('fake-valid-nonce', 500_100)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'application_incomplete' });
    expect(await charge('fake-gateway-rejected-fraud-nonce', 1000)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected' });
    const first = await g.tokenizeCard({ number: '5555555555554444', expiry: '12/40', cvv: '123' });
    const second = await g.tokenizeCard({ number: '5555555555554444', expiry: '12/40', cvv: '123' });
    if (!first.ok || !second.ok) throw new Error('tokenise failed');
    expect(await charge(first.nonce, 4200)).toMatchObject({ ok: true, instrument: 'MasterCard ending 4444' });
    expect(await charge(first.nonce, 4200)).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
    expect(await charge(second.nonce, 4200)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'duplicate' });
    const jcb = await g.tokenizeCard({ number: '3530111333300000', expiry: '12/40', cvv: '123' });
    if (!jcb.ok) throw new Error('tokenise failed');
    expect(await charge(jcb.nonce, 1000)).toMatchObject({ ok: false, error: 'PaymentInstrumentTypeNotAccepted' });
    expect(await g.charge({ methodCode: 'BRAINTREE_PAYPAL', nonce: 'fake-valid-nonce', amount: 1000, orderNumber: 'FL-PP' })).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
  });

  it('charges an order number once while its authorisation stands; a void lets it be charged again', async () => {
    const g = gateway();
    const charge = (amount: number) => g.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-nonce', amount, orderNumber: 'FL-ONCE' });
    const first = await charge(1000);
    if (!first.ok) throw new Error(first.message);
    expect(await charge(1200)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'duplicate_order' });
    expect(await g.findCharge('FL-ONCE')).toEqual({ transactionId: first.transactionId, amount: 1000, instrument: 'Visa ending 1881' });
    await g.void(first.transactionId);
    await g.void(first.transactionId); // voiding twice changes nothing
    expect(await g.transaction(first.transactionId)).toMatchObject({ kind: 'charge', status: 'voided', orderNumber: 'FL-ONCE', voidedAt: expect.any(Number) });
    expect(await g.findCharge('FL-ONCE')).toBeNull();
    expect(await charge(1200)).toMatchObject({ ok: true });
  });

  it('expires nonces after 3 hours and sweeps old rows (injected clock)', async () => {
    let now = Date.now();
    const g = new SandboxGateway(database.db, { duplicateWindowMs: 30_000, acceptedCardTypes: ['Visa'], now: () => now });
    const card = await g.tokenizeCard({ number: '4111 1111 1111 1111', expiry: '12/40', cvv: '123' });
    if (!card.ok) throw new Error('tokenise failed');
    expect(await g.describe(card.nonce)).toEqual({ cardType: 'Visa', lastFour: '1111' });
    now += 3 * 60 * 60 * 1000 + 1;
    expect(await g.describe(card.nonce)).toBeUndefined();
    expect(await g.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: card.nonce, amount: 1000, orderNumber: 'FL-LATE' })).toMatchObject({ ok: false, code: '91565' });
    const rows = async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from sandbox_nonces where nonce = ${card.nonce}`))[0]!.n;
    expect(Number(await rows())).toBe(1);
    await g.sweep();
    expect(Number(await rows())).toBe(0);
  });
});

describe('a fully priced cart (property)', () => {
  /**
   * CheckoutService.price with its data stubbed (no database): the real promotions engine, shipping
   * and credit allocation. Whatever the cart, codes, shipping choice and gift cards:
   * grandTotal = itemSubtotalAfterDiscounts + shipping, credits + amountOutstanding = grandTotal,
   * GST + net = grandTotal with GST = 3/23 half a cent down, and nothing negative.
   */
  const offers: PromotionDef[] = [
    promo({ id: 'bp20', name: '20% off backpacks', code: 'WINTER20', rule: { kind: 'percentCategory', percent: 20, categoryPaths: ['bags/backpacks'] }, priority: 20 }),
    promo({ id: 'vip', name: 'VIP 30% off everything', code: 'VIP30', exclusive: true, rule: { kind: 'percentCategory', percent: 30, categoryPaths: [] }, priority: 10 }),
    promo({ id: 'bundle', name: '$25 off bags over $200', code: 'BUNDLE25', stopsFurther: true, rule: { kind: 'amountOff', amount: 2500, minSubtotal: 20000 }, priority: 30 }),
    promo({ id: 'flash', name: '$50 off orders over $300', code: 'FLASH50', rule: { kind: 'amountOff', amount: 5000, minSubtotal: 30000 }, priority: 40 }),
    promo({ id: 'travel10', name: '10% off travel accessories', rule: { kind: 'percentCategory', percent: 10, categoryPaths: ['travel/travel-accessories'] }, priority: 50 }),
    promo({ id: 'ship', name: 'Free delivery over $150', rule: { kind: 'freeShipping', minSubtotal: 15000 }, priority: 90 }),
  ];
  const methods = [
    { id: 'standard', label: 'Standard delivery', description: '', price: 995 },
    { id: 'express', label: 'Express delivery', description: '', price: 1995 },
  ];
  const service = (rows: Map<string, VariantRow>) => {
    const s = new CheckoutService({} as Database, { maxAppliedPromotions: 3, afterpayMax: 200_000, cacheMs: 0 });
    Object.assign(s, {
      variantRows: async () => rows,
      promotions: async () => offers,
      shippingMethods: async () => methods,
      customerUsage: async () => new Map<string, number>(),
    });
    return s;
  };
  const lineArb = fc.record({
    unitPrice: fc.integer({ min: 0, max: 300_000 }),
    qty: fc.integer({ min: 1, max: 99 }),
    path: fc.constantFrom('bags/backpacks', 'bags/totes', 'travel/travel-accessories', 'accessories/wallets'),
  });
  const shippingArb = fc.constantFrom(undefined, { type: 'DELIVERY' as const, options: { methodId: 'standard' } }, { type: 'DELIVERY' as const, options: { methodId: 'express' } }, { type: 'STORE_PICKUP' as const, clickCollectStoreId: 'AKL' });
  const creditsArb = fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 4 });

  it('totals, credits and GST always add up and are never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 8 }), fc.subarray(['WINTER20', 'VIP30', 'BUNDLE25', 'FLASH50']), shippingArb, creditsArb, async (ls, codes, shipping, credits) => {
        const rows = new Map<string, VariantRow>(
          ls.map((l, i) => [String(i + 1), { productId: `p${i + 1}`, variantId: String(i + 1), name: `P${i + 1}`, variantLabel: 'One size', price: l.unitPrice, state: 'current', functionalType: 'basic', stock: 999, categoryPaths: [l.path], cartQtyProductMax: null, cartQtyVariantMax: null, cartQtyVariantMin: null, cartQtyVariantMultipleOf: null }]),
        );
        const cart = { items: ls.map((l, i) => ({ productId: `p${i + 1}`, variantId: String(i + 1), qty: l.qty })), promoCodes: codes, ...(shipping ? { shipping } : {}) };
        const p = await service(rows).price(cart, credits.map((amount, i) => ({ id: `FERN-${i}`, methodCode: 'VOUCHER' as const, amount })), { provisionalShipping: !shipping });
        const shippingPrice = p.selectedShippingMethod?.price ?? 0;
        expect(p.itemSubtotal).toBe(ls.reduce((s, l) => s + l.unitPrice * l.qty, 0));
        expect(p.grandTotal).toBe(p.itemSubtotalAfterDiscounts + shippingPrice);
        expect(p.itemSubtotalAfterDiscounts).toBe(p.lines.reduce((s, l) => s + l.total, 0));
        // discounts: what the offers took off the items and the shipping, nothing more
        const shippingBefore = shipping?.type === 'STORE_PICKUP' ? 0 : methods.find((m) => m.id === (shipping?.type === 'DELIVERY' ? shipping.options.methodId : 'standard'))!.price;
        expect(p.totalDiscount).toBe(p.promotions.appliedPromotions.reduce((s, a) => s + a.discount, 0));
        expect(p.itemSubtotal - p.itemSubtotalAfterDiscounts + (shippingBefore - shippingPrice)).toBe(p.totalDiscount);
        expect(shippingPrice).toBeLessThanOrEqual(shippingBefore);
        const credited = p.creditUsages.reduce((s, u) => s + u.amount, 0);
        expect(credited + p.amountOutstanding).toBe(p.grandTotal);
        p.creditUsages.forEach((u) => expect(u.amount).toBeLessThanOrEqual(credits[Number(u.id.slice(5))]!));
        // GST + net = grandTotal, GST = 3/23 rounded to the nearest cent, half down
        const net = p.grandTotal - p.gst;
        expect(p.gst + net).toBe(p.grandTotal);
        // 23 * (gst - 3g/23): -r when rounded down (r <= 11), 23 - r when rounded up (r >= 12)
        expect(23 * p.gst - 3 * p.grandTotal).toBeGreaterThanOrEqual(-11);
        expect(23 * p.gst - 3 * p.grandTotal).toBeLessThanOrEqual(11);
        expect(p.gst).toBe(gstOfInclusive(p.grandTotal));
        for (const n of [p.itemSubtotal, p.itemSubtotalAfterDiscounts, shippingPrice, p.grandTotal, p.gst, net, credited, p.amountOutstanding, p.totalDiscount, ...p.lines.flatMap((l) => [l.discount, l.total])]) {
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        expect(p.loyaltyPoints).toBe(loyaltyPointsFor(p.grandTotal));
      }),
      { numRuns: 300 },
    );
  });
});
