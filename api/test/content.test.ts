import { Article, BlogListResponse, BlogPost, HomeContent } from '@store/contracts';
import { SEED_BLOG_POSTS } from '../src/seed/content-data';
import { seedContent } from '../src/seed/content';
import { BACKENDS, createTestContext, type TestContext } from './helpers';

describe.each(BACKENDS)('content API on %s', (backend) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 20 });
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('serves the home page: slider with autoplay settings, categories, rails and the latest posts', async () => {
    const res = await get('/api/content/home');
    expect(res.statusCode).toBe(200);
    const home = HomeContent.parse(res.json());
    expect(home.slider).toMatchObject({ autoplay: true, pauseOnHover: true });
    expect(home.slider.slides.length).toBeGreaterThanOrEqual(3);
    expect(home.slider.slides[0]!.image.src).toMatch(/^images\/content\/.+\.jpg$/);
    expect(home.rails.map((r) => r.category)).toContain('new-arrivals');
    expect(home.journal).toHaveLength(3);
    expect(home.journal[0]!.publishedAt >= home.journal[1]!.publishedAt).toBe(true);
  });

  it('serves articles by path, nested ones included, and 404s unknown ones', async () => {
    for (const path of ['terms-of-use', 'privacy-policy', 'shipping', 'returns', 'warranty', 'help-centre', 'help-centre/gift-cards']) {
      const res = await get(`/api/content/articles/by-path?path=${encodeURIComponent(path)}`);
      expect(res.statusCode).toBe(200);
      const article = Article.parse(res.json());
      expect(article.path).toBe(path);
      expect(article.body.length).toBeGreaterThan(2);
    }
    const missing = await get('/api/content/articles/by-path?path=no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'NotFound', message: 'Page not found: /articles/no-such-page' });
    const bad = await get('/api/content/articles/by-path?path=..%2Fetc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('path');
  });

  it('lists the blog 12 per page, newest first, with tag counts', async () => {
    const first = BlogListResponse.parse((await get('/api/content/blog')).json());
    expect(first.total).toBe(SEED_BLOG_POSTS.length);
    expect(first.items).toHaveLength(12);
    expect(first.pageCount).toBe(Math.ceil(SEED_BLOG_POSTS.length / 12));
    const second = BlogListResponse.parse((await get('/api/content/blog?page=2')).json());
    expect(second.items).toHaveLength(SEED_BLOG_POSTS.length - 12);
    const all = [...first.items, ...second.items].map((p) => p.publishedAt);
    expect([...all].sort().reverse()).toEqual(all);
    expect(new Set([...first.items, ...second.items].map((p) => p.path)).size).toBe(SEED_BLOG_POSTS.length);
    const travel = first.tags.find((t) => t.slug === 'travel');
    expect(travel?.count).toBe(SEED_BLOG_POSTS.filter((p) => p.tags.includes('travel')).length);
  });

  it('filters the blog by tag and rejects bad or unknown pages', async () => {
    const care = BlogListResponse.parse((await get('/api/content/blog?tag=care')).json());
    expect(care.tag).toMatchObject({ slug: 'care', name: 'Care and repair' });
    expect(care.items.length).toBe(SEED_BLOG_POSTS.filter((p) => p.tags.includes('care')).length);
    expect(care.items.every((p) => p.tags.some((t) => t.slug === 'care'))).toBe(true);
    expect((await get('/api/content/blog?tag=care&page=2')).statusCode).toBe(404);
    expect((await get('/api/content/blog?tag=astrology')).statusCode).toBe(404);
    const bad = await get('/api/content/blog?page=zero');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ field: 'page', reason: expect.any(String) });
  });

  it('serves a post with related posts sharing a tag', async () => {
    const res = await get('/api/content/blog/by-path?path=ski-trip-packing');
    expect(res.statusCode).toBe(200);
    const post = BlogPost.parse(res.json());
    expect(post.title).toBe('Packing for a ski week in Queenstown');
    expect(post.related.length).toBeGreaterThan(0);
    expect(post.related.every((r) => r.path !== post.path && r.tags.some((t) => post.tags.some((pt) => pt.slug === t.slug)))).toBe(true);
    expect((await get('/api/content/blog/by-path?path=not-a-post')).statusCode).toBe(404);
  });

  it('knows which content pages exist (the edge answers 404 for the others)', async () => {
    const content = ctx.app.content;
    expect(await content.pageExists('/articles/help-centre/gift-cards')).toBe(true);
    expect(await content.pageExists('/articles/nope')).toBe(false);
    expect(await content.pageExists('/blog/wanaka-weekend')).toBe(true);
    expect(await content.pageExists('/blog/nope')).toBe(false);
    expect(await content.pageExists('/stores/queenstown')).toBe(true);
    expect(await content.pageExists('/stores/atlantis')).toBe(false);
    expect(await content.pageExists('/blog')).toBe(true);
    // the journal list by its query, as the remote decides (404 page for an unknown tag or page)
    expect(await content.pageExists('/blog', '?tag=care')).toBe(true);
    expect(await content.pageExists('/blog', '?page=2')).toBe(true);
    expect(await content.pageExists('/blog/', '?tag=care&utm_source=news')).toBe(true);
    expect(await content.pageExists('/blog', '?tag=astrology')).toBe(false);
    expect(await content.pageExists('/blog', '?page=99')).toBe(false);
    expect(await content.pageExists('/blog', '?page=abc')).toBe(false);
    expect(await content.pageExists('/blog', '?tag=care&page=2')).toBe(false); // 4 care posts: one page
    expect(await content.pageExists('/blog', '?tag=Bad%20Tag')).toBe(false);
    expect(await content.pageExists('/')).toBe(true);
    expect(await content.pageExists('/blog/%E0%A4%A')).toBe(false);
  });

  it('draws the content images', async () => {
    const res = await get('/cdn-cgi/image/width=300,format=png/images/content/blog-ski.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/cdn-cgi/image/width=300/images/content/not-drawn.jpg')).statusCode).toBe(404);
  });

  it('documents the content and stores endpoints in the OpenAPI document', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/content/home', '/api/content/articles/by-path', '/api/content/blog', '/api/content/blog/by-path', '/api/stores', '/api/stores/localities', '/api/stores/{path}']),
    );
  });

  it('seeding again changes nothing', async () => {
    expect(await seedContent(ctx.db)).toEqual({ articles: 0, posts: 0, pages: 0 });
  });
});
