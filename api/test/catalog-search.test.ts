import { ListingResponse, ObjectsResponse, Product, type ProductTile } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { CatalogService } from '../src/store/catalog/service';
import { rowsOfBits } from '../src/store/catalog/bitset';
import { correctQuery, correctQueryInMemory, loadVocabulary, textMatches, tsQueryText, vocabularyOf } from '../src/store/catalog/listing';
import { parseTsQuery, type TextIndex } from '../src/store/catalog/text-index';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

/** Listing with facets and search, the challenge check and the bot check. */
describe.each(BACKENDS)('catalog listing, search and challenge on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 1000 });
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const listing = async (query: string) => {
    const res = await get(`/api/catalog/listing?${query}`);
    expect(res.statusCode).toBe(200);
    return ListingResponse.parse(res.json());
  };
  const all = async (query: string) => {
    const first = await listing(query);
    const items = [...first.items];
    for (let page = 2; page <= first.pageCount; page++) items.push(...(await listing(`${query}&page=${page}`)).items);
    return { first, items };
  };
  const products = async (ids: string[]) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/search/indexes/nz_products/objects', payload: { objectIds: ids } });
    expect(res.statusCode).toBe(200);
    return ObjectsResponse.parse(res.json()).data.results.map((p) => p!);
  };
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.db, query);

  describe('filters', () => {
    it('filters by colour, feature, category and price, each ANDed, options within a facet ORed', async () => {
      const base = await listing('category=bags');
      const colour = base.facets.colours[0]!;
      const filtered = await all(`category=bags&colours=${colour.value}`);
      expect(filtered.first.total).toBe(colour.count);
      expect(filtered.items.every((t) => t.colourName === colour.label)).toBe(true);

      const two = base.facets.colours.slice(0, 2);
      const either = await listing(`category=bags&colours=${two.map((c) => c.value).join(',')}`);
      expect(either.total).toBe(two[0]!.count + two[1]!.count);

      const feature = base.facets.features[0]!;
      const withFeature = await all(`category=bags&features=${feature.value}`);
      expect(withFeature.first.total).toBe(feature.count);
      const details = await products(withFeature.items.map((t) => t.id));
      expect(details.every((p) => p.features.some((f) => f.slug === feature.value))).toBe(true);

      const sub = base.facets.categories.find((c) => c.value === 'bags/backpacks')!;
      expect(sub).toBeDefined();
      const backpacks = await all('category=bags&categories=bags/backpacks');
      expect(backpacks.first.total).toBe(sub.count);
      const direct = await listing('category=bags/backpacks');
      expect(backpacks.first.total).toBe(direct.total);

      const price = await all('category=bags&minPrice=10000&maxPrice=20000&sort=price-asc');
      expect(price.items.length).toBeGreaterThan(0);
      expect(price.items.every((t) => t.price >= 10000 && t.price <= 20000)).toBe(true);
      expect(price.items.map((t) => t.price)).toEqual([...price.items.map((t) => t.price)].sort((a, b) => a - b));
    });

    it('counts facets over the other active filters (a facet ignores its own selection)', async () => {
      const base = await listing('category=bags');
      const colour = base.facets.colours[0]!.value;
      const feature = base.facets.features[0]!.value;
      const both = await listing(`category=bags&colours=${colour}&features=${feature}&minPrice=5000`);
      // The colour facet counts with the feature and price filters but not the colour filter.
      const withoutColour = await listing(`category=bags&features=${feature}&minPrice=5000`);
      expect(both.facets.colours).toEqual(withoutColour.facets.colours.map((o) => ({ ...o, selected: o.value === colour })));
      // The feature facet counts with the colour and price filters.
      const withoutFeature = await listing(`category=bags&colours=${colour}&minPrice=5000`);
      expect(both.facets.features).toEqual(withoutFeature.facets.features.map((o) => ({ ...o, selected: o.value === feature })));
      // The selected options' counts are what selecting only them gives.
      const selectedColour = both.facets.colours.find((o) => o.value === colour)!;
      expect(selectedColour.selected).toBe(true);
      expect(selectedColour.count).toBe(both.total);
      // Ground truth from SQL for the colour facet.
      const [truth] = await rows<{ n: number }>(sql`
        select count(distinct p.id)::int as n from products p
        join product_categories pc on pc.product_id = p.id
        join categories c on c.id = pc.category_id and (c.path = 'bags' or c.path like 'bags/%')
        join product_features pf on pf.product_id = p.id
        join features f on f.id = pf.feature_id and f.slug = ${feature}
        where p.price >= 5000 and lower(replace(p.colour_name, ' ', '-')) = ${colour}`);
      expect(both.total).toBe(Number(truth!.n));
      // The price range ignores the price filter itself.
      expect(both.facets.price).toEqual((await listing(`category=bags&colours=${colour}&features=${feature}`)).facets.price);
    });

    it('lists category options below the page category, with descendants rolled up', async () => {
      const travel = await listing('category=travel');
      const values = travel.facets.categories.map((c) => c.value);
      expect(values).not.toContain('travel');
      expect(values).toContain('travel/luggage');
      const luggage = travel.facets.categories.find((c) => c.value === 'travel/luggage')!;
      expect(luggage.count).toBe((await listing('category=travel/luggage')).total);
      const counts = travel.facets.categories.map((c) => c.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('shows brand pages, optionally within a category', async () => {
      const [brand] = await rows<{ slug: string; name: string; n: number }>(
        sql`select b.slug, b.name, count(*)::int as n from brands b join products p on p.brand_id = b.id group by b.slug, b.name order by n desc, b.slug limit 1`,
      );
      const page = await all(`brand=${brand!.slug}`);
      expect(page.first.brand?.name).toBe(brand!.name);
      expect(page.first.category).toBeNull();
      expect(page.first.total).toBe(Number(brand!.n));
      expect(page.items.every((t) => t.brand === brand!.name)).toBe(true);
      const inBags = await listing(`brand=${brand!.slug}&category=bags`);
      expect(inBags.total).toBeLessThanOrEqual(page.first.total);
      expect(inBags.category?.path).toBe('bags');
      const res = await get(`/api/catalog/brands/${brand!.slug}`);
      expect(res.json()).toMatchObject({ brand: { slug: brand!.slug, name: brand!.name }, productCount: Number(brand!.n) });
      expect((await get('/api/catalog/listing?brand=no-such-brand')).statusCode).toBe(404);
    });
  });

  it('the in-memory facet index answers exactly like the SQL statement', async () => {
    const sqlOnly = new CatalogService(ctx.db, { inMemoryFacets: false });
    const requests = [
      { category: 'bags', page: 1 },
      { category: 'travel', colours: ['black', 'navy'], features: ['water-resistant'], sort: 'price-desc', page: 1 },
      { q: 'leather', minPrice: 5000, maxPrice: 30000, sort: 'newest', page: 1 },
      { q: 'backpack', categories: ['bags/laptop-bags'], page: 1 },
      { brand: 'harbourline', category: 'accessories', sort: 'name-asc', page: 1 },
      { categories: ['sale', 'new-arrivals'], colours: ['tan'], page: 2 },
      { q: 'lether backpak', page: 1 },
      { q: 'black leather backpack', page: 1 },
      { q: 'travel bag', colours: ['black'], page: 2 },
      { q: 'leather bag or wallet', features: ['water-resistant'], page: 1 },
      { q: 'canvas water spinner', page: 1 },
      // Every sort, over many rows (the sort order walked) and few rows (the passing rows put in order), first and later pages.
      ...['', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest', 'oldest'].flatMap((sort) => [
        { sort, page: 2 },
        { q: 'bag', sort, page: 1 },
        { q: 'leather', colours: ['black'], features: ['water-resistant'], minPrice: 5000, maxPrice: 40000, sort, page: 1 },
        { colours: ['tan'], features: ['water-resistant'], sort, page: 1 },
        { category: 'bags', colours: ['navy'], sort, page: 1 },
      ]),
    ];
    for (const request of requests) {
      const [a, b] = [await ctx.app.catalog.listing(request, { cache: false }), await sqlOnly.listing(request, { cache: false })];
      expect('json' in a && 'json' in b).toBe(true);
      expect(JSON.parse((a as { json: string }).json)).toEqual(JSON.parse((b as { json: string }).json));
    }
  });

  it('the in-memory text index matches and ranks exactly like search_vector @@ query and ts_rank', async () => {
    const memory = await (ctx.app.catalog as unknown as { memoryIndex(): Promise<{ facets: { rowById: Map<number, number> }; text: TextIndex | null } | null> }).memoryIndex();
    expect(memory?.text).toBeTruthy();
    const idOfRow = new Map([...memory!.facets.rowById].map(([id, row]) => [row, id]));
    const texts = ['leather', 'backpacks', 'black leather backpack', 'travel bag', 'wallet or tote', 'leather bag or wallet', 'card holder', 'the', 'zzqxv'];
    for (const text of texts) {
      for (const mode of ['and', 'or'] as const) {
        const query = parseTsQuery(await tsQueryText(ctx.db, text, mode));
        expect(query).not.toBeNull();
        const match = memory!.text!.match(query!);
        const expected = await textMatches(ctx.db, text, mode);
        const got = new Map<number, number>();
        for (const row of rowsOfBits(match.bits)) got.set(idOfRow.get(row)!, match.rank(row));
        expect(match.count).toBe(got.size);
        // ranks are float4: compare as float4
        expect(got).toEqual(new Map([...expected].map(([id, rank]) => [id, Math.fround(rank)])));
      }
    }
    expect(parseTsQuery(await tsQueryText(ctx.db, '"leather backpack"', 'and'))).toBeNull(); // phrase: Postgres answers
    expect(parseTsQuery(await tsQueryText(ctx.db, 'leather -backpack', 'and'))).toBeNull(); // negation: Postgres answers
  });

  it('answers a product asked for the first time without a query once warm, and reads it again after its stock changes', async () => {
    let selects = 0;
    const counted = new Proxy(ctx.db, {
      get: (target, key, receiver) => {
        if (key === 'select') selects += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const warm = new CatalogService(counted);
    await warm.warm();
    const reference = new CatalogService(ctx.db, { inMemoryFacets: false });
    const page = await listing('category=bags&sort=price-desc&page=2');
    for (const tile of page.items.slice(0, 5)) {
      selects = 0;
      const json = await warm.productByPath(`/products/${tile.path}`);
      expect({ path: tile.path, selects }).toEqual({ path: tile.path, selects: 0 });
      expect(json).toBe(await reference.productByPath(tile.path));
    }
    const [first] = page.items;
    warm.stockChanged([Number(first!.id)]);
    selects = 0;
    expect(await warm.productByPath(first!.path)).toBe(await reference.productByPath(first!.path));
    expect(selects).toBeGreaterThan(0);
  });

  it('corrects typos in memory exactly like pg_trgm', async () => {
    const list = await loadVocabulary(ctx.db);
    const vocabulary = vocabularyOf(list);
    for (const text of ['lether backpak', 'walet', 'travle bag', 'crosbody clutsh', 'sunglases pasport', 'blak', 'xyzzy', 'leathr', 'bakcpack', 'lugage']) {
      expect(correctQueryInMemory(text, vocabulary)).toBe(await correctQuery(ctx.db, text, vocabulary.set, list));
    }
  });

  describe('full-text search', () => {
    const names = (items: ProductTile[]) => items.map((t) => t.name.toLowerCase());

    it("'backpacks' finds backpacks first (stemming)", async () => {
      const result = await listing('q=backpacks');
      expect(result.total).toBeGreaterThan(3);
      expect(result.correctedQuery).toBeNull();
      const top = await products(result.items.slice(0, 5).map((t) => t.id));
      expect(top.every((p) => p.productType === 'backpack')).toBe(true);
      const [truth] = await rows<{ n: number }>(sql`select count(*)::int as n from products where product_type = 'backpack'`);
      expect(result.total).toBeGreaterThanOrEqual(Number(truth!.n));
    });

    it("'black leather backpack' ranks black leather backpacks first, then the other matches", async () => {
      const result = await all('q=black%20leather%20backpack');
      const [truth] = await rows<{ n: number }>(
        sql`select count(*)::int as n from products where colour_name = 'Black' and name ilike '%leather%' and name ilike '%backpack%'`,
      );
      const blackLeatherBackpacks = Number(truth!.n);
      expect(blackLeatherBackpacks).toBeGreaterThan(0);
      // Every product with all three words (stemmed) somewhere in its text is listed, once.
      const [matching] = await rows<{ n: number }>(sql`select count(*)::int as n from products where search_vector @@ websearch_to_tsquery('english', 'black leather backpack')`);
      expect(result.first.total).toBe(Number(matching!.n));
      expect(new Set(result.items.map((t) => t.id)).size).toBe(result.first.total);
      // The black leather backpacks come first, all of them, before any other match.
      const isOne = (tile: ProductTile) => tile.colourName === 'Black' && /leather.*backpack/.test(tile.name.toLowerCase());
      const firstOther = result.items.findIndex((tile) => !isOne(tile));
      expect(firstOther === -1 ? result.items.length : firstOther).toBe(blackLeatherBackpacks);
      expect(result.items.slice(blackLeatherBackpacks).some(isOne)).toBe(false);
    });

    it('says when no product has every word and the products shown have any of them', async () => {
      expect((await listing('q=black%20leather%20backpack')).anyWord).toBeUndefined();
      // no product is both a backpack and a suitcase
      const wider = await listing('q=backpack%20suitcase');
      expect(wider.anyWord).toBe(true);
      expect(wider.total).toBeGreaterThan(0);
      expect(wider.correctedQuery).toBeNull();
    });

    it("'lether backpak' is corrected to find backpacks (typo tolerance)", async () => {
      const result = await listing('q=lether%20backpak');
      expect(result.correctedQuery).toBe('leather backpack');
      expect(result.total).toBeGreaterThan(0);
      expect(names(result.items.slice(0, 5)).every((n) => n.includes('backpack'))).toBe(true);
      expect(result.total).toBe((await listing('q=leather%20backpack')).total);
    });

    it('combines text with filters, sort and facets', async () => {
      const text = await listing('q=leather');
      const colour = text.facets.colours[0]!;
      const result = await all(`q=leather&colours=${colour.value}&sort=price-desc`);
      expect(result.first.total).toBe(colour.count);
      expect(result.items.map((t) => t.price)).toEqual([...result.items.map((t) => t.price)].sort((a, b) => b - a));
      expect(result.first.q).toBe('leather');
    });

    it('finds nothing for gibberish without failing', async () => {
      const result = await listing('q=zzqxv');
      expect(result.total).toBe(0);
      expect(result.items).toEqual([]);
      expect(result.facets.price).toBeNull();
    });
  });

  describe('malformed input', () => {
    it.each([
      ['page=abc&category=bags', 'page'],
      ['page=0&category=bags', 'page'],
      ['minPrice=-5', 'minPrice'],
      ['minPrice=12.5', 'minPrice'],
      ['maxPrice=cheap', 'maxPrice'],
      ['minPrice=5000&maxPrice=100', 'maxPrice'],
      ['colours=Black!', 'colours'],
      ['features=,', 'features'],
      ['brand=Bad%20Brand', 'brand'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ])('%s -> 400 naming %s', async (query, field) => {
      const res = await get(`/api/catalog/listing?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toBe('ValidationError');
      expect(body.issues.map((i: { field: string }) => i.field)).toContain(field);
    });

    it('ignores an unknown sort and unknown facet values', async () => {
      const plain = await listing('category=bags');
      const odd = await listing('category=bags&sort=cheapest&colours=not-a-colour');
      expect(odd.sort).toBe('');
      expect(odd.items.map((t) => t.id)).toEqual(plain.items.map((t) => t.id));
    });
  });

  describe('objects endpoint', () => {
    it('answers in request order with null for missing ids, duplicates kept', async () => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/search/indexes/nz_products/objects', payload: { objectIds: ['12', '999999', '3', 'x', '12'] } });
      const results = ObjectsResponse.parse(res.json()).data.results;
      expect(results.map((p) => p?.id ?? null)).toEqual(['12', null, '3', null, '12']);
    });
  });

  describe('challenge question', () => {
    const token = async (action: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/botcheck/recaptcha/token', payload: { siteKey: 'local-botcheck-site-key', action } });
      expect(res.statusCode).toBe(200);
      return res.json().token as string;
    };
    const verify = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/product/challenge/verify', payload });

    it('publishes the question (never the answer) for limited products only', async () => {
      const [limited, plain] = await products(['7', '8']);
      expect(limited!.challengeQuestion).toMatch(/Limited release/);
      expect(JSON.stringify(limited)).not.toMatch(/challengeAnswer/);
      expect(plain!.challengeQuestion).toBeNull();
      Product.parse(limited);
    });

    it('accepts the right answer and rejects a wrong one with ChallengeFailed', async () => {
      const [limited] = await products(['7']);
      const ok = await verify({ productId: '7', answer: `  ${limited!.colourName.toUpperCase()} `, recaptchaToken: await token('product_challenge_verify') });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ success: true });
      const wrong = await verify({ productId: '7', answer: 'purple polka dots', recaptchaToken: await token('product_challenge_verify') });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error).toBe('ChallengeFailed');
    });

    it('requires a valid, unused bot-check token for the right action', async () => {
      const [limited] = await products(['7']);
      const answer = limited!.colourName;
      const wrongAction = await verify({ productId: '7', answer, recaptchaToken: await token('payment_voucher_balance_fetch') });
      expect(wrongAction.statusCode).toBe(403);
      const forged = await verify({ productId: '7', answer, recaptchaToken: 'abc.def' });
      expect(forged.statusCode).toBe(403);
      const once = await token('product_challenge_verify');
      expect((await verify({ productId: '7', answer, recaptchaToken: once })).statusCode).toBe(200);
      const replay = await verify({ productId: '7', answer, recaptchaToken: once });
      expect(replay.statusCode).toBe(403);
      expect(replay.json().message).toMatch(/timeout-or-duplicate/);
    });

    it('validates the body (answer required, max 100)', async () => {
      const empty = await verify({ productId: '7', answer: '   ', recaptchaToken: 'x' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues[0].field).toBe('answer');
      const long = await verify({ productId: '7', answer: 'a'.repeat(101), recaptchaToken: 'x' });
      expect(long.statusCode).toBe(400);
      expect(long.json().issues[0].field).toBe('answer');
      const noToken = await verify({ productId: '7', answer: 'Black' });
      expect(noToken.json().issues[0].field).toBe('recaptchaToken');
    });

    it('speaks the siteverify protocol (form-encoded)', async () => {
      const t = await token('product_challenge_verify');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/botcheck/siteverify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ secret: 'local-botcheck-secret', response: t }).toString(),
      });
      expect(res.json()).toMatchObject({ success: true, action: 'product_challenge_verify' });
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/botcheck/siteverify', payload: { secret: 'wrong', response: t } });
      expect(bad.json()).toEqual({ success: false, 'error-codes': ['invalid-input-secret'] });
      const script = await get('/api/botcheck/recaptcha/api.js?render=local-botcheck-site-key');
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.body).toContain('grecaptcha');
    });
  });
});
