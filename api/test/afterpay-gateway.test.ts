/**
 * The production pay-later adapter (Afterpay's online API v2) against the local stand-in of that
 * API: the adapter on its own, then an Afterpay order through the store from placing to completing.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { AfterpayPayLater, PayLaterUnavailableError } from '../src/store/payments/afterpay';
import { AfterpayStandIn } from '../src/stand-ins/afterpay-gateway/server';
import { createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

const KEYS = { merchantId: '100101382', secretKey: 'afterpay-s3cret' };
let clock = Date.now();
const now = () => clock;
let standIn: AfterpayStandIn;
let apiUrl: string;

beforeAll(async () => {
  standIn = new AfterpayStandIn({ ...KEYS, ttlMs: 60 * 60_000, now });
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `http://127.0.0.1:${(standIn.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await standIn?.app.close();
});

const adapter = (over: Partial<ConstructorParameters<typeof AfterpayPayLater>[0]> = {}) => new AfterpayPayLater({ apiUrl, ...KEYS, timeoutMs: 2_000, now, ...over });
const create = (gw: AfterpayPayLater, amount = 12_345, orderNumber = `FL-AP-${Math.random().toString(36).slice(2, 8)}`) =>
  gw.createCheckout({ orderNumber, amount, returnUrl: '/checkout/payment', currency: 'AUD', siteOrigin: 'https://www.fernleaf.example' });

describe('Afterpay adapter', () => {
  it('creates a checkout (amount, currency, order number, absolute return URLs) and reads it back as pending', async () => {
    const gw = adapter();
    const { token, redirectUrl, expiresAt } = await create(gw, 12_345, 'FL-AP-1');
    expect(redirectUrl).toContain(token);
    expect(expiresAt).toBe(clock + 60 * 60_000);
    expect(standIn.checkout(token)).toMatchObject({ amount: { amount: '123.45', currency: 'AUD' }, merchantReference: 'FL-AP-1', merchant: { redirectConfirmUrl: 'https://www.fernleaf.example/api/payments/afterpay/return' } });
    expect(await gw.get(token)).toEqual({ orderNumber: 'FL-AP-1', amount: 12_345, returnUrl: 'https://www.fernleaf.example/api/payments/afterpay/return', state: 'PENDING', createdAt: clock, expiresAt });
    expect(await gw.get('002.unknown')).toBeUndefined();
    expect(await gw.get('../../etc')).toBeUndefined();
  });

  it('captures only what the shopper confirmed, for the checkout amount; a retried capture gives the same payment', async () => {
    const gw = adapter();
    const { token } = await create(gw, 5_000);
    expect(await gw.capture(token, 5_000)).toEqual({ ok: false, error: 'NotApproved' });
    standIn.confirm(token);
    expect(await gw.capture(token, 4_999)).toEqual({ ok: false, error: 'AmountMismatch' });
    const captured = await gw.capture(token, 5_000);
    expect(captured).toEqual({ ok: true, transactionId: expect.stringMatching(/^afterpay_\d+$/) });
    expect(await gw.capture(token, 5_000)).toEqual(captured);

    const declined = await create(gw, 6_000);
    standIn.decline(declined.token);
    expect(await gw.capture(declined.token, 6_000)).toEqual({ ok: false, error: 'NotApproved' });
    expect(await gw.capture('002.nosuchtoken', 6_000)).toEqual({ ok: false, error: 'UnknownToken' });
  });

  it('an expired checkout is EXPIRED and cannot be captured', async () => {
    const gw = adapter();
    const { token } = await create(gw, 7_000);
    standIn.confirm(token);
    clock += 61 * 60_000;
    try {
      expect(await gw.status(token)).toBe('EXPIRED');
      expect(await gw.capture(token, 7_000)).toEqual({ ok: false, error: 'Expired' });
    } finally {
      clock -= 61 * 60_000;
    }
  });

  it('wrong credentials or no answer within the timeout throw PayLaterUnavailableError', async () => {
    await expect(create(adapter({ secretKey: 'wrong' }))).rejects.toThrow(PayLaterUnavailableError);
    standIn.delayMs = 500;
    try {
      await expect(create(adapter({ timeoutMs: 150 }))).rejects.toThrow(PayLaterUnavailableError);
    } finally {
      standIn.delayMs = 0;
    }
  });
});

describe('an Afterpay order through the store', () => {
  let ctx: TestContext;
  let item: { productId: string; variantId: string; qty: number };

  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      products: 40,
      env: { PAYLATER_GATEWAY: 'afterpay', AFTERPAY_API_URL: apiUrl, AFTERPAY_MERCHANT_ID: KEYS.merchantId, AFTERPAY_SECRET_KEY: KEYS.secretKey },
    });
    const [product] = await plainProducts(ctx.db, 1);
    item = { productId: product!.productId, variantId: product!.variantId, qty: 1 };
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it("places, sends the shopper to Afterpay, takes them back to the payment step and completes; the sandbox's pages are not served", async () => {
    const body = await orderRequest(ctx.app, [item]);
    const amount = body.payment.methods[0]!.amount;
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: { ...body, payment: { methods: [{ methodCode: 'AFTERPAY', amount }] } } });
    expect(placed.json()).toMatchObject({ status: 'actionRequired', actionData: { type: 'redirect', url: expect.stringMatching(/^https:\/\/portal\.afterpay\.example\//) } });
    const token = new URL(placed.json().actionData.url).searchParams.get('token')!;
    expect(standIn.checkout(token)).toMatchObject({ merchantReference: placed.json().orderNumber, amount: { amount: (amount / 100).toFixed(2), currency: 'NZD' } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/payments/afterpay/checkout/${token}` })).statusCode).toBe(404);

    // the shopper confirms on Afterpay's page and is sent back to the store
    standIn.confirm(token);
    const back = await ctx.app.inject({ method: 'GET', url: `/api/payments/afterpay/return?orderToken=${token}&status=SUCCESS` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/checkout/payment?afterpayToken=${encodeURIComponent(token)}&afterpayStatus=SUCCESS`);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(done.json()).toMatchObject({ status: 'complete', orderNumber: placed.json().orderNumber });
    const [tx] = await queryRows<{ id: string; method_code: string }>(ctx.db, sql`select id, method_code from payment_transactions where order_number = ${placed.json().orderNumber}`);
    expect(tx).toMatchObject({ id: expect.stringMatching(/^afterpay_/), method_code: 'AFTERPAY' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/afterpay/return?orderToken=%3Cscript%3E' })).statusCode).toBe(400);
  });

  it('a checkout the shopper did not confirm is refused and the order released', async () => {
    const body = await orderRequest(ctx.app, [item]);
    const amount = body.payment.methods[0]!.amount;
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: { ...body, payment: { methods: [{ methodCode: 'AFTERPAY', amount }] } } });
    const token = new URL(placed.json().actionData.url).searchParams.get('token')!;
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(refused.statusCode).toBe(402);
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${placed.json().orderNumber}`);
    expect(row!.status).not.toBe('placed');
    expect(row!.status).not.toBe('awaiting_payment');
  });
});
