import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerEdge } from '../src/edge/edge';
import { bucketOf, parsePin, viewOf } from '../src/edge/cohort';
import { clearServerModules } from '../src/edge/ssr/modules';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';

/**
 * A canary seen from the edge: each shopper's cohort picks the version of a remote, the same one
 * for the server render, the embedded registry and /registry.json; checkout pins the versions.
 */

const remoteServer = (label: string) => `
const React = require('react');
exports.load = async () => ({ status: 200, data: {} });
exports.render = () => React.createElement('h1', null, '${label}');
`;
const manifest = JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ path: './app', assets: { js: { sync: [] } } }] });

const entry = (name: string, version: string, routes: string[]) => ({ name, version, manifest: `/cdn/${name}/${version}/mf-manifest.json`, routes });

function writeRegistry(dir: string, canary: { share: number; market?: string } | null) {
  const things = { ...entry('things', 't1', ['/things/*']), ...(canary ? { canary: { ...entry('things', 't2', ['/things/*']), ...canary, since: '2026-11-27T00:00:00.000Z' } } : {}) };
  const file = path.join(dir, 'registry.json');
  fs.writeFileSync(file, JSON.stringify({ shell: { version: 's1', html: '/cdn/shell/s1/index.html' }, remotes: [things, entry('cart_checkout', 'k1', ['/cart', '/checkout/*'])] }));
  // the edge re-reads the registry when its modification time changes
  const later = new Date(Date.now() + Math.floor(Math.random() * 1e6));
  fs.utimesSync(file, later, later);
}

