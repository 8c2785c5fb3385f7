/**
 * The payment stand-ins' state is in the database (src/platform/db/schema-stand-in-payments.ts), so two API
 * processes agree on it: two apps over one database (on PostgreSQL each with its own connection
 * pool, as two processes would have; on PGlite sharing the one connection), each with its own
 * stand-in origin. What one creates the other uses, and what may be used once is used once even
 * when both try at the same moment. The races prove something on PostgreSQL only: PGlite runs one
 * statement at a time.
 */
import type { OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, queryRows, type OpenDatabase } from '../src/platform/db';
import { DEFAULT_PAYMENT_AUTHORIZATION as auth } from '../src/store/payments/client-config';
import { buildPaymentClientOrigin } from '../src/stand-ins/payments/client-origin';
import type { SandboxGateway } from '../src/stand-ins/payments/sandbox';
import { BACKENDS, createTestContext, orderRequest, plainProducts, type PlainProduct, type TestContext } from './helpers';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(BACKENDS)('payment stand-ins shared by two API processes on %s', (backend) => {
  let ctx: TestContext;
  /** Process B: another app on the same database (PostgreSQL: its own pool). */
  let other: FastifyInstance;
  let otherDb: OpenDatabase | null = null;
  let standInA: FastifyInstance;
  let standInB: FastifyInstance;
  let plain: PlainProduct[];
  let gatewayA: SandboxGateway;
  let gatewayB: SandboxGateway;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 40 });
    otherDb = backend === 'postgres' ? await openDatabase(ctx.config) : null;
    other = buildApp({ config: ctx.config, db: otherDb?.db ?? ctx.db });
    await other.ready();
    gatewayA = ctx.app.paymentGateway;
    gatewayB = other.paymentGateway;
    standInA = buildPaymentClientOrigin({ authorization: auth, gateway: () => gatewayA });
    standInB = buildPaymentClientOrigin({ authorization: auth, gateway: () => gatewayB });
    plain = await plainProducts(ctx.db, 4);
    for (const p of plain) await ctx.db.execute(sql`update variants set qty = 500 where id = ${Number(p.variantId)}`);
  }, 120_000);

  afterAll(async () => {
    await standInA?.close();
    await standInB?.close();
    await other?.close();
    await otherDb?.close();
    await ctx?.close();
  });

  let seq = 0;
  const orderNumber = () => `FLT${backend === 'postgres' ? 'P' : 'G'}${(seq += 1)}-${Date.now().toString(36)}`;
  const tokenize = async (standIn: FastifyInstance, number = '4111 1111 1111 1111') => {
    const res = await standIn.inject({ method: 'POST', url: '/client/v1/tokenize', payload: { authorization: auth, creditCard: { number, expirationDate: '12/2039', cvv: '123' } } });
    expect(res.statusCode).toBe(200);
    return res.json().nonce as string;
  };
  const orderWith = async (app: FastifyInstance, index: number, method: OrderPlaceRequest['payment']['methods'][number]['methodCode'], token?: string): Promise<OrderPlaceRequest> => {
    const request = await orderRequest(app, [{ productId: plain[index]!.productId, variantId: plain[index]!.variantId, qty: 1 }]);
    const amount = request.payment.methods[0]!.amount;
    return { ...request, payment: { methods: [{ methodCode: method, amount, ...(token ? { token } : {}) }] } };
  };
  const place = (app: FastifyInstance, body: OrderPlaceRequest) => app.inject({ method: 'POST', url: '/api/order/place', payload: body });

  it('a card nonce tokenised at A is charged by an order placed through B, and cannot pay an order through A again', async () => {
    const nonce = await tokenize(standInA);
    expect(await gatewayB.describe(nonce)).toEqual({ cardType: 'Visa', lastFour: '1111' });
    const placed = await place(other, await orderWith(other, 0, 'BRAINTREE_CREDIT_CARD', nonce));
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ status: 'complete' });
    const number = placed.json().orderNumber as string;
    // the charge B made is known to A (crash recovery asks any process)
    expect(await gatewayA.findCharge(number)).toMatchObject({ instrument: 'Visa ending 1111' });
    const again = await place(ctx.app, await orderWith(ctx.app, 1, 'BRAINTREE_CREDIT_CARD', nonce));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'PaymentMethodInvalid' });
  });

  it('one nonce charged by both at once: exactly one authorisation, the others told it was used', async () => {
    const nonce = await tokenize(standInB, '5555 5555 5555 4444');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? gatewayA : gatewayB).charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount: 1234 + i, orderNumber: orderNumber() })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.code)).toEqual(Array(11).fill('93107'));
    const [row] = await queryRows<{ used: boolean }>(ctx.db, sql`select used from sandbox_nonces where nonce = ${nonce}`);
    expect(row!.used).toBe(true);
  });

  it('one order number charged by both at once with different nonces: one authorised charge (unique key)', async () => {
    const number = orderNumber();
    const nonces = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenize(i % 2 === 0 ? standInA : standInB, '3782 822463 10005')));
    const outcomes = await Promise.all(nonces.map((nonce, i) => (i % 2 === 0 ? gatewayB : gatewayA).charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount: 2000 + i, orderNumber: number })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.code))).toEqual(new Set(['duplicate_order']));
    const [count] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from sandbox_transactions where order_number = ${number} and kind = 'charge'`);
    expect(Number(count!.n)).toBe(1);
  });

  it('the same card and amount charged by both at once (duplicate window): one authorised', async () => {
    const nonces = await Promise.all(Array.from({ length: 10 }, (_, i) => tokenize(i % 2 === 0 ? standInA : standInB, '4005 5192 0000 0004')));
    const outcomes = await Promise.all(nonces.map((nonce, i) => (i % 2 === 0 ? gatewayA : gatewayB).charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount: 7777, orderNumber: orderNumber() })));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(new Set(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.code))).toEqual(new Set(['duplicate']));
  });

  it('a charge voided by both at once is voided once; a card vaulted at A is charged at B', async () => {
    const number = orderNumber();
    const charged = await gatewayA.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-visa-nonce', amount: 4321, orderNumber: number });
    if (!charged.ok) throw new Error(charged.message);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? gatewayA : gatewayB).void(charged.transactionId)));
    expect(await gatewayB.transaction(charged.transactionId)).toMatchObject({ status: 'voided', voidedAt: expect.any(Number) });
    expect(await gatewayA.findCharge(number)).toBeNull();
    await expect(gatewayB.void('sbx_unknown')).rejects.toThrow('Unknown transaction');

    const vaulted = await gatewayA.vault(await tokenize(standInB));
    if (!vaulted.ok) throw new Error(vaulted.message);
    expect(await gatewayB.transaction(vaulted.verification.transactionId)).toMatchObject({ kind: 'verification', status: 'authorized' });
    expect(await gatewayB.charge({ methodCode: 'BRAINTREE_SAVED', nonce: vaulted.token, amount: 1000, orderNumber: orderNumber() })).toMatchObject({ ok: true, instrument: 'Visa ending 1111' });
  });

  it('Afterpay: created through A, its approval page and approval served by B, completed through A', async () => {
    const placed = await place(ctx.app, await orderWith(ctx.app, 2, 'AFTERPAY'));
    expect(placed.json()).toMatchObject({ status: 'actionRequired' });
    const url = placed.json().actionData.url as string;
    const token = url.split('/').pop()!;
    const amount = (await queryRows<{ amount: number }>(ctx.db, sql`select amount from sandbox_pay_later_checkouts where token = ${token}`))[0]!.amount;
    const page = await other.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('4 interest-free payments every 2 weeks');
    const approved = await other.inject({ method: 'POST', url: `${url}/approve`, headers: FORM, payload: '' });
    expect(approved.headers.location).toContain('afterpayStatus=SUCCESS');
    const done = await ctx.app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });
    expect(done.json()).toMatchObject({ status: 'complete', orderNumber: placed.json().orderNumber });
    // B sees it captured
    expect(await (other as unknown as { orders: { payLater: { status(t: string): Promise<string> } } }).orders.payLater.status(token)).toBe('CAPTURED');
  });

  it('Afterpay: approve and decline at once on A and B settle on one answer; completing on both at once captures once', async () => {
    const placed = await place(other, await orderWith(other, 3, 'AFTERPAY'));
    const url = placed.json().actionData.url as string;
    const token = url.split('/').pop()!;
    const amount = (await queryRows<{ amount: number }>(ctx.db, sql`select amount from sandbox_pay_later_checkouts where token = ${token}`))[0]!.amount;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? ctx.app : other).inject({ method: 'POST', url: `${url}/${i % 4 < 2 ? 'approve' : 'decline'}`, headers: FORM, payload: '' })),
    );
    const statuses = new Set(answers.map((a) => /afterpayStatus=(\w+)/.exec(String(a.headers.location))![1]));
    expect(statuses.size).toBe(1);
    const [checkout] = await queryRows<{ state: string }>(ctx.db, sql`select state from sandbox_pay_later_checkouts where token = ${token}`);
    expect(checkout!.state).toBe([...statuses][0] === 'SUCCESS' ? 'APPROVED' : 'DECLINED');
    const completions = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? ctx.app : other).inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } })));
    if (checkout!.state === 'APPROVED') {
      for (const c of completions) expect(c.json()).toMatchObject({ status: 'complete', orderNumber: placed.json().orderNumber });
      const [captures] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${placed.json().orderNumber} and method_code = 'AFTERPAY'`);
      expect(Number(captures!.n)).toBe(1);
    } else {
      // the first completion finds the checkout declined and cancels the order; the rest find it cancelled
      for (const c of completions) expect([402, 409]).toContain(c.statusCode);
      const [order] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${placed.json().orderNumber}`);
      expect(order!.status).toBe('cancelled');
    }
  });

  it('PayPal: the popup opened by A is approved at B and tokenised once when both try; the nonce pays through B', async () => {
    const popup = await standInA.inject({ method: 'GET', url: `/paypal/checkout?authorization=${auth}&amount=49.95&currency=NZD&origin=http%3A%2F%2F127.0.0.1%3A8080&channel=abcd1234` });
    const id = /data-payment="(PAYID-[0-9A-F]+)"/.exec(popup.body)![1]!;
    expect((await standInB.inject({ method: 'POST', url: `/paypal/checkout/${id}/approve` })).json()).toMatchObject({ status: 'approved', payerId: expect.any(String) });
    // a late cancel on A changes nothing
    expect((await standInA.inject({ method: 'POST', url: `/paypal/checkout/${id}/cancel` })).json()).toMatchObject({ status: 'approved' });
    const tokenised = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? standInA : standInB).inject({ method: 'POST', url: '/client/v1/paypal/tokenize', payload: { authorization: auth, paymentId: id } })));
    expect(tokenised.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    const nonce = tokenised.find((r) => r.statusCode === 200)!.json().nonce as string;
    const placed = await place(other, await orderWith(other, 0, 'BRAINTREE_PAYPAL', nonce));
    expect(placed.json()).toMatchObject({ status: 'complete' });
    expect((await standInB.inject({ method: 'POST', url: '/paypal/checkout/PAYID-00000000000000000000/approve' })).statusCode).toBe(404);
  });

  it('Apple Pay: a merchant session validated at A is accepted in a payment token at B', async () => {
    const session = await standInA.inject({ method: 'POST', url: '/client/v1/apple-pay/merchant-session', payload: { authorization: auth, validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession', displayName: 'Fernleaf', domainName: '127.0.0.1' } });
    const tokenOf = (merchantSessionIdentifier: string) => ({
      paymentData: { version: 'EC_v1', data: Buffer.from(JSON.stringify({ merchantSessionIdentifier, lastFour: '4444' })).toString('base64') },
      paymentMethod: { displayName: 'MasterCard 4444', network: 'MasterCard', type: 'debit' },
      transactionIdentifier: 'abc123',
    });
    const tokenized = await standInB.inject({ method: 'POST', url: '/client/v1/apple-pay/tokenize', payload: { authorization: auth, token: tokenOf(session.json().merchantSessionIdentifier) } });
    expect(tokenized.statusCode).toBe(200);
    expect(await gatewayA.charge({ methodCode: 'BRAINTREE_APPLE_PAY', nonce: tokenized.json().nonce, amount: 4995, orderNumber: orderNumber() })).toMatchObject({ ok: true, instrument: 'MasterCard ending 4444' });
    // an identifier that is not one of ours (any text, NUL included) is refused, never looked up
    for (const forged of ['SSHFORGED', `SSH${'A'.repeat(31)}\u0000`]) {
      expect((await standInB.inject({ method: 'POST', url: '/client/v1/apple-pay/tokenize', payload: { authorization: auth, token: tokenOf(forged) } })).statusCode).toBe(422);
    }
  });
});

describe('payment stand-in expiry with an injected clock', () => {
  let ctx: TestContext;
  let now = Date.now();
  let standIn: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestContext('pglite', { products: 0 });
    standIn = buildPaymentClientOrigin({ authorization: auth, gateway: () => ctx.app.paymentGateway, now: () => now });
  }, 60_000);

  afterAll(async () => {
    await standIn?.close();
    await ctx?.close();
  });

  it('PayPal payments and Apple Pay sessions expire (3 hours, one hour) and are swept', async () => {
    const popup = await standIn.inject({ method: 'GET', url: `/paypal/checkout?authorization=${auth}&amount=10.00&currency=NZD&origin=http%3A%2F%2F127.0.0.1%3A8080&channel=abcd1234` });
    const id = /data-payment="(PAYID-[0-9A-F]+)"/.exec(popup.body)![1]!;
    const session = (await standIn.inject({ method: 'POST', url: '/client/v1/apple-pay/merchant-session', payload: { authorization: auth, validationURL: 'https://apple-pay-gateway-cert.apple.com/x', displayName: 'Fernleaf', domainName: '127.0.0.1' } })).json();
    const applePay = () =>
      standIn.inject({
        method: 'POST',
        url: '/client/v1/apple-pay/tokenize',
        payload: { authorization: auth, token: { paymentData: { version: 'EC_v1', data: Buffer.from(JSON.stringify({ merchantSessionIdentifier: session.merchantSessionIdentifier })).toString('base64') }, paymentMethod: { network: 'Visa' }, transactionIdentifier: 'x' } },
      });
    now += 60 * 60 * 1000 + 1;
    expect((await applePay()).statusCode).toBe(422);
    expect((await standIn.inject({ method: 'POST', url: `/paypal/checkout/${id}/approve` })).statusCode).toBe(200);
    now += 2 * 60 * 60 * 1000;
    expect((await standIn.inject({ method: 'POST', url: '/client/v1/paypal/tokenize', payload: { authorization: auth, paymentId: id } })).statusCode).toBe(422);
    const count = async () => (await queryRows<{ n: number }>(ctx.db, sql`select (select count(*) from sandbox_paypal_payments) + (select count(*) from sandbox_apple_pay_sessions) as n`))[0]!.n;
    expect(Number(await count())).toBe(2);
    await ctx.app.paymentGateway.wallets.sweep(now);
    expect(Number(await count())).toBe(0);
  });
});
