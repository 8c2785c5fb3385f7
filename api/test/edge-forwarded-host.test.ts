/**
 * Behind a proxy that keeps its own Host and names the site in X-Forwarded-Host: when the proxy is
 * trusted (TRUST_PROXY), the market is the forwarded host's, for the API routes and for the edge's
 * server render and route payloads, whose loaders call the API in-process. An untrusted caller's
 * X-Forwarded-Host is ignored. The renders are counted in /metrics.
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
import { seedIfEmpty } from '../src/seed';
import { SHELL_HTML, SHELL_SERVER, writeDeploy } from './edge-fixtures';

// a loader that embeds what the API answers for the URL in ?api=, and a render naming the market
const REMOTE = `
const { jsx } = require('@emotion/react');
exports.load = async ({ url, api }) => {
  const key = new URL(url).searchParams.get('api');
  const answer = await api(key);
  return { status: 200, data: { [key]: { status: answer.status, body: answer.body } } };
};
exports.render = ({ market }) => jsx('p', null, 'market ' + (market && market.id));
`;

const PROXY = { host: 'internal-proxy:8080' };
const AU_VIA_PROXY = { ...PROXY, 'x-forwarded-host': 'au.localhost:8080', 'x-forwarded-proto': 'https' };

describe('the market behind a proxy that keeps its own Host (X-Forwarded-Host)', () => {
  let dir: string;
  let tmp: string;
  let database: { db: Database; close(): Promise<void> };
  let trusted: FastifyInstance;
  let untrusted: FastifyInstance;

  const build = async (env: Record<string, string>) => {
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), DEPLOY_DIR: dir, SEED_PRODUCTS: '30', ...env }, __dirname);
    const app = buildApp({ config, db: database.db });
    await registerEdge(app, { deployDir: dir, ssrBudgetMs: 5000 });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    dir = writeDeploy('edge-forwarded-', { 'cdn/shell/s1/index.html': SHELL_HTML, 'cdn/shell/s1/server/server.js': SHELL_SERVER, 'cdn/things/t1/server/server.js': REMOTE });
    fs.writeFileSync(
      path.join(dir, 'registry.json'),
      JSON.stringify({ shell: { version: 's1', html: '/cdn/shell/s1/index.html' }, remotes: [{ name: 'things', version: 't1', manifest: '/cdn/things/t1/mf-manifest.json', routes: ['/things/*'] }] }),
    );
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-forwarded-'));
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), SEED_PRODUCTS: '30' }, __dirname);
    database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    await seedIfEmpty(database.db, { products: 30 });
    // every inject() comes from 127.0.0.1: the proxy
    trusted = await build({ TRUST_PROXY: '127.0.0.1' });
    untrusted = await build({});
  }, 120_000);

  afterAll(async () => {
    await trusted?.close();
    await untrusted?.close();
    await database?.close();
    clearServerModules();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const countries = (body: unknown) => [...new Set((body as { stores: { address: { country: string } }[] }).stores.map((s) => s.address.country))];

  /** What the page's loader got for `api`, from the server-rendered page's data (or its payload when referenced). */
  const embedded = async (app: FastifyInstance, api: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `/things/list?api=${encodeURIComponent(api)}`, headers });
    expect(res.statusCode).toBe(200);
    const json = /<script type="application\/json" id="ssr-data"[^>]*>(.*?)<\/script>/.exec(res.body)![1]!;
    const element = JSON.parse(json) as { data?: Record<string, { status: number; body: unknown }>; src?: string };
    const data = element.data ?? ((await app.inject({ method: 'GET', url: element.src!, headers })).json() as { data: Record<string, { status: number; body: unknown }> }).data;
    return { page: res.body, answer: data[api]! };
  };

  it('serves the Australian stores, market and page to the forwarded Australian host', async () => {
    const route = await trusted.inject({ method: 'GET', url: '/api/stores', headers: AU_VIA_PROXY });
    expect(route.statusCode).toBe(200);
    expect(countries(route.json())).toEqual(['AU']);
    expect((await trusted.inject({ method: 'GET', url: '/api/site/market', headers: AU_VIA_PROXY })).json()).toMatchObject({ id: 'AU', currency: 'AUD' });

    const { page, answer } = await embedded(trusted, '/api/stores', AU_VIA_PROXY);
    expect(answer.status).toBe(200);
    expect(countries(answer.body)).toEqual(['AU']);
    expect(page).toMatch(/<html lang="en-AU">/);
    expect(page).toContain('market AU');

    // the route payload of a client-side navigation too
    const payload = await trusted.inject({ method: 'GET', url: `/things/list/_payload.json?api=${encodeURIComponent('/api/stores')}`, headers: AU_VIA_PROXY });
    expect(payload.statusCode).toBe(200);
    expect(countries((payload.json() as { data: Record<string, { body: unknown }> }).data['/api/stores']!.body)).toEqual(['AU']);
  });

  it('keeps the New Zealand store for the proxy host itself, and the two do not share cached answers', async () => {
    const nz = await embedded(trusted, '/api/stores', PROXY);
    expect(countries(nz.answer.body)).toEqual(['NZ']);
    expect(nz.page).toMatch(/<html lang="en-NZ">/);
    const au = await embedded(trusted, '/api/stores', AU_VIA_PROXY);
    expect(countries(au.answer.body)).toEqual(['AU']);
  });

  it('ignores X-Forwarded-Host from a caller that is not a trusted proxy', async () => {
    const { page, answer } = await embedded(untrusted, '/api/stores', AU_VIA_PROXY);
    expect(countries(answer.body)).toEqual(['NZ']);
    expect(page).toMatch(/<html lang="en-NZ">/);
    expect((await untrusted.inject({ method: 'GET', url: '/api/site/market', headers: AU_VIA_PROXY })).json()).toMatchObject({ id: 'NZ' });
  });

  it('counts the server renders by remote, version and outcome, and the page cache lookups, in /metrics', async () => {
    const url = `/things/metrics?api=${encodeURIComponent('/api/stores')}`;
    // kept from its second request: the third is a hit
    for (let i = 0; i < 3; i += 1) expect((await trusted.inject({ method: 'GET', url, headers: PROXY })).statusCode).toBe(200);
    const text = (await trusted.inject({ method: 'GET', url: '/metrics' })).body;
    const value = (series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? NaN);
    expect(value('ssr_renders_total{remote="things",version="t1",outcome="rendered"}')).toBeGreaterThanOrEqual(2);
    expect(value('ssr_render_duration_seconds_count{remote="things",version="t1",outcome="rendered"}')).toBeGreaterThanOrEqual(2);
    expect(value('ssr_page_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value('ssr_page_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(value('http_requests_total{method="GET",route="/*",status_code="200"}')).toBeGreaterThanOrEqual(2);
  });
});
