/**
 * One deployment, two markets chosen by the request's host (au.localhost = AU, any other
 * host NZ). Listings, products and search in the market's currency; checkout and orders per market.
 */
import { ReturnableOrder, storeOpenState, type CheckoutInfoResponse, type ListingResponse, type Product } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/platform/db';
import { marketsWith } from '../src/store/market';
import { BACKENDS, createTestContext, plainProducts, signUpCustomer, type TestContext } from './helpers';
import { decodeJwt } from 'jose';
import { accountAddresses } from '../src/platform/db/schema-account';

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

  it('lists stores and click and collect per country: the AU site its Australian stores, each with its own time zone', async () => {
    type S = { path: string; erpStoreId: string; timeZone: string; clickAndCollect: boolean; address: { country: string; region: string; postcode: string } };
    const nz = (await get('/api/stores', NZ)).json().stores as S[];
    const au = (await get('/api/stores', AU)).json().stores as S[];
    expect(nz.length).toBeGreaterThan(0);
    expect(nz.every((s) => s.address.country === 'NZ' && s.timeZone === 'Pacific/Auckland')).toBe(true);
    expect(au.map((s) => s.path).sort()).toEqual(
      ['brisbane-queen-street', 'melbourne-central', 'melbourne-chadstone', 'melbourne-fitzroy', 'perth-murray-street', 'sydney-bondi-junction', 'sydney-parramatta', 'sydney-pitt-street'],
    );
    expect(au.every((s) => s.address.country === 'AU' && /^\d{4}$/.test(s.address.postcode) && ['NSW', 'VIC', 'QLD', 'WA'].includes(s.address.region))).toBe(true);
    const zone = Object.fromEntries(au.map((s) => [s.path, s.timeZone]));
    expect([zone['sydney-pitt-street'], zone['melbourne-central'], zone['brisbane-queen-street'], zone['perth-murray-street']]).toEqual(['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Perth']);
    expect(String((await get('/api/stores', AU)).headers.vary)).toMatch(/host/i);

    // a store page belongs to its country's site
    expect((await get('/api/stores/sydney-pitt-street', AU)).json()).toMatchObject({ name: 'Fernleaf Pitt Street', timeZone: 'Australia/Sydney', address: { locality: 'Sydney', region: 'NSW', postcode: '2000', country: 'AU' } });
    expect((await get('/api/stores/sydney-pitt-street', NZ)).statusCode).toBe(404);
    expect((await get(`/api/stores/${nz[0]!.path}`, AU)).statusCode).toBe(404);

    // click and collect: the market's own stores that offer it; a postcode is looked up in the market's localities
    const pickupAu = (await get('/api/checkout/pickup-stores', AU)).json().stores as S[];
    expect(pickupAu.length).toBe(7); // Fitzroy does not offer click and collect
    expect(pickupAu.every((s) => s.address.country === 'AU')).toBe(true);
    const nearMelbourne = (await get('/api/checkout/pickup-stores?postcode=3000', AU)).json().stores as (S & { distanceKm: number })[];
    expect(nearMelbourne.map((s) => s.erpStoreId)).toEqual(['MEL-LON', 'MEL-CHD']);
    expect(nearMelbourne[0]!.distanceKm).toBeLessThan(1);
    const pickupNz = (await get('/api/checkout/pickup-stores', NZ)).json().stores as S[];
    expect(pickupNz.length).toBeGreaterThan(0);
    expect(pickupNz.every((s) => s.address.country === 'NZ')).toBe(true);
    expect((await get('/api/checkout/pickup-stores?postcode=3000', NZ)).json().stores).toEqual([]);
    const badPostcode = await get('/api/checkout/pickup-stores?postcode=30000', AU);
    expect(badPostcode.statusCode).toBe(400);
  });

  it('looks places up in the site country\'s localities: Australian suburbs, states and postcodes on the AU site', async () => {
    const sydney = await get('/api/stores?q=2000', AU);
    expect(sydney.statusCode).toBe(200);
    expect(sydney.json().origin.label).toBe('Sydney NSW 2000');
    expect(sydney.json().stores[0].path).toBe('sydney-pitt-street');
    expect(sydney.json().stores.every((s: { address: { country: string } }) => s.address.country === 'AU')).toBe(true);
    const perth = (await get('/api/stores?q=Fremantle', AU)).json();
    expect(perth.origin.label).toBe('Fremantle WA 6160');
    expect(perth.stores.map((s: { path: string }) => s.path)).toEqual(['perth-murray-street']);
    const fitzroy = (await get('/api/stores?postcode=3065', AU)).json();
    expect(fitzroy.stores[0].path).toBe('melbourne-fitzroy');
    expect(fitzroy.stores[0].distanceKm).toBeLessThan(1);
    // NT postcodes start with 0
    expect((await get('/api/stores?q=0800', AU)).json().origin.label).toBe('Darwin City NT 0800');

    // suggestions: the state tells the two Paddingtons apart
    const padd = (await get('/api/stores/localities?q=Paddington', AU)).json().items as { label: string; region: string }[];
    expect(padd.map((l) => l.label).sort()).toEqual(['Paddington NSW 2021', 'Paddington QLD 4064']);
    expect((await get('/api/stores/localities?q=Paddington%20QLD', AU)).json().items.map((l: { label: string }) => l.label)).toEqual(['Paddington QLD 4064']);
    expect((await get('/api/stores/localities?q=Surry', AU)).json().items[0]).toMatchObject({ name: 'Surry Hills', city: 'Sydney', region: 'NSW', postcode: '2010', label: 'Surry Hills NSW 2010' });
    // each site its own country's places only
    expect((await get('/api/stores/localities?q=Mount%20Eden', AU)).json().items).toEqual([]);
    expect((await get('/api/stores/localities?q=Surry%20Hills', NZ)).json().items).toEqual([]);
    expect((await get('/api/stores/localities?q=Mount%20Eden', NZ)).json().items[0].label).toBe('Mount Eden, Auckland 1024');
    const unknownAu = await get('/api/stores?q=Mount%20Eden', AU);
    expect(unknownAu.statusCode).toBe(404);
    expect(unknownAu.json().message).toBe('We couldn\'t find the suburb or postcode "Mount Eden" in Australia.');
    const unknownNz = await get('/api/stores?q=Surry%20Hills', NZ);
    expect(unknownNz.statusCode).toBe(404);
    expect(unknownNz.json().message).toContain('New Zealand');
    // bad input is a 400 naming the field, never a 500
    const bad = await get('/api/stores?postcode=20', AU);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('postcode');
  });

  it("tells a store open or closed by its own clock, not New Zealand's", async () => {
    const store = async (path: string) => (await get(`/api/stores/${path}`, AU)).json() as { openingHours: { day: number; open: string | null; close: string | null }[]; timeZone: string };
    const perth = await store('perth-murray-street');
    const sydney = await store('sydney-pitt-street');
    // Thursday 26 November 2026, 08:00 UTC: 4:00 pm Thursday in Perth, 7:00 pm Thursday in Sydney, 9:00 pm Friday in Auckland
    const at = new Date('2026-11-26T08:00:00Z');
    expect(storeOpenState(perth.openingHours, at, perth.timeZone)).toEqual({ open: true, text: 'Open now until 5:30 pm' });
    expect(storeOpenState(sydney.openingHours, at, sydney.timeZone)).toEqual({ open: true, text: 'Open now until 9:00 pm' });
    // read as Auckland time (the old assumption) both would be closed
    expect(storeOpenState(perth.openingHours, at, 'Pacific/Auckland').open).toBe(false);
    // 10:00 UTC: 6:00 pm in Perth (closed), 9:00 pm in Sydney (closed after late-night shopping)
    const later = new Date('2026-11-26T10:00:00Z');
    expect(storeOpenState(perth.openingHours, later, perth.timeZone)).toEqual({ open: false, text: 'Closed, opens 9:00 am tomorrow' });
    expect(storeOpenState(sydney.openingHours, later, sydney.timeZone)).toEqual({ open: false, text: 'Closed, opens 9:30 am tomorrow' });
  });

  it("answers each market's home page and its own help, warranty and legal pages", async () => {
    const nz = (await get('/api/content/home', NZ)).json();
    const au = await get('/api/content/home', AU);
    expect(au.statusCode).toBe(200);
    expect(String(au.headers.vary)).toMatch(/host/i);
    const auHome = au.json();
    expect(nz.description).toContain('Aotearoa');
    expect(nz.slider.slides[0].text).toContain('Aotearoa');
    expect(auHome.description).toContain('A$150');
    expect(JSON.stringify(auHome)).not.toContain('Aotearoa');
    expect(auHome.slider.slides.map((s: { id: string }) => s.id)).toEqual(nz.slider.slides.map((s: { id: string }) => s.id));
    const market = (await get('/api/site/market', AU)).json();
    expect([market.customerService.supportUrl, market.customerService.supportWarranty, market.legal.termsUrl, market.legal.privacyUrl]).toEqual([
      '/articles/help-centre-australia',
      '/articles/warranty-australia',
      '/articles/terms-of-use-australia',
      '/articles/privacy-policy-australia',
    ]);
    const article = async (path: string) => JSON.stringify((await get(`/api/content/articles/by-path?path=${path}`, AU)).json());
    expect(await article('help-centre-australia')).toContain('1800 337 653');
    expect(await article('terms-of-use-australia')).toContain('Prices are in Australian dollars and include GST at 10%.');
    expect(await article('privacy-policy-australia')).toContain('Privacy Act 1988');
    expect(await article('warranty-australia')).toContain('Australian Consumer Law');
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

const NZ_ADDRESS = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' } as const;
const AU_ADDRESS = { contactName: 'Mia Nguyen', country: 'AU', phone: '0412 345 678', postcode: '2000', state: 'NSW', street1: '200 George Street', suburb: 'Sydney' } as const;

describe.each(BACKENDS)('checkout per market on %s', (backend) => {
  let ctx: TestContext;
  let items: { productId: string; variantId: string; nzd: number; aud: number }[];

  beforeAll(async () => {
    // Afterpay's limit is per currency: A$10 here (so every AU cart is over it), NZ$2,000 (the default) on the NZ site
    ctx = await createTestContext(backend, { products: 60, env: { AFTERPAY_MAX_CENTS_AUD: '1000' } });
    const plain = await plainProducts(ctx.db, 4);
    const aud = new Map(
      (await queryRows<{ product_id: number; price: number }>(ctx.db, sql`select product_id, price from product_prices where currency = 'AUD'`)).map((r) => [String(r.product_id), r.price]),
    );
    items = plain.map((p) => ({ productId: p.productId, variantId: p.variantId, nzd: p.price, aud: aud.get(p.productId)! }));
    expect(items.length).toBeGreaterThanOrEqual(2);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  let seq = 0;
  const order = async (host: Record<string, string>, address: Record<string, string>, { methodId, cards = [] }: { methodId: string; cards?: { code: string; pin: string; amount: number }[] }) => {
    const cart = { items: [{ productId: items[0]!.productId, variantId: items[0]!.variantId, qty: 1 }], promoCodes: [], email: 'mia@example.com.au', firstName: 'Mia', lastName: 'Nguyen', shippingAddress: address, shipping: { type: 'DELIVERY', options: { methodId } } };
    const info = await post('/api/checkout/info', { cart }, host);
    seq += 1;
    const priced = info.statusCode === 200 ? (info.json() as CheckoutInfoResponse) : null;
    // (a cart the info refused still gets a well-formed payment, so the order's own checks answer)
    const total = priced?.amountOutstanding ?? 1000;
    const voucherTotal = cards.reduce((s, c) => s + c.amount, 0);
    return {
      info,
      priced,
      request: {
        cartId: `market-${backend}-${Date.now().toString(36)}-${seq}`,
        cart: { ...cart, phone: address.phone, billingAddress: address },
        payment: {
          methods: [
            ...cards.map((c) => ({ methodCode: 'VOUCHER', code: c.code, pin: c.pin, amount: c.amount })),
            ...(total - voucherTotal > 0 ? [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: total - voucherTotal, token: 'fake-valid-nonce' }] : []),
          ],
        },
        expectedPromotions: (priced?.promotions.appliedPromotions ?? []).map((p) => ({ promotionId: p.id, versionId: p.versionId })),
      },
    };
  };

  it('prices an AU cart in AUD with AU delivery options and GST 10%, and places the order with an AU address', async () => {
    const { info, priced, request } = await order(AU, AU_ADDRESS, { methodId: 'au-standard' });
    expect(info.statusCode).toBe(200);
    expect(priced!.lines[0]!.unitPrice).toBe(items[0]!.aud);
    expect(priced!.shippingMethods.map((m) => m.id)).toEqual(['au-standard', 'au-express']);
    expect(priced!.gst).toBe(Math.round(priced!.grandTotal / 11));
    const placed = await post('/api/order/place', request, AU);
    expect(placed.statusCode).toBe(200);
    const { orderNumber, accessToken } = placed.json();
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}?token=${accessToken}`, headers: AU })).json();
    expect([view.market, view.currency, view.grandTotal, view.gst]).toEqual(['AU', 'AUD', priced!.grandTotal, priced!.gst]);
    expect(view.shippingAddress).toMatchObject({ country: 'AU', state: 'NSW', postcode: '2000' });
    const [row] = await queryRows<{ market: string; currency: string }>(ctx.db, sql`select market, currency from orders where number = ${orderNumber}`);
    expect(row).toEqual({ market: 'AU', currency: 'AUD' });
  });

  it('keeps the NZ site in NZD with GST 15% and its own delivery options', async () => {
    const { priced, request } = await order(NZ, NZ_ADDRESS, { methodId: 'standard' });
    expect(priced!.lines[0]!.unitPrice).toBe(items[0]!.nzd);
    expect(priced!.shippingMethods.map((m) => m.id)).toEqual(['standard', 'express']);
    expect(priced!.gst).toBe(Math.round((priced!.grandTotal * 3) / 23));
    const placed = await post('/api/order/place', request, NZ);
    expect(placed.statusCode).toBe(200);
    const [row] = await queryRows<{ market: string; currency: string }>(ctx.db, sql`select market, currency from orders where number = ${placed.json().orderNumber}`);
    expect(row).toEqual({ market: 'NZ', currency: 'NZD' });
    // an AU delivery option does not exist on the NZ site
    expect((await order(NZ, NZ_ADDRESS, { methodId: 'au-standard' })).priced!.result).toBe('ERROR');
  });

  it('refuses an NZ address on the AU site and an AU address on the NZ site (400 naming the field)', async () => {
    const onAu = await order(AU, NZ_ADDRESS, { methodId: 'au-standard' });
    expect(onAu.info.statusCode).toBe(400);
    expect(onAu.info.json().issues[0]).toEqual({ field: 'cart.shippingAddress.country', reason: expect.stringContaining('Australia') });
    const placeAu = await post('/api/order/place', onAu.request, AU);
    expect(placeAu.statusCode).toBe(400);
    expect(placeAu.json().issues.map((i: { field: string }) => i.field)).toEqual(['cart.shippingAddress.country', 'cart.billingAddress.country']);

    const onNz = await order(NZ, AU_ADDRESS, { methodId: 'standard' });
    expect(onNz.info.statusCode).toBe(400);
    expect(onNz.info.json().issues[0]).toEqual({ field: 'cart.shippingAddress.country', reason: expect.stringContaining('New Zealand') });
    expect((await post('/api/order/place', onNz.request, NZ)).statusCode).toBe(400);

    // an AU address needs a state and a 4-digit postcode
    const noState = await post('/api/checkout/info', { cart: { items: [], shippingAddress: { ...AU_ADDRESS, state: '' } } }, AU);
    expect(noState.statusCode).toBe(400);
    expect(noState.json().issues[0].field).toBe('cart.shippingAddress.state');
    const badPostcode = await post('/api/checkout/info', { cart: { items: [], shippingAddress: { ...AU_ADDRESS, postcode: '20000' } } }, AU);
    expect(badPostcode.statusCode).toBe(400);
    expect(badPostcode.json().issues[0].field).toBe('cart.shippingAddress.postcode');
    const badCountry = await post('/api/checkout/info', { cart: { items: [], shippingAddress: { ...AU_ADDRESS, country: 'US' } } }, AU);
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().issues[0].field).toBe('cart.shippingAddress.country');
  });

  it("keeps one account's cart and address book per market: the NZ cart never shows up on the AU site", async () => {
    const { idToken } = await signUpCustomer(ctx);
    const auth = (host: Record<string, string>) => ({ ...host, authorization: `Bearer ${idToken}` });
    const item = { id: 'line-1', productId: items[0]!.productId, variantId: items[0]!.variantId, qty: 2, createdAt: new Date().toISOString() };
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/account/state', headers: auth(NZ), payload: { syncableStateVersion: 0, cart: { items: [item] }, wishlist: { items: [] } } });
    expect(put.statusCode).toBe(200);
    const au = (await ctx.app.inject({ method: 'GET', url: '/api/account/state', headers: auth(AU) })).json();
    expect(au.state).toMatchObject({ syncableStateVersion: 0, cart: { items: [] } });
    const nz = (await ctx.app.inject({ method: 'GET', url: '/api/account/state', headers: auth(NZ) })).json();
    expect(nz.state.cart.items).toHaveLength(1);

    const { phone: _phone, ...auAddress } = AU_ADDRESS;
    const added = await ctx.app.inject({ method: 'POST', url: '/api/account/addresses', headers: auth(AU), payload: { ...auAddress, phone: '' } });
    expect(added.statusCode).toBe(201);
    expect(added.json().addresses.map((a: { country: string; state: string }) => [a.country, a.state])).toEqual([['AU', 'NSW']]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/addresses', headers: auth(NZ) })).json().addresses).toEqual([]);
    const nzOnAu = await ctx.app.inject({ method: 'POST', url: '/api/account/addresses', headers: auth(AU), payload: { ...NZ_ADDRESS, phone: '' } });
    expect(nzOnAu.statusCode).toBe(400);
    expect(nzOnAu.json().issues[0].field).toBe('country');
    // the same Australian address again (case, spaces and the state's code or name aside) is refused on the street
    const again = await ctx.app.inject({ method: 'POST', url: '/api/account/addresses', headers: auth(AU), payload: { ...auAddress, street1: ` ${auAddress.street1.toUpperCase()} `, suburb: auAddress.suburb.toLowerCase(), state: 'nsw', phone: '' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().issues).toEqual([{ field: 'street1', reason: 'This address is already in your address book' }]);
    // one kept with the state's name (imported from the ERP) is the same place as one with its code
    const sub = decodeJwt(idToken).sub!;
    await ctx.db.insert(accountAddresses).values({ id: `named-${sub}`, sub, contactName: 'Aroha Tane', country: 'AU', postcode: '3000', street1: '5 Collins Street', suburb: 'Melbourne', state: 'Victoria' });
    const byCode = await ctx.app.inject({ method: 'POST', url: '/api/account/addresses', headers: auth(AU), payload: { ...auAddress, street1: '5 Collins St', suburb: 'Melbourne', postcode: '3000', state: 'VIC', phone: '' } });
    expect(byCode.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/addresses', headers: auth(AU) })).json().addresses).toHaveLength(2);
  });

  it("limits Afterpay per market in its own currency (AFTERPAY_MAX_CENTS_AUD): the site's market settings say it and the server enforces it", async () => {
    const market = async (host: Record<string, string>) => (await ctx.app.inject({ method: 'GET', url: '/api/site/market', headers: host })).json() as { afterpayMaxCents: number };
    expect((await market(AU)).afterpayMaxCents).toBe(1000);
    expect((await market(NZ)).afterpayMaxCents).toBe(200_000);

    const au = await order(AU, AU_ADDRESS, { methodId: 'au-standard' });
    expect(au.priced!.grandTotal).toBeGreaterThan(1000);
    expect(au.priced!.afterpayAvailable).toBe(false);
    const refused = await post('/api/order/place', { ...au.request, payment: { methods: [{ methodCode: 'AFTERPAY', amount: au.priced!.amountOutstanding }] } }, AU);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: 'PaymentInstrumentTypeNotAccepted', message: 'Afterpay is available for orders up to $10.' });

    const nz = await order(NZ, NZ_ADDRESS, { methodId: 'standard' });
    expect(nz.priced!.afterpayAvailable).toBe(true);
    const taken = await post('/api/order/place', { ...nz.request, payment: { methods: [{ methodCode: 'AFTERPAY', amount: nz.priced!.amountOutstanding }] } }, NZ);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'actionRequired', actionData: { type: 'redirect' } });
  });

  it("tells an order's return date in its market's zone: Sydney time for an AU order, NZ time for an NZ one", async () => {
    // 12:30 UTC on 15 September 2026 is 10:30 pm that day in Sydney and 12:30 am on the 16th in Auckland
    const placedAt = '2026-09-15T12:30:00Z';
    const closedMessage = async (host: Record<string, string>, address: Record<string, string>, methodId: string) => {
      const { request } = await order(host, address, { methodId });
      const placed = await post('/api/order/place', request, host);
      expect(placed.statusCode).toBe(200);
      const number = placed.json().orderNumber as string;
      await ctx.db.execute(sql`update orders set created_at = ${placedAt}::timestamptz where number = ${number}`);
      const lookup = await post('/api/returns/lookup', { number, email: 'mia@example.com.au' }, host);
      expect(lookup.statusCode).toBe(409);
      return { number, message: lookup.json().message as string };
    };
    const au = await closedMessage(AU, AU_ADDRESS, 'au-standard');
    expect(au.message).toMatch(new RegExp(`^Order ${au.number} was placed on 15 September 2026, `));
    const nz = await closedMessage(NZ, NZ_ADDRESS, 'standard');
    expect(nz.message).toMatch(new RegExp(`^Order ${nz.number} was placed on 16 September 2026, `));
  });

  it("names a returnable order's market and currency, whichever site looks it up (the return form shows its dates in them)", async () => {
    const returnable = async (host: Record<string, string>, address: Record<string, string>, methodId: string, lookupHost: Record<string, string>) => {
      const { request } = await order(host, address, { methodId });
      const placed = await post('/api/order/place', request, host);
      expect(placed.statusCode).toBe(200);
      const lookup = await post('/api/returns/lookup', { number: placed.json().orderNumber, email: 'mia@example.com.au' }, lookupHost);
      expect(lookup.statusCode).toBe(200);
      return ReturnableOrder.parse(lookup.json());
    };
    expect(await returnable(AU, AU_ADDRESS, 'au-standard', NZ)).toMatchObject({ market: 'AU', currency: 'AUD' });
    expect(await returnable(NZ, NZ_ADDRESS, 'standard', AU)).toMatchObject({ market: 'NZ', currency: 'NZD' });
  });

  it('places a click and collect order at an Australian store on the AU site, with the store as an Australian address', async () => {
    const base = await order(AU, AU_ADDRESS, { methodId: 'au-standard' });
    const pickup = async (storeId: string) => {
      const cart = { ...base.request.cart, shipping: { type: 'STORE_PICKUP', clickCollectStoreId: storeId } };
      const info = (await post('/api/checkout/info', { cart }, AU)).json() as CheckoutInfoResponse;
      const amount = info.amountOutstanding ?? 1000;
      return post('/api/order/place', { ...base.request, cartId: `${base.request.cartId}-${storeId}`, cart, payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount, token: 'fake-valid-nonce' }] }, expectedPromotions: (info.promotions?.appliedPromotions ?? []).map((p) => ({ promotionId: p.id, versionId: p.versionId })) }, AU);
    };
    const placed = await pickup('SYD-PSM');
    expect(placed.statusCode).toBe(200);
    const { orderNumber, accessToken } = placed.json();
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}?token=${accessToken}`, headers: AU })).json();
    expect(view.shippingType).toBe('STORE_PICKUP');
    expect(view.pickupStoreName).toBe('Fernleaf Pitt Street');
    expect(view.shippingAddress).toMatchObject({ country: 'AU', state: 'NSW', postcode: '2000', suburb: 'Sydney' });
    // a New Zealand store is not offered on the Australian site
    const nzStore = await pickup('AKL-CBY');
    expect(nzStore.statusCode).toBe(409);
    expect(nzStore.json().error).toBe('ClickCollectUnavailable');
  });

  it('refuses an NZ gift card on an AUD order, and takes an AUD one', async () => {
    const nzCard = await order(AU, AU_ADDRESS, { methodId: 'au-standard', cards: [{ code: 'FERN-1000-0003', pin: '1111', amount: 1000 }] });
    // (the browser sends credits only after a balance check, which refuses it too)
    const placed = await post('/api/order/place', { ...nzCard.request }, AU);
    expect(placed.statusCode).toBe(422);
    expect(placed.json().error).toBe('VoucherCurrencyMismatch');
    const [card] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-1000-0003'`);
    expect(card!.balance).toBe(1000);

    const auCard = await order(AU, AU_ADDRESS, { methodId: 'au-standard', cards: [{ code: 'FERN-AU50-0101', pin: '2468', amount: 1000 }] });
    const ok = await post('/api/order/place', auCard.request, AU);
    expect(ok.statusCode).toBe(200);
    const [after] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-AU50-0101'`);
    expect(after!.balance).toBe(4000);
  });
});

