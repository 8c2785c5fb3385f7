/**
 * Content per market: every article and journal post belongs to the NZ site,
 * the AU site or both (`markets`). Another market's document is 404, lists (journal, tags, related
 * posts, the home page's latest posts) are the market's, and a market-neutral document's link to
 * another market's customer-service page goes to this market's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Article, BlogListResponse, BlogPost, CheckoutInfoResponse, HomeContent, type ContentBlock } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { AU_HELP_CENTRE_SEEDED_AT, SEED_ARTICLES, SEED_AU_ARTICLES, SEED_AU_BLOG_POSTS, SEED_BLOG_POSTS, SHIPPING_SEEDED_AT } from '../src/seed/content-data';
import { seedContent } from '../src/seed/content';
import { seedMarkets } from '../src/seed/markets';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

const HOSTS = { NZ: { host: 'localhost:8080' }, AU: { host: 'au.localhost:8080' } } as const;
type Market = keyof typeof HOSTS;

const ALL_ARTICLES = [...SEED_ARTICLES, ...SEED_AU_ARTICLES];
const ALL_POSTS = [...SEED_BLOG_POSTS, ...SEED_AU_BLOG_POSTS];
const postsOf = (market: Market) => ALL_POSTS.filter((p) => p.markets.includes(market));
const articlesOf = (market: Market) => ALL_ARTICLES.filter((a) => a.markets.includes(market));

describe.each(BACKENDS)('content per market on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 20 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, market: Market) => ctx.app.inject({ method: 'GET', url, headers: HOSTS[market] });
  const article = (p: string, market: Market) => get(`/api/content/articles/by-path?path=${encodeURIComponent(p)}`, market);
  const post = (p: string, market: Market) => get(`/api/content/blog/by-path?path=${encodeURIComponent(p)}`, market);
  const journal = async (market: Market) => {
    const items = [];
    for (let page = 1; ; page++) {
      const list = BlogListResponse.parse((await get(`/api/content/blog?page=${page}`, market)).json());
      items.push(...list.items);
      if (page >= list.pageCount) return { items, tags: list.tags, total: list.total };
    }
  };

  it('seeds every document with its markets: NZ-only, AU-only and market-neutral ones', () => {
    const of = (docs: { path: string; markets: readonly string[] }[], markets: string) => docs.filter((d) => d.markets.join() === markets).map((d) => d.path);
    expect(of(ALL_ARTICLES, 'NZ')).toEqual(['shipping', 'returns', 'warranty', 'help-centre', 'help-centre/gift-cards', 'terms-of-use', 'privacy-policy']);
    expect(of(ALL_ARTICLES, 'AU')).toEqual(['returns-australia', 'help-centre-australia', 'help-centre-australia/gift-cards', 'warranty-australia', 'terms-of-use-australia', 'privacy-policy-australia']);
    expect(of(ALL_ARTICLES, 'NZ,AU').sort()).toEqual(['care/leather', 'shipping-australia']);
    expect(of(ALL_POSTS, 'AU')).toEqual(['christmas-gift-guide-australia']);
    expect(of(ALL_POSTS, 'NZ')).toEqual(expect.arrayContaining(['great-walks-day-pack', 'ferry-to-waiheke', 'christmas-gift-guide', 'wanaka-weekend']));
    expect(of(ALL_POSTS, 'NZ,AU')).toEqual(expect.arrayContaining(['packing-cubes-explained', 'carry-on-only-two-weeks', 'why-we-use-recycled-nylon']));
  });

  it("answers another market's article as 404, like an unknown one, and the market's own and neutral ones", async () => {
    for (const p of ['help-centre/gift-cards', 'shipping', 'returns', 'help-centre', 'terms-of-use']) {
      const res = await article(p, 'AU');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NotFound', message: `Page not found: /articles/${p}` });
      expect(String(res.headers.vary)).toMatch(/host/i);
      expect((await article(p, 'NZ')).statusCode).toBe(200);
    }
    for (const p of ['returns-australia', 'help-centre-australia', 'help-centre-australia/gift-cards', 'terms-of-use-australia']) {
      expect((await article(p, 'NZ')).statusCode).toBe(404);
      expect((await article(p, 'AU')).statusCode).toBe(200);
    }
    for (const p of ['care/leather', 'shipping-australia']) {
      for (const market of ['NZ', 'AU'] as const) expect((await article(p, market)).statusCode).toBe(200);
    }
    const ok = await article('care/leather', 'AU');
    expect(String(ok.headers.vary)).toMatch(/host/i);
  });

  it('gives the AU site its own gift-card article in AUD, linked from its help centre', async () => {
    const giftCards = Article.parse((await article('help-centre-australia/gift-cards', 'AU')).json());
    const text = JSON.stringify(giftCards.body);
    expect(text).toContain('Australian dollars');
    expect(text).toContain('Australian stores');
    expect(text).not.toMatch(/New Zealand stores\. They|\b0800\b/);
    const help = Article.parse((await article('help-centre-australia', 'AU')).json());
    expect(help.body).toContainEqual({ type: 'link', text: 'Using and checking gift cards in Australia', href: '/articles/help-centre-australia/gift-cards' });
  });

  it("lists only the market's posts in the journal, with the market's tag counts", async () => {
    for (const market of ['NZ', 'AU'] as const) {
      const { items, tags, total } = await journal(market);
      const expected = postsOf(market);
      expect(total).toBe(expected.length);
      expect(items.map((p) => p.path).sort()).toEqual(expected.map((p) => p.path).sort());
      for (const tag of tags) expect(tag.count).toBe(expected.filter((p) => p.tags.includes(tag.slug)).length);
    }
    const au = await journal('AU');
    expect(au.items.map((p) => p.path)).not.toContain('ferry-to-waiheke');
    expect(au.items.map((p) => p.path)).toContain('christmas-gift-guide-australia');
    const nz = await journal('NZ');
    expect(nz.total).toBe(SEED_BLOG_POSTS.length); // the NZ journal is as before
    expect(nz.items.map((p) => p.path)).not.toContain('christmas-gift-guide-australia');
    // a tag only NZ posts have is not a tag of the AU journal (404, as an unknown tag)
    expect(postsOf('AU').some((p) => p.tags.includes('outdoors'))).toBe(false);
    expect((await get('/api/content/blog?tag=outdoors', 'AU')).statusCode).toBe(404);
    expect((await get('/api/content/blog?tag=outdoors', 'NZ')).statusCode).toBe(200);
    const gifts = BlogListResponse.parse((await get('/api/content/blog?tag=gifts', 'AU')).json());
    expect(gifts.items.map((p) => p.path)).toEqual(postsOf('AU').filter((p) => p.tags.includes('gifts')).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((p) => p.path));
  });

  it("answers another market's post as 404; related posts and the home page's latest posts are the market's", async () => {
    const nzOnly = await post('ferry-to-waiheke', 'AU');
    expect(nzOnly.statusCode).toBe(404);
    expect(nzOnly.json()).toEqual({ error: 'NotFound', message: 'Page not found: /blog/ferry-to-waiheke' });
    expect((await post('ferry-to-waiheke', 'NZ')).statusCode).toBe(200);
    expect((await post('christmas-gift-guide-australia', 'NZ')).statusCode).toBe(404);
    expect((await post('christmas-gift-guide', 'AU')).statusCode).toBe(404);
    const auPaths = new Set(postsOf('AU').map((p) => p.path));
    const nzPaths = new Set(postsOf('NZ').map((p) => p.path));
    for (const p of postsOf('AU')) {
      const answer = BlogPost.parse((await post(p.path, 'AU')).json());
      expect(answer.related.every((r) => auPaths.has(r.path))).toBe(true);
    }
    // packing cubes (market-neutral) shares tags with NZ-only posts: on the AU site none are related
    const cubes = BlogPost.parse((await post('packing-cubes-explained', 'AU')).json());
    expect(cubes.related.length).toBeGreaterThan(0);
    const cubesNz = BlogPost.parse((await post('packing-cubes-explained', 'NZ')).json());
    expect(cubesNz.related.every((r) => nzPaths.has(r.path))).toBe(true);
    for (const market of ['NZ', 'AU'] as const) {
      const home = HomeContent.parse((await get('/api/content/home', market)).json());
      const expected = postsOf(market)
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
        .slice(0, 3)
        .map((p) => p.path);
      expect(home.journal.map((p) => p.path)).toEqual(expected);
    }
  });

  it("links every document only to pages of its site: a neutral post's warranty link is the market's", async () => {
    const repairAu = BlogPost.parse((await post('luggage-repair-or-replace', 'AU')).json());
    expect(repairAu.body).toContainEqual({ type: 'link', text: 'Our warranty and repairs', href: '/articles/warranty-australia' });
    const repairNz = BlogPost.parse((await post('luggage-repair-or-replace', 'NZ')).json());
    expect(repairNz.body).toContainEqual({ type: 'link', text: 'Our warranty and repairs', href: '/articles/warranty' });
    // the NZ shipping article links the AU delivery page, which NZ has too: left as written
    const shippingNz = Article.parse((await article('shipping', 'NZ')).json());
    expect(shippingNz.body).toContainEqual({ type: 'link', text: 'Shipping within Australia', href: '/articles/shipping-australia' });
    for (const market of ['NZ', 'AU'] as const) {
      const bodies: [string, ContentBlock[]][] = [];
      for (const a of articlesOf(market)) bodies.push([`/articles/${a.path}`, Article.parse((await article(a.path, market)).json()).body]);
      for (const p of postsOf(market)) bodies.push([`/blog/${p.path}`, BlogPost.parse((await post(p.path, market)).json()).body]);
      for (const [page, body] of bodies) {
        for (const block of body) {
          if (block.type !== 'link' || !/^\/(articles|blog)\//.test(block.href)) continue;
          const target = block.href.startsWith('/articles/') ? await article(block.href.slice('/articles/'.length), market) : await post(block.href.slice('/blog/'.length), market);
          expect([market, page, block.href, target.statusCode]).toEqual([market, page, block.href, 200]);
        }
      }
    }
  });

  it('quotes on the delivery pages the delivery prices, times and free-delivery amount that checkout charges', async () => {
    // a product sold one at a time, in stock
    const [item] = await queryRows<{ productId: string; variantId: string; price: number }>(
      ctx.db,
      sql`select p.id::text as "productId", min(v.id)::text as "variantId", p.price from products p join variants v on v.product_id = p.id
          where p.state = 'current' and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
          group by p.id, p.price order by p.id limit 1`,
    );
    expect(item).toBeDefined();
    await ctx.db.execute(sql`update variants set qty = greatest(qty, 20) where id = ${Number(item!.variantId)}`);
    const pages = { NZ: ['shipping'], AU: ['shipping-australia'] } as const;
    for (const market of ['NZ', 'AU'] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/checkout/info', headers: HOSTS[market], payload: { cart: { items: [{ productId: item!.productId, variantId: item!.variantId, qty: 1 }] }, availableCreditBalances: [] } });
      expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
      const priced = CheckoutInfoResponse.parse(res.json());
      expect(priced.shippingMethods.length).toBeGreaterThanOrEqual(2);
      const prefix = market === 'AU' ? 'A$' : '$';
      for (const path of pages[market]) {
        const body = Article.parse((await article(path, market)).json()).body;
        const text = JSON.stringify(body);
        expect(text).not.toContain('{{');
        const lists = JSON.stringify(body.filter((b) => b.type === 'list'));
        const quoted = [...lists.matchAll(/A?\$\d+(?:\.\d\d)?/g)].map((m) => m[0]);
        for (const m of priced.shippingMethods) {
          expect(text).toContain(`${m.label}: ${prefix}${(m.price / 100).toFixed(2)}. ${m.description}`);
        }
        // every delivery amount the page names is one checkout uses (an option's price or the free-delivery amount)
        const known = [...priced.shippingMethods.map((m) => `${prefix}${(m.price / 100).toFixed(2)}`), `${prefix}150`];
        expect(quoted.filter((q) => q.startsWith(prefix) && !known.includes(q))).toEqual([]);
      }
    }
  });

  it('gives a delivery page seeded with its own written prices the figures from checkout, unless an editor changed it', async () => {
    const oldBody = [{ type: 'list', items: ['Standard courier: $8.95, free on orders of $150 or more.', 'Rural delivery: an extra $5.00.'] }];
    await ctx.db.execute(sql`update articles set body = ${JSON.stringify(oldBody)}::jsonb, updated_at = ${SHIPPING_SEEDED_AT.shipping!}::timestamptz where path = 'shipping'`);
    await seedContent(ctx.db);
    const upgraded = Article.parse((await article('shipping', 'NZ')).json());
    expect(JSON.stringify(upgraded.body)).toContain('Standard delivery: $9.95.');
    expect(JSON.stringify(upgraded.body)).not.toContain('$8.95');
    // an edited one (another date) is kept
    await ctx.db.execute(sql`update articles set body = ${JSON.stringify(oldBody)}::jsonb, updated_at = '2026-11-30T00:00:00Z' where path = 'shipping'`);
    await seedContent(ctx.db);
    expect(Article.parse((await article('shipping', 'NZ')).json()).body).toEqual(oldBody);
    const seeded = SEED_ARTICLES.find((a) => a.path === 'shipping')!;
    await ctx.db.execute(sql`update articles set body = ${JSON.stringify(seeded.body)}::jsonb, updated_at = ${seeded.updatedAt}::timestamptz where path = 'shipping'`);
  });

  it("tells the edge which content pages exist on each market's site", async () => {
    const content = ctx.app.content;
    expect(await content.pageExists('/articles/help-centre/gift-cards', '', 'AU')).toBe(false);
    expect(await content.pageExists('/articles/help-centre/gift-cards', '', 'NZ')).toBe(true);
    expect(await content.pageExists('/articles/help-centre-australia/gift-cards', '', 'AU')).toBe(true);
    expect(await content.pageExists('/articles/help-centre-australia/gift-cards', '', 'NZ')).toBe(false);
    expect(await content.pageExists('/articles/care/leather', '', 'AU')).toBe(true);
    expect(await content.pageExists('/blog/ferry-to-waiheke', '', 'AU')).toBe(false);
    expect(await content.pageExists('/blog/ferry-to-waiheke/', '', 'NZ')).toBe(true);
    expect(await content.pageExists('/blog/christmas-gift-guide-australia', '', 'AU')).toBe(true);
    expect(await content.pageExists('/blog', '?tag=outdoors', 'AU')).toBe(false);
    expect(await content.pageExists('/blog', '?tag=gifts', 'AU')).toBe(true);
    expect(await content.pageExists('/blog', '?page=2', 'AU')).toBe(postsOf('AU').length > 12);
    // store pages are per country too
    expect(await content.pageExists('/stores/queenstown', '', 'AU')).toBe(false);
    expect(await content.pageExists('/stores/queenstown', '', 'NZ')).toBe(true);
  });

  it('marks the documents of a database seeded before the markets column as the seed does (migration 0013)', async () => {
    const migration = fs.readFileSync(path.join(__dirname, '../drizzle/0013_content_markets.sql'), 'utf8');
    const updates = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(3);
    await ctx.db.transaction(async (tx) => {
      // as the column's default left them, before the migration's updates
      await tx.execute(sql`update articles set markets = '{NZ,AU}'`);
      await tx.execute(sql`update blog_posts set markets = '{NZ,AU}'`);
      for (const statement of updates) await tx.execute(sql.raw(statement));
      const rows = await queryRows<{ path: string; markets: string[]; kind: string }>(
        tx as never,
        sql`select path, markets, 'article' as kind from articles union all select path, markets, 'post' as kind from blog_posts`,
      );
      const stored = (kind: string, p: string) => rows.find((r) => r.kind === kind && r.path === p)?.markets;
      // every document seeded before the column (the AU post and gift-card article came with it)
      for (const a of ALL_ARTICLES.filter((a) => a.path !== 'help-centre-australia/gift-cards')) expect([a.path, stored('article', a.path)]).toEqual([a.path, [...a.markets]]);
      for (const p of SEED_BLOG_POSTS) expect([p.path, stored('post', p.path)]).toEqual([p.path, [...p.markets]]);
      tx.rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Error && /rollback/i.test(error.message))) throw error;
    });
    expect((await article('help-centre/gift-cards', 'AU')).statusCode).toBe(404); // rolled back
  });

  it('links the gift-card article from an AU help centre seeded before it, unless an editor changed it', async () => {
    const before = SEED_AU_ARTICLES.find((a) => a.path === 'help-centre-australia')!;
    const oldBody = before.body.filter((b) => !(b.type === 'link' && b.href === '/articles/help-centre-australia/gift-cards'));
    await ctx.db.execute(sql`update articles set body = ${JSON.stringify(oldBody)}::jsonb, updated_at = ${AU_HELP_CENTRE_SEEDED_AT}::timestamptz where path = 'help-centre-australia'`);
    await seedMarkets(ctx.db);
    const upgraded = Article.parse((await article('help-centre-australia', 'AU')).json());
    expect(upgraded.body).toEqual(before.body);
    expect(upgraded.updatedAt).toBe(before.updatedAt);
    // an edited one (another date) is kept
    await ctx.db.execute(sql`update articles set body = ${JSON.stringify(oldBody)}::jsonb, updated_at = '2026-11-30T00:00:00Z' where path = 'help-centre-australia'`);
    await seedMarkets(ctx.db);
    expect(Article.parse((await article('help-centre-australia', 'AU')).json()).body).toEqual(oldBody);
    await seedMarkets(ctx.db); // idempotent: the AU post and article are not added twice
    const [count] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from blog_posts where path = 'christmas-gift-guide-australia'`);
    expect(Number(count?.n)).toBe(1);
  });
});
