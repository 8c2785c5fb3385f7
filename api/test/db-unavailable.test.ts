/**
 * When the database cannot be reached (a restart, a lost connection), requests are answered 503
 * with Retry-After and a clear body, never 500; an order placed with an Idempotency-Key keeps no
 * answer then, so its retry once the database is back places it.
 *
 * The connection error used is a real one: node-postgres connecting to a port nothing listens on.
 * The app's database (PGlite here) is made to fail with it for a while, as a restarting server would.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable } from '../src/platform/db/unavailable';
import { cognitoCall, createTestContext, freePort, orderRequest, plainProducts, type TestContext } from './helpers';

/** The error node-postgres (through drizzle) gives when the server refuses connections. */
async function refusedConnectionError(): Promise<unknown> {
  const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'store', database: 'store', connectionTimeoutMillis: 2_000 });
  try {
    await drizzle({ client: pool }).execute(sql`select 1`);
    throw new Error('the query was expected to fail');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
}

describe('database unavailable', () => {
  let ctx: TestContext;
  let refused: unknown;

  beforeAll(async () => {
    ctx = await createTestContext('pglite', { products: 40 });
    refused = await refusedConnectionError();
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** Makes every query of the app's database fail with the refused-connection error until the returned function is called. */
  const takeDatabaseDown = () => {
    const client = (ctx.db as unknown as { $client: { query: unknown; transaction: unknown } }).$client;
    const { query, transaction } = client;
    const fail = () => Promise.reject(refused);
    client.query = fail;
    client.transaction = fail;
    return () => {
      client.query = query;
      client.transaction = transaction;
    };
  };

  it('tells connection failures apart from other database errors', async () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    const syntax = await ctx.db.execute(sql`select from nowhere_at_all`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
  });

  it('answers 503 with Retry-After (store routes and the user pool) while the database is down', async () => {
    const restore = takeDatabaseDown();
    try {
      const stores = await ctx.app.inject({ method: 'GET', url: '/api/stores' });
      expect(stores.statusCode).toBe(503);
      expect(stores.headers['retry-after']).toBe('2');
      expect(stores.json()).toEqual({ error: 'ServiceUnavailable', message: expect.stringMatching(/cannot reach its database/) });
      const signIn = await cognitoCall(ctx, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: ctx.config.account.userPoolClientId,
        AuthParameters: { USERNAME: 'someone@example.co.nz', PASSWORD: 'Kauri-Trail-42' },
      });
      expect(signIn.status).toBe(503);
      expect(signIn.headers['retry-after']).toBe('2');
      expect(signIn.body.__type).toBe('ServiceUnavailableException');
    } finally {
      restore();
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/stores' })).statusCode).toBe(200);
  });

  it('answers an order placed while the database is down 503 and keeps no answer for its key: the retry places it', async () => {
    const [item] = await plainProducts(ctx.db, 1);
    const body = await orderRequest(ctx.app, [{ productId: item!.productId, variantId: item!.variantId, qty: 1 }]);
    const key = `db-down-${Date.now()}`;
    const place = () => ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body, headers: { 'idempotency-key': key } });
    const restore = takeDatabaseDown();
    let down;
    try {
      down = await place();
    } finally {
      restore();
    }
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.json().error).toBe('ServiceUnavailable');
    const retry = await place();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().status).toBe('complete');
  });
});
