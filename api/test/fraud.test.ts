/**
 * Fraud analytics: the local Forter-like stand-in's config, script (cookie and
 * event), and the decision asked at order placement: approve, review (a token it did not sign or
 * for another site; placed), not_provided (no token; placed), decline (a test token; refused as
 * PaymentGatewayRejected before stock, gift cards or a charge are taken). The decision URL path
 * is exercised over real HTTP against the stand-in's own endpoint.
 */
import vm from 'node:vm';
import type { OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/platform/db';
import { DEFAULT_FRAUD, FRAUD_COOKIE_MAX_AGE_SECONDS, HttpFraudService } from '../src/store/fraud';
import { LocalFraud } from '../src/stand-ins/fraud/local';
import { fraudRoutes } from '../src/stand-ins/fraud/routes';
import { errorHandler } from '../src/platform/http/errors';
import { BACKENDS, createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

/** Runs the served script against a fake document: the cookie it writes and the events it dispatches. */
function runScript(source: string): { cookies: string[]; events: { type: string; detail: unknown }[] } {
  const cookies: string[] = [];
  const events: { type: string; detail: unknown }[] = [];
  class CustomEvent {
    constructor(
      readonly type: string,
      readonly init: { detail: unknown },
    ) {}
  }
  const document = {
    set cookie(value: string) {
      cookies.push(value);
    },
    dispatchEvent(event: CustomEvent) {
      events.push({ type: event.type, detail: event.init.detail });
      return true;
    },
  };
  vm.runInNewContext(source, { document, CustomEvent, window: {} });
  return { cookies, events };
}

const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('fraud stand-in without a database', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });
  const appWith = async (config = DEFAULT_FRAUD) => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    app.register(fraudRoutes, { config, local: new LocalFraud(config) });
    await app.ready();
    return app;
  };

  it('configuration: documented defaults; test tokens are off in production unless asked for', () => {
    const root = __dirname;
    expect(loadConfig({}, root).fraud).toEqual({ siteId: 'local-fraud-site', scriptUrl: '/api/fraud/script.js', decisionUrl: '', secret: 'local-fraud-secret', testTokens: true });
    expect(loadConfig({ NODE_ENV: 'production' }, root).fraud.testTokens).toBe(false);
    expect(loadConfig({ FRAUD_SITE_ID: 'shop-7', FRAUD_SCRIPT_URL: 'https://cdn.example/s.js', FRAUD_DECISION_URL: 'https://fraud.example/v2/orders', FRAUD_SECRET: 's3', FRAUD_TEST_TOKENS: '0' }, root).fraud).toEqual({
      siteId: 'shop-7',
      scriptUrl: 'https://cdn.example/s.js',
      decisionUrl: 'https://fraud.example/v2/orders',
      secret: 's3',
      testTokens: false,
    });
  });

  it('without test tokens, ?test=decline is 400 and a decline token already minted is only review', async () => {
    const production = { ...DEFAULT_FRAUD, testTokens: false };
    await appWith(production);
    const res = await app.inject({ method: 'GET', url: '/api/fraud/script.js?siteId=local-fraud-site&test=decline' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    const minted = new LocalFraud(DEFAULT_FRAUD).issue('local-fraud-site', 'decline')!;
    expect(new LocalFraud(DEFAULT_FRAUD).assess(minted)).toEqual({ decision: 'decline', reason: 'test_decline' });
    expect(new LocalFraud(production).assess(minted)).toEqual({ decision: 'review', reason: 'test_token' });
  });

  it('a token older than the cookie lifetime (400 days) is review', () => {
    let now = Date.UTC(2026, 0, 1);
    const local = new LocalFraud(DEFAULT_FRAUD, () => now);
    const token = local.issue('local-fraud-site')!;
    now += FRAUD_COOKIE_MAX_AGE_SECONDS * 1000 - 1000;
    expect(local.assess(token).decision).toBe('approve');
    now += 2000;
    expect(local.assess(token)).toEqual({ decision: 'review', reason: 'expired' });
  });
});

