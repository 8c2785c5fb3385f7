/**
 * Issue 14: one deployment, two markets chosen by the request's host (au.localhost = AU, any other
 * host NZ). Listings, products and search in the market's currency; checkout and orders per market.
 */
import type { CheckoutInfoResponse, ListingResponse, Product } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db';
import { BACKENDS, createTestContext, plainProducts, signUpCustomer, type TestContext } from './helpers';

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

  it('lists stores and click and collect per country', async () => {
    const nz = (await get('/api/stores', NZ)).json();
    expect(nz.stores.length).toBeGreaterThan(0);
    expect(nz.stores.every((s: { address: { country: string } }) => s.address.country === 'NZ')).toBe(true);
    expect((await get('/api/stores', AU)).json().stores).toEqual([]);
    expect((await get('/api/checkout/pickup-stores', AU)).json().stores).toEqual([]);
    expect((await get('/api/checkout/pickup-stores', NZ)).json().stores.length).toBeGreaterThan(0);
    expect((await get(`/api/stores/${nz.stores[0].path}`, AU)).statusCode).toBe(404);
    const search = await get('/api/stores?q=2000', AU);
    expect(search.statusCode).toBe(404);
    expect(search.json().message).toContain('Australia');
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
    ctx = await createTestContext(backend, { products: 60 });
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
