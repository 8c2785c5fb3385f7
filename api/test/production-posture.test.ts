/**
 * Production posture: the CSP names no localhost payment origin, payment origins are https only,
 * every numeric or enumerated setting with a bad value is a ConfigError naming it, /api/docs and
 * source maps are off unless asked for, image names never reach an object's prototype, and with
 * PAYMENT_GATEWAY=braintree orders are charged through the SDK (the protocol stand-in answering):
 * webhooks are signature-checked, a gateway that does not answer leaves the order pending, and in
 * production the sandbox nonce pays for nothing.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { registerEdge } from '../src/edge/edge';
import { ConfigError, loadConfig } from '../src/config';
import { queryRows } from '../src/platform/db';
import { cspDirectives } from '../src/platform/http/security';
import { BraintreeStandIn } from '../src/stand-ins/braintree-gateway/server';
import { writeDeploy } from './edge-fixtures';
import { createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

const load = (env: Record<string, string>) => loadConfig(env, __dirname);

describe('settings', () => {
  it('the production CSP never names the payment stand-in at http://localhost', () => {
    const prod = load({ NODE_ENV: 'production' });
    expect(prod.payments.standInPort).toBeNull();
    expect(JSON.stringify(cspDirectives(prod.security))).not.toMatch(/localhost/);
    // with the stand-in allowed, its origin is the named one
    const demo = load({ NODE_ENV: 'production', ALLOW_STAND_INS: 'payments', PAYMENT_FIELDS_ORIGIN: 'https://pay.fernleaf.example' });
    expect(demo.security.paymentClientOrigins).toEqual(['https://pay.fernleaf.example']);
    expect(JSON.stringify(cspDirectives(demo.security))).not.toMatch(/localhost/);
    // development keeps the local origin, except with Braintree (whose clients the page loads instead)
    expect(load({}).security.paymentClientOrigins).toEqual(['http://localhost:8081']);
    expect(load({ PAYMENT_GATEWAY: 'braintree', BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k' }).payments.standInPort).toBeNull();
  });

  it('PAYMENT_ORIGINS takes only https:// origins in production', () => {
    expect(() => load({ NODE_ENV: 'production', PAYMENT_ORIGINS: 'https://pay.example, http://paypal.example' })).toThrow(new ConfigError('PAYMENT_ORIGINS must list https:// origins, got "http://paypal.example"'));
    expect(load({ NODE_ENV: 'production', PAYMENT_ORIGINS: 'https://www.paypal.com' }).security.paymentOrigins).toEqual(['https://www.paypal.com']);
    expect(load({ PAYMENT_ORIGINS: 'http://localhost:9000' }).security.paymentOrigins).toEqual(['http://localhost:9000']);
  });

  const BRAINTREE = { PAYMENT_GATEWAY: 'braintree', BRAINTREE_MERCHANT_ID: 'm', BRAINTREE_PUBLIC_KEY: 'p', BRAINTREE_PRIVATE_KEY: 'k' };
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['HSTS_MAX_AGE', 'abc'],
    ['HSTS_MAX_AGE', '-1'],
    ['SEED_PRODUCTS', '1.5'],
    ['PAYMENT_DUPLICATE_WINDOW_SECONDS', '30s'],
    ['PAYMENT_FIELDS_PORT', 'eighty'],
    ['AFTERPAY_MAX_CENTS_AUD', '-1'],
    ['RATE_LIMIT_SIGNIN_PER_MINUTE', '0'],
    ['AUTH_ID_TOKEN_TTL', 'soon'],
    ['BOTCHECK_MIN_SCORE', 'high'],
    ['BOTCHECK_MIN_SCORE', '1.5'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_REQUESTS', 'maybe'],
    ['FRAUD_TEST_TOKENS', 'yes'],
    ['FRAUD_UNAVAILABLE', 'ignore'],
    ['PAYMENT_GATEWAY', 'stripe'],
    ['GOOGLE_PAY_ENVIRONMENT', 'prod'],
    ['API_DOCS', 'please'],
    ['SERVE_SOURCE_MAPS', '2'],
    ['ALLOW_STAND_INS', 'everything'],
    ['BRAINTREE_TIMEOUT_MS', 'fast'],
    ['BRAINTREE_ENVIRONMENT', 'ftp://gateway'],
    ['PAYLATER_GATEWAY', 'klarna'],
    ['AFTERPAY_TIMEOUT_MS', 'never'],
    ['AFTERPAY_API_URL', 'not a url'],
  ])('%s=%s is a ConfigError naming the setting', (name, value) => {
    const AFTERPAY = { PAYLATER_GATEWAY: 'afterpay', AFTERPAY_API_URL: 'https://api.example', AFTERPAY_MERCHANT_ID: 'm', AFTERPAY_SECRET_KEY: 's' };
    const env = name.startsWith('BRAINTREE_') ? { ...BRAINTREE, [name]: value } : name.startsWith('AFTERPAY_') ? { ...AFTERPAY, [name]: value } : { [name]: value };
    let error: unknown;
    try {
      load(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^${name} must .*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect((error as Error).message).not.toContain('\n');
  });

  it('PAYMENT_GATEWAY=braintree needs its keys', () => {
    expect(() => load({ PAYMENT_GATEWAY: 'braintree' })).toThrow(new ConfigError('BRAINTREE_MERCHANT_ID must be set with PAYMENT_GATEWAY=braintree'));
  });

  it('FRAUD_UNAVAILABLE defaults to hold; API docs and source maps are on in development, off in production unless asked for', () => {
    expect(load({}).fraudUnavailable).toBe('hold');
    expect(load({ FRAUD_UNAVAILABLE: 'allow' }).fraudUnavailable).toBe('allow');
    expect(load({})).toMatchObject({ apiDocs: true, sourceMaps: true });
    expect(load({ NODE_ENV: 'production' })).toMatchObject({ apiDocs: false, sourceMaps: false });
    expect(load({ NODE_ENV: 'production', API_DOCS: '1', SERVE_SOURCE_MAPS: 'true' })).toMatchObject({ apiDocs: true, sourceMaps: true });
  });
});

describe('the app in production posture', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { products: 4, env: { API_DOCS: '0', SERVE_SOURCE_MAPS: '0' } });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('/api/docs is not served with API_DOCS=0', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
  });

  it('image names that are Object.prototype keys, and fuzzed names, answer 404 or 400, never 5xx', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype'];
    const paths = names.flatMap((n) => [n, `images/content/${n}.jpg`, `images/${n}`, `images/products/1/${n}.jpg`]);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'abcXYZ09-_./%~:;@!$&()*+,=?#[]_proto_constructor'.split('');
    for (let i = 0; i < 150; i += 1) {
      const length = 1 + Math.floor(random() * 30);
      paths.push(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    }
    for (const p of paths) {
      const url = `/cdn-cgi/image/width=100/${p.split('/').map(encodeURIComponent).join('/')}`;
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: expect.any(Number) });
      expect([400, 404]).toContain(res.statusCode);
    }
    for (const n of names) {
      expect((await ctx.app.inject({ method: 'GET', url: `/cdn-cgi/image/width=100/${n}` })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/cdn-cgi/image/width=100/images/content/${n}.jpg` })).statusCode).toBe(404);
    }
  });
});

describe('source maps at the edge', () => {
  it('*.map is not served with sourceMaps off; the scripts are', async () => {
    const deployDir = writeDeploy('store-maps-', { 'cdn/shell/s1/main.js': 'console.log(1);\n//# sourceMappingURL=main.js.map', 'cdn/shell/s1/main.js.map': '{"version":3}' });
    try {
      for (const sourceMaps of [false, true]) {
        const app = Fastify();
        await registerEdge(app, { deployDir, ssr: false, sourceMaps });
        expect((await app.inject({ method: 'GET', url: '/cdn/shell/s1/main.js' })).statusCode).toBe(200);
        const map = await app.inject({ method: 'GET', url: '/cdn/shell/s1/main.js.map' });
        expect(map.statusCode).toBe(sourceMaps ? 200 : 404);
        if (!sourceMaps) expect(map.body).not.toContain('"version":3');
        await app.close();
      }
    } finally {
      fs.rmSync(deployDir, { recursive: true, force: true });
    }
  });
});

describe('orders charged through the Braintree adapter', () => {
  const KEYS = { merchantId: 'fernleafnz', publicKey: 'pub_k3y', privateKey: 'pr1vate_k3y' };
  let standIn: BraintreeStandIn;
  let ctx: TestContext;
  let item: { productId: string; variantId: string; qty: number };

  beforeAll(async () => {
    standIn = new BraintreeStandIn(KEYS);
    await standIn.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(standIn.app.server.address() as { port: number }).port}`;
    ctx = await createTestContext('pglite', {
      products: 40,
      env: { PAYMENT_GATEWAY: 'braintree', BRAINTREE_ENVIRONMENT: url, BRAINTREE_MERCHANT_ID: KEYS.merchantId, BRAINTREE_PUBLIC_KEY: KEYS.publicKey, BRAINTREE_PRIVATE_KEY: KEYS.privateKey, BRAINTREE_TIMEOUT_MS: '300' },
    });
    const [product] = await plainProducts(ctx.db, 1);
    item = { productId: product!.productId, variantId: product!.variantId, qty: 1 };
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await standIn?.app.close();
  });

  const place = async (token: string) => {
    const body = await orderRequest(ctx.app, [item]);
    body.payment.methods[0]!.token = token;
    return ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body });
  };

  it('a card nonce pays: the order is placed with the gateway transaction; a decline is 402', async () => {
    const res = await place(standIn.mintNonce({ cardType: 'Visa', last4: '1111' }));
    expect(res.statusCode).toBe(200);
    const number = res.json().orderNumber as string;
    const [tx] = await queryRows<{ id: string; status: string }>(ctx.db, sql`select id, status from payment_transactions where order_number = ${number}`);
    expect(tx!.status).toBe('authorized');
    expect(standIn.transaction(tx!.id)).toMatchObject({ orderId: number, status: 'submitted_for_settlement' });
    const declined = await place('fake-processor-declined-visa-nonce');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('PaymentProcessorDeclined');
  });

  it('a gateway that does not answer: 402 PaymentFailureUnrecoverable with the order number, the order left pending for the sweep', async () => {
    standIn.delayMs = 800;
    let res;
    try {
      res = await place(standIn.mintNonce({ cardType: 'Visa', last4: '2222' }));
    } finally {
      standIn.delayMs = 0;
    }
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'PaymentFailureUnrecoverable', orderNumber: expect.any(String) });
    const [row] = await queryRows<{ status: string }>(ctx.db, sql`select status from orders where number = ${res.json().orderNumber}`);
    expect(row!.status).toBe('pending');
  });

  it('webhooks: a signed notification is 200, a forged or malformed one 400', async () => {
    const sale = await place(standIn.mintNonce({ cardType: 'Visa', last4: '3333' }));
    const [tx] = await queryRows<{ id: string }>(ctx.db, sql`select id from payment_transactions where order_number = ${sale.json().orderNumber}`);
    const post = (fields: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/payments/braintree/webhook', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const good = standIn.signWebhook('transaction_settled', tx!.id);
    expect((await post({ bt_signature: good.signature, bt_payload: good.payload })).json()).toEqual({ received: true });
    const forged = standIn.signWebhook('transaction_settled', tx!.id, 'not-our-key');
    const refused = await post({ bt_signature: forged.signature, bt_payload: forged.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('InvalidSignature');
    expect((await post({ bt_payload: good.payload })).statusCode).toBe(400);
  });

  it('in production the sandbox nonce fake-valid-nonce pays for nothing', async () => {
    const prodConfig = load({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'braintree', BRAINTREE_ENVIRONMENT: ctx.config.gateway.kind === 'braintree' ? ctx.config.gateway.environment : '', BRAINTREE_MERCHANT_ID: KEYS.merchantId, BRAINTREE_PUBLIC_KEY: KEYS.publicKey, BRAINTREE_PRIVATE_KEY: KEYS.privateKey });
    const app = buildApp({ config: { ...ctx.config, gateway: prodConfig.gateway }, db: ctx.db });
    try {
      const before = standIn.requests.length;
      const body = await orderRequest(app, [item]);
      const res = await app.inject({ method: 'POST', url: '/api/order/place', payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('PaymentMethodInvalid');
      expect(standIn.requests.length).toBe(before);
    } finally {
      await app.close();
    }
  });
});