describe('Afterpay limits per currency (configuration)', () => {
  it('reads AFTERPAY_MAX_CENTS_NZD and AFTERPAY_MAX_CENTS_AUD; AFTERPAY_MAX_CENTS is the NZD limit only', () => {
    expect(loadConfig({}, __dirname).checkout.afterpayMaxCents).toEqual({ NZD: 200_000, AUD: 200_000 });
    expect(loadConfig({ AFTERPAY_MAX_CENTS: '150000' }, __dirname).checkout.afterpayMaxCents).toEqual({ NZD: 150_000, AUD: 200_000 });
    expect(loadConfig({ AFTERPAY_MAX_CENTS: '150000', AFTERPAY_MAX_CENTS_NZD: '100000', AFTERPAY_MAX_CENTS_AUD: '300000' }, __dirname).checkout.afterpayMaxCents).toEqual({ NZD: 100_000, AUD: 300_000 });
    expect(() => loadConfig({ AFTERPAY_MAX_CENTS_AUD: '12.5' }, __dirname)).toThrow(/AFTERPAY_MAX_CENTS_AUD/);
    expect(marketsWith({ NZD: 100_000, AUD: 300_000 })).toMatchObject({ NZ: { afterpayMaxCents: 100_000 }, AU: { afterpayMaxCents: 300_000 } });
  });
});
