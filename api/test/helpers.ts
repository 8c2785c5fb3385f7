import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutInfoResponse, OrderPlaceRequest } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, queryRows, type Database } from '../src/platform/db';
import { seedIfEmpty } from '../src/seed';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (each test file gets a fresh database there). */
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Products seeded for API tests: enough for "bags" to span two pages of 48. */
export const TEST_PRODUCTS = 150;

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A throw-away database on the server of DATABASE_URL (needs the CREATEDB privilege). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `store_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** A fresh database (PGlite in a temp folder, or a new PostgreSQL database), migrated, optionally seeded, and the app. */
export async function createTestContext(
  backend: Backend,
  { products = TEST_PRODUCTS, env = {}, now }: { products?: number; /** More configuration (environment variables). */ env?: Record<string, string>; /** The app's clock (Afterpay expiry). */ now?: () => number } = {},
): Promise<TestContext> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-test-'));
  const server = backend === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig(
    {
      DATA_DIR: path.join(tmp, 'pgdata'),
      IMAGE_CACHE_DIR: path.join(tmp, 'image-cache'),
      DEPLOY_DIR: path.join(tmp, 'deploy'),
      SEED_PRODUCTS: String(products),
      ...(server ? { DATABASE_URL: server.url } : {}),
      // every inject() comes from 127.0.0.1: suites that sign in or confirm codes often would hit
      // the per-client limits (tests of those limits set their own)
      RATE_LIMIT_SIGNIN_PER_MINUTE: '10000',
      RATE_LIMIT_CODE_CONFIRMATIONS_PER_MINUTE: '10000',
      ...env,
    },
    __dirname,
  );
  const database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
  if (products > 0) await seedIfEmpty(database.db, { products });
  const app = buildApp({ config, db: database.db, now });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    async close() {
      await app.close();
      await database.close();
      await server?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh, migrated database with nothing seeded and no app (PGlite from the migrated template, or a
 * new PostgreSQL database): for the payment stand-ins' units, whose state is in the database.
 */
export async function createTestDatabase(backend: Backend = 'pglite'): Promise<{ db: Database; config: Config; close(): Promise<void> }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-api-db-'));
  const server = backend === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), ...(server ? { DATABASE_URL: server.url } : {}) }, __dirname);
  const database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
  return {
    db: database.db,
    config,
    async close() {
      await database.close();
      await server?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export interface PlainProduct {
  productId: string;
  variantId: string;
  price: number;
}

/**
 * Stocked, sellable products for order tests, one variant each: outside the categories the seeded
 * automatic offers apply to (bags other than backpacks), priced $30 to $140, in id order; sold
 * one at a time (no minimum above 1, no required multiple: cart rules 4-5 (minimum, multiple) would refuse qty 1);
 * their variants get at least 20 in stock.
 */
export async function plainProducts(db: Database, limit: number): Promise<PlainProduct[]> {
  const rows = await queryRows<{ product_id: number; variant_id: number; price: number }>(
    db,
    sql`select p.id as product_id, min(v.id) as variant_id, p.price from products p join variants v on v.product_id = p.id join categories c on c.id = p.canonical_category_id
        where p.state = 'current' and p.functional_type = 'basic' and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1 and c.path like 'bags/%' and c.path <> 'bags/backpacks' and p.price between 3000 and 14000
        group by p.id, p.price order by p.id limit ${limit}`,
  );
  if (rows.length > 0) await db.execute(sql`update variants set qty = greatest(qty, 20) where id = any(${sql.param(rows.map((r) => Number(r.variant_id)))}::int[])`);
  return rows.map((r) => ({ productId: String(r.product_id), variantId: String(r.variant_id), price: r.price }));
}

/**
 * A confirmed customer of the local user pool, signed in (USER_PASSWORD_AUTH): the ID token to
 * send as `authorization: Bearer …`.
 */
/** One Cognito JSON-protocol call to the local user pool, as aws-amplify sends it. */
export async function cognitoCall(ctx: TestContext, operation: string, body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/cognito/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` },
    payload: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Cognito answers are loosely shaped JSON
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers, text: res.body };
}

export async function signUpCustomer(ctx: TestContext, password = 'Kauri-Trail-42'): Promise<{ email: string; idToken: string }> {
  const cognito = async (operation: string, body: Record<string, unknown>) => {
    const res = await cognitoCall(ctx, operation, body);
    if (res.status !== 200) throw new Error(`${operation}: ${res.status} ${res.text}`);
    return res.body as Record<string, { IdToken?: string } & Record<string, unknown>>;
  };
  const ClientId = ctx.config.account.userPoolClientId;
  const email = `customer.${crypto.randomBytes(4).toString('hex')}@example.co.nz`;
  await cognito('SignUp', { ClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
  const outbox = await ctx.app.inject({ method: 'GET', url: `/api/cognito/outbox?email=${encodeURIComponent(email)}` });
  const code = (outbox.json().messages as { purpose: string; code: string }[]).find((m) => m.purpose === 'SIGN_UP')!.code;
  await cognito('ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code });
  const signedIn = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD: password } });
  return { email, idToken: signedIn.AuthenticationResult!.IdToken! };
}

export const TEST_ADDRESS = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' } as const;

let cartSeq = 0;
/**
 * An order request for `items` priced through /api/checkout/info: a guest delivery order paid by
 * card (fake-valid-nonce) for the amount outstanding, with the offers it gets as expected.
 */
export async function orderRequest(app: FastifyInstance, items: { productId: string; variantId: string; qty: number }[], over: Partial<OrderPlaceRequest> = {}): Promise<OrderPlaceRequest> {
  const cart = { items, promoCodes: [], email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: TEST_ADDRESS, shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } } };
  const priced = (await app.inject({ method: 'POST', url: '/api/checkout/info', payload: { cart } })).json() as CheckoutInfoResponse;
  cartSeq += 1;
  return {
    cartId: `cart-${process.pid}-${Date.now().toString(36)}-${cartSeq}`,
    cart: { ...cart, phone: '021 555 0101', billingAddress: TEST_ADDRESS },
    payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.amountOutstanding, token: 'fake-valid-nonce' }] },
    expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    ...over,
  };
}

/** A port nothing listens on now (the OS picked it, then it was closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Waits, when needed, until at least `needSeconds` are left in the current rate-limit window of
 * `windowSeconds` (windows are aligned to the clock: rate-limit.ts), so a test that counts requests
 * up to a limit does not see the count start again halfway through.
 */
export async function freshRateWindow(windowSeconds = 60, needSeconds = 20): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 250));
}
