import { LocalitiesResponse, Store, StoresResponse, storeOpenState } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { seedStores } from '../src/seed/stores';
import { distanceKm, findStoresNear, resolveLocation, storeStockOfVariants } from '../src/store/stores';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

describe.each(BACKENDS)('stores on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 40 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('finds the nearest stores to an Auckland postcode, nearest first, within 200 km', async () => {
    const stores = await findStoresNear(ctx.db, { postcode: '1024' }); // Mount Eden
    expect(stores.length).toBeGreaterThan(3);
    expect(stores[0]!.erpStoreId).toBe('AKL-NMK'); // Newmarket is ~2 km from Mount Eden
    expect(stores[0]!.distanceKm).toBeLessThan(5);
    const distances = stores.map((s) => s.distanceKm!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(Math.max(...distances)).toBeLessThanOrEqual(200);
    // Wellington is ~500 km away: outside the default radius
    expect(stores.some((s) => s.address.region === 'Wellington')).toBe(false);
    expect(stores.every((s) => s.stock === null)).toBe(true);
  });

  it('accepts coordinates, a suburb name (diacritics optional) and a radius', async () => {
    const nearCathedralSquare = await findStoresNear(ctx.db, { lat: -43.531, lng: 172.637 }, { radiusKm: 5 });
    expect(nearCathedralSquare.map((s) => s.erpStoreId)).toEqual(['CHC-CRS', 'CHC-RIC']);
    expect(nearCathedralSquare[0]!.distanceKm).toBeLessThan(1);
    const wanaka = await findStoresNear(ctx.db, { query: 'wanaka' });
    expect(wanaka[0]!.erpStoreId).toBe('ZQN-REE');
    expect(wanaka[0]!.distanceKm).toBeGreaterThan(40);
    expect(Number.isInteger(wanaka[0]!.distanceKm)).toBe(true); // whole km above 10 km
    expect(await findStoresNear(ctx.db, { query: 'Atlantis' })).toEqual([]);
    expect(await findStoresNear(ctx.db, { postcode: '0000' })).toEqual([]);
    const chatham = await findStoresNear(ctx.db, { lat: -43.95, lng: -176.55 }); // Chatham Islands: nothing within 200 km
    expect(chatham).toEqual([]);
  });

  it('reports store stock for a variant, deterministically seeded for the catalogue variants', async () => {
    const [variant] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select variant_id as id from store_stock group by variant_id having count(*) between 2 and 15 order by variant_id limit 1`,
    );
    expect(variant).toBeDefined();
    const stores = await findStoresNear(ctx.db, { query: 'Auckland Central' }, { radiusKm: 2000, variantId: String(variant!.id) });
    expect(stores).toHaveLength(20);
    const stocked = stores.filter((s) => s.stock!.qty > 0);
    expect(stocked.length).toBeGreaterThanOrEqual(2);
    expect(stores.some((s) => s.stock!.qty === 0)).toBe(true);
    expect(stores.every((s) => s.stock!.variantId === String(variant!.id))).toBe(true);
    const [{ n: before } = { n: 0 }] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from store_stock`);
    const again = await seedStores(ctx.db);
    expect(again).toEqual({ stores: 0, localities: 0, stockRows: 0 });
    const [{ n: after } = { n: 0 }] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from store_stock`);
    expect(after).toBe(before);
    const storeId = Number(stocked[0]!.id);
    const byVariant = await storeStockOfVariants(ctx.db, storeId, [variant!.id, 999_999]);
    expect(byVariant.get(variant!.id)).toBe(stocked[0]!.stock!.qty);
    expect(byVariant.get(999_999)).toBe(0);
  });

  it('resolves the search origin with a label', async () => {
    expect(await resolveLocation(ctx.db, { query: 'Mt Eden' })).toMatchObject({ label: 'Mount Eden, Auckland 1024' });
    expect(await resolveLocation(ctx.db, { query: '9300' })).toMatchObject({ label: 'Queenstown 9300' });
    // a suggestion's label resolves to that locality
    for (const label of ['Mount Eden, Auckland 1024', 'Dunedin Central, Dunedin 9016', 'Riccarton, Christchurch 8011', 'Whangārei 0110']) {
      expect(await resolveLocation(ctx.db, { query: label })).toMatchObject({ label });
    }
    expect(await resolveLocation(ctx.db, { query: 'Christchurch' })).toMatchObject({ label: 'Christchurch Central, Christchurch 8011' });
    expect(distanceKm({ lat: -36.8485, lng: 174.7633 }, { lat: -41.2865, lng: 174.7762 })).toBeCloseTo(493, -1);
  });

  it('GET /api/stores searches by postcode, suburb and coordinates', async () => {
    const res = await get('/api/stores?postcode=6011');
    expect(res.statusCode).toBe(200);
    const body = StoresResponse.parse(res.json());
    expect(body.radiusKm).toBe(200);
    expect(body.origin?.label).toMatch(/6011/);
    expect(body.stores[0]!.erpStoreId).toBe('WLG-LQY');
    expect(body.stores[0]!.openingHours).toHaveLength(7);
    expect(body.stores[0]!.timeZone).toBe('Pacific/Auckland');
    const bySuburb = StoresResponse.parse((await get('/api/stores?q=Riccarton')).json());
    expect(bySuburb.stores[0]!.path).toBe('christchurch-riccarton');
    const byCoords = StoresResponse.parse((await get('/api/stores?lat=-37.68&lng=176.17&radiusKm=50')).json());
    expect(byCoords.origin?.label).toBe('your location');
    expect(byCoords.stores.map((s) => s.erpStoreId)).toEqual(['TRG-BYF']);
    const all = StoresResponse.parse((await get('/api/stores')).json());
    expect(all.origin).toBeNull();
    expect(all.stores).toHaveLength(20);
    expect(all.stores.map((s) => s.name)).toEqual([...all.stores.map((s) => s.name)].sort((a, b) => a.localeCompare(b)));
  });

  it('GET /api/stores rejects bad input with the field and reason, and unknown places with 404', async () => {
    const bad = await get('/api/stores?postcode=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([expect.objectContaining({ field: 'postcode', reason: expect.stringContaining('4-digit') })]);
    const half = await get('/api/stores?lat=-36.8');
    expect(half.statusCode).toBe(400);
    expect(half.json().issues[0].field).toBe('lng');
    const unknown = await get('/api/stores?q=Gondor');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'LocationNotFound', message: expect.stringContaining('Gondor') });
  });

  it('GET /api/stores/localities suggests suburbs by name or postcode', async () => {
    const byName = LocalitiesResponse.parse((await get('/api/stores/localities?q=mount')).json());
    expect(byName.items.map((i) => i.name)).toEqual(expect.arrayContaining(['Mount Eden', 'Mount Maunganui']));
    expect(byName.items.length).toBeLessThanOrEqual(8);
    const byPostcode = LocalitiesResponse.parse((await get('/api/stores/localities?q=801')).json());
    expect(byPostcode.items.length).toBeGreaterThan(1);
    expect(byPostcode.items.every((i) => i.postcode.startsWith('801'))).toBe(true);
    expect((await get('/api/stores/localities?q=')).statusCode).toBe(400);
  });

  it('GET /api/stores/:path answers a store page or 404', async () => {
    const res = await get('/api/stores/dunedin');
    expect(res.statusCode).toBe(200);
    const store = Store.parse(res.json());
    expect(store).toMatchObject({ erpStoreId: 'DUD-GEO', address: { street1: '267 George Street', locality: 'Dunedin Central', postcode: '9016', country: 'NZ' } });
    expect((await get('/api/stores/atlantis')).statusCode).toBe(404);
    expect((await get('/api/stores/Bad%20Path')).statusCode).toBe(400);
  });

  it('GET /api/checkout/pickup-stores lists the click-and-collect stores from the one store source, nearest first by postcode', async () => {
    type Pickup = { erpStoreId: string; name: string; address: { street1: string; street2: string; locality: string; region: string; postcode: string; country: string }; distanceKm: number | null };
    const all = await get('/api/checkout/pickup-stores');
    expect(all.statusCode).toBe(200);
    const every = (all.json() as { stores: Pickup[] }).stores;
    // 20 stores, 2 without click and collect (Takapuna, Invercargill)
    expect(every).toHaveLength(18);
    const ids = every.map((s) => s.erpStoreId);
    expect(new Set(ids).size).toBe(18);
    expect(ids).not.toContain('AKL-TKP');
    expect(ids).not.toContain('IVC-ESK');
    expect(every.every((s) => s.distanceKm === null)).toBe(true);
    // the same store data as the store pages (street2 "" when there is none)
    const dunedin = every.find((s) => s.erpStoreId === 'DUD-GEO');
    expect(dunedin).toEqual({
      erpStoreId: 'DUD-GEO',
      name: 'Fernleaf Dunedin',
      address: { street1: '267 George Street', street2: '', locality: 'Dunedin Central', region: 'Otago', postcode: '9016', country: 'NZ' },
      distanceKm: null,
    });

    // by postcode: within 200 km, nearest first, still only click and collect (Takapuna is ~10 km from Mount Eden)
    const near = (await get('/api/checkout/pickup-stores?postcode=1024')).json() as { stores: Pickup[] };
    expect(near.stores[0]!.erpStoreId).toBe('AKL-NMK');
    const distances = near.stores.map((s) => s.distanceKm!);
    expect(distances.every((d) => typeof d === 'number' && d <= 200)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(near.stores.map((s) => s.erpStoreId)).not.toContain('AKL-TKP');
    expect(near.stores.some((s) => s.address.region === 'Wellington')).toBe(false);

    // an unknown postcode: no stores; a malformed one: 400
    expect((await get('/api/checkout/pickup-stores?postcode=0000')).json()).toEqual({ stores: [] });
    for (const bad of ['abc', '10245', '']) {
      const res = await get(`/api/checkout/pickup-stores?postcode=${bad}`);
      expect(res.statusCode).toBe(400);
    }
  });

  it('opening hours are read in Pacific/Auckland time', () => {
    const hours = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, open: day === 7 ? null : '09:00', close: day === 7 ? null : '17:30' }));
    // Monday 2026-11-23 10:00 NZDT = Sunday 21:00 UTC
    expect(storeOpenState(hours, new Date('2026-11-22T21:00:00Z'))).toEqual({ open: true, text: 'Open now until 5:30 pm' });
    // Sunday 2026-11-22 10:00 NZDT: closed, opens Monday
    expect(storeOpenState(hours, new Date('2026-11-21T21:00:00Z'))).toEqual({ open: false, text: 'Closed, opens 9:00 am tomorrow' });
    // Saturday 18:00 NZDT
    expect(storeOpenState(hours, new Date('2026-11-21T05:00:00Z'))).toEqual({ open: false, text: 'Closed, opens 9:00 am Monday' });
  });
});
