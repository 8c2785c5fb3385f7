/**
 * Afterpay checkouts expire (AFTERPAY_CHECKOUT_TTL_MINUTES): once past the deadline the approval
 * page says so, approving or completing is 409 "This Afterpay checkout has expired.", and the
 * order becomes cancelled while the stock, gift-card amount and offer usage it held are given back
 * exactly once, lazily when the checkout or order is touched and by the periodic sweep. The app's
 * clock is injected: no test waits for the TTL.
 */
import type { CheckoutInfoResponse, OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/platform/db';
import { BACKENDS, TEST_ADDRESS, createTestContext, plainProducts, type TestContext } from './helpers';

const MINUTE = 60_000;
const TTL_MINUTES = 30;

describe('Afterpay expiry configuration', () => {
  it('defaults to 60 minutes and a sweep every 60 s; both configurable, 0 turns the sweep off', () => {
    expect(loadConfig({}, __dirname).checkout).toMatchObject({ afterpayCheckoutTtlMinutes: 60, afterpayExpirySweepSeconds: 60 });
    expect(loadConfig({ AFTERPAY_CHECKOUT_TTL_MINUTES: '15', AFTERPAY_EXPIRY_SWEEP_SECONDS: '0' }, __dirname).checkout).toMatchObject({ afterpayCheckoutTtlMinutes: 15, afterpayExpirySweepSeconds: 0 });
    expect(() => loadConfig({ AFTERPAY_CHECKOUT_TTL_MINUTES: '0' }, __dirname)).toThrow(/AFTERPAY_CHECKOUT_TTL_MINUTES/);
  });
});

describe.each(BACKENDS)('Afterpay checkout expiry on %s', (backend) => {
  let ctx: TestContext;
  let now = Date.UTC(2026, 5, 1, 0, 0, 0);
  const clock = () => now;
  let item: { productId: string; variantId: string; qty: number };

  beforeAll(async () => {
    // the periodic sweep is off here (tested on its own app below): expiry happens only where a test touches it
    ctx = await createTestContext(backend, { products: 40, now: clock, env: { AFTERPAY_CHECKOUT_TTL_MINUTES: String(TTL_MINUTES), AFTERPAY_EXPIRY_SWEEP_SECONDS: '0' } });
    const [plain] = await plainProducts(ctx.db, 1);
    // enough of it for FLASH50 ($50 off orders over $300)
    item = { productId: plain!.productId, variantId: plain!.variantId, qty: Math.ceil(30_000 / plain!.price) };
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const setStock = (qty: number) => ctx.db.execute(sql`update variants set qty = ${qty} where id = ${Number(item.variantId)}`);
  /** What an Afterpay order holds: stock, the gift card's balance, offer usage. */
  const holdings = async () => {
    const [stock] = await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`);
    const [card] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-5000-0001'`);
    const offers = await queryRows<{ id: string; used_count: number }>(ctx.db, sql`select id, used_count from promotions order by id`);
    const [usages] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from promotion_usages`);
    return { stock: stock!.qty, card: card!.balance, offers: Object.fromEntries(offers.map((o) => [o.id, o.used_count])), usages: usages!.n };
  };
  const statusOf = async (number: string) => (await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${number}`))[0]!.status;

  let seq = 0;
  /** An Afterpay order for `item` with FLASH50 and $10 from a gift card: the place response and its checkout token. */
  async function placeAfterpay(app: FastifyInstance = ctx.app, cartId?: string): Promise<{ body: OrderPlaceRequest; number: string; accessToken: string; url: string; token: string; amount: number }> {
    const cart = { items: [item], promoCodes: ['FLASH50'], email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: TEST_ADDRESS, shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } } };
    const priced = (await app.inject({ method: 'POST', url: '/api/checkout/info', payload: { cart, availableCreditBalances: [{ id: 'FERN-5000-0001', methodCode: 'VOUCHER', amount: 1000 }] } })).json() as CheckoutInfoResponse;
    expect(priced.promotions.appliedPromotions.map((p) => p.id)).toContain('flash-50');
    seq += 1;
    const body: OrderPlaceRequest = {
      cartId: cartId ?? `cart-afterpay-${backend}-${seq}-${Date.now().toString(36)}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: TEST_ADDRESS },
      payment: { methods: [{ methodCode: 'VOUCHER', amount: 1000, code: 'FERN-5000-0001', pin: '1234' }, { methodCode: 'AFTERPAY', amount: priced.amountOutstanding }] },
      expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    };
    const res = await app.inject({ method: 'POST', url: '/api/order/place', payload: body as object });
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    expect(placed.status).toBe('actionRequired');
    const url = placed.actionData.url as string;
    return { body, number: placed.orderNumber, accessToken: placed.accessToken, url, token: url.split('/').pop()!, amount: priced.amountOutstanding };
  }
  const approve = (url: string, accept = 'application/json') => ctx.app.inject({ method: 'POST', url: `${url}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded', accept }, payload: '' });
  const complete = (token: string, amount: number, app: FastifyInstance = ctx.app) => app.inject({ method: 'POST', url: '/api/order/afterpay/complete', payload: { token, amount } });

  it('an unapproved checkout past its TTL: the page says it expired, approving and completing are 409, the order is cancelled and its holds released exactly once', async () => {
    await setStock(40);
    const before = await holdings();
    const order = await placeAfterpay();
    const [row] = await queryRows<{ status: string; payment_expires_at: string | Date }>(ctx.db, sql`select status, payment_expires_at from orders where number = ${order.number}`);
    expect(row!.status).toBe('awaiting_payment');
    expect(new Date(row!.payment_expires_at).getTime()).toBe(now + TTL_MINUTES * MINUTE);
    const held = await holdings();
    expect(held.stock).toBe(before.stock - item.qty);
    expect(held.card).toBe(before.card - 1000);
    expect(held.offers['flash-50']).toBe(before.offers['flash-50']! + 1);
    expect(held.usages).toBeGreaterThan(before.usages);

    // a minute before the deadline nothing has expired
    now += (TTL_MINUTES - 1) * MINUTE;
    const page = await ctx.app.inject({ method: 'GET', url: order.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm and pay with Afterpay');
    expect(await ctx.app.orders.expireDue()).toBe(0);
    expect(await statusOf(order.number)).toBe('awaiting_payment');

    now += 2 * MINUTE;
    const expiredPage = await ctx.app.inject({ method: 'GET', url: order.url });
    expect(expiredPage.statusCode).toBe(410);
    expect(expiredPage.body).toContain('This Afterpay checkout has expired.');
    expect(expiredPage.body).not.toContain('Confirm and pay');
    // touching the checkout expired the order
    expect(await statusOf(order.number)).toBe('cancelled');
    expect(await holdings()).toEqual(before);

    const approved = await approve(order.url);
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toEqual({ error: 'AfterpayCheckoutExpired', message: 'This Afterpay checkout has expired.' });
    const fromBrowser = await approve(order.url, 'text/html,application/xhtml+xml');
    expect(fromBrowser.statusCode).toBe(409);
    expect(fromBrowser.headers['content-type']).toMatch(/text\/html/);
    expect(fromBrowser.body).toContain('This Afterpay checkout has expired.');
    const completed = await complete(order.token, order.amount);
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toMatchObject({ error: 'AfterpayCheckoutExpired', message: 'This Afterpay checkout has expired.' });

    // released once only: the sweep, another touch and the order read give nothing back twice
    expect(await ctx.app.orders.expireDue()).toBe(0);
    expect(await ctx.app.orders.expireIfDue(order.number)).toBe(false);
    await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.number}?token=${order.accessToken}` });
    expect(await holdings()).toEqual(before);
    const [charges] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${order.number}`);
    expect(charges!.n).toBe(0);
    // the cart is not spent: it can be ordered again
    const again = await placeAfterpay(ctx.app, order.body.cartId);
    expect(await statusOf(again.number)).toBe('awaiting_payment');
    now += TTL_MINUTES * MINUTE;
    expect(await ctx.app.orders.expireDue()).toBe(1);
    expect(await holdings()).toEqual(before);
  });

  it('approved in time but completed after the deadline: 409 expired, nothing captured, holds released; completed in time it is placed', async () => {
    await setStock(40);
    const before = await holdings();
    const late = await placeAfterpay();
    now += (TTL_MINUTES - 5) * MINUTE;
    const approved = await approve(late.url);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toContain('afterpayStatus=SUCCESS');
    now += 10 * MINUTE;
    const res = await complete(late.token, late.amount);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('AfterpayCheckoutExpired');
    expect(await statusOf(late.number)).toBe('cancelled');
    expect(await holdings()).toEqual(before);
    const [charges] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${late.number}`);
    expect(charges!.n).toBe(0);

    const onTime = await placeAfterpay();
    now += (TTL_MINUTES - 1) * MINUTE;
    expect((await approve(onTime.url)).statusCode).toBe(303);
    const done = await complete(onTime.token, onTime.amount);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'complete', orderNumber: onTime.number });
    // a placed order no longer expires
    now += TTL_MINUTES * MINUTE;
    expect(await ctx.app.orders.expireDue()).toBe(0);
    expect(await statusOf(onTime.number)).toBe('placed');
    expect((await holdings()).stock).toBe(before.stock - item.qty);
  });

  it('the sweep cancels only orders past their deadline; concurrent sweeps, touches and completions release once', async () => {
    await setStock(40);
    const before = await holdings();
    const first = await placeAfterpay();
    now += 20 * MINUTE;
    const second = await placeAfterpay();
    now += 15 * MINUTE; // first is 35 minutes old (due), second 15 (not due)
    const results = await Promise.all([
      ctx.app.orders.expireDue(),
      ctx.app.orders.expireDue(),
      ctx.app.orders.expireIfDue(first.number),
      complete(first.token, first.amount),
      ctx.app.inject({ method: 'GET', url: `/api/orders/${first.number}?token=${first.accessToken}` }),
    ]);
    const expiredBySweeps = (results[0] as number) + (results[1] as number) + (results[2] ? 1 : 0);
    expect(expiredBySweeps).toBeLessThanOrEqual(1);
    expect(await statusOf(first.number)).toBe('cancelled');
    expect(await statusOf(second.number)).toBe('awaiting_payment');
    const afterFirst = await holdings();
    expect(afterFirst.stock).toBe(before.stock - item.qty);
    expect(afterFirst.card).toBe(before.card - 1000);
    expect(afterFirst.offers['flash-50']).toBe(before.offers['flash-50']! + 1);
    // the order read shows it cancelled; the guest lookup no longer finds it
    const view = await ctx.app.inject({ method: 'GET', url: `/api/orders/${first.number}?token=${first.accessToken}` });
    expect(view.json().status).toBe('cancelled');
    now += 20 * MINUTE;
    // reading the second order (now due) expires it too
    const secondView = await ctx.app.inject({ method: 'GET', url: `/api/orders/${second.number}?token=${second.accessToken}` });
    expect(secondView.json().status).toBe('cancelled');
    expect(await holdings()).toEqual(before);
  });

  it('the periodic sweep runs on its interval without anyone touching the checkout, and stops when the server closes', async () => {
    await setStock(40);
    const before = await holdings();
    const config = { ...ctx.config, checkout: { ...ctx.config.checkout, afterpayExpirySweepSeconds: 1 } };
    const swept = buildApp({ config, db: ctx.db, now: clock });
    await swept.ready();
    const order = await placeAfterpay(swept);
    now += (TTL_MINUTES + 1) * MINUTE;
    const deadline = Date.now() + 10_000;
    while ((await statusOf(order.number)) === 'awaiting_payment' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(order.number)).toBe('cancelled');
    expect(await holdings()).toEqual(before);

    await swept.close();
    const untouched = await placeAfterpay();
    now += (TTL_MINUTES + 1) * MINUTE;
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await statusOf(untouched.number)).toBe('awaiting_payment');
    expect(await ctx.app.orders.expireDue()).toBe(1);
    expect(await holdings()).toEqual(before);
  }, 30_000);
});
