/**
 * Orders hardening, in process on each backend: gift-card PIN attempts counted atomically
 * (40 concurrent wrong PINs through order/place), shared rate limits with 429 + Retry-After
 * (gift-card PINs on every path, promo codes, order lookups, sign-in and code confirmation) keyed
 * by the client address behind TRUST_PROXY, random gift-card codes, and crash recovery with an
 * injected failure (a placement that never finishes: its key is taken over after the lease and
 * its pending order resolved by the sweep, releasing everything once). The same with a real
 * kill -9 of a server process: multi-process.test.ts (PostgreSQL pass).
 */
import type { OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig, parseTrustProxy } from '../src/config';
import { queryRows } from '../src/platform/db';
import { VoucherService } from '../src/store/vouchers/service';
import { BACKENDS, cognitoCall, createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

const MAX_PINS = 5;
const PER_MINUTE = 10;

describe.each(BACKENDS)('orders hardening on %s', (backend) => {
  let ctx: TestContext;
  let plain: { productId: string; variantId: string; price: number }[];

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      products: 60,
      env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_PROMO_CODES_PER_HOUR: '3', RATE_LIMIT_SIGNIN_PER_MINUTE: '3', RATE_LIMIT_CODE_CONFIRMATIONS_PER_MINUTE: '2', IDEMPOTENCY_LEASE_SECONDS: '1' },
    });
    plain = await plainProducts(ctx.db, 4);
    for (const p of plain) await ctx.db.execute(sql`update variants set qty = 100 where id = ${Number(p.variantId)}`);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const place = (body: unknown, { ip = '10.1.0.1', key, headers = {} }: { ip?: string; key?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body as object, remoteAddress: ip, headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) } });
  const card = async (code: string) => (await queryRows<{ failed_pins: number; locked_until: Date | string | null; balance: number }>(ctx.db, sql`select failed_pins, locked_until, balance from gift_cards where code = ${code}`))[0]!;

  /** An order paid entirely by a gift card (NO_PAYMENT for the rest). */
  async function giftCardOrder(code: string, pin: string, itemIndex = 0): Promise<OrderPlaceRequest> {
    const base = await orderRequest(ctx.app, [{ productId: plain[itemIndex]!.productId, variantId: plain[itemIndex]!.variantId, qty: 1 }]);
    const total = base.payment.methods[0]!.amount;
    return { ...base, payment: { methods: [{ methodCode: 'VOUCHER', amount: total, code, pin }, { methodCode: 'NO_PAYMENT', amount: 0 }] } };
  }

  it('40 concurrent wrong PINs through order/place from one client: the card locks after the limit, the excess get 429 with Retry-After', async () => {
    const body = await giftCardOrder('FERN-9999-0004', '0000');
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => place({ ...body, cartId: `${body.cartId}-${i}` }, { ip: '10.40.0.1' })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(40 - PER_MINUTE);
    for (const r of limited) expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    const after = await card('FERN-9999-0004');
    expect(after.failed_pins).toBe(MAX_PINS);
    expect(new Date(after.locked_until!).getTime()).toBeGreaterThan(Date.now());
    // the right PIN is refused while locked; nothing was taken off the card
    const right = await place(await giftCardOrder('FERN-9999-0004', '9999'), { ip: '10.40.0.2' });
    expect(right.statusCode).toBe(409);
    expect(after.balance).toBe(100000);
  }, 120_000);

  it('40 concurrent wrong PINs from 40 clients: exactly the limit is counted (one conditional UPDATE per attempt)', async () => {
    const body = await giftCardOrder('FERN-5000-0001', '0000', 1);
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => place({ ...body, cartId: `${body.cartId}-${i}` }, { ip: `10.41.0.${i + 1}` })));
    expect(responses.map((r) => r.statusCode).filter((s) => s !== 409)).toEqual([]);
    const after = await card('FERN-5000-0001');
    expect(after.failed_pins).toBe(MAX_PINS);
    expect(after.locked_until).not.toBeNull();
  }, 120_000);

  it('balance checks share the PIN budget with order/place; the client is the X-Forwarded-For address only behind the trusted proxy', async () => {
    const balance = (ip: string, forwarded?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/payment/voucher/balance/FERN-1000-0003?pin=1111&recaptchaToken=x', remoteAddress: ip, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} });
    // through the trusted proxy (127.0.0.1): each forwarded client has its own budget
    const a = await Promise.all(Array.from({ length: PER_MINUTE + 2 }, () => balance('127.0.0.1', '203.0.113.7')));
    expect(a.filter((r) => r.statusCode === 429)).toHaveLength(2);
    expect(a.find((r) => r.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    expect((await balance('127.0.0.1', '203.0.113.8')).statusCode).toBe(400); // bot check fails, but not limited
    // an untrusted sender's X-Forwarded-For is ignored: its own address is counted
    const spoofed = await Promise.all(Array.from({ length: PER_MINUTE + 1 }, (_, i) => balance('10.77.0.1', `198.51.100.${i}`)));
    expect(spoofed.filter((r) => r.statusCode === 429)).toHaveLength(1);
    // order/place PIN checks draw on the same budget
    const body = await giftCardOrder('FERN-2500-0002', '4321', 2);
    expect((await place(body, { ip: '10.77.0.1' })).statusCode).toBe(429);
  });

  it('promo codes: each distinct unknown code counts (resending one is free), known codes never; 429 past the limit', async () => {
    const cart = (codes: string[]) => ({ cart: { items: [{ productId: plain[0]!.productId, variantId: plain[0]!.variantId, qty: 1 }], promoCodes: codes }, availableCreditBalances: [] });
    const infoFrom = (codes: string[]) => ctx.app.inject({ method: 'POST', url: '/api/checkout/info', payload: cart(codes), remoteAddress: '10.50.0.1' });
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) expect((await infoFrom([code])).statusCode).toBe(200);
    expect((await infoFrom(['GUESS1', 'GUESS2', 'GUESS3', 'VIP30'])).statusCode).toBe(200);
    const fourth = await infoFrom(['GUESS4']);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe('TooManyRequests');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await infoFrom(['GUESS4'])).statusCode).toBe(429);
    // another client is not affected
    expect((await ctx.app.inject({ method: 'POST', url: '/api/checkout/info', payload: cart(['GUESS4']), remoteAddress: '10.50.0.2' })).statusCode).toBe(200);
  });

  it('order lookups, sign-in and code confirmation are limited per client with 429 and Retry-After', async () => {
    const lookups = await Promise.all(
      Array.from({ length: PER_MINUTE + 1 }, () => ctx.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { number: 'FL12345678', email: 'x@example.co.nz' }, remoteAddress: '10.60.0.1' })),
    );
    expect(lookups.filter((r) => r.statusCode === 429)).toHaveLength(1);
    const ClientId = ctx.config.account.userPoolClientId;
    const signIn = () => cognitoCall(ctx, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: 'nobody@example.co.nz', PASSWORD: 'Wrong-pass-1' } });
    const tries = [];
    for (let i = 0; i < 4; i += 1) tries.push(await signIn());
    expect(tries.slice(0, 3).map((t) => t.status)).not.toContain(429);
    expect(tries[3]!.status).toBe(429);
    expect(tries[3]!.body.__type).toBe('TooManyRequestsException');
    expect(Number(tries[3]!.headers['retry-after'])).toBeGreaterThan(0);
    const confirm = () => cognitoCall(ctx, 'ConfirmSignUp', { ClientId, Username: 'nobody@example.co.nz', ConfirmationCode: '000000' });
    const codes = [await confirm(), await confirm(), await confirm()];
    expect(codes.map((c) => c.status === 429)).toEqual([false, false, true]);
    expect(codes[2]!.body.__type).toBe('TooManyRequestsException');
  });

  it('new gift cards get random codes and PINs; the seeded sandbox cards keep working', async () => {
    const codes = new Set(Array.from({ length: 200 }, () => VoucherService.newCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^FERN(-[2-9A-HJKMNP-TV-Z]{4}){4}$/);
    const issued = await VoucherService.issue(ctx.db, { balance: 2500, expiresAt: new Date(Date.now() + 86_400_000) });
    expect(issued.pin).toMatch(/^\d{6}$/);
    const vouchers = new VoucherService(ctx.db);
    expect(await vouchers.lookup(issued.code, issued.pin)).toMatchObject({ ok: true, amountRemaining: 2500 });
    expect(await vouchers.lookup('FERN-2500-0002', '4321')).toMatchObject({ ok: true });
  });

  it('crash recovery (injected): a placement that never finishes leaves a running key and a pending order; after the lease a retry settles that order (stock, gift-card amount and offer usage released once) and places the order', async () => {
    const item = plain[3]!;
    const stock = async () => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`))[0]!.qty;
    const stockBefore = await stock();
    const balanceBefore = (await card('FERN-2500-0002')).balance;
    // units worth $75 or more with the WELCOME15 offer and a $10 gift card; the card charge
    // "hangs forever" (the process died there)
    const qty = Math.max(2, Math.ceil(7500 / item.price));
    const usage = async () => (await queryRows<{ used_count: number }>(ctx.db, sql`select used_count from promotions where id = 'welcome-15'`))[0]!.used_count;
    const usageBefore = await usage();
    const base = await orderRequest(ctx.app, [{ productId: item.productId, variantId: item.variantId, qty }]);
    const cart = { ...base.cart, promoCodes: ['WELCOME15'] };
    const priced = (await ctx.app.inject({ method: 'POST', url: '/api/checkout/info', payload: { cart, availableCreditBalances: [] } })).json() as { amountOutstanding: number; promotions: { appliedPromotions: { id: string; versionId: string }[] } };
    expect(priced.promotions.appliedPromotions.map((p) => p.id)).toContain('welcome-15');
    const total = priced.amountOutstanding;
    const body: OrderPlaceRequest = {
      ...base,
      cart,
      expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
      payment: { methods: [{ methodCode: 'VOUCHER', amount: 1000, code: 'FERN-2500-0002', pin: '4321' }, { methodCode: 'BRAINTREE_CREDIT_CARD', amount: total - 1000, token: 'fake-valid-nonce' }] },
    };
    const gateway = (ctx.app.orders as unknown as { gateway: { charge: (...args: unknown[]) => Promise<unknown> } }).gateway;
    const realCharge = gateway.charge;
    gateway.charge = () => new Promise(() => undefined);
    const key = `crash-${backend}-${Date.now()}`;
    void place(body, { ip: '10.90.0.1', key });
    let pending: { number: string }[] = [];
    for (let i = 0; i < 200 && pending.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      pending = await queryRows<{ number: string }>(ctx.db, sql`select number from orders where cart_id = ${body.cartId} and status = 'pending'`);
    }
    expect(pending).toHaveLength(1);
    gateway.charge = realCharge;
    expect(await stock()).toBe(stockBefore - qty);
    expect((await card('FERN-2500-0002')).balance).toBe(balanceBefore - 1000);
    expect(await usage()).toBe(usageBefore + 1);
    const [keyRow] = await queryRows<{ state: string }>(ctx.db, sql`select state from idempotency_keys where key = ${key}`);
    expect(keyRow!.state).toBe('running');

    // "restart": a new app on the same database, its clock past the pending timeout
    const config = loadConfig({ ...process.env, ...ctx.config.databaseUrl ? { DATABASE_URL: ctx.config.databaseUrl } : {}, DATA_DIR: ctx.config.dataDir, IMAGE_CACHE_DIR: ctx.config.imageCacheDir, DEPLOY_DIR: ctx.config.deployDir, IDEMPOTENCY_LEASE_SECONDS: '1', PENDING_ORDER_SWEEP_SECONDS: '0' }, __dirname);
    const restarted = buildApp({ config, db: ctx.db, now: () => Date.now() + 10 * 60_000 });
    await restarted.ready();
    try {
      // within the lease the key is still held; after it the retry takes the key over, settles
      // the dead holder's pending order (released once) and places the order
      const early = await restarted.inject({ method: 'POST', url: '/api/order/place', payload: body, remoteAddress: '10.90.0.2', headers: { 'idempotency-key': key } });
      expect(early.json().error).toBe('IdempotencyKeyInProgress');
      await new Promise((r) => setTimeout(r, 1_200));
      const retry = await restarted.inject({ method: 'POST', url: '/api/order/place', payload: body, remoteAddress: '10.90.0.2', headers: { 'idempotency-key': key } });
      expect(retry.statusCode).toBe(200);
      const [order] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${pending[0]!.number}`);
      expect(order!.status).toBe('cancelled');
      const [usages] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from promotion_usages where order_number = ${pending[0]!.number}`);
      expect(Number(usages!.n)).toBe(0);
      // exactly once: what the cancelled order held came back once, and the new order took it again
      expect(await stock()).toBe(stockBefore - qty);
      expect((await card('FERN-2500-0002')).balance).toBe(balanceBefore - 1000);
      expect(await usage()).toBe(usageBefore + 1);
      expect(await restarted.orders.resolvePending()).toEqual({ completed: 0, cancelled: 0 });
      const replay = await restarted.inject({ method: 'POST', url: '/api/order/place', payload: body, remoteAddress: '10.90.0.3', headers: { 'idempotency-key': key } });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().orderNumber).toBe(retry.json().orderNumber);
      const [stuck] = await queryRows<{ keys: number; pending: number }>(ctx.db, sql`select (select count(*)::int from idempotency_keys where state = 'running') as keys, (select count(*)::int from orders where status = 'pending') as pending`);
      expect({ keys: Number(stuck!.keys), pending: Number(stuck!.pending) }).toEqual({ keys: 0, pending: 0 });
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('crash recovery (injected): the sweep completes a pending order the gateway did charge (transaction recorded) and cancels an uncharged one, once', async () => {
    const item = plain[2]!;
    const stock = async () => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`))[0]!.qty;
    const stockBefore = await stock();
    const charged = await orderRequest(ctx.app, [{ productId: item.productId, variantId: item.variantId, qty: 1 }]);
    const uncharged = await orderRequest(ctx.app, [{ productId: item.productId, variantId: item.variantId, qty: 1 }]);
    const gateway = (ctx.app.orders as unknown as { gateway: { charge: (...args: unknown[]) => Promise<unknown>; findCharge: (n: string) => Promise<unknown> } }).gateway;
    const realCharge = gateway.charge;
    const pendingOf = (cartId: string) => queryRows<{ number: string }>(ctx.db, sql`select number from orders where cart_id = ${cartId} and status = 'pending'`);
    const waitPending = async (cartId: string) => {
      for (let i = 0; i < 200; i += 1) {
        const rows = await pendingOf(cartId);
        if (rows.length > 0) return rows[0]!.number;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('no pending order');
    };
    // one is charged, then the process "dies" before recording it; the other dies before charging
    gateway.charge = (...args: unknown[]) => realCharge.apply(gateway, args).then(() => new Promise(() => undefined));
    void place(charged, { ip: '10.91.0.1' });
    const chargedNumber = await waitPending(charged.cartId);
    await new Promise((r) => setTimeout(r, 50));
    gateway.charge = () => new Promise(() => undefined);
    void place(uncharged, { ip: '10.91.0.2' });
    const unchargedNumber = await waitPending(uncharged.cartId);
    gateway.charge = realCharge;
    expect(await gateway.findCharge(chargedNumber)).not.toBeNull();
    expect(await gateway.findCharge(unchargedNumber)).toBeNull();
    expect(await stock()).toBe(stockBefore - 2);
    // not yet stale by the app's clock: nothing happens
    expect(await ctx.app.orders.resolvePending()).toEqual({ completed: 0, cancelled: 0 });
    const sweeper = ctx.app.orders as unknown as { options: { pendingTimeoutMs?: number } };
    sweeper.options.pendingTimeoutMs = 0;
    try {
      expect(await ctx.app.orders.resolvePending()).toEqual({ completed: 1, cancelled: 1 });
      expect(await ctx.app.orders.resolvePending()).toEqual({ completed: 0, cancelled: 0 });
    } finally {
      sweeper.options.pendingTimeoutMs = undefined;
    }
    const rows = await queryRows<{ number: string; status: string; n: number }>(
      ctx.db,
      sql`select number, status, (select count(*)::int from payment_transactions t where t.order_number = o.number) as n from orders o where number in (${chargedNumber}, ${unchargedNumber})`,
    );
    const byNumber = new Map(rows.map((r) => [r.number, { status: r.status, transactions: Number(r.n) }]));
    expect(byNumber.get(chargedNumber)).toEqual({ status: 'placed', transactions: 1 });
    expect(byNumber.get(unchargedNumber)).toEqual({ status: 'cancelled', transactions: 0 });
    expect(await stock()).toBe(stockBefore - 1);
    // the order the sweep completed has its confirmation e-mail queued; the cancelled one none
    const mail = await queryRows<{ ref: string; kind: string }>(ctx.db, sql`select ref, kind from mail_outbox where ref in (${chargedNumber}, ${unchargedNumber})`);
    expect(mail).toEqual([{ ref: chargedNumber, kind: 'order_confirmation' }]);
  }, 60_000);
});

describe('TRUST_PROXY', () => {
  it('parses to fastify trustProxy: none, any, a hop count, or addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 127.0.0.1 ,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback']);
  });
});
