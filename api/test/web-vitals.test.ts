import { sql } from 'drizzle-orm';
import { bucketOf, p75Of, pruneWebVitals, vitalsOf, vitalsPerMinute, WebVitalsRecorder } from '../src/edge/web-vitals';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, createTestDatabase, type TestContext } from './helpers';

/** Field Web Vitals: the fixed buckets, the collector, the per-minute aggregate and its retention. */

describe('the fixed buckets', () => {
  it('puts a value in the first bucket whose upper bound holds it, past the last in the overflow bucket', () => {
    expect(bucketOf('INP', 0)).toBe(0);
    expect(bucketOf('INP', 50)).toBe(0);
    expect(bucketOf('INP', 51)).toBe(1);
    expect(bucketOf('LCP', 2400)).toBe(bucketOf('LCP', 2500));
    expect(bucketOf('LCP', 31_000)).toBe(bucketOf('LCP', 1e6));
    expect(bucketOf('CLS', 0.09)).toBe(bucketOf('CLS', 0.1));
    expect(bucketOf('CLS', 0.09)).not.toBe(bucketOf('CLS', 0.11));
  });

  it('reads the 75th percentile off the counts as the upper bound of its bucket', () => {
    const counts = new Map<number, number>();
    for (const value of [40, 40, 90, 180, 180, 180, 700, 4000]) counts.set(bucketOf('INP', value), (counts.get(bucketOf('INP', value)) ?? 0) + 1);
    // 8 values: the 6th smallest is 180 ms, in the bucket up to 200 ms
    expect(p75Of('INP', counts)).toEqual({ count: 8, p75: 200 });
    expect(p75Of('INP', new Map())).toEqual({ count: 0, p75: null });
  });
});

describe.each(BACKENDS)('the Web Vitals collector (%s)', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 0, env: { VITALS_PER_MINUTE: '4' } });
  });
  afterAll(async () => ctx?.close());

  const send = (payload: unknown, ip = '198.51.100.7') => ctx.app.inject({ method: 'POST', url: '/api/site/vitals', payload: payload as object, headers: { 'content-type': 'application/json' }, remoteAddress: ip });

  it('counts each metric against the remote and version it names, one row per bucket (no single measurement kept)', async () => {
    const before = new Date(Date.now() - 60_000);
    const page = (inp: number, lcp: number) => ({ path: '/products/1', metrics: [{ name: 'INP', value: inp, remote: 'catalog', version: 'v2', }, { name: 'LCP', value: lcp, remote: 'catalog', version: 'v2' }, { name: 'CLS', value: 0.02, remote: 'shell', version: 's1' }] });
    for (let i = 0; i < 4; i += 1) expect((await send(page(120 + i, 1900 + i), `198.51.100.${10 + i}`)).statusCode).toBe(202);
    const last = await send(page(900, 5200), '198.51.100.20');
    expect(last.json()).toEqual({ counted: 3 });
    await ctx.app.webVitals.flush();
    const figures = await vitalsOf(ctx.db, 'catalog', 'v2', before, new Date(Date.now() + 60_000));
    expect(figures.INP).toEqual({ count: 5, p75: 150 });
    expect(figures.LCP).toEqual({ count: 5, p75: 2000 });
    expect((await vitalsOf(ctx.db, 'shell', 's1', before, new Date(Date.now() + 60_000))).CLS).toEqual({ count: 5, p75: 0.025 });
    const rows = await queryRows<{ metric: string; bucket: number; count: number }>(ctx.db, sql`select metric, bucket, count from web_vitals where remote = 'catalog' order by metric, bucket`);
    expect(rows.map((r) => `${r.metric} ${r.bucket} ${r.count}`)).toEqual([`INP ${bucketOf('INP', 120)} 4`, `INP ${bucketOf('INP', 900)} 1`, `LCP ${bucketOf('LCP', 1900)} 4`, `LCP ${bucketOf('LCP', 5200)} 1`]);
    const perMinute = await vitalsPerMinute(ctx.db, 'catalog', 'v2', 'INP', before);
    expect(perMinute.map((m) => m.count)).toEqual([5]);
  });

  it('refuses a malformed report and counts nothing without a version', async () => {
    expect((await send({ metrics: [{ name: 'FID', value: 3, remote: 'catalog', version: 'v2' }] }, '198.51.100.30')).statusCode).toBe(400);
    expect((await send({ metrics: [{ name: 'INP', value: 3, remote: '../etc', version: 'v2' }] }, '198.51.100.31')).statusCode).toBe(400);
    expect((await send({ metrics: [{ name: 'INP', value: 3, remote: 'catalog', version: null }] }, '198.51.100.32')).json()).toEqual({ counted: 0 });
  });

  it('limits reports per client and minute like the error reports (429 with Retry-After)', async () => {
    const report = { metrics: [{ name: 'TTFB', value: 80, remote: 'catalog', version: 'v2' }] };
    for (let i = 0; i < 4; i += 1) expect((await send(report, '203.0.113.50')).statusCode).toBe(202);
    const refused = await send(report, '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await send(report, '203.0.113.51')).statusCode).toBe(202);
  });
});

describe('Web Vitals retention', () => {
  it('drops minutes past the retention days, and all but the newest rows past the row limit', async () => {
    const { db, close } = await createTestDatabase();
    try {
      let clock = new Date('2026-11-01T00:00:00Z');
      const recorder = new WebVitalsRecorder(db, { perMinute: 30, retentionDays: 7, maxRows: 1000 }, { now: () => clock });
      recorder.record('catalog', 'old', 'LCP', 1000);
      await recorder.flush();
      clock = new Date('2026-11-09T00:00:00Z');
      for (let i = 0; i < 5; i += 1) recorder.record('catalog', 'new', 'LCP', 1000);
      await recorder.flush();
      const versions = await queryRows<{ version: string; count: number }>(db, sql`select version, count from web_vitals`);
      expect(versions).toEqual([{ version: 'new', count: 5 }]);
      for (let minute = 0; minute < 5; minute += 1) {
        clock = new Date(Date.UTC(2026, 10, 9, 1, minute));
        recorder.record('catalog', 'new', 'INP', 100);
      }
      await recorder.flush();
      await pruneWebVitals(db, { retentionDays: 7, maxRows: 2 }, clock);
      const kept = await queryRows<{ minute: Date }>(db, sql`select minute from web_vitals order by minute`);
      expect(kept.map((r) => new Date(r.minute).toISOString())).toEqual(['2026-11-09T01:03:00.000Z', '2026-11-09T01:04:00.000Z']);
    } finally {
      await close();
    }
  });
});
