/**
 * The production pay-later adapter (Afterpay's online API v2) against the local stand-in of that
 * API: the adapter on its own (checkouts, captures, refunds with their requestId, failures and
 * timeouts), then Afterpay orders through the store: placing to completing, an order held for
 * review cancelled and refunded, a return refunded, and a forged return from Afterpay.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { AfterpayPayLater, PayLaterUnavailableError } from '../src/store/payments/afterpay';
import { AfterpayStandIn } from '../src/stand-ins/afterpay-gateway/server';
import { runOperatorCommand } from '../src/store/orders/operator';
import { returnTokenFor } from '../src/store/returns/service';
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

describe('Afterpay refunds', () => {
  /** A captured payment of `amount` cents (AUD). */
  async function captured(gw: AfterpayPayLater, amount: number) {
    const { token } = await create(gw, amount);
    standIn.confirm(token);
    const result = await gw.capture(token, amount);
    if (!result.ok) throw new Error(result.error);
    return { transactionId: result.transactionId, paymentId: result.transactionId.replace('afterpay_', '') };
  }
  const refund = (gw: AfterpayPayLater, transactionId: string, amount: number, requestId: string) => gw.refund({ transactionId, amount, currency: 'AUD', orderNumber: 'FL-AP-R', requestId });

  it('refunds part of a payment; the same requestId again refunds nothing more; beyond what is left is refused', async () => {
    const gw = adapter();
    const { transactionId, paymentId } = await captured(gw, 10_000);
    const first = await refund(gw, transactionId, 2_500, 'RT10000001');
    expect(first).toEqual({ ok: true, refundId: expect.stringMatching(/^afterpay_refund_\d+$/) });
    expect(await refund(gw, transactionId, 2_500, 'RT10000001')).toEqual(first);
    expect(standIn.refunded(paymentId)).toBe(2_500);
    expect(await refund(gw, transactionId, 8_000, 'RT10000002')).toEqual({ ok: false, code: 'invalid_amount', message: 'The refund amount exceeds the amount left on the payment.' });
    expect(await refund(gw, transactionId, 7_500, 'RT10000002')).toMatchObject({ ok: true });
    expect(standIn.refunded(paymentId)).toBe(10_000);
    expect(await refund(gw, 'afterpay_999999999', 100, 'RT10000003')).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('a refund Afterpay did not answer throws; repeated with the same requestId it is made once', async () => {
    const gw = adapter({ timeoutMs: 150 });
    const { transactionId, paymentId } = await captured(gw, 6_000);
    standIn.failNext = 1;
    await expect(refund(gw, transactionId, 1_000, 'RT20000001')).rejects.toThrow(PayLaterUnavailableError);
    expect(standIn.refunded(paymentId)).toBe(0);
    // a timeout: Afterpay made the refund but the answer came too late
    standIn.lateAnswerMs = 400;
    try {
      await expect(refund(gw, transactionId, 1_000, 'RT20000001')).rejects.toThrow(PayLaterUnavailableError);
    } finally {
      standIn.lateAnswerMs = 0;
    }
    expect(standIn.refunded(paymentId)).toBe(1_000);
    expect(await refund(gw, transactionId, 1_000, 'RT20000001')).toMatchObject({ ok: true });
    expect(standIn.refunded(paymentId)).toBe(1_000);
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

    expect(await queryRows(ctx.db, sql`select kind from mail_outbox where ref = ${placed.json().orderNumber}`)).toEqual([]);
    // the shopper confirms on Afterpay's page and is sent back to the store
    standIn.confirm(token);
    const back = await ctx.app.inject({ method: 'GET', url: `/api/payments/afterpay/return?orderToken=${token}&status=SUCCESS` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/checkout/payment?afterpayToken=${encodeURIComponent(token)}&afterpayStatus=SUCCESS`);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(done.json()).toMatchObject({ status: 'complete', orderNumber: placed.json().orderNumber });
    const [tx] = await queryRows<{ id: string; method_code: string }>(ctx.db, sql`select id, method_code from payment_transactions where order_number = ${placed.json().orderNumber}`);
    expect(tx).toMatchObject({ id: expect.stringMatching(/^afterpay_/), method_code: 'AFTERPAY' });
    // its confirmation is queued once the capture placed it (not while it waited for Afterpay)
    expect(await queryRows(ctx.db, sql`select kind from mail_outbox where ref = ${placed.json().orderNumber}`)).toEqual([{ kind: 'order_confirmation' }]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/payments/afterpay/return?orderToken=%3Cscript%3E' })).statusCode).toBe(400);
  });

  /** An Afterpay order approved and completed (a fraud token the stand-in did not sign flags it for review). */
  async function completed(qty = 1, over: Parameters<typeof orderRequest>[2] = {}) {
    const body = await orderRequest(ctx.app, [{ ...item, qty }], over);
    const amount = body.payment.methods[0]!.amount;
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: { ...body, payment: { methods: [{ methodCode: 'AFTERPAY', amount }] } } });
    const token = new URL(placed.json().actionData.url).searchParams.get('token')!;
    standIn.confirm(token);
    const done = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(done.json()).toMatchObject({ status: 'complete' });
    const [tx] = await queryRows<{ id: string }>(ctx.db, sql`select id from payment_transactions where order_number = ${placed.json().orderNumber} and status = 'authorized'`);
    return { number: placed.json().orderNumber as string, accessToken: done.json().accessToken as string, amount, token, paymentId: tx!.id.replace('afterpay_', '') };
  }
  const stock = async () => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`))[0]!.qty;

  it('an Afterpay order held for review and cancelled is refunded in full through Afterpay, and its stock comes back', async () => {
    const before = await stock();
    const order = await completed(1, { fraudAnalytics: { token: 'forged.token' } });
    expect(await stock()).toBe(before - 1);
    const res = await runOperatorCommand(ctx.app.orders.review, ctx.db, ['cancel', order.number]);
    expect(res.code).toBe(0);
    expect(res.output).toMatch(new RegExp(`^Cancelled ${order.number}: refunded AFTERPAY ${order.amount / 100} \\(afterpay_refund_\\d+\\)\\.$`));
    expect(standIn.refunded(order.paymentId)).toBe(order.amount);
    expect(await stock()).toBe(before);
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${order.number}`);
    expect(row!.status).toBe('cancelled');
  });

  it('a return is refunded through Afterpay with the return number as its requestId; a provider failure refunds nothing and a repeat refunds once', async () => {
    const order = await completed(2);
    const token = returnTokenFor(order.number, order.accessToken);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/returns', payload: { number: order.number, token, items: [{ variantId: item.variantId, qty: 1, reason: 'CHANGED_MIND' }] } });
    expect(created.statusCode).toBe(200);
    const { returnNumber, refundEstimate } = created.json() as { returnNumber: string; refundEstimate: number };
    expect(refundEstimate).toBeGreaterThan(0);

    standIn.failNext = 1;
    const failed = await runOperatorCommand(ctx.app.orders.review, ctx.db, ['refund-return', returnNumber]);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('pay-later provider unavailable');
    expect(standIn.refunded(order.paymentId)).toBe(0);
    const [pending] = await queryRows<{ status: string }>(ctx.db, sql`select status from return_requests where number = ${returnNumber}`);
    expect(pending!.status).toBe('requested');

    const done = await runOperatorCommand(ctx.app.orders.review, ctx.db, ['refund-return', returnNumber]);
    expect(done).toEqual({ code: 0, output: `Refunded return ${returnNumber} of ${order.number}: ${refundEstimate / 100} (AFTERPAY ${refundEstimate / 100}).` });
    expect(standIn.refunded(order.paymentId)).toBe(refundEstimate);
    expect([...standIn.checkout(order.token)!.refunds.entries()]).toEqual([[returnNumber, expect.objectContaining({ refundMerchantReference: returnNumber })]]);
    const [refunded] = await queryRows<{ status: string }>(ctx.db, sql`select status from return_requests where number = ${returnNumber}`);
    expect(refunded!.status).toBe('refunded');
    // refunded once: a second run is refused
    expect(await runOperatorCommand(ctx.app.orders.review, ctx.db, ['refund-return', returnNumber])).toEqual({ code: 1, output: `Return ${returnNumber} is refunded.` });
    expect(standIn.refunded(order.paymentId)).toBe(refundEstimate);
  });

  it("the shopper's return from Afterpay proves nothing: a forged SUCCESS for a checkout never confirmed places no order", async () => {
    const body = await orderRequest(ctx.app, [item]);
    const amount = body.payment.methods[0]!.amount;
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: { ...body, payment: { methods: [{ methodCode: 'AFTERPAY', amount }] } } });
    const token = new URL(placed.json().actionData.url).searchParams.get('token')!;
    const back = await ctx.app.inject({ method: 'GET', url: `/api/payments/afterpay/return?orderToken=${token}&status=SUCCESS` });
    expect(back.headers.location).toContain('afterpayStatus=SUCCESS');
    const done = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(done.statusCode).toBe(402);
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${placed.json().orderNumber}`);
    expect(row!.status).not.toBe('placed');
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
