import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { addHealth } from '../src/edge/release-health';
import { WebVitalsRecorder } from '../src/edge/web-vitals';
import { DEFAULT_OPERATOR_TOKEN, newSession, operatorFromEnv } from '../src/operator/auth';
import { fileHistory, registerOperator } from '../src/operator/routes';
import { BACKENDS, createTestDatabase } from './helpers';

/** The operator page: sign-in, what it shows, and its forms (CSRF-checked) running the release tool. */

const TOKEN = 'operator-test-token-0123456789';

describe('operator settings', () => {
  it('has a public default outside production only; production refuses the default and short tokens', () => {
    expect(operatorFromEnv({})).toEqual({ token: DEFAULT_OPERATOR_TOKEN });
    expect(operatorFromEnv({ NODE_ENV: 'production' })).toBeNull();
    expect(() => operatorFromEnv({ NODE_ENV: 'production', OPERATOR_TOKEN: DEFAULT_OPERATOR_TOKEN })).toThrow(/OPERATOR_TOKEN is the public default/);
    expect(() => operatorFromEnv({ OPERATOR_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(operatorFromEnv({ NODE_ENV: 'production', OPERATOR_TOKEN: TOKEN })).toEqual({ token: TOKEN });
    expect(operatorFromEnv({ OPERATOR_TOKEN: 'off' })).toBeNull();
  });
});

describe.each(BACKENDS)('the operator page (%s)', (backend) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let deployDir: string;
  const ran: string[][] = [];

  beforeAll(async () => {
    const database = await createTestDatabase(backend);
    deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-'));
    fs.writeFileSync(
      path.join(deployDir, 'registry.json'),
      JSON.stringify({ shell: { version: 's1' }, remotes: [{ name: 'catalog', version: 'c1aaaaaaaaaa', routes: ['/products/*'], canary: { name: 'catalog', version: 'c2bbbbbbbbbb', routes: ['/products/*'], share: 10, since: '2026-11-27T00:00:00.000Z' } }, { name: 'account', version: 'a1', routes: ['/account/*'] }] }),
    );
    fs.writeFileSync(
      path.join(deployDir, 'registry-history.jsonl'),
      `${JSON.stringify({ at: '2026-11-27T00:00:00.000Z', by: 'aroha@build', action: 'canary', name: 'catalog', from: 'c1aaaaaaaaaa', to: 'c2bbbbbbbbbb', share: 10, reason: 'released as a canary' })}\n`,
    );
    const minuteAgo = new Date(Date.now() - 60_000);
    await addHealth(database.db, 'catalog', 'c2bbbbbbbbbb', { renders: 40, renderFailures: 3, errorReports: 2 }, minuteAgo);
    const vitals = new WebVitalsRecorder(database.db, undefined, { now: () => minuteAgo });
    for (const value of [120, 130, 480, 490]) vitals.record('catalog', 'c2bbbbbbbbbb', 'INP', value);
    await vitals.flush();
    app = buildApp({ config: database.config, db: database.db });
    await registerOperator(app, {
      settings: { token: TOKEN },
      db: database.db,
      deployDir,
      history: fileHistory(deployDir),
      releaseTool: async (args) => {
        ran.push(args);
        return { output: 'done', conflict: false };
      },
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
      fs.rmSync(deployDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => close?.());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const signIn = async () => {
    const res = await app.inject({ method: 'POST', url: '/operator/sign-in', payload: form({ token: TOKEN }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(303);
    return String(res.headers['set-cookie']).split(';')[0]!;
  };

  it('refuses everything without a sign-in, and is never indexed', async () => {
    const res = await app.inject({ method: 'GET', url: '/operator' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    // a browser sends its POSTs' Origin under this policy (under no-referrer it sends "null")
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toMatch(/<label for="token">Operator token<\/label>\s*<input id="token" name="token" type="password"/);
    expect(res.body).not.toContain('c2bbbbbbbbbb');
    expect(res.body).not.toMatch(/<script/i);
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src [^;]*'strict-dynamic'/);
    const act = await app.inject({ method: 'POST', url: '/operator/act', payload: form({ remote: 'catalog', action: 'rollback' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(act.statusCode).toBe(401);
    // a forged session, and one signed with another token
    for (const cookie of ['store_operator=9999999999999.abc.def', `store_operator=${newSession({ token: 'another-operator-token-0000' })}`]) {
      expect((await app.inject({ method: 'GET', url: '/operator', headers: { cookie } })).statusCode).toBe(401);
    }
    expect(ran).toEqual([]);
  });

  it('signs in with the operator token only, into an HttpOnly, SameSite=Strict session', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/operator/sign-in', payload: form({ token: 'guess' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const res = await app.inject({ method: 'POST', url: '/operator/sign-in', payload: form({ token: TOKEN }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.headers.location).toBe('/operator');
    expect(String(res.headers['set-cookie'])).toMatch(/^store_operator=[^;]+; Path=\/operator; Max-Age=28800; SameSite=Strict; HttpOnly$/);
  });

  it('shows versions, shares, the last hour per version and the history with reasons', async () => {
    const res = await app.inject({ method: 'GET', url: '/operator', headers: { cookie: await signIn() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toMatch(/<th scope="row">catalog<\/th><td><code>c1aaaaaaaaaa<\/code><\/td><td><code>c2bbbbbbbbbb<\/code><\/td><td>90% stable, 10% canary<\/td>/);
    expect(res.body).toMatch(/<th scope="row">account<\/th><td><code>a1<\/code><\/td><td>none<\/td><td>100% stable<\/td>/);
    // 40 renders, 3 fallbacks, 2 error reports; INP p75 of 120, 130, 480, 490: the 500 ms bucket
    expect(res.body).toMatch(/<td>40<\/td><td>3<\/td><td>2<\/td><td>500 ms <svg/);
    expect(res.body).toMatch(/<td>canary<\/td><th scope="row">catalog<\/th>.*10%.*aroha@build<\/td><td>released as a canary<\/td>/);
    expect(res.body).toContain('<button type="submit" class="danger">Roll back catalog</button>');
    expect(res.body).toContain('<button type="submit">Pause catalog</button>');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('runs the release tool from a form only with the session\'s CSRF token', async () => {
    const cookie = await signIn();
    const page = await app.inject({ method: 'GET', url: '/operator', headers: { cookie } });
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: '/operator/act', payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers } });
    expect((await post({ remote: 'catalog', action: 'rollback', csrf: 'nope' })).statusCode).toBe(403);
    expect((await post({ remote: 'catalog', action: 'rollback', csrf }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post({ remote: 'catalog', action: 'delete', csrf })).statusCode).toBe(400);
    expect(ran).toEqual([]);
    const done = await post({ remote: 'catalog', action: 'rollback', expect: 'c2bbbbbbbbbb', reason: 'INP doubled', csrf });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/operator?done=rollback&remote=catalog');
    await post({ remote: 'catalog', action: 'pause', expect: 'c2bbbbbbbbbb', reason: '', csrf });
    await post({ remote: 'account', action: 'rollback', csrf });
    expect(ran).toEqual([
      ['abort', 'catalog', '--expect', 'c2bbbbbbbbbb', '--by', 'operator', '--reason', 'INP doubled'],
      ['pause', 'catalog', '--expect', 'c2bbbbbbbbbb', '--by', 'operator'],
      ['rollback', 'account'],
    ]);
    const after = await app.inject({ method: 'GET', url: done.headers.location as string, headers: { cookie } });
    expect(after.body).toContain('<p class="note" role="status">catalog: rolled back</p>');
  });
});
