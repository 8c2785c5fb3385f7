import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/platform/db';
import { generateCatalogue, insertCatalogue, SEED_REFERENCE_DATE, truncateCatalogue } from '../src/seed';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

describe('catalogue generator', () => {
  const catalogue = generateCatalogue({ products: 600 });

  it('is deterministic', () => {
    expect(generateCatalogue({ products: 600 })).toEqual(catalogue);
    expect(generateCatalogue({ products: 600, seed: 7 })).not.toEqual(catalogue);
  });

  it('gives the same first products whatever the size', () => {
    const small = generateCatalogue({ products: 50 });
    expect(small.products).toEqual(catalogue.products.slice(0, 50));
  });

  it('looks like a bags and accessories shop', () => {
    const { products, variants, images, brands, categories } = catalogue;
    expect(products).toHaveLength(600);
    expect(brands).toHaveLength(15);
    expect(categories.map((c) => c.path)).toEqual(
      expect.arrayContaining(['bags/backpacks', 'bags/laptop-bags', 'travel/luggage/carry-on', 'travel/luggage/checked', 'accessories/sunglasses-cases', 'new-arrivals', 'sale']),
    );
    const share = (n: number) => n / products.length;
    expect(share(products.filter((p) => p.price < p.erpOriginalPrice).length)).toBeGreaterThan(0.12);
    expect(share(products.filter((p) => p.price < p.erpOriginalPrice).length)).toBeLessThan(0.28);
    expect(share(products.filter((p) => p.isNew).length)).toBeGreaterThan(0.05);
    expect(share(products.filter((p) => p.isNew).length)).toBeLessThan(0.16);
    const coming = products.filter((p) => p.state === 'coming');
    expect(coming.length).toBeGreaterThan(0);
    for (const p of coming) expect(p.availableFrom!.getTime()).toBeGreaterThan(SEED_REFERENCE_DATE.getTime());
    const stock = new Map<number, number>();
    for (const v of variants) stock.set(v.productId, (stock.get(v.productId) ?? 0) + v.qty);
    const soldOut = products.filter((p) => p.state !== 'coming' && stock.get(p.id) === 0);
    expect(soldOut.length).toBeGreaterThan(0);
    expect(share(soldOut.length)).toBeLessThan(0.2);
    for (const p of products) {
      if (p.price === p.erpOriginalPrice) {
        expect(p.price).toBeGreaterThanOrEqual(3999);
        expect(p.price).toBeLessThanOrEqual(89900);
      }
      expect(p.price % 100 === 0 || p.price % 100 === 99 || p.price % 100 === 95).toBe(true);
      expect(p.path).toMatch(/^[a-z0-9-]+-p\d+$/);
      expect(p.description.split(/(?<=\.) /).length).toBeGreaterThanOrEqual(2);
      expect(p.description.split(/(?<=\.) /).length).toBeLessThanOrEqual(3);
      // a limited release's question names what the product's name says it is
      if (p.challengeQuestion) expect(p.name.toLowerCase()).toContain(/this (.+) as shown/.exec(p.challengeQuestion)![1]!);
      // one full stop a sentence; a feature list names the features as the Features filter does
      expect(p.description).not.toMatch(/\.\./);
      const listed = /Features: ([^.]+)\./.exec(p.description)?.[1];
      if (listed) for (const name of listed.split(', ')) expect(name).toMatch(/^[A-Z0-9]/);
    }
    const imageCounts = new Map<number, number>();
    for (const i of images) imageCounts.set(i.productId, (imageCounts.get(i.productId) ?? 0) + 1);
    expect(Math.min(...imageCounts.values())).toBe(2);
    expect(Math.max(...imageCounts.values())).toBe(4);
    const labels = (kind: string) => new Set(variants.filter((v) => products[v.productId - 1]!.productType === kind).map((v) => v.label));
    expect([...labels('belt')].some((l) => l !== 'One size')).toBe(true);
    expect([...labels('suitcase')].every((l) => / cm$/.test(l))).toBe(true);
    expect([...labels('backpack')]).toEqual(['One size']);
    expect(new Set(products.map((p) => p.colourName)).size).toBeGreaterThanOrEqual(18);
    expect(new Set(products.map((p) => p.path)).size).toBe(600);
  });
});

describe.each(BACKENDS)('seeding the database on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 0 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const dump = async (db: Database) => {
    const tables = ['brands', 'categories', 'features', 'products', 'product_categories', 'product_features', 'variants', 'product_images'];
    const out: Record<string, unknown[]> = {};
    for (const table of tables) {
      // Every column as text (search_vector included), in primary-key order.
      out[table] = (await queryRows<{ row: string }>(db, sql.raw(`select t::text as row from ${table} t order by 1`))).map((r) => r.row);
    }
    return out;
  };

  it('writes identical data on two seeds', async () => {
    const catalogue = generateCatalogue({ products: 40 });
    await insertCatalogue(ctx.db, catalogue);
    const first = await dump(ctx.db);
    expect(first.products).toHaveLength(40);
    await truncateCatalogue(ctx.db);
    await insertCatalogue(ctx.db, generateCatalogue({ products: 40 }), { deferIndexes: true });
    const second = await dump(ctx.db);
    expect(second).toEqual(first);
    // Identity sequences continue after the seeded ids.
    const [next] = await queryRows<{ id: number }>(ctx.db, sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id`);
    expect(Number(next!.id)).toBe(41);
  });
});

describe('seeded articles and journal posts', () => {
  it('are never dated after today', async () => {
    const { SEED_ARTICLES, SEED_AU_ARTICLES, SEED_BLOG_POSTS, SEED_AU_BLOG_POSTS } = await import('../src/seed/content-data');
    const now = Date.now();
    for (const a of [...SEED_ARTICLES, ...SEED_AU_ARTICLES]) expect({ path: a.path, after: Date.parse(a.updatedAt) > now }).toEqual({ path: a.path, after: false });
    for (const p of [...SEED_BLOG_POSTS, ...SEED_AU_BLOG_POSTS]) expect({ path: p.path, after: Date.parse(p.publishedAt) > now }).toEqual({ path: p.path, after: false });
  });
});
