/**
 * Memory that stays flat under hostile traffic: what the edge keeps per page has a byte budget and
 * a key an attacker cannot multiply.
 * - the kept-page cache drops its least recently used pages once its byte budget is full;
 * - a page is rendered and kept for the query its remote declares (the registry entry's `query`):
 *   URLs that differ only in parameters nobody reads are one page, rendered without them;
 * - where SITE_HOSTS names both sites (here localhost:8080 for NZ, au.localhost:8080 for AU), a Host
 *   header that is neither gets the default market's page as its site serves it, not a page of its own;
 * - the request metrics' route label is the route pattern, so junk URLs add no series.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db';
import { registerEdge } from '../src/edge/edge';
import { clearServerModules } from '../src/edge/ssr/modules';
import { pageCacheStats } from '../src/edge/ssr/page';
import { PageCache, PageTemplate } from '../src/edge/ssr/page-cache';
import { pageHost } from '../src/store/market';
import { parseSiteHosts } from '@store/contracts';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';

// a page that shows the URL its loader and render were given
const REMOTE = `
const { jsx } = require('@emotion/react');
exports.load = async ({ url }) => {
  const u = new URL(url);
  return { status: 200, data: { '/api/seen': { loaded: u.host + u.pathname + u.search } } };
};
exports.render = ({ url, data }) => jsx('p', { id: 'seen' }, 'render ' + new URL(url).search + ' load ' + data['/api/seen'].loaded);
`;

describe('the kept-page cache at its byte budget', () => {
  const inputs = (n: number) => ({ status: 200, dataJson: `{"n":${n}}`, chromeJson: '{}', headExtra: '' });
  const page = (n: number) => PageTemplate.from(`<p>${'x'.repeat(1000)}${String(n).padStart(3, '0')}</p>`)!;

  it('keeps at most its budget and drops the least recently used pages first', () => {
    // each page is about 1.2 KB of estimated bytes (its text and compressed copy): 13 fit in 16 KB
    const cache = new PageCache(16_000);
    for (let n = 0; n < 10; n += 1) cache.set(`/p/${n}`, inputs(n), page(n));
    expect(cache.stats().entries).toBe(10);
    expect(cache.get('/p/0', inputs(0))).toBeDefined(); // now the most recently used
    for (let n = 10; n < 15; n += 1) cache.set(`/p/${n}`, inputs(n), page(n));
    expect(cache.stats().entries).toBe(13);
    expect(cache.get('/p/0', inputs(0))).toBeDefined();
    expect(cache.get('/p/1', inputs(1))).toBeUndefined();
    expect(cache.get('/p/2', inputs(2))).toBeUndefined();
    expect(cache.get('/p/3', inputs(3))).toBeDefined();
    for (let n = 15; n < 1000; n += 1) cache.set(`/p/${n}`, inputs(n), page(n));
    expect(cache.stats().bytes).toBeLessThanOrEqual(16_000);
    expect(cache.stats().entries).toBe(13);
    expect(cache.get('/p/999', inputs(999))).toBeDefined();
  });
});

describe('the host a page is kept for', () => {
  const at = (host: string, siteHosts: string) => pageHost({ protocol: 'https', host }, parseSiteHosts(siteHosts));

  it('is the request host for a listed site, and the NZ site for any other host once SITE_HOSTS names it', () => {
    const both = 'www.fernleaf.co.nz=NZ,www.fernleaf.com.au=AU';
    expect(at('www.fernleaf.com.au', both)).toBe('www.fernleaf.com.au');
    expect(at('WWW.Fernleaf.co.nz:443', both)).toBe('www.fernleaf.co.nz:443');
    for (const junk of ['10.0.0.7:8080', 'evil.example', 'x.fernleaf.co.nz', '[::1]:3000']) expect(at(junk, both)).toBe('www.fernleaf.co.nz');
    expect(at('evil.example', 'shop.example:8443=NZ,au.shop.example:8443=AU')).toBe('shop.example:8443');
  });

  it('is the request host as it is while SITE_HOSTS names no NZ site (every other host is the NZ site)', () => {
    expect(at('127.0.0.1:4000', 'au.localhost:4000=AU')).toBe('127.0.0.1:4000');
    expect(at('au.localhost:4000', 'au.localhost:4000=AU')).toBe('au.localhost:4000');
  });
});

describe('page keys an attacker cannot multiply', () => {
  let dir: string;
  let tmp: string;
  let database: { db: Database; close(): Promise<void> };
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = writeDeploy('edge-memory-', { 'cdn/shell/s1/index.html': SHELL_HTML, 'cdn/shell/s1/server/server.js': SHELL_SERVER, 'cdn/things/t1/server/server.js': REMOTE });
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({
        shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
        remotes: [{ name: 'things', version: 't1', manifest: '/cdn/things/t1/mf-manifest.json', routes: ['/things/*'], query: ['sort', 'colour'] }],
        overrideOrigins: [],
      }),
    );
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-memory-'));
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), DEPLOY_DIR: dir, SEED_PRODUCTS: '0', SITE_HOSTS: 'localhost:8080=NZ,au.localhost:8080=AU' }, __dirname);
    database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    app = buildApp({ config, db: database.db });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 5000 });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const get = (url: string, host = 'localhost:8080') => app.inject({ method: 'GET', url, headers: { host } });
  const seen = (html: string) => /<p id="seen">(.*?)<\/p>/.exec(html)?.[1];
  const routeData = (html: string) => JSON.parse(/<script type="application\/json" id="ssr-data"[^>]*>(.*?)<\/script>/.exec(html)![1]!) as { path: string; query?: string[] };
  const marketSites = (html: string) => (JSON.parse(/<script id="site-market" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as { sites: Record<string, string> }).sites;

  it('renders a page without the parameters its remote does not read, the known ones sorted, and keeps one page for all such URLs', async () => {
    const first = await get('/things/tote?utm_source=mail&sort=price&colour=red&sort=name');
    expect(first.statusCode).toBe(200);
    expect(seen(first.body)).toBe('render ?colour=red&amp;sort=price load localhost:8080/things/tote?colour=red&amp;sort=price');
    expect(routeData(first.body)).toEqual(expect.objectContaining({ path: '/things/tote?colour=red&sort=price', query: ['sort', 'colour'] }));
    // a page is kept from its URL's second request on
    expect(pageCacheStats().entries).toBe(0);
    expect(seen((await get('/things/tote?sort=price&colour=red')).body)).toBe(seen(first.body));
    const kept = pageCacheStats().entries;
    expect(kept).toBe(1);
    for (let n = 0; n < 25; n += 1) {
      const res = await get(`/things/tote?colour=red&junk=${n}&sort=price&fbclid=${n}x`);
      expect(res.statusCode).toBe(200);
      expect(seen(res.body)).toBe(seen(first.body));
    }
    expect(pageCacheStats().entries).toBe(kept);
    const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(Number(/ssr_page_cache_lookups_total\{result="hit"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(25);
  });

  it('keeps a page of its own for each value of a parameter the remote reads', async () => {
    const before = pageCacheStats().entries;
    // each asked for twice (a page is kept from its second request), the second with a parameter it does not read
    await get('/things/bag?sort=price');
    await get('/things/bag?sort=price&other=1');
    await get('/things/bag?sort=name');
    await get('/things/bag?other=1&sort=name');
    expect(pageCacheStats().entries).toBe(before + 2);
  });

  it("serves a Host header that is none of the sites the default market's page of its site, without a new entry", async () => {
    const own = await get('/things/satchel?colour=tan');
    expect(marketSites(own.body).NZ).toBe('http://localhost:8080');
    // kept from its second request
    await get('/things/satchel?colour=tan');
    const before = pageCacheStats().entries;
    for (let n = 0; n < 25; n += 1) {
      const res = await get('/things/satchel?colour=tan', `junk-${n}.example:${1000 + n}`);
      expect(res.statusCode).toBe(200);
      expect(seen(res.body)).toBe('render ?colour=tan load localhost:8080/things/satchel?colour=tan');
      expect(marketSites(res.body).NZ).toBe('http://localhost:8080');
    }
    expect(pageCacheStats().entries).toBe(before);
    // the Australian site is a site: its own page, in its own market
    const au = await get('/things/satchel?colour=tan', 'au.localhost:8080');
    expect(seen(au.body)).toBe('render ?colour=tan load au.localhost:8080/things/satchel?colour=tan');
    expect(au.body).toMatch(/<html lang="en-AU">/);
    expect(pageCacheStats().entries).toBe(before);
    await get('/things/satchel?colour=tan', 'au.localhost:8080');
    expect(pageCacheStats().entries).toBe(before + 1);
  });

  it('keeps one 404 page per site for every unknown path: junk paths render nothing again and make no entries', async () => {
    const page = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/'nonce-[^']*'/g, '');
    const first = await get('/no-such-page-0');
    expect(first.statusCode).toBe(404);
    expect(first.body).toContain('<meta name="robots" content="noindex" data-page-meta>');
    const before = pageCacheStats().entries;
    const hits = async () => Number(/ssr_page_cache_lookups_total\{result="hit"\} (\d+)/.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? 0);
    const hitsBefore = await hits();
    for (let n = 1; n <= 25; n += 1) {
      const res = await get(n % 2 ? `/no-such-page-${n}?q=${n}` : `/junk/${n}/${'x'.repeat(n)}`);
      expect(res.statusCode).toBe(404);
      expect(page(res.body)).toBe(page(first.body));
    }
    expect(pageCacheStats().entries).toBe(before);
    // each of them was the kept page, not a new render
    expect((await hits()) - hitsBefore).toBe(25);
    // the Australian site's 404 is its own (its language and market)
    const au = await get('/no-such-page-26', 'au.localhost:8080');
    expect(au.statusCode).toBe(404);
    expect(au.body).toMatch(/<html lang="en-AU">/);
  });

  it('answers the route payload for the same URL the page was kept for', async () => {
    const res = await get('/things/tote/_payload.json?sort=price&utm_campaign=x&colour=red');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ data: { '/api/seen': { loaded: 'localhost:8080/things/tote?colour=red&sort=price' } } }));
  });

  it('labels request metrics by route pattern only, however many junk URLs come', async () => {
    const routes = async () => {
      const body = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      return new Set([...body.matchAll(/^http_requests_total\{[^}]*route="([^"]*)"/gm)].map((m) => m[1]!));
    };
    for (let n = 0; n < 200; n += 1) {
      const url = [`/products/junk-${n}`, `/api/junk/${n}?x=${n}`, `/things/x${n}?junk=${n}`, `/cdn/junk/${n}.js`][n % 4]!;
      await get(url, `h${n}.example`);
    }
    const labels = await routes();
    expect([...labels].filter((route) => /junk|\d{2,}/.test(route))).toEqual([]);
    expect(labels.size).toBeLessThan(15);
    for (let n = 200; n < 400; n += 1) await get(`/products/junk-${n}?q=${n}`);
    expect((await routes()).size).toBe(labels.size);
  });
});
