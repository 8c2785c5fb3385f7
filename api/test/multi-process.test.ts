/**
 * Several API processes on one PostgreSQL, with real server
 * processes (`node --import tsx src/server.ts`) behind a small round-robin proxy (node:http):
 * - rate limits hold across both processes (one budget per client, kept in the database);
 * - a stock change made through one process is seen by the other's listing and product JSON
 *   (PostgreSQL LISTEN/NOTIFY drops the other's cached pages);
 * - the payment stand-ins' state is shared: a card tokenised at one process's stand-in origin pays
 *   an order placed through the other; a PayPal popup opened at one is approved and tokenised at
 *   the other; an Afterpay checkout created by one is approved on the other's page;
 * - kill -9 of a server in the middle of order placement, then a restart: the sweep leaves no
 *   pending order, retries leave no stuck Idempotency-Key, every cart ends with one order and
 *   the stock adds up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutInfoResponse, OrderPlaceRequest } from '@store/contracts';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import { seedIfEmpty } from '../src/seed';
import { CATALOG_CHANNEL } from '../src/store/catalog/sync';
import { createPostgresDatabase, freePort, TEST_ADDRESS } from './helpers';

const API_DIR = path.resolve(__dirname, '..');

interface Server {
  port: number;
  /** The payment stand-in origin's port (PAYMENT_FIELDS_PORT=0: a free one, read from the log). */
  standInPort: () => number;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    standInPort: () => Number(/payment stand-in \(card fields, wallets\) on port (\d+)/.exec(output)?.[1] ?? NaN),
    child,
    output: () => output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A round-robin reverse proxy, as a load balancer would be; it appends the caller to X-Forwarded-For. */
