import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db';
import { registerEdge } from '../src/edge/edge';
import { loadSecurityConfig, registerSecurityHeaders } from '../src/platform/http/security';
import { seedIfEmpty } from '../src/seed';
import { clearServerModules } from '../src/edge/ssr/modules';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';
import { TEST_PRODUCTS } from './helpers';
import { assemble, brotliPage, compressTemplate, NONCE_MARKS, PageTemplate, placeholders } from '../src/edge/ssr/page-cache';

/**
 * The edge's kept pages (api/src/edge/ssr/page-cache.ts): a server-rendered page is assembled once per
 * release, market, URL and data and sent with each response's own nonces, its compressed bytes
 * built once with the nonces as uncompressed brotli meta-blocks. What a browser sees must not
 * change: a fresh nonce on every script and style of every response, and a new page as soon as
 * its data, its release or its market changes.
 */

// a page big enough to be worth compressing: 200 tiles of the thing's name and price
const remoteServer = (label: string) => `
const { jsx, css } = require('@emotion/react');
exports.load = async ({ url, api }) => {
  const key = '/api/test/thing?path=' + encodeURIComponent(new URL(url).pathname);
  const answer = await api(key);
  return { status: 200, data: { [key]: answer.body }, head: { title: answer.body.name, jsonLd: [{ '@type': 'Product', name: answer.body.name }, { '@type': 'BreadcrumbList' }] } };
};
exports.render = ({ data, market }) => {
  const thing = data[Object.keys(data)[0]];
  const tiles = Array.from({ length: 200 }, (_, i) => jsx('li', { key: i, css: css({ padding: 4 }) }, '${label} ' + thing.name + ' no. ' + i + ' ' + (market && market.currency) + ' ' + thing.price));
  return jsx('ul', null, tiles);
};
`;

function deployDir(): string {
  return writeDeploy('edge-pages-', {
    'cdn/shell/s1/index.html': SHELL_HTML,
    'cdn/shell/s1/server/server.js': SHELL_SERVER,
    'cdn/things/t1/server/server.js': remoteServer('v1'),
    'cdn/things/t2/server/server.js': remoteServer('v2'),
  });
}

function registry(dir: string, version: string) {
  fs.writeFileSync(
    path.join(dir, 'registry.json'),
    JSON.stringify({
      shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
      remotes: [{ name: 'things', version, manifest: `/cdn/things/${version}/mf-manifest.json`, routes: ['/things/*'] }],
    }),
  );
}

const nonceOf = (csp: string, directive: string) => new RegExp(`${directive} [^;]*'nonce-([^']+)'`).exec(csp)?.[1];

