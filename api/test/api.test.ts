import { spawn } from 'node:child_process';
import path from 'node:path';
import zlib from 'node:zlib';
import { CategoryTreeResponse, ListingResponse, ObjectsResponse, Product, PRODUCT_LIST_PAGE_SIZE, type ProductTile } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, TEST_PRODUCTS, type TestContext } from './helpers';

describe.each(BACKENDS)('API on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const listing = async (query: string) => {
    const res = await get(`/api/catalog/listing?${query}`);
    expect(res.statusCode).toBe(200);
    return ListingResponse.parse(res.json());
  };
  /** Every tile of a category for a sort, page by page. */
  const allTiles = async (category: string, sort: string) => {
    const first = await listing(`category=${category}&sort=${sort}`);
    const items = [...first.items];
    for (let page = 2; page <= first.pageCount; page++) items.push(...(await listing(`category=${category}&sort=${sort}&page=${page}`)).items);
    return items;
  };
  const objects = (index: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api/search/indexes/${index}/objects`, payload: payload as object, headers: { 'content-type': 'application/json' } });
  const productsOf = async (ids: string[]) => {
    const res = await objects('nz_products', { objectIds: ids });
    expect(res.statusCode).toBe(200);
    return ObjectsResponse.parse(res.json()).data.results;
  };

  describe('health, docs and unknown routes', () => {
    it('reports ok', async () => {
      const res = await get('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('publishes the OpenAPI document', async () => {
      const res = await get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/health', '/api/catalog/categories', '/api/catalog/listing', '/api/products/by-path', '/api/search/indexes/{index}/objects']),
      );
      expect(doc.components.schemas.Product).toBeDefined();
      expect((await get('/api/docs')).statusCode).toBeLessThan(400);
    });

    it('answers unknown /api routes with 404 JSON', async () => {
      const res = await get('/api/nothing/here');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NotFound', message: 'Page not found: /api/nothing/here' });
      const post = await ctx.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json().error).toBe('NotFound');
    });
  });

  describe('categories', () => {
    it('returns the tree with collections and product counts', async () => {
      const res = await get('/api/catalog/categories');
      expect(res.statusCode).toBe(200);
      const { categories } = CategoryTreeResponse.parse(res.json());
      expect(categories.map((c) => c.path)).toEqual(['bags', 'travel', 'accessories', 'new-arrivals', 'sale']);
      const bags = categories[0]!;
      expect(bags.children.map((c) => c.path)).toEqual([
        'bags/backpacks',
        'bags/totes',
        'bags/crossbody',
        'bags/shoulder-bags',
        'bags/clutches',
        'bags/laptop-bags',
      ]);
      const luggage = categories[1]!.children.find((c) => c.slug === 'luggage')!;
      expect(luggage.children.map((c) => c.path)).toEqual(['travel/luggage/carry-on', 'travel/luggage/checked']);
      expect(categories.find((c) => c.slug === 'sale')!.kind).toBe('collection');
      const roots = categories.filter((c) => c.kind === 'category').reduce((sum, c) => sum + c.productCount, 0);
      expect(roots).toBe(TEST_PRODUCTS); // every product sits under exactly one root category
    });
  });

  describe('product by path', () => {
    it('finds a product and matches the contract', async () => {
      const [tile] = (await listing('category=bags')).items;
      const res = await get(`/api/products/by-path?path=${encodeURIComponent(tile!.path)}`);
      expect(res.statusCode).toBe(200);
      const product = Product.parse(res.json());
      expect(product.id).toBe(tile!.id);
      expect(product.path).toBe(tile!.path);
      expect(product.path).toMatch(/^[a-z0-9-]+-p\d+$/);
      expect(product.productGallery.length).toBeGreaterThanOrEqual(2);
      expect(product.productGallery.length).toBeLessThanOrEqual(4);
      expect(product.variants.length).toBeGreaterThanOrEqual(1);
      expect(product.taxExclusive).toBe(product.price - Math.round((product.price * 3) / 23));
      expect(product.canonicalCategory.path.startsWith('bags/')).toBe(true);
    });

    it('ignores a leading /products/', async () => {
      const [tile] = (await listing('category=travel')).items;
      const res = await get(`/api/products/by-path?path=${encodeURIComponent(`/products/${tile!.path}`)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(tile!.id);
    });

    it('answers 404 for an unknown path', async () => {
      const res = await get('/api/products/by-path?path=no-such-bag-p999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NotFound', message: 'Product not found.' });
    });

    it('answers 400 without a path', async () => {
      const res = await get('/api/products/by-path');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', issues: [{ field: 'path', reason: 'Required' }] });
    });
  });

  describe('listing', () => {
    it('returns page 1 with 48 tiles, total and page count', async () => {
      const body = await listing('category=bags');
      const [row] = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(distinct pc.product_id)::int as n from product_categories pc join categories c on c.id = pc.category_id where c.path = 'bags' or c.path like 'bags/%'`,
      );
      expect(body.total).toBe(Number(row!.n));
      expect(body.total).toBeGreaterThan(PRODUCT_LIST_PAGE_SIZE);
      expect(body.items).toHaveLength(PRODUCT_LIST_PAGE_SIZE);
      expect(body.pageSize).toBe(48);
      expect(body.page).toBe(1);
      expect(body.pageCount).toBe(Math.ceil(body.total / 48));
      expect(body.category).toEqual({ id: expect.any(String), name: 'Bags', path: 'bags', breadcrumbs: [{ name: 'Bags', path: 'bags' }] });
      const tile = body.items[0]!;
      expect(tile.image?.src).toMatch(/^images\/products\/\d+\/.+\.jpg$/);
      expect(tile.isDiscounted).toBe(tile.price < tile.erpOriginalPrice);
    });

    it('returns only page N for page=N', async () => {
      const first = await listing('category=bags');
      const second = await listing('category=bags&page=2');
      expect(second.page).toBe(2);
      expect(second.items).toHaveLength(Math.min(48, first.total - 48));
      const ids = new Set(first.items.map((t) => t.id));
      expect(second.items.some((t) => ids.has(t.id))).toBe(false);
      const beyond = await listing(`category=bags&page=${first.pageCount + 1}`);
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(first.total);
    });

    it('includes the descendants of a category', async () => {
      const luggage = await listing('category=travel/luggage');
      const carryOn = await listing('category=travel/luggage/carry-on');
      const checked = await listing('category=travel/luggage/checked');
      expect(luggage.total).toBeGreaterThan(0);
      expect(luggage.total).toBeGreaterThanOrEqual(Math.max(carryOn.total, checked.total));
      expect(luggage.total).toBeLessThanOrEqual(carryOn.total + checked.total);
      expect(luggage.category!.breadcrumbs.map((b) => b.path)).toEqual(['travel', 'travel/luggage']);
      const tiles = await allTiles('travel', '');
      const products = await productsOf(tiles.map((t) => t.id));
      for (const product of products) expect(product!.canonicalCategory.path.startsWith('travel/')).toBe(true);
      expect(new Set(products.map((p) => p!.canonicalCategory.path)).size).toBeGreaterThan(1);
    });

    const sorted = <T>(items: T[], compare: (a: T, b: T) => number) => [...items].sort(compare);
    const byName = (a: ProductTile, b: ProductTile) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

    it('sorts by name, both ways', async () => {
      const asc = await allTiles('bags', 'name-asc');
      expect(asc.map((t) => t.name)).toEqual(sorted(asc, byName).map((t) => t.name));
      const desc = await allTiles('bags', 'name-desc');
      expect(desc.map((t) => t.name)).toEqual(sorted(desc, (a, b) => byName(b, a)).map((t) => t.name));
      expect(asc[0]!.name < asc[asc.length - 1]!.name).toBe(true);
    });

    it('sorts by price, both ways', async () => {
      const asc = await allTiles('bags', 'price-asc');
      expect(asc.map((t) => t.price)).toEqual(asc.map((t) => t.price).sort((a, b) => a - b));
      const desc = await allTiles('bags', 'price-desc');
      expect(desc.map((t) => t.price)).toEqual(desc.map((t) => t.price).sort((a, b) => b - a));
      expect(asc[0]!.price).toBeLessThan(desc[0]!.price);
    });

    it('sorts by newest and oldest', async () => {
      const newest = await allTiles('accessories', 'newest');
      const created = (await productsOf(newest.map((t) => t.id))).map((p) => Date.parse(p!.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const oldest = await allTiles('accessories', 'oldest');
      const createdOld = (await productsOf(oldest.map((t) => t.id))).map((p) => Date.parse(p!.createdAt));
      expect(createdOld).toEqual([...createdOld].sort((a, b) => a - b));
    });

    it('uses the stable merchandising rank for Recommended and ignores an unknown sort', async () => {
      const recommended = await allTiles('bags', '');
      const rows = await queryRows<{ id: number }>(
        ctx.db,
        sql`select p.id from products p where p.id in (select pc.product_id from product_categories pc join categories c on c.id = pc.category_id where c.path = 'bags' or c.path like 'bags/%') order by p.merch_rank, p.id`,
      );
      expect(recommended.map((t) => t.id)).toEqual(rows.map((r) => String(r.id)));
      const bogus = await listing('category=bags&sort=cheapest-first');
      expect(bogus.sort).toBe('');
      expect(bogus.items.map((t) => t.id)).toEqual(recommended.slice(0, 48).map((t) => t.id));
      // Recommended leads with in-stock products; sold-out ones trail.
      const firstSoldOut = recommended.findIndex((t) => t.soldOut);
      if (firstSoldOut >= 0) expect(recommended.slice(firstSoldOut).every((t) => t.soldOut || t.state === 'coming')).toBe(true);
    });

    it('answers 404 for an unknown category and 400 for a bad page', async () => {
      const res = await get('/api/catalog/listing?category=bags/hats');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NotFound', message: 'Category not found.' });
      const bad = await get('/api/catalog/listing?category=bags&page=0');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: 'ValidationError', issues: [{ field: 'page' }] });
      // Without a category (or brand) the listing spans the whole catalogue (the search page with no text).
      const everything = await listing('');
      expect(everything.category).toBeNull();
      expect(everything.total).toBe(TEST_PRODUCTS);
    });

    it('serves collections', async () => {
      const sale = await allTiles('sale', '');
      expect(sale.length).toBeGreaterThan(0);
      expect(sale.every((t) => t.isDiscounted && t.overlays.some((o) => o.type === 'sale'))).toBe(true);
      const fresh = await allTiles('new-arrivals', 'newest');
      expect(fresh.every((t) => t.isNew && t.overlays.some((o) => o.type === 'newArrival'))).toBe(true);
    });

    it('compresses with brotli or gzip and revalidates with ETag', async () => {
      const plain = await get('/api/catalog/listing?category=bags');
      const br = await get('/api/catalog/listing?category=bags', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gz = await get('/api/catalog/listing?category=bags', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
      const etag = String(plain.headers.etag);
      const again = await get('/api/catalog/listing?category=bags', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('search objects', () => {
    it('returns products in request order with null for missing ids', async () => {
      const results = await productsOf(['5', '999999', '2', 'not-an-id', '9', '5']);
      expect(results.map((p) => p?.id ?? null)).toEqual(['5', null, '2', null, '9', '5']);
      expect(results[0]).toEqual(results[5]);
    });

    it('answers 400 with field and reason for malformed bodies', async () => {
      const wrongType = await objects('nz_products', { objectIds: ['1', 2] });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toEqual({ error: 'ValidationError', message: expect.any(String), issues: [{ field: 'objectIds.1', reason: 'Expected string' }] });

      const missing = await objects('nz_products', { ids: ['1'] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().issues).toEqual([{ field: 'objectIds', reason: 'Required' }]);

      const empty = await objects('nz_products', { objectIds: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues[0]).toEqual({ field: 'objectIds', reason: 'Must contain at least 1 item' });

      const tooMany = await objects('nz_products', { objectIds: Array.from({ length: 1001 }, (_, i) => String(i + 1)) });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().issues[0]).toEqual({ field: 'objectIds', reason: 'Must contain at most 1000 items' });

      const notJson = await ctx.app.inject({ method: 'POST', url: '/api/search/indexes/nz_products/objects', payload: '{"objectIds": [', headers: { 'content-type': 'application/json' } });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ error: 'ValidationError', issues: [{ field: 'body' }] });
    });

    it('accepts 1000 ids', async () => {
      const ids = Array.from({ length: 1000 }, (_, i) => String(i + 1));
      const results = await productsOf(ids);
      expect(results).toHaveLength(1000);
      expect(results.filter(Boolean)).toHaveLength(TEST_PRODUCTS);
    });

    it('answers 404 for another index', async () => {
      const res = await objects('au_products', { objectIds: ['1'] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('NotFound');
    });
  });

  // PostgreSQL only (DATABASE_URL, tools/test-postgres.sh): a pooled connection the server ends (a
  // restart, a failover, pg_terminate_backend) must not take the API down.
  if (backend === 'postgres') {
    it('survives the server ending its pooled connections', async () => {
      await Promise.all(Array.from({ length: 3 }, () => queryRows(ctx.db, sql`select pg_sleep(0.05)`)));
      const ended = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect(Number(ended[0]!.n)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await queryRows<{ one: number }>(ctx.db, sql`select 1 as one`);
      expect(Number(rows[0]!.one)).toBe(1);
      expect((await get('/api/catalog/listing?category=bags')).statusCode).toBe(200);
    });

    it('survives the server ending a connection lent out to a transaction: the transaction fails, the process stays up', async () => {
      // in a process of its own: an unhandled 'error' event would end it (and nothing else)
      const script = `
        import { sql } from 'drizzle-orm';
        import { openDatabase } from ${JSON.stringify(path.join(__dirname, '../src/platform/db/index.ts'))};
        const { db, close } = await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrationsDir: ${JSON.stringify(path.join(__dirname, '../drizzle'))} });
        const running = db.transaction(async (tx) => { await tx.execute(sql\`select pg_sleep(5) as lent_out\`); });
        console.log('started');
        console.log(await running.then(() => 'committed', () => 'failed'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await db.execute(sql\`select 1\`);
        console.log('alive');
        await close();`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.join(__dirname, '..'), env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += String(chunk)));
      child.stderr.on('data', (chunk) => (output += String(chunk)));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      const deadline = Date.now() + 30_000;
      while (!output.includes('started') && child.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ended = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where query like '%lent_out%' and pid <> pg_backend_pid()`,
      );
      expect(Number(ended[0]!.n)).toBe(1);
      expect(await exited).toBe(0);
      expect(output.trim().split('\n').filter((line) => !line.startsWith('[db]'))).toEqual(['started', 'failed', 'alive']);
    }, 60_000);
  }
});
