import { NavigationResponse, SubscribeResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { CATEGORY_TREE, type CategoryDef } from '../src/seed/data';
import { seedNavigation } from '../src/store/site/navigation';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

function categoryPaths(defs: CategoryDef[], parent = ''): string[] {
  return defs.flatMap((def) => {
    const path = parent ? `${parent}/${def.slug}` : def.slug;
    return [path, ...categoryPaths(def.children ?? [], path)];
  });
}

describe.each(BACKENDS)('site API on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 30 });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json' } });

  describe('/pcr', () => {
    it('is the products made with recycled materials: a permanent redirect keeping the query', async () => {
      const bare = await ctx.app.inject({ method: 'GET', url: '/pcr', headers: { accept: 'text/html' } });
      expect(bare.statusCode).toBe(308);
      expect(bare.headers.location).toBe('/search?feature=recycled-materials');
      const tagged = await ctx.app.inject({ method: 'GET', url: '/pcr?utm_source=instagram&ref=ABC123' });
      expect(tagged.headers.location).toBe('/search?feature=recycled-materials&utm_source=instagram&ref=ABC123');
      const listing = (await ctx.app.inject({ method: 'GET', url: '/api/catalog/listing?feature=recycled-materials&page=1' })).json();
      expect(listing.total).toBeGreaterThan(0);
    });
  });

  describe('GET /api/site/navigation', () => {
    it('serves the seeded navigation: items, left/right children, images through the image CDN', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/site/navigation' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age=300');
      const { items } = NavigationResponse.parse(res.json());
      expect(items.map((i) => i.link.label)).toEqual(['Bags', 'Travel', 'Accessories', 'New Arrivals', 'Sale', 'Stores', 'Journal']);
      const bags = items[0]!;
      expect(bags.children.map((c) => [c.link.label, c.location])).toEqual([
        ['Shop by style', 'left'],
        ['Highlights', 'left'],
        ['Everyday carry, made to last', 'right'],
      ]);
      expect(bags.children[0]!.children.map((c) => c.link.href)).toContain('/categories/bags/backpacks');
      expect(bags.children[2]!.image).toEqual({ url: '/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/site/category-bags.jpg', alt: expect.stringMatching(/backpack/) });
      expect(items.find((i) => i.link.label === 'Stores')!.children).toEqual([]);
    });

    it('links only to categories that exist in the catalogue seed', async () => {
      const known = new Set(categoryPaths(CATEGORY_TREE));
      const { items } = NavigationResponse.parse((await ctx.app.inject({ method: 'GET', url: '/api/site/navigation' })).json());
      const hrefs = items.flatMap((i) => [i.link.href, ...i.children.flatMap((c) => [c.link.href, ...c.children.map((g) => g.link.href)])]);
      const categories = hrefs.filter((h) => h.startsWith('/categories/')).map((h) => h.slice('/categories/'.length));
      expect(categories.length).toBeGreaterThan(20);
      expect(categories.filter((c) => !known.has(c))).toEqual([]);
    });

    it('seeds once', async () => {
      expect(await seedNavigation(ctx.db)).toBe(false);
      const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from site_nav_items where level = 0`);
      expect(row!.n).toBe(7);
    });
  });

  describe('POST /api/klaviyo/subscribe', () => {
    it('stores the subscription once per e-mail, case-insensitively', async () => {
      const first = await post('/api/klaviyo/subscribe', { email: ' Aroha.Ngata@Example.co.nz ', acceptPolicy: true, source: 'footer' });
      expect(first.statusCode).toBe(201);
      expect(SubscribeResponse.parse(first.json())).toEqual({ status: 'SUBSCRIBED', email: 'aroha.ngata@example.co.nz' });
      const again = await post('/api/klaviyo/subscribe', { email: 'aroha.ngata@example.co.nz', acceptPolicy: true });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ status: 'ALREADY_SUBSCRIBED', email: 'aroha.ngata@example.co.nz' });
      const rows = await queryRows<{ email: string; source: string }>(ctx.db, sql`select email, source from marketing_subscriptions where email like 'aroha%'`);
      expect(rows).toEqual([{ email: 'aroha.ngata@example.co.nz', source: 'footer' }]);
    });

    it('takes an address of 250 characters, the most allowed', async () => {
      const res = await post('/api/klaviyo/subscribe', { email: `${'k'.repeat(239)}@example.nz`, acceptPolicy: true });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      [{ acceptPolicy: true }, 'email', 'Required'],
      [{ email: '', acceptPolicy: true }, 'email', 'Must be at least 1 character'],
      [{ email: 'not-an-address', acceptPolicy: true }, 'email', 'Enter a valid email address.'],
      [{ email: `${'k'.repeat(240)}@example.nz`, acceptPolicy: true }, 'email', 'Must be at most 250 characters'],
      [{ email: 'kiri@example.co.nz', acceptPolicy: false }, 'acceptPolicy', 'Accept the privacy policy to subscribe.'],
      [{ email: 'kiri@example.co.nz' }, 'acceptPolicy', 'Accept the privacy policy to subscribe.'],
    ])('answers 400 naming the field for %j', async (body, field, reason) => {
      const res = await post('/api/klaviyo/subscribe', body);
      expect(res.statusCode).toBe(400);
      const issue = (res.json() as { issues: { field: string; reason: string }[] }).issues.find((i) => i.field === field);
      expect(issue?.reason).toBe(reason);
    });
  });

  describe('POST /api/site/errors', () => {
    it('collects a report', async () => {
      const res = await post('/api/site/errors', { kind: 'error', level: 'fatal', message: 'Chunk load failed', code: '500', source: 'catalog', location: '/categories/bags', occurredAt: '2026-11-22T02:30:00.000Z', extra: { attempt: 1 } });
      expect(res.statusCode).toBe(202);
      const id = (res.json() as { id: number }).id;
      const [row] = await queryRows<{ level: string; message: string; location: string }>(ctx.db, sql`select level, message, location from error_reports where id = ${id}`);
      expect(row).toEqual({ level: 'fatal', message: 'Chunk load failed', location: '/categories/bags' });
    });
    it('attributes a report to the build its stack ran, else to its source and the version the page named', async () => {
      const base = { kind: 'error', level: 'error', message: 'x is undefined', location: '/products/a-p1', occurredAt: '2026-11-27T02:30:00.000Z', release: 'shell0a1b2c3' };
      const stack = 'TypeError: x is undefined\n    at render (http://localhost/cdn/catalog/57b86e643f7c/__federation_expose_app.e10ee4e2.js:1:200)\n    at http://localhost/cdn/shell/e5ea6765ed33/470.js:2:10';
      const cases: Array<[Record<string, unknown>, { remote: string | null; remote_version: string | null }]> = [
        [{ ...base, stack, source: 'window' }, { remote: 'catalog', remote_version: '57b86e643f7c' }],
        [{ ...base, source: 'account', remoteVersion: '82cd183b6bca' }, { remote: 'account', remote_version: '82cd183b6bca' }],
        [{ ...base, source: 'unhandledrejection' }, { remote: 'shell', remote_version: 'shell0a1b2c3' }],
        [{ ...base, source: 'Not A Remote!' }, { remote: null, remote_version: null }],
      ];
      for (const [report, expected] of cases) {
        const res = await post('/api/site/errors', report);
        expect(res.statusCode).toBe(202);
        const [row] = await queryRows<{ remote: string | null; remote_version: string | null }>(ctx.db, sql`select remote, remote_version from error_reports where id = ${(res.json() as { id: number }).id}`);
        expect(row).toEqual(expected);
      }
      // each attributed report counts towards its version's health (the canary judge reads it)
      const health = await queryRows<{ remote: string; version: string; error_reports: number }>(ctx.db, sql`select remote, version, sum(error_reports)::int as error_reports from release_health where version in ('57b86e643f7c', '82cd183b6bca', 'shell0a1b2c3') group by remote, version order by remote`);
      expect(health).toEqual([
        { remote: 'account', version: '82cd183b6bca', error_reports: 1 },
        { remote: 'catalog', version: '57b86e643f7c', error_reports: 1 },
        { remote: 'shell', version: 'shell0a1b2c3', error_reports: 1 },
      ]);
    });
    it('refuses a report over 16 KB with 413', async () => {
      const res = await post('/api/site/errors', { kind: 'error', level: 'error', message: 'big', location: '/', occurredAt: '2026-11-27T02:30:00.000Z', extra: { blob: 'x'.repeat(17 * 1024) } });
      expect(res.statusCode).toBe(413);
    });
    it('rejects a malformed report with 400', async () => {
      const res = await post('/api/site/errors', { kind: 'error', level: 'panic', message: '', location: '/', occurredAt: 'yesterday' });
      expect(res.statusCode).toBe(400);
      const fields = (res.json() as { issues: { field: string }[] }).issues.map((i) => i.field);
      expect(fields).toEqual(expect.arrayContaining(['level', 'message', 'occurredAt']));
    });
  });
});

describe('error reports: rate limit and retention', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { products: 0, env: { ERROR_REPORTS_PER_MINUTE: '5', ERROR_REPORT_RETENTION_DAYS: '14', ERROR_REPORT_MAX_ROWS: '100' } });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });
  const report = (n: number) => ({ kind: 'error', level: 'error', message: `failure ${n}`, location: '/', occurredAt: '2026-11-27T02:30:00.000Z' });
  const send = (n: number, ip = '203.0.113.9') => ctx.app.inject({ method: 'POST', url: '/api/site/errors', payload: report(n), headers: { 'content-type': 'application/json' }, remoteAddress: ip });

  it('takes a client\'s first reports in a minute and answers 429 with Retry-After after that; another client is not affected', async () => {
    const answers = [];
    for (let n = 0; n < 7; n += 1) answers.push((await send(n)).statusCode);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429]);
    const refused = await send(99);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: 'TooManyReports' });
    expect((await send(100, '198.51.100.4')).statusCode).toBe(202);
  });

  it('keeps reports for the retention days and at most the row limit, newest first', async () => {
    await ctx.db.execute(sql`insert into error_reports (received_at, kind, level, message, location, report) select now() - interval '20 days', 'error', 'error', 'old', '/', '{}'::jsonb from generate_series(1, 30)`);
    await ctx.db.execute(sql`insert into error_reports (kind, level, message, location, report) select 'error', 'error', 'recent ' || i, '/', '{}'::jsonb from generate_series(1, 150) as i`);
    const { reportPruner } = await import('../src/store/site/error-reports');
    await reportPruner(ctx.db, { perMinute: 5, retentionDays: 14, maxRows: 100 })(true);
    const [counts] = await queryRows<{ old: number; total: number; newest: string }>(ctx.db, sql`select count(*) filter (where message = 'old')::int as old, count(*)::int as total, max(message) filter (where id = (select max(id) from error_reports)) as newest from error_reports`);
    expect(counts).toEqual({ old: 0, total: 100, newest: 'recent 150' });
  });
});