describe('kept server-rendered pages', () => {
  let dir: string;
  let app: FastifyInstance;
  let thing = { name: 'Tote', price: 120, etag: '"1"' };

  beforeAll(async () => {
    dir = deployDir();
    registry(dir, 't1');
    app = Fastify({ logger: { level: 'fatal' } });
    registerSecurityHeaders(app, loadSecurityConfig({}));
    // as buildApp registers it
    app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
    // an answer with an ETag, as the listings (the edge revalidates it with If-None-Match)
    app.get('/api/test/thing', async (request, reply) => {
      reply.header('etag', thing.etag);
      if (request.headers['if-none-match'] === thing.etag) return reply.code(304).send();
      return { name: thing.name, price: thing.price };
    });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 1000 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Set when a response is sent from a kept page's compressed template (its brotli pieces with the response's nonces). */
  let fromTemplate = false;
  beforeAll(() => {
    const brotli = PageTemplate.prototype.brotli;
    jest.spyOn(PageTemplate.prototype, 'brotli').mockImplementation(function (this: PageTemplate, nonces) {
      const sent = brotli.call(this, nonces);
      if (sent) fromTemplate = true;
      return sent;
    });
  });
  afterAll(() => jest.restoreAllMocks());

  /** A page as the browser reads it: decoded, with the response's nonces. */
  async function page(url: string, encoding: string, host?: string, country?: string) {
    fromTemplate = false;
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding, ...(host ? { host } : {}), ...(country ? { 'cloudfront-viewer-country': country } : {}) } });
    const raw = res.rawPayload;
    const coding = res.headers['content-encoding'];
    const html = (coding === 'br' ? zlib.brotliDecompressSync(raw) : coding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
    const csp = String(res.headers['content-security-policy']);
    return { res, html, coding, kept: fromTemplate, script: nonceOf(csp, 'script-src')!, style: nonceOf(csp, 'style-src')! };
  }

  /** Requests until the page is sent from its compressed template (built in the background after the second hit). */
  async function untilKept(url: string, host?: string, country?: string) {
    const until = Date.now() + 10_000;
    for (;;) {
      const got = await page(url, 'gzip, deflate, br', host, country);
      if (got.kept || Date.now() > until) return got;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const withoutNonces = (html: string, script: string, style: string) => html.split(script).join('S').split(style).join('T');

  function expectStamped(html: string, script: string, style: string) {
    expect(script).toMatch(/^[0-9a-f]{32}$/);
    expect(style).toMatch(/^[0-9a-f]{32}$/);
    const scripts = html.match(/<script\b[^>]*>/g)!;
    const styles = html.match(/<style\b[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThanOrEqual(7);
    expect(styles.length).toBeGreaterThanOrEqual(2);
    // every script that runs carries the nonce; JSON data blocks are never run and carry none
    for (const tag of scripts) expect(tag.includes(` nonce="${script}"`)).toBe(!/\stype="application\/(ld\+)?json"/.test(tag));
    for (const tag of styles) expect(tag).toContain(` nonce="${style}"`);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${style}">`);
  }

  it('sends every response with fresh nonces on every script and style, compressed or not, and the same page otherwise', async () => {
    const kept = await untilKept('/things/bag');
    expect(kept.kept).toBe(true);
    expect(kept.res.headers.vary).toMatch(/Accept-Encoding/i);
    const seen = new Set<string>();
    const bodies = new Set<string>();
    for (const encoding of ['br', 'br', 'gzip', 'gzip, deflate, br', '']) {
      const got = await page('/things/bag', encoding);
      expect(got.res.statusCode).toBe(200);
      expect(got.coding ?? '').toBe(encoding.includes('br') ? 'br' : encoding);
      expect(String(got.res.headers.vary)).toMatch(/Host/);
      expectStamped(got.html, got.script, got.style);
      expect(seen.has(got.script) || seen.has(got.style)).toBe(false);
      seen.add(got.script).add(got.style);
      bodies.add(withoutNonces(got.html, got.script, got.style));
    }
    expectStamped(kept.html, kept.script, kept.style);
    bodies.add(withoutNonces(kept.html, kept.script, kept.style));
    // one page, whatever the encoding
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain('v1 Tote no. 199 NZD 120');
  });

  it('compresses a page\'s first response at quality 5 when it is the only page being answered, and at quality 1 while others are', async () => {
    const at = (quality: number, html: string) =>
      zlib.brotliCompressSync(Buffer.from(html), {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
      });
    const alone = await page('/things/alone', 'br');
    expect(alone.kept).toBe(false);
    expect(alone.html).toContain('v1 Tote');
    expect(alone.res.rawPayload.equals(at(5, alone.html))).toBe(true);
    // (the two qualities give different bytes for these pages)
    expect(at(1, alone.html).equals(at(5, alone.html))).toBe(false);
    const together = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => page(`/things/together-${name}`, 'br')));
    for (const got of together) {
      expect(got.res.statusCode).toBe(200);
      expectStamped(got.html, got.script, got.style);
    }
    const busy = together.filter((got) => got.res.rawPayload.equals(at(1, got.html)));
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + together.filter((got) => got.res.rawPayload.equals(at(5, got.html))).length).toBe(together.length);
  });

  it('keeps a page per visitor country (the geo locale element): visitors from two countries do not replace each other\'s', async () => {
    const au = await untilKept('/things/bag', undefined, 'AU');
    expect(au.kept).toBe(true);
    expect(au.html).toContain('{"country":"AU","result":"SUCCESS"}');
    const nz = await page('/things/bag', 'br');
    expect(nz.kept).toBe(true);
    expect(nz.html).toContain('"result":"NOT_FOUND"');
    const again = await page('/things/bag', 'br', undefined, 'AU');
    expect(again.kept).toBe(true);
    expect(again.html).toContain('{"country":"AU","result":"SUCCESS"}');
    expectStamped(again.html, again.script, again.style);
  });

  it('renders again when the data changes, for a release and per market', async () => {
    thing = { name: 'Duffel', price: 90, etag: '"2"' };
    let got = await page('/things/bag', 'br');
    expect(got.html).toContain('v1 Duffel no. 0 NZD 90');
    expect(got.html).not.toContain('Tote');
    got = await untilKept('/things/bag');
    expect(got.kept).toBe(true);
    expect(got.html).toContain('v1 Duffel no. 0 NZD 90');
    expectStamped(got.html, got.script, got.style);

    // the Australian store on its own host: its own page
    const au = await page('/things/bag', 'br', 'au.localhost:8080');
    expect(au.html).toContain('v1 Duffel no. 0 AUD 90');
    expect(au.html).toContain('"currency":"AUD"');
    expect((await page('/things/bag', 'br')).html).toContain('v1 Duffel no. 0 NZD 90');

    registry(dir, 't2');
    const until = Date.now() + 3000;
    let html = '';
    while (Date.now() < until) {
      html = (await page('/things/bag', 'br')).html;
      if (html.includes('data-remote-version="t2"')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain('v2 Duffel no. 0 NZD 90');
    registry(dir, 't1');
  });
});

describe('compressed templates', () => {
  const hex = () => crypto.randomBytes(16).toString('hex');
  const text = (n: number) => Array.from({ length: n }, (_, i) => `<li class="tile">Bag ${i % 17} — $${(i * 37) % 500}.00</li>`).join('');

  it('decode to the text with any nonces in its holes', async () => {
    const parts = ['<!doctype html><script nonce="', '">{}</script><style nonce="', `">a{}</style>${text(300)}<script nonce="`, '">go()</script></html>'];
    const br = await compressTemplate(parts, 32);
    expect(br).not.toBeNull();
    for (let i = 0; i < 5; i += 1) {
      const nonces = [hex(), hex(), hex()];
      const decoded = zlib.brotliDecompressSync(assemble(br!.pieces, nonces)).toString('utf8');
      expect(decoded).toBe(parts[0]! + nonces[0]! + parts[1]! + nonces[1]! + parts[2]! + nonces[2]! + parts[3]!);
    }
    // far smaller than the text
    expect(br!.bytes).toBeLessThan(Buffer.byteLength(parts.join('')) / 10);
  });

  it('are not built for a page holding a placeholder character, or with more holes than placeholders', async () => {
    expect(await compressTemplate(['a\u0002b', 'c'], 32)).toBeNull();
    expect(placeholders(18, 32)).not.toBeNull();
    const many = placeholders(40, 32);
    expect(many).toBeNull();
    expect(await compressTemplate(Array.from({ length: 41 }, () => '<script nonce="x">'), 32)).toBeNull();
  });

  it('are the same built from a page\'s pieces as from the whole page (pieces with and without marks, empty ones)', () => {
    const m = NONCE_MARKS;
    const pieces = [
      '<!doctype html><head>',
      `<meta property="csp-nonce" nonce="${m.style}"><style nonce="${m.style}">a{}</style>`,
      text(40),
      `<script nonce="${m.script}">go()</script>`,
      '',
      `<p>tail</p><script nonce="${m.script}"></script>`,
    ];
    const whole = PageTemplate.from(pieces.join(''))!;
    const built = PageTemplate.fromPieces(pieces)!;
    expect(built.parts).toEqual(whole.parts);
    expect(built.holes).toEqual(['style', 'style', 'script', 'script']);
    expect(built.holes).toEqual(whole.holes);
    const nonces = { script: hex(), style: hex() };
    expect(built.html(nonces)).toBe(pieces.join('').split(m.script).join(nonces.script).split(m.style).join(nonces.style));
    // a lone mark character outside a mark: not kept, from pieces as from the whole
    expect(PageTemplate.fromPieces(['<p>a\u0001b</p>', text(2)])).toBeNull();
    expect(PageTemplate.fromPieces([`<p nonce="${m.script}">\u0001</p>`])).toBeNull();
  });

  it('brotliPage compresses a page given in pieces to the joined page, whatever its characters and size', () => {
    const unbrotli = (buffer: Buffer) => zlib.brotliDecompressSync(buffer).toString('utf8');
    const pieces = ['<!doctype html><title>Caf\u00e9 \u201cTotes\u201d</title>', '', text(200), '<p>\u{1F45C} bag \u2014 \u00a3 \u20ac</p>', 'end'];
    expect(unbrotli(brotliPage(pieces))).toBe(pieces.join(''));
    expect(unbrotli(brotliPage(pieces, true))).toBe(pieces.join(''));
    // a smaller page after a larger one: only its own bytes
    expect(unbrotli(brotliPage(['<p>short</p>']))).toBe('<p>short</p>');
    // larger than the kept buffer's limit
    const large = [text(2_000), '\u00e9'.repeat(1_500_000), text(2_000)];
    expect(unbrotli(brotliPage(large, true))).toBe(large.join(''));
    expect(unbrotli(brotliPage(pieces))).toBe(pieces.join(''));
  });

  it('give their text in pieces as html() joins it', () => {
    const m = NONCE_MARKS;
    const kept = PageTemplate.from(`<style nonce="${m.style}">a{}</style>${text(3)}<script nonce="${m.script}"></script>`)!;
    const nonces = { script: hex(), style: hex() };
    expect(kept.texts(nonces).join('')).toBe(kept.html(nonces));
    expect(kept.texts(null).join('')).toBe(kept.html(null));
  });

  it('placeholders never repeat a pair of bytes and start and end with bytes of their own', () => {
    const holes = placeholders(18, 32)!;
    const pairs = new Set<string>();
    for (const hole of holes) for (let j = 1; j < hole.length; j += 1) {
      const pair = `${hole[j - 1]} ${hole[j]}`;
      expect(pairs.has(pair)).toBe(false);
      pairs.add(pair);
    }
    expect(new Set(holes.map((h) => h[0])).size).toBe(holes.length);
    expect(new Set(holes.map((h) => h.at(-1))).size).toBe(holes.length);
  });
});

describe('the listing answered in-process without inject', () => {
  let dir: string;
  let tmp: string;
  let app: FastifyInstance;
  let database: { db: Database; close(): Promise<void> };

  // a loader that embeds whatever the API answers for the URL in ?api=
  const LISTING_REMOTE = `
const { jsx } = require('@emotion/react');
exports.load = async ({ url, api }) => {
  const key = new URL(url).searchParams.get('api');
  const answer = await api(key);
  // ?raw: the answer's body itself (as the catalog's loader returns it: sent back by reference)
  if (new URL(url).searchParams.has('raw')) return { status: 200, data: { [key]: answer.body } };
  return { status: 200, data: { [key]: { status: answer.status, body: answer.body } } };
};
exports.render = ({ url, data }) => {
  const value = data[new URL(url).searchParams.get('api')];
  const body = value && 'body' in value ? value.body : value;
  return jsx('p', { id: 'listed' }, body && body.items ? body.items.length + ' ' + body.items.map((item) => item.name).join(', ') : 'listing');
};
`;

  beforeAll(async () => {
    dir = deployDir();
    fs.writeFileSync(path.join(dir, 'cdn/things/t1/server/server.js'), LISTING_REMOTE);
    registry(dir, 't1');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-listing-'));
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), DEPLOY_DIR: dir, SEED_PRODUCTS: String(TEST_PRODUCTS) }, __dirname);
    database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    await seedIfEmpty(database.db, { products: TEST_PRODUCTS });
    app = buildApp({ config, db: database.db });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 5000 });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const embedded = async (api: string, host: string) => {
    const res = await app.inject({ method: 'GET', url: `/things/list?api=${encodeURIComponent(api)}`, headers: { host } });
    expect(res.statusCode).toBe(200);
    const json = /<script type="application\/json" id="ssr-data"[^>]*>(.*?)<\/script>/.exec(res.body)![1]!;
    const element = JSON.parse(json) as { data?: Record<string, { status: number; body: unknown }>; src?: string };
    if (element.data) return element.data[api]!;
    // large data is referenced by the route's payload URL, the same loader's answer
    const payload = await app.inject({ method: 'GET', url: element.src!, headers: { host } });
    expect(payload.statusCode).toBe(200);
    return (payload.json() as { data: Record<string, { status: number; body: unknown }> }).data[api]!;
  };

  it('embeds an answer the loader passes on as it is with the route\'s own JSON, safe inside the page\'s script element', async () => {
    const host = 'localhost:8080';
    for (const api of ['/api/catalog/listing?category=bags&page=1', `/api/catalog/listing?q=${encodeURIComponent('</script><!-- & \u2028')}&page=1`]) {
      const route = await app.inject({ method: 'GET', url: api, headers: { host, accept: 'application/json' } });
      expect(route.statusCode).toBe(200);
      const res = await app.inject({ method: 'GET', url: `/things/list?raw=1&api=${encodeURIComponent(api)}`, headers: { host } });
      const json = /<script type="application\/json" id="ssr-data"[^>]*>(.*?)<\/script>/s.exec(res.body)![1]!;
      expect(json).not.toMatch(/<\/script|<!--|\u2028/);
      const element = JSON.parse(json) as { data?: Record<string, unknown>; src?: string };
      const data = element.data ?? ((await app.inject({ method: 'GET', url: element.src!, headers: { host } })).json() as { data: Record<string, unknown> }).data;
      expect(data[api]).toEqual(route.json());
    }
  });

  it('renders a page from its kept loader result as from the loader: the answers it holds cross to the renderer whole', async () => {
    const host = 'localhost:8080';
    const api = '/api/catalog/listing?category=bags&page=1&sort=name-desc';
    const route = (await app.inject({ method: 'GET', url: api, headers: { host, accept: 'application/json' } })).json() as { items: { name: string }[] };
    expect(route.items.length).toBeGreaterThan(1);
    const listed = `${route.items.length} ${route.items.map((item) => item.name).join(', ')}`;
    // the first request runs the loader and render; the second renders from the kept loader result
    // (a region's render is kept from the URL's second request on); the third is the kept page
    for (let n = 0; n < 3; n += 1) {
      const res = await app.inject({ method: 'GET', url: `/things/list?raw=1&api=${encodeURIComponent(api)}`, headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-ssr="rendered"');
      expect(/<p id="listed">(.*?)<\/p>/.exec(res.body)?.[1]).toBe(listed.replace(/&/g, '&amp;'));
    }
  });

  it('is the answer the route gives, in the page host\'s market, and errors are the route\'s', async () => {
    for (const host of ['localhost:8080', 'au.localhost:8080']) {
      for (const api of ['/api/catalog/listing?category=bags&page=1', '/api/catalog/listing?category=bags&page=2&sort=price-asc', '/api/catalog/listing?q=tote&page=1', '/api/catalog/listing?category=nope&page=1', '/api/catalog/listing?category=bags&page=abc']) {
        const route = await app.inject({ method: 'GET', url: api, headers: { host, accept: 'application/json' } });
        const first = await embedded(api, host);
        const again = await embedded(api, host);
        expect(first).toEqual({ status: route.statusCode, body: route.json() });
        expect(again).toEqual(first);
      }
      // a product by path (no ETag: asked for on every request), an unknown one, an invalid query
      const listing = (await app.inject({ method: 'GET', url: '/api/catalog/listing?category=bags&page=1', headers: { host } })).json() as { items: { path: string }[] };
      for (const api of [`/api/products/by-path?path=${encodeURIComponent(listing.items[0]!.path)}`, '/api/products/by-path?path=nope-p999999', '/api/products/by-path?paths=x']) {
        const route = await app.inject({ method: 'GET', url: api, headers: { host, accept: 'application/json' } });
        const first = await embedded(api, host);
        expect(first).toEqual({ status: route.statusCode, body: route.json() });
        expect(await embedded(api, host)).toEqual(first);
      }
      const nz = await embedded('/api/catalog/listing?category=bags&page=1', 'localhost:8080');
      const au = await embedded('/api/catalog/listing?category=bags&page=1', 'au.localhost:8080');
      // the Australian store's prices are its own
      expect(JSON.stringify(au.body)).not.toBe(JSON.stringify(nz.body));
    }
  });
});