function roundRobinProxy(ports: () => number[]): Promise<{ port: number; served: number[]; close(): Promise<void> }> {
  let next = 0;
  const served: number[] = [];
  const server = http.createServer((req, res) => {
    const targets = ports();
    const port = targets[next++ % targets.length]!;
    served.push(port);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        served,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

// Two processes on one database need PostgreSQL: PGlite is one process per data directory, so
// this suite is skipped in the PGlite pass and runs in the PostgreSQL pass (tools/test-postgres.sh
// sets DATABASE_URL).
const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeOnPostgres('two API processes on one PostgreSQL behind a round-robin proxy (needs DATABASE_URL: PGlite is one process per data directory)', () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  let tmp: string;
  let env: Record<string, string>;
  let a: Server;
  let b: Server;
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>;
  const query = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await pool.query(text, values)).rows as T[];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-multi-'));
    // migrate and seed once, before the servers start (see "Several API processes" in api/README.md)
    const config = loadConfig({ DATABASE_URL: database.url, DATA_DIR: path.join(tmp, 'unused'), SEED_PRODUCTS: '150' }, __dirname);
    const seeded = await openDatabase(config);
    await seedIfEmpty(seeded.db, { products: 150 });
    await seeded.close();
    pool = new pg.Pool({ connectionString: database.url, max: 3 });
    // pool.end() resolves before its sockets are closed, and the drop (with force) in afterAll then
    // terminates a closing connection: an 'error' on the pool, which must not go unhandled
    pool.on('error', () => undefined);
    env = {
      DATABASE_URL: database.url,
      DEPLOY_DIR: path.join(tmp, 'deploy'),
      IMAGE_CACHE_DIR: path.join(tmp, 'images'),
      TRUST_PROXY: '127.0.0.1',
      VOUCHER_LOOKUPS_PER_MINUTE: '10',
      IDEMPOTENCY_LEASE_SECONDS: '1',
      PENDING_ORDER_TIMEOUT_SECONDS: '2',
      PENDING_ORDER_SWEEP_SECONDS: '1',
      PAYMENT_FIELDS_PORT: '0',
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    proxy = await roundRobinProxy(() => [a.port, b.port]);
  }, 180_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await pool?.end();
    await database?.drop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('rate limits hold across both processes: one budget per client, whichever process answers', async () => {
    proxy.served.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await fetch(`http://127.0.0.1:${proxy.port}/api/payment/voucher/balance/FERN-1000-0003?pin=1111&recaptchaToken=x`, { headers: { 'x-forwarded-for': '203.0.113.50' } });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(new Set(proxy.served)).toEqual(new Set([a.port, b.port]));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true); // the bot check fails, but each check counts
    expect(statuses.slice(10)).toEqual([429, 429]);
    // another client (another X-Forwarded-For through the trusted proxy) has its own budget
    const other = await fetch(`http://127.0.0.1:${proxy.port}/api/payment/voucher/balance/FERN-1000-0003?pin=1111&recaptchaToken=x`, { headers: { 'x-forwarded-for': '203.0.113.51' } });
    expect(other.status).toBe(400);
    // order lookups too, concurrently through both
    const lookups = await Promise.all(
      Array.from({ length: 14 }, () =>
        fetch(`http://127.0.0.1:${proxy.port}/api/orders/lookup`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.52' }, body: JSON.stringify({ number: 'FL12345678', email: 'x@example.co.nz' }) }),
      ),
    );
    expect(lookups.filter((r) => r.status === 429)).toHaveLength(4);
  }, 60_000);

  it("a stock change made through one process is seen by the other's listing and product", async () => {
    const listing = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/catalog/listing?category=bags`)).json()) as { items: { id: string; path: string; soldOut: boolean }[] };
    const first = await listing(b.port);
    // a tile on B's cached first page with one stocked variant, sold one at a time
    const candidates = await query<{ id: number; variant_id: number }>(
      `select p.id, min(v.id) as variant_id from products p join variants v on v.product_id = p.id
       where p.id = any($1::int[]) and p.state = 'current' and p.functional_type = 'basic' and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
       group by p.id having count(*) = 1 order by p.id limit 1`,
      [first.items.filter((t) => !t.soldOut).map((t) => Number(t.id))],
    );
    expect(candidates).toHaveLength(1);
    const productId = String(candidates[0]!.id);
    const variantId = String(candidates[0]!.variant_id);
    await query('update variants set qty = 1 where id = $1', [Number(variantId)]);
    // written outside the API (the processes read every product at start-up): announced as the
    // processes announce their own stock changes
    await query('select pg_notify($1, $2)', [CATALOG_CHANNEL, JSON.stringify({ o: 'test', k: 's', p: [Number(productId)] })]);
    const tile = first.items.find((t) => t.id === productId)!;
    const product = async (port: number) => (await (await fetch(`http://127.0.0.1:${port}/api/products/by-path?path=${tile.path}`)).json()) as { variants: { id: string; qty: number }[] };
    for (let tries = 0; tries < 50 && (await product(b.port)).variants[0]!.qty !== 1; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await product(b.port)).variants[0]!.qty).toBe(1);
    expect((await listing(b.port)).items.find((t) => t.id === productId)!.soldOut).toBe(false); // B's page

    // the last unit is sold through A
    const cart = { items: [{ productId, variantId, qty: 1 }], promoCodes: [], email: 'multi@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: TEST_ADDRESS, shipping: { type: 'DELIVERY', options: { methodId: 'standard' } } };
    const priced = (await (await fetch(`http://127.0.0.1:${a.port}/api/checkout/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cart }) })).json()) as CheckoutInfoResponse;
    const order: OrderPlaceRequest = {
      cartId: `multi-${Date.now()}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: TEST_ADDRESS } as OrderPlaceRequest['cart'],
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.amountOutstanding, token: 'fake-valid-nonce' }] },
      expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    } as OrderPlaceRequest;
    const placed = await fetch(`http://127.0.0.1:${a.port}/api/order/place`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) });
    expect(placed.status).toBe(200);

    // B learns of it (NOTIFY) without waiting for any cache to age
    let soldOut = false;
    for (let i = 0; i < 50 && !soldOut; i += 1) {
      soldOut = (await listing(b.port)).items.find((t) => t.id === productId)?.soldOut === true;
      if (!soldOut) await new Promise((r) => setTimeout(r, 100));
    }
    expect(soldOut).toBe(true);
    expect((await product(b.port)).variants[0]!.qty).toBe(0);
  }, 60_000);

  it("the payment stand-ins' state is shared: a nonce, a PayPal popup and an Afterpay checkout made at one process are used at the other", async () => {
    const auth = 'sandbox_fernleaf_localstandin';
    const json = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { nonce?: string; error?: string; orderNumber?: string; status?: string; actionData?: { url: string } } };
    };
    const standIn = (server: Server) => `http://127.0.0.1:${server.standInPort()}`;
    expect(a.standInPort()).toBeGreaterThan(0);
    expect(b.standInPort()).toBeGreaterThan(0);
    const [item] = await query<{ product_id: number; variant_id: number }>(
      `select p.id as product_id, min(v.id) as variant_id from products p join variants v on v.product_id = p.id join categories c on c.id = p.canonical_category_id
       where p.state = 'current' and p.functional_type = 'basic' and c.path like 'bags/%' and c.path <> 'bags/backpacks' and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
       group by p.id order by p.id desc limit 1`,
    );
    await query('update variants set qty = 100 where id = $1', [item!.variant_id]);
    let n = 0;
    const order = async (methodCode: string, token?: string): Promise<OrderPlaceRequest> => {
      const cart = { items: [{ productId: String(item!.product_id), variantId: String(item!.variant_id), qty: 1 }], promoCodes: [], email: 'wallet@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: TEST_ADDRESS, shipping: { type: 'DELIVERY', options: { methodId: 'standard' } } };
      const priced = (await json(`http://127.0.0.1:${proxy.port}/api/checkout/info`, { cart })).body as unknown as CheckoutInfoResponse;
      return {
        cartId: `stand-in-cart-${Date.now()}-${(n += 1)}`,
        cart: { ...cart, phone: '021 555 0101', billingAddress: TEST_ADDRESS },
        payment: { methods: [{ methodCode, amount: priced.amountOutstanding, ...(token ? { token } : {}) }] },
        expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
      } as OrderPlaceRequest;
    };

    // a card typed into A's hosted fields pays an order placed through B, once
    const card = await json(`${standIn(a)}/client/v1/tokenize`, { authorization: auth, creditCard: { number: '4111 1111 1111 1111', expirationDate: '12/2039', cvv: '123' } });
    expect(card.status).toBe(200);
    const paid = await json(`http://127.0.0.1:${b.port}/api/order/place`, await order('BRAINTREE_CREDIT_CARD', card.body.nonce));
    expect(paid).toMatchObject({ status: 200, body: { status: 'complete' } });
    const again = await json(`http://127.0.0.1:${a.port}/api/order/place`, await order('BRAINTREE_CREDIT_CARD', card.body.nonce));
    expect(again).toMatchObject({ status: 400, body: { error: 'PaymentMethodInvalid' } });

    // PayPal: the popup from B's origin, approved at A's, tokenised at B's, the nonce charged through A
    const popup = await (await fetch(`${standIn(b)}/paypal/checkout?authorization=${auth}&amount=49.95&currency=NZD&origin=http%3A%2F%2F127.0.0.1%3A8080&channel=abcd1234`)).text();
    const paymentId = /data-payment="(PAYID-[0-9A-F]+)"/.exec(popup)![1]!;
    expect((await json(`${standIn(a)}/paypal/checkout/${paymentId}/approve`, {})).body).toMatchObject({ status: 'approved' });
    const paypal = await json(`${standIn(b)}/client/v1/paypal/tokenize`, { authorization: auth, paymentId });
    expect(paypal.status).toBe(200);
    expect((await json(`${standIn(a)}/client/v1/paypal/tokenize`, { authorization: auth, paymentId })).status).toBe(422);
    expect(await json(`http://127.0.0.1:${a.port}/api/order/place`, await order('BRAINTREE_PAYPAL', paypal.body.nonce))).toMatchObject({ status: 200, body: { status: 'complete' } });

    // Afterpay: created through A, the approval page and approval on B, completed through A
    const afterpayOrder = await order('AFTERPAY');
    const waiting = await json(`http://127.0.0.1:${a.port}/api/order/place`, afterpayOrder);
    expect(waiting.body.status).toBe('actionRequired');
    const url = waiting.body.actionData!.url;
    expect((await fetch(`http://127.0.0.1:${b.port}${url}`)).status).toBe(200);
    const approved = await fetch(`http://127.0.0.1:${b.port}${url}/approve`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(approved.headers.get('location')).toContain('afterpayStatus=SUCCESS');
    const done = await json(`http://127.0.0.1:${a.port}/api/order/afterpay/complete`, { token: url.split('/').pop(), amount: afterpayOrder.payment.methods[0]!.amount });
    expect(done).toMatchObject({ status: 200, body: { status: 'complete', orderNumber: waiting.body.orderNumber } });
  }, 60_000);

  it('kill -9 during order placement, then a restart: no pending order after the sweep, no stuck key on retry, stock adds up', async () => {
    const items = await query<{ product_id: number; variant_id: number }>(
      `select p.id as product_id, min(v.id) as variant_id from products p join variants v on v.product_id = p.id join categories c on c.id = p.canonical_category_id
       where p.state = 'current' and p.functional_type = 'basic' and c.path like 'bags/%' and c.path <> 'bags/backpacks' and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
       group by p.id order by p.id limit 3`,
    );
    expect(items).toHaveLength(3);
    for (const i of items) await query('update variants set qty = 1000 where id = $1', [i.variant_id]);
    const N = 40;
    const bodies: { key: string; body: OrderPlaceRequest }[] = [];
    for (let n = 0; n < N; n += 1) {
      const item = items[n % items.length]!;
      const cart = { items: [{ productId: String(item.product_id), variantId: String(item.variant_id), qty: 1 }], promoCodes: [], email: `crash${n}@example.co.nz`, firstName: 'Aroha', lastName: 'Ngata', shippingAddress: TEST_ADDRESS, shipping: { type: 'DELIVERY', options: { methodId: 'standard' } } };
      const priced = (await (await fetch(`http://127.0.0.1:${b.port}/api/checkout/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cart }) })).json()) as CheckoutInfoResponse;
      bodies.push({
        key: `crash-key-${Date.now()}-${n}`,
        body: {
          cartId: `crash-cart-${Date.now()}-${n}`,
          cart: { ...cart, phone: '021 555 0101', billingAddress: TEST_ADDRESS },
          payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.amountOutstanding, token: 'fake-valid-nonce' }] },
          expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
        } as OrderPlaceRequest,
      });
    }
    const send = (port: number, { key, body }: { key: string; body: OrderPlaceRequest }) =>
      fetch(`http://127.0.0.1:${port}/api/order/place`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as { error?: string; orderNumber?: string } }),
        () => ({ status: 0, body: {} as { error?: string; orderNumber?: string } }),
      );

    // A places orders; it is killed (SIGKILL) as soon as one of them is half done
    const inflight = bodies.map((b) => send(a.port, b));
    let crashState = { pending: 0, running: 0 };
    for (let i = 0; i < 2000; i += 1) {
      const [row] = await query<{ pending: number }>(`select count(*)::int as pending from orders where status = 'pending'`);
      if (row!.pending > 0) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    await a.stop('SIGKILL');
    await Promise.all(inflight);
    const [state] = await query<{ pending: number; running: number }>(
      `select (select count(*)::int from orders where status = 'pending') as pending, (select count(*)::int from idempotency_keys where state = 'running') as running`,
    );
    crashState = { pending: Number(state!.pending), running: Number(state!.running) };
    // the kill left something half done (a pending order or a running key)
    expect(crashState.pending + crashState.running).toBeGreaterThan(0);

    // restart A: its sweep resolves the orders left pending (PENDING_ORDER_TIMEOUT_SECONDS=2)
    a = await startServer(env);
    let left = crashState.pending;
    for (let i = 0; i < 100 && left > 0; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      left = Number((await query<{ n: number }>(`select count(*)::int as n from orders where status = 'pending'`))[0]!.n);
    }
    expect(left).toBe(0);

    // every key can be retried (after the 1 s lease): none is stuck in 409 IdempotencyKeyInProgress
    await new Promise((r) => setTimeout(r, 1_100));
    const retries = [];
    for (const [i, entry] of bodies.entries()) retries.push(await send(i % 2 === 0 ? a.port : b.port, entry));
    expect(retries.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`)).toEqual([]);
    const [after] = await query<{ pending: number; running: number }>(
      `select (select count(*)::int from orders where status = 'pending') as pending, (select count(*)::int from idempotency_keys where state = 'running') as running`,
    );
    expect({ pending: Number(after!.pending), running: Number(after!.running) }).toEqual({ pending: 0, running: 0 });

    // one placed order per cart, and the stock taken is exactly what the placed orders hold
    const perCart = await query<{ cart_id: string; n: number }>(`select cart_id, count(*)::int as n from orders where status = 'placed' and cart_id like 'crash-cart-%' group by cart_id`);
    expect(perCart).toHaveLength(N);
    expect(perCart.every((r) => Number(r.n) === 1)).toBe(true);
    for (const item of items) {
      const [row] = await query<{ qty: number; sold: number }>(
        `select v.qty, (select coalesce(sum((i->>'qty')::int), 0)::int from orders o, jsonb_array_elements(o.items) i where o.status = 'placed' and o.cart_id like 'crash-cart-%' and i->>'variantId' = $1) as sold
         from variants v where v.id = $2`,
        [String(item.variant_id), item.variant_id],
      );
      expect(Number(row!.qty) + Number(row!.sold)).toBe(1000);
    }
  }, 180_000);
});
