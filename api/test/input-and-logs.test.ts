/**
 * Hostile text (NUL, lone surrogates, bytes that are not UTF-8) in the
 * path, query, read headers or a body string answers 400 naming the field, on every route (one
 * rule at the boundary); error logs carry no query values, headers or query parameters.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import { BACKENDS, cognitoCall, createTestContext, type TestContext } from './helpers';

describe.each(BACKENDS)('hostile text on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 20 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const expect400 = (res: { statusCode: number; json(): Record<string, unknown> }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: 'ValidationError', field, issues: [{ field, reason: expect.any(String) }] });
    expect(String(body.message)).toContain(field);
    return body;
  };

  it.each([
    ['a NUL byte', '%00'],
    ['a lone surrogate (UTF-8 of U+D800)', '%ED%A0%80'],
    ['a byte that is not UTF-8', '%FF'],
    ['a truncated sequence', '%C3'],
  ])('query: %s is 400 with the parameter', async (_name, value) => {
    const body = expect400(await ctx.app.inject({ method: 'GET', url: `/api/catalog/listing?category=bags&q=abc${value}def` }), 'q');
    expect(body.message).toMatch(/^Invalid query: q: /);
    expect400(await ctx.app.inject({ method: 'GET', url: `/api/products/by-path?path=x${value}` }), 'path');
    expect400(await ctx.app.inject({ method: 'GET', url: `/api/stores?postcode=${value}` }), 'postcode');
  });

  it('path: NUL, lone surrogates and non-UTF-8 bytes are 400 with field "path"', async () => {
    for (const bad of ['%00', '%ED%B0%80', '%FE', '\u0000']) {
      const body = expect400(await ctx.app.inject({ method: 'GET', url: `/api/catalog/brands/a${bad}b` }), 'path');
      expect(body.message).toMatch(/^Invalid path: path: /);
    }
    // also paths no route owns, and the image endpoint
    expect400(await ctx.app.inject({ method: 'GET', url: '/cdn-cgi/image/width=100/images/products/%00.png' }), 'path');
    expect400(await ctx.app.inject({ method: 'GET', url: '/api/nothing/%FF' }), 'path');
  });

  it('JSON bodies: a NUL or lone surrogate in any string (or key) is 400 naming the field; bytes that are not UTF-8 name the body', async () => {
    const post = (url: string, payload: string) => ctx.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    expect400(await post('/api/search/indexes/nz_products/objects', '{"objectIds":["1","2\\u0000"]}'), 'objectIds.1');
    expect400(await post('/api/search/indexes/nz_products/objects', '{"objectIds":["\\ud800"]}'), 'objectIds.0');
    expect400(await post('/api/search/indexes/nz_products/objects', '{"objectIds":["\\udc00x"]}'), 'objectIds.0');
    expect400(await post('/api/site/subscribe', '{"email":"a@example.co.nz","first\\u0000":"x"}'), 'body');
    const checkout = await post('/api/checkout/info', JSON.stringify({ cart: { items: [], email: 'aroha\u0000@example.co.nz' } }));
    expect400(checkout, 'cart.email');
    const raw = Buffer.concat([Buffer.from('{"objectIds":["1'), Buffer.from([0xff, 0xfe]), Buffer.from('"]}')]);
    const notUtf8 = await ctx.app.inject({ method: 'POST', url: '/api/search/indexes/nz_products/objects', headers: { 'content-type': 'application/json' }, payload: raw });
    expect400(notUtf8, 'body');
    // a surrogate pair (an emoji) is fine
    const emoji = await post('/api/search/indexes/nz_products/objects', '{"objectIds":["\\ud83d\\ude00"]}');
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().data.results).toEqual([null]);
  });

  it('the Cognito protocol: the same 400 (with the error type aws-amplify reads)', async () => {
    const res = await cognitoCall(ctx, 'InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: ctx.config.account.userPoolClientId, AuthParameters: { USERNAME: 'a\u0000@example.co.nz', PASSWORD: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ValidationError', field: 'AuthParameters.USERNAME' });
    expect(String(res.headers['x-amzn-errortype'])).toBe('InvalidParameterException:');
    const raw = await ctx.app.inject({
      method: 'POST',
      url: '/api/cognito',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
      payload: Buffer.concat([Buffer.from('{"Username":"a'), Buffer.from([0xc0, 0x80]), Buffer.from('@example.co.nz"}')]),
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toMatchObject({ field: 'body' });
  });

  it('headers the API reads: bytes that are not UTF-8 are 400 naming the header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: 'Bearer \u00ff\u00fe' } });
    expect400(res, 'headers.authorization');
    const key = await ctx.app.inject({ method: 'POST', url: '/api/order/place', headers: { 'idempotency-key': 'k\u00e9y', 'content-type': 'application/json' }, payload: '{}' });
    expect400(key, 'headers.idempotency-key');
    // UTF-8 bytes (as Node reads them: latin1 characters) are fine
    const utf8 = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'user-agent': Buffer.from('Käse/1.0', 'utf8').toString('latin1') } });
    expect(utf8.statusCode).toBe(200);
  });

  it('ordinary text still works: percent-encoded UTF-8, + as a space, macrons', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/catalog/listing?q=t%C4%81ne+bag' });
    expect(res.statusCode).toBe(200);
    expect(res.json().q).toBe('tāne bag');
    // a '%' that starts no escape is a '%', as fastify's query parser reads it
    expect((await ctx.app.inject({ method: 'GET', url: '/api/catalog/listing?q=50%off' })).statusCode).toBe(200);
  });
});

describe('error logs (PGlite)', () => {
  it('carry no query values, headers, drizzle params or quoted values of a failed query', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-log-test-'));
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), DEPLOY_DIR: path.join(tmp, 'deploy'), SEED_PRODUCTS: '0' }, __dirname);
    const database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const app = buildApp({ config, db: database.db, logger: { level: 'info', stream } });
    const email = 'mere.tane@example.co.nz';
    app.get('/api/test/fail', async () => {
      await database.db.execute(sql`select ${email}::int as n, ${'12 Queen Street'} as street`);
      return {};
    });
    app.get('/api/test/throw', async () => {
      const error = new Error(`Failed query: insert into orders (email) values ($1)\nparams: ${email},021 555 0101`);
      Object.assign(error, { query: 'insert into orders (email) values ($1)', params: [email, '021 555 0101'] });
      throw error;
    });
    try {
      await app.ready();
      const failed = await app.inject({ method: 'GET', url: `/api/test/fail?email=${encodeURIComponent(email)}&pin=4321`, headers: { authorization: 'Bearer secret-token-abc', cookie: 'forterToken=cookie-secret' } });
      expect(failed.statusCode).toBe(500);
      const thrown = await app.inject({ method: 'GET', url: '/api/test/throw?card=4111111111111111' });
      expect(thrown.statusCode).toBe(500);
      const cognito = await app.inject({ method: 'POST', url: '/api/cognito', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' }, payload: '{}' });
      expect(cognito.statusCode).toBe(400);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    const log = lines.join('');
    const errors = lines.map((l) => JSON.parse(l) as Record<string, any>).filter((l) => l.level >= 50); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(errors).toHaveLength(2);
    expect(errors[0]!.req.url).toBe('/api/test/fail?email=[redacted]&pin=[redacted]');
    expect(errors[0]!.err.message).toContain('Failed query: select $1::int');
    expect(errors[0]!.err.params).toBe('[redacted]');
    expect(errors[1]!.req.url).toBe('/api/test/throw?card=[redacted]');
    expect(errors[1]!.err.message).toBe('Failed query: insert into orders (email) values ($1)\nparams: [redacted]');
    for (const secret of [email, 'mere.tane', '4321', 'Queen Street', 'secret-token-abc', 'cookie-secret', '4111111111111111', '021 555 0101']) expect(log).not.toContain(secret);
  });
});
