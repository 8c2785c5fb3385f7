/**
 * Issue 14: one deployment, two markets chosen by the request's host (au.localhost = AU, any other
 * host NZ). Listings, products and search in the market's currency; checkout and orders per market.
 */
import type { ListingResponse, Product } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

const NZ = { host: 'localhost:8080' };
const AU = { host: 'au.localhost:8080' };

describe.each(BACKENDS)('markets on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

  it('resolves the market from the host', async () => {
    const nz = (await get('/api/site/market', NZ)).json();
    const au = (await get('/api/site/market', AU)).json();
    expect([nz.id, nz.currency, nz.locale, nz.gstPercent, nz.timeZone]).toEqual(['NZ', 'NZD', 'en-NZ', 15, 'Pacific/Auckland']);
    expect([au.id, au.currency, au.locale, au.gstPercent, au.timeZone]).toEqual(['AU', 'AUD', 'en-AU', 10, 'Australia/Sydney']);
    expect(au.sites).toEqual({ AU: 'http://au.localhost:8080', NZ: 'http://localhost:8080' });
    expect((await get('/api/site/market', { host: 'shop.example.com' })).json().id).toBe('NZ');
    expect((await get('/api/site/market', { host: 'AU.LOCALHOST:8080' })).json().id).toBe('AU');
    // SITE_HOSTS defaults to au.localhost:<PORT>: another port is another host
    expect((await get('/api/site/market', { host: 'au.localhost:3000' })).json().id).toBe('NZ');
  });

  it('answers the same listing in NZD and in AUD from the AUD price list', async () => {
    const nz = (await get('/api/catalog/listing?category=bags&sort=price-asc', NZ)).json() as ListingResponse;
    const au = (await get('/api/catalog/listing?category=bags&sort=price-asc', AU)).json() as ListingResponse;
    expect(au.total).toBe(nz.total);
    expect(au.items.length).toBeGreaterThan(0);
    const prices = new Map(
      (await queryRows<{ product_id: number; price: number; erp_original_price: number }>(ctx.db, sql`select product_id, price, erp_original_price from product_prices where currency = 'AUD'`)).map((r) => [String(r.product_id), r]),
    );
    const nzById = new Map(nz.items.map((i) => [i.id, i]));
    let differ = 0;
    for (const tile of au.items) {
      expect(tile.price).toBe(prices.get(tile.id)!.price);
      expect(tile.erpOriginalPrice).toBe(prices.get(tile.id)!.erp_original_price);
      expect(tile.price % 100).toBe(95); // AU price points
      const n = nzById.get(tile.id);
      if (n && n.price !== tile.price) differ += 1;
    }
    expect(differ).toBeGreaterThan(0);
    // sorted by the AUD price, and the price facet is in AUD
    for (let i = 1; i < au.items.length; i++) expect(au.items[i]!.price).toBeGreaterThanOrEqual(au.items[i - 1]!.price);
    expect(au.facets.price!.min).toBe(Math.min(...[...prices.values()].filter((p) => au.items.some((i) => prices.get(i.id) === p)).map((p) => p.price)));
    // a price filter is applied to AUD prices
    const cap = au.items[2]!.price;
    const filtered = (await get(`/api/catalog/listing?category=bags&maxPrice=${cap}`, AU)).json() as ListingResponse;
    expect(filtered.items.every((i) => i.price <= cap)).toBe(true);
    // vary by host
    expect(String((await get('/api/catalog/listing?category=bags', AU)).headers.vary)).toMatch(/host/i);
  });

  it('answers a product and search objects in the market currency, with the market GST', async () => {
    const listing = (await get('/api/catalog/listing?category=bags', AU)).json() as ListingResponse;
    const tile = listing.items[0]!;
    const nz = (await get(`/api/products/by-path?path=${tile.path}`, NZ)).json() as Product;
    const au = (await get(`/api/products/by-path?path=${tile.path}`, AU)).json() as Product;
    expect(au.price).toBe(tile.price);
    expect(au.taxExclusive).toBe(au.price - Math.round(au.price / 11));
    expect(nz.taxExclusive).toBe(nz.price - Math.round((nz.price * 3) / 23));
    const objects = await ctx.app.inject({ method: 'POST', url: '/api/search/indexes/nz_products/objects', headers: AU, payload: { objectIds: [tile.id] } });
    expect(objects.json().data.results[0].price).toBe(au.price);
  });
});
