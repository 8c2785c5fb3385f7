import { and, eq, sql } from 'drizzle-orm';
import { contentImagePath, CONTENT_IMAGE_H, CONTENT_IMAGE_W } from '../store/content/images.js';
import { queryRows, type Database } from '../platform/db/index.js';
import { articles, blogPosts, contentPages } from '../platform/db/schema-content.js';
import { SEED_ARTICLES, SEED_AU_ARTICLES, SEED_BLOG_POSTS, SEED_HOME, SHIPPING_SEEDED_AT, type SeedArticle, type SeedBlogPost } from './content-data.js';
import { seedStores } from './stores.js';

const image = (name: string, alt: string) => ({ src: contentImagePath(name), width: CONTENT_IMAGE_W, height: CONTENT_IMAGE_H, alt });

/** A seed article as its row (with its markets). */
export const articleRow = (a: SeedArticle) => ({
  path: a.path,
  markets: [...a.markets],
  title: a.title,
  description: a.description,
  image: a.image ? contentImagePath(a.image) : null,
  imageAlt: a.imageAlt,
  body: a.body,
  updatedAt: new Date(a.updatedAt),
});

/** A seed journal post as its row (with its markets). */
export const blogPostRow = (b: SeedBlogPost) => ({
  path: b.path,
  markets: [...b.markets],
  title: b.title,
  description: b.description,
  author: b.author,
  tags: b.tags,
  image: contentImagePath(b.image),
  imageAlt: b.imageAlt,
  body: b.body,
  publishedAt: new Date(b.publishedAt),
});

/** The stored home page document (HomeContent without the journal, which is read live). */
export function seedHomeDocument() {
  return {
    title: SEED_HOME.title,
    description: SEED_HOME.description,
    slider: {
      autoplay: SEED_HOME.slider.autoplay,
      intervalMs: SEED_HOME.slider.intervalMs,
      pauseOnHover: SEED_HOME.slider.pauseOnHover,
      slides: SEED_HOME.slider.slides.map(({ image: name, alt, ...slide }) => ({ ...slide, image: image(name, alt) })),
    },
    featuredCategories: SEED_HOME.featuredCategories.map(({ image: src, alt, ...c }) => ({ ...c, image: { src, width: 1800, height: 1200, alt } })),
    rails: SEED_HOME.rails,
  };
}

/** Articles, blog posts and the home page, each only when its table is empty. */
export async function seedContent(db: Database): Promise<{ articles: number; posts: number; pages: number }> {
  const [counts] = await queryRows<{ articles: number; posts: number; pages: number }>(
    db,
    sql`select (select count(*)::int from articles) as articles, (select count(*)::int from blog_posts) as posts, (select count(*)::int from content_pages) as pages`,
  );
  const result = { articles: 0, posts: 0, pages: 0 };
  const at = new Date('2026-11-15T11:00:00.000Z');
  if (Number(counts?.articles ?? 0) === 0) {
    await db.insert(articles).values(
      SEED_ARTICLES.map(articleRow),
    );
    result.articles = SEED_ARTICLES.length;
  }
  // delivery pages as first seeded (their own figures, since changed at checkout) name checkout's figures now
  for (const [path, seededAt] of Object.entries(SHIPPING_SEEDED_AT)) {
    const now = [...SEED_ARTICLES, ...SEED_AU_ARTICLES].find((a) => a.path === path)!;
    await db
      .update(articles)
      .set({ body: now.body, updatedAt: new Date(now.updatedAt) })
      .where(and(eq(articles.path, path), eq(articles.updatedAt, new Date(seededAt))));
  }
  if (Number(counts?.posts ?? 0) === 0) {
    await db.insert(blogPosts).values(
      SEED_BLOG_POSTS.map(blogPostRow),
    );
    result.posts = SEED_BLOG_POSTS.length;
  }
  if (Number(counts?.pages ?? 0) === 0) {
    await db.insert(contentPages).values({ key: 'home', data: seedHomeDocument(), updatedAt: at });
    result.pages = 1;
  }
  return result;
}

/**
 * Content engineer's seeding (stores, localities, store stock, articles, blog, home page): each
 * part fills only what is missing, so it runs on every start after the catalogue seed.
 */
export async function seedSiteContent(db: Database): Promise<void> {
  await seedStores(db);
  await seedContent(db);
}
