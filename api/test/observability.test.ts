/**
 * Request ids and Prometheus metrics:
 * - every response carries `x-request-id`: a valid incoming one is kept, anything else replaced
 *   by a new UUID; the request's log lines carry the same id (reqId);
 * - `/metrics` counts requests and their latency by route pattern (never the raw URL), with the
 *   process's default metrics and event-loop delay; it needs the METRICS_TOKEN bearer token when
 *   one is set, and is not served in production without one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/platform/db';
import { metricsAccess } from '../src/platform/http/metrics';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-0123456789';

describe('request ids and metrics', () => {
  let tmp: string;
  let database: { db: Database; close(): Promise<void> };
  let app: FastifyInstance;
  let guarded: FastifyInstance;
  let hidden: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-observability-'));
    const config = loadConfig({ DATA_DIR: path.join(tmp, 'pgdata'), IMAGE_CACHE_DIR: path.join(tmp, 'images'), DEPLOY_DIR: path.join(tmp, 'deploy'), SEED_PRODUCTS: '0', LOG_REQUESTS: '1' }, __dirname);
    database = await openDatabase(config, { pgliteTemplate: process.env.STORE_PGLITE_TEMPLATE });
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    app = buildApp({ config: { ...config, logRequests: true }, db: database.db, logger: { level: 'info', stream } });
    guarded = buildApp({ config: { ...config, metrics: metricsAccess({ METRICS_TOKEN: TOKEN, NODE_ENV: 'production' }) }, db: database.db });
    hidden = buildApp({ config: { ...config, metrics: metricsAccess({ NODE_ENV: 'production' }) }, db: database.db });
    await Promise.all([app.ready(), guarded.ready(), hidden.ready()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([app?.close(), guarded?.close(), hidden?.close()]);
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('answers every request with an x-request-id, keeping a valid incoming one, and logs the request with it', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await app.inject({ method: 'GET', url: '/api/stores/nowhere-at-all', headers: { 'x-request-id': 'lb-7f3a.12:9_x' } });
    expect(kept.statusCode).toBe(404);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.12:9_x');
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string }).filter((line) => line.reqId === 'lb-7f3a.12:9_x');
    expect(logged.length).toBeGreaterThanOrEqual(2); // incoming request and request completed
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));

    for (const bad of ['has spaces in it', 'x'.repeat(129), '<script>', '']) {
      const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    // an unknown path and a validation error get one too
    expect((await app.inject({ method: 'GET', url: '/api/no/such/route' })).headers['x-request-id']).toMatch(UUID);
  });

  it('counts requests and latency by route pattern, with process and event-loop metrics', async () => {
    const scrape = async () => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    const value = (text: string, series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
    const stores = '{method="GET",route="/api/stores/:path",status_code="404"}';
    const unmatched = '{method="GET",route="unmatched",status_code="404"}';
    const before = await scrape();
    for (const store of ['first-store', 'second-store']) await app.inject({ method: 'GET', url: `/api/stores/${store}` });
    await app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    const text = await scrape();
    expect(value(text, `http_requests_total${stores}`) - value(before, `http_requests_total${stores}`)).toBe(2);
    expect(value(text, `http_request_duration_seconds_count${stores}`) - value(before, `http_request_duration_seconds_count${stores}`)).toBe(2);
    expect(value(text, `http_requests_total${unmatched}`) - value(before, `http_requests_total${unmatched}`)).toBe(1);
    expect(text).not.toContain('first-store');
    expect(text).not.toContain('/api/no/such/route');
    expect(text).not.toContain('route="/metrics"');
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(text).toMatch(/^ssr_page_cache_entries 0$/m);
  });

  it('needs the bearer token when METRICS_TOKEN is set, and is not served in production without one', async () => {
    expect((await guarded.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(401);
    const ok = await guarded.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
    expect((await hidden.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(() => metricsAccess({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(metricsAccess({})).toEqual({ token: null, enabled: true });
  });
});