describe('edge canary cohorts', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = writeDeploy('edge-canary-', {
      'cdn/shell/s1/index.html': SHELL_HTML,
      'cdn/shell/s1/server/server.js': SHELL_SERVER,
      'cdn/things/t1/server/server.js': remoteServer('stable'),
      'cdn/things/t2/server/server.js': remoteServer('canary'),
      'cdn/things/t1/mf-manifest.json': manifest,
      'cdn/things/t2/mf-manifest.json': manifest,
      'cdn/cart_checkout/k1/mf-manifest.json': manifest,
    });
    writeRegistry(dir, { share: 30 });
    app = Fastify({ logger: { level: 'fatal' } });
    await registerEdge(app, { deployDir: dir });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string, host = 'localhost') => app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });
  const embedded = (html: string) => JSON.parse(/<script type="application\/json" id="shell-registry">(.*?)<\/script>/s.exec(html)![1]!) as { remotes: { name: string; version: string; canary?: unknown }[] };
  const versionOf = (registry: { remotes: { name: string; version: string }[] }, name: string) => registry.remotes.find((r) => r.name === name)?.version;
  const setCookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat() as string[];
  const wait = () => new Promise((resolve) => setTimeout(resolve, 600)); // the edge checks the registry file at most every 500 ms

  it('gives a shopper in the canary share the canary everywhere, and the others the stable version', async () => {
    for (const [bucket, version, text] of [['0', 't2', 'canary'], ['29', 't2', 'canary'], ['30', 't1', 'stable'], ['99', 't1', 'stable']] as const) {
      const page = await get('/things/bag', `store_cohort=${bucket}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`data-remote-version="${version}"`);
      expect(page.body).toContain(`<h1>${text}</h1>`);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      const inPage = embedded(page.body);
      expect(versionOf(inPage, 'things')).toBe(version);
      expect(inPage.remotes.every((r) => r.canary === undefined)).toBe(true);
      const registry = await get('/registry.json', `store_cohort=${bucket}`);
      expect(registry.json()).toEqual(inPage);
      expect(setCookies(registry)).toEqual([]);
    }
  });

  it('assigns a new shopper a cohort kept for a year, and keeps to it', async () => {
    const first = await get('/things/bag');
    const cookie = setCookies(first).find((c) => c.startsWith('store_cohort='))!;
    expect(cookie).toMatch(/^store_cohort=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    const bucket = bucketOf(/^store_cohort=(\d+)/.exec(cookie)![1]);
    const expected = bucket! < 30 ? 't2' : 't1';
    expect(first.body).toContain(`data-remote-version="${expected}"`);
    const again = await get('/registry.json', `store_cohort=${bucket}`);
    expect(versionOf(again.json(), 'things')).toBe(expected);
    // a cohort cookie that is not a bucket is replaced
    expect(setCookies(await get('/registry.json', 'store_cohort=abc'))[0]).toMatch(/^store_cohort=\d{1,2};/);
  });

  it("limits a market's canary to shoppers of that market", async () => {
    writeRegistry(dir, { share: 100, market: 'AU' });
    await wait();
    expect(versionOf((await get('/registry.json', 'store_cohort=5')).json(), 'things')).toBe('t1');
    expect(versionOf((await get('/registry.json', 'store_cohort=5', 'au.localhost')).json(), 'things')).toBe('t2');
  });

  it('keeps a shopper who entered checkout on their versions until the order is placed', async () => {
    writeRegistry(dir, { share: 30 });
    await wait();
    // entering checkout by a client-side navigation (the shell names the page) or a page load
    const entering = await get(`/registry.json?for=${encodeURIComponent('/checkout/shipping')}`, 'store_cohort=80');
    const pin = setCookies(entering).find((c) => c.startsWith('store_release_pin='))!;
    expect(pin).toMatch(/^store_release_pin=things:t1~cart_checkout:k1; Path=\/; Max-Age=7200; SameSite=Lax; HttpOnly$/);
    const pinned = `store_cohort=80; ${pin.split(';')[0]}`;
    expect(setCookies(await get('/checkout/payment', pinned)).some((c) => c.startsWith('store_release_pin='))).toBe(false);

    // the canary goes to everyone meanwhile: the pinned shopper stays on t1, others move
    writeRegistry(dir, { share: 100 });
    await wait();
    expect(versionOf((await get('/registry.json', pinned)).json(), 'things')).toBe('t1');
    expect((await get('/things/bag', pinned)).body).toContain('data-remote-version="t1"');
    expect(versionOf((await get('/registry.json', 'store_cohort=80')).json(), 'things')).toBe('t2');

    // the order's success page ends the pin
    const placed = await get(`/registry.json?for=${encodeURIComponent('/checkout/success')}`, pinned);
    expect(setCookies(placed)).toContain('store_release_pin=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
    expect(versionOf(placed.json(), 'things')).toBe('t2');
  });

  it('answers 400 for a page to pin that is not a path', async () => {
    for (const bad of ['https%3A%2F%2Fevil.test%2F', '%2F%2Fevil.test', `%2F${'a'.repeat(2048)}`, '%2Fa&for=%2Fb']) {
      const res = await get(`/registry.json?for=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', field: 'for', issues: [{ field: 'for', reason: expect.stringMatching(/^must be a path of this site/) }] });
    }
  });
});

describe('a cohort view', () => {
  const remotes = [{ ...entry('things', 't1', ['/things/*']), canary: { ...entry('things', 't2', ['/things/*']), share: 10 } }];
  const has = () => true;

  it('gives a bucket below the share the canary, never showing the canary entry', () => {
    expect(viewOf(remotes, 9, 'NZ', new Map(), has)).toEqual({ remotes: [entry('things', 't2', ['/things/*'])], key: 'things@t2' });
    expect(viewOf(remotes, 10, 'NZ', new Map(), has)).toEqual({ remotes: [entry('things', 't1', ['/things/*'])], key: '' });
  });

  it('honours a pinned version only while its build is on the edge', () => {
    const pin = parsePin('things:t0~bad entry~x:y:z');
    expect([...pin]).toEqual([['things', 't0']]);
    expect(viewOf(remotes, 5, 'NZ', pin, has).remotes[0]!.version).toBe('t0');
    expect(viewOf(remotes, 5, 'NZ', pin, () => false).remotes[0]!.version).toBe('t1');
    // a version taken back (an aborted canary, rolled back from) moves its pinned shoppers to stable
    const aborted = [{ ...entry('things', 't1', ['/things/*']), withdrawn: ['t0'] }];
    expect(viewOf(aborted, 5, 'NZ', pin, has)).toEqual({ remotes: [entry('things', 't1', ['/things/*'])], key: '' });
  });
});