describe.each(BACKENDS)('fraud analytics on %s', (backend) => {
  let ctx: TestContext;
  let item: { productId: string; variantId: string; qty: number };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 40 });
    const [plain] = await plainProducts(ctx.db, 1);
    item = { productId: plain!.productId, variantId: plain!.variantId, qty: 1 };
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const setStock = (qty: number) => ctx.db.execute(sql`update variants set qty = ${qty} where id = ${Number(item.variantId)}`);
  const stock = async () => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`))[0]!.qty;
  const orderRow = async (number: string) =>
    (await queryRows<{ status: string; fraud_token: string | null; fraud_decision: string; fraud_reason: string }>(ctx.db, sql`select status, fraud_token, fraud_decision, fraud_reason from orders where number = ${number}`))[0];
  const place = (app: FastifyInstance, body: OrderPlaceRequest) => app.inject({ method: 'POST', url: '/api/order/place', payload: body as object });
  const scriptToken = async (query = 'siteId=local-fraud-site') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/fraud/script.js?${query}` });
    expect(res.statusCode).toBe(200);
    return runScript(res.body).events[0]!.detail as string;
  };

  it('GET /api/fraud/config gives the site id and script URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/fraud/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteId: 'local-fraud-site', scriptUrl: '/api/fraud/script.js' });
  });

  it('the script sets the forterToken cookie for 400 days and dispatches ftr:tokenReady with a signed token; unknown site ids are 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/fraud/script.js?siteId=local-fraud-site' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { cookies, events } = runScript(res.body);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('ftr:tokenReady');
    const token = events[0]!.detail as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(cookies).toEqual([`forterToken=${token}; Path=/; Max-Age=34560000; SameSite=Lax`]);
    expect(payloadOf(token)).toMatchObject({ s: 'local-fraud-site', t: expect.any(Number) });
    expect(Math.abs((payloadOf(token).t as number) - Date.now())).toBeLessThan(60_000);
    // every load gets its own token
    expect(await scriptToken()).not.toBe(token);

    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/fraud/script.js?siteId=someone-else' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'InvalidSiteId' });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/fraud/script.js' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].field).toBe('siteId');
  });

  it('records the decision with the order: approve for a token it signed, review for a forged or foreign-site token, not_provided without one', async () => {
    await setStock(50);
    const good = await scriptToken();
    const approved = await place(ctx.app, await orderRequest(ctx.app, [item], { fraudAnalytics: { token: good } }));
    expect(approved.statusCode).toBe(200);
    expect(await orderRow(approved.json().orderNumber)).toEqual({ status: 'placed', fraud_token: good, fraud_decision: 'approve', fraud_reason: 'ok' });

    const [payload, signature] = good.split('.');
    const forged = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherSite = new LocalFraud({ ...DEFAULT_FRAUD, siteId: 'another-site' }).issue('another-site')!;
    const wrongKey = new LocalFraud({ ...DEFAULT_FRAUD, secret: 'not-ours' }).issue('local-fraud-site')!;
    for (const [token, reason] of [
      [forged, 'bad_signature'],
      [wrongKey, 'bad_signature'],
      ['not-a-token', 'bad_signature'],
      [otherSite, 'site_mismatch'],
    ] as const) {
      const res = await place(ctx.app, await orderRequest(ctx.app, [item], { fraudAnalytics: { token } }));
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('complete');
      expect(await orderRow(res.json().orderNumber)).toEqual({ status: 'placed', fraud_token: token, fraud_decision: 'review', fraud_reason: reason });
    }

    const none = await place(ctx.app, await orderRequest(ctx.app, [item]));
    expect(none.statusCode).toBe(200);
    expect(await orderRow(none.json().orderNumber)).toEqual({ status: 'placed', fraud_token: null, fraud_decision: 'not_provided', fraud_reason: 'no_token' });
    // the read endpoints never give the token back
    const view = await ctx.app.inject({ method: 'GET', url: `/api/orders/${approved.json().orderNumber}?token=${approved.json().accessToken}` });
    expect(view.body).not.toContain(good.split('.')[1]!);
  });

  it('a decline refuses the order as PaymentGatewayRejected before stock, gift-card balance, offer usage or a charge is taken', async () => {
    await setStock(5);
    const [before] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-1000-0003'`);
    const [usage] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from promotion_usages`);
    const decline = await scriptToken('siteId=local-fraud-site&test=decline');
    expect(payloadOf(decline)).toMatchObject({ s: 'local-fraud-site', d: 'decline' });
    const base = await orderRequest(ctx.app, [item]);
    const total = base.payment.methods[0]!.amount;
    const body: OrderPlaceRequest = {
      ...base,
      payment: { methods: [{ methodCode: 'VOUCHER', amount: 1000, code: 'FERN-1000-0003', pin: '1111' }, { methodCode: 'BRAINTREE_CREDIT_CARD', amount: total - 1000, token: 'fake-valid-nonce' }] },
      fraudAnalytics: { token: decline },
    };
    const res = await place(ctx.app, body);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'PaymentGatewayRejected', message: 'The payment was rejected by the gateway.' });
    expect(await stock()).toBe(5);
    const [after] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-1000-0003'`);
    expect(after!.balance).toBe(before!.balance);
    const [usageAfter] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from promotion_usages`);
    expect(usageAfter!.n).toBe(usage!.n);
    const [declined] = await queryRows<{ number: string; status: string; fraud_decision: string; fraud_reason: string }>(
      ctx.db,
      sql`select number, status, fraud_decision, fraud_reason from orders where cart_id = ${body.cartId}`,
    );
    expect(declined).toMatchObject({ status: 'fraud_declined', fraud_decision: 'decline', fraud_reason: 'test_decline' });
    const [charges] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${declined!.number}`);
    expect(charges!.n).toBe(0);
    // not an order the shopper can look up, and the cart is not spent: with a good token it goes through
    expect((await ctx.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { number: declined!.number, email: 'aroha@example.co.nz' } })).statusCode).toBe(404);
    const retry = await place(ctx.app, { ...body, fraudAnalytics: { token: await scriptToken() } });
    expect(retry.statusCode).toBe(200);
    expect(await stock()).toBe(4);
  });

  it('with FRAUD_DECISION_URL the decision is POSTed as JSON (Forter-like) and its action obeyed; an endpoint that fails is held, blocked or allowed by FRAUD_UNAVAILABLE', async () => {
    await setStock(50);
    // the stand-in's own decision endpoint, over real HTTP
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const remoteApp = (secret: string, unavailable?: string) => {
      const config = loadConfig({ FRAUD_DECISION_URL: `${address}/api/fraud/decision`, FRAUD_SECRET: secret, SEED_PRODUCTS: '0', DATA_DIR: 'memory://unused', ...(unavailable ? { FRAUD_UNAVAILABLE: unavailable } : {}) }, __dirname);
      return buildApp({ config: { ...ctx.config, fraud: config.fraud, fraudUnavailable: config.fraudUnavailable }, db: ctx.db });
    };
    const remote = remoteApp('local-fraud-secret');
    const wrongSecret = remoteApp('wrong-secret');
    const wrongSecretBlock = remoteApp('wrong-secret', 'block');
    const wrongSecretAllow = remoteApp('wrong-secret', 'allow');
    try {
      const approve = await place(remote, await orderRequest(remote, [item], { fraudAnalytics: { token: await scriptToken() } }));
      expect(approve.statusCode).toBe(200);
      expect(await orderRow(approve.json().orderNumber)).toMatchObject({ fraud_decision: 'approve', fraud_reason: 'ok' });
      const decline = await place(remote, await orderRequest(remote, [item], { fraudAnalytics: { token: await scriptToken('siteId=local-fraud-site&test=decline') } }));
      expect(decline.statusCode).toBe(402);
      expect(decline.json().error).toBe('PaymentGatewayRejected');
      const none = await place(remote, await orderRequest(remote, [item]));
      expect(await orderRow(none.json().orderNumber)).toMatchObject({ fraud_decision: 'not_provided' });
      // hold (the default): held for review, nothing taken or charged, the shopper asked to try again
      const heldBody = await orderRequest(wrongSecret, [item], { fraudAnalytics: { token: await scriptToken() } });
      const stockBefore = await stock();
      const key = `held-${Date.now()}`;
      const held = await wrongSecret.inject({ method: 'POST', url: '/api/order/place', headers: { 'idempotency-key': key }, payload: heldBody });
      expect(held.statusCode).toBe(503);
      expect(held.json()).toEqual({ error: 'OrderHeld', message: 'We could not place your order just now and nothing was charged. Please try again in a few minutes.' });
      expect(await stock()).toBe(stockBefore);
      const [heldRow] = await queryRows<{ number: string; status: string; fraud_decision: string; fraud_reason: string }>(
        ctx.db,
        sql`select number, status, fraud_decision, fraud_reason from orders where cart_id = ${heldBody.cartId}`,
      );
      expect(heldRow).toMatchObject({ status: 'fraud_held', fraud_decision: 'review', fraud_reason: 'unavailable' });
      const [charges] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${heldRow!.number}`);
      expect(charges!.n).toBe(0);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { number: heldRow!.number, email: heldBody.cart.email } })).statusCode).toBe(404);
      // once the service answers again the same cart goes through, with the same Idempotency-Key too (a hold is not kept as its answer)
      expect((await remote.inject({ method: 'POST', url: '/api/order/place', headers: { 'idempotency-key': key }, payload: heldBody })).statusCode).toBe(200);
      // block: refused like a fraud decline
      const blocked = await place(wrongSecretBlock, await orderRequest(wrongSecretBlock, [item], { fraudAnalytics: { token: await scriptToken() } }));
      expect(blocked.statusCode).toBe(402);
      expect(blocked.json().error).toBe('PaymentGatewayRejected');
      // allow: placed, flagged for review
      const unavailable = await place(wrongSecretAllow, await orderRequest(wrongSecretAllow, [item], { fraudAnalytics: { token: await scriptToken('siteId=local-fraud-site&test=decline') } }));
      expect(unavailable.statusCode).toBe(200);
      expect(await orderRow(unavailable.json().orderNumber)).toMatchObject({ status: 'placed', fraud_decision: 'review', fraud_reason: 'unavailable' });
    } finally {
      await remote.close();
      await wrongSecret.close();
      await wrongSecretBlock.close();
      await wrongSecretAllow.close();
    }
  });

  it('an order that fails unexpectedly is logged without the fraud token (drizzle puts query parameters in its messages)', async () => {
    await setStock(50);
    const token = await scriptToken();
    await ctx.db.execute(sql.raw(`create function fail_marked_order() returns trigger language plpgsql as $$ begin
      if new.fraud_token is not null and new.email = 'fail.me@example.co.nz' then raise exception 'simulated failure'; end if; return new; end $$`));
    await ctx.db.execute(sql.raw('create trigger fail_marked_order before insert on orders for each row execute function fail_marked_order()'));
    const logged: unknown[] = [];
    const spy = jest.spyOn(ctx.app.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      const body = await orderRequest(ctx.app, [item], { fraudAnalytics: { token } });
      const res = await place(ctx.app, { ...body, cart: { ...body.cart, email: 'fail.me@example.co.nz' } });
      expect(res.statusCode).toBe(500);
      expect(logged.length).toBeGreaterThan(0);
      const text = JSON.stringify(logged);
      expect(text).toContain('simulated failure');
      expect(text).toContain('[fraud token]');
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[1]!);
    } finally {
      spy.mockRestore();
      await ctx.db.execute(sql.raw('drop trigger fail_marked_order on orders'));
      await ctx.db.execute(sql.raw('drop function fail_marked_order()'));
    }
  });

  it('the HTTP client sends the Forter-like request and maps the answers', async () => {
    const seen: { url: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    let answer: unknown = { action: 'approve', reasonCode: 'ok' };
    const fetchImpl = (async (url: string, init: RequestInit) => {
      seen.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const client = new HttpFraudService({ ...DEFAULT_FRAUD, decisionUrl: 'https://fraud.example/v2/orders', secret: 'k' }, fetchImpl, () => {}, () => 1_800_000_000_000);
    const request = { orderNumber: 'FL12345678', token: 'tok.sig', amount: 12345, email: 'a@example.co.nz', paymentMethods: ['BRAINTREE_CREDIT_CARD'], ip: '10.1.2.3', userAgent: 'UA' };
    expect(await client.decide(request)).toEqual({ decision: 'approve', reason: 'ok' });
    expect(seen[0]).toEqual({
      url: 'https://fraud.example/v2/orders',
      headers: expect.objectContaining({ 'content-type': 'application/json', authorization: `Basic ${Buffer.from('k:').toString('base64')}`, 'x-forter-siteid': 'local-fraud-site' }),
      body: {
        orderId: 'FL12345678',
        orderType: 'WEB',
        timeSentToForter: 1_800_000_000_000,
        checkoutTime: 1_800_000_000,
        connectionInformation: { customerIP: '10.1.2.3', userAgent: 'UA', forterTokenCookie: 'tok.sig' },
        totalAmount: { amountLocalCurrency: '123.45', currency: 'NZD' },
        accountOwner: { email: 'a@example.co.nz' },
        payment: [{ paymentMethodNickname: 'BRAINTREE_CREDIT_CARD' }],
      },
    });
    answer = { action: 'not reviewed', reasonCode: 'velocity' };
    expect(await client.decide(request)).toEqual({ decision: 'review', reason: 'velocity' });
    answer = { action: 'decline' };
    expect(await client.decide({ ...request, token: undefined })).toEqual({ decision: 'decline', reason: 'decline' });
    answer = { action: 'approve' };
    expect(await client.decide({ ...request, token: undefined })).toEqual({ decision: 'not_provided', reason: 'no_token' });
    answer = { nothing: true };
    expect(await client.decide(request)).toEqual({ decision: 'review', reason: 'unavailable' });
    answer = new Error('connect ECONNREFUSED');
    expect(await client.decide(request)).toEqual({ decision: 'review', reason: 'unavailable' });
  });
});
