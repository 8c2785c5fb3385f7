import { BLOG_PAGE_SIZE, BlogListQuery, HomeContent, matchRoute, type Article, type BlogListResponse, type BlogPost, type BlogPostSummary, type BlogTag, type ContentImage } from '@store/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/index.js';
import { articles, blogPosts, contentPages } from '../db/schema-content.js';
import { BLOG_TAGS } from '../seed/content-data.js';
import { getStoreByPath } from '../stores/index.js';
import { CONTENT_IMAGE_H, CONTENT_IMAGE_W } from './images.js';

type PostRow = typeof blogPosts.$inferSelect;

const tagName = (slug: string) => BLOG_TAGS[slug] ?? slug.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function image(src: string, alt: string): ContentImage {
  return { src, width: CONTENT_IMAGE_W, height: CONTENT_IMAGE_H, alt };
}

function summary(row: Omit<PostRow, 'body'>): BlogPostSummary {
  return {
    path: row.path,
    title: row.title,
    description: row.description,
    author: row.author,
    tags: row.tags.map((slug) => ({ slug, name: tagName(slug) })),
    image: image(row.image, row.imageAlt),
    publishedAt: row.publishedAt.toISOString(),
  };
}

const SUMMARY_COLUMNS = {
  id: blogPosts.id,
  path: blogPosts.path,
  title: blogPosts.title,
  description: blogPosts.description,
  author: blogPosts.author,
  tags: blogPosts.tags,
  image: blogPosts.image,
  imageAlt: blogPosts.imageAlt,
  publishedAt: blogPosts.publishedAt,
};

/** Home page, articles and the blog, read from the content tables (seeded by seed/content.ts). */
export class ContentService {
  constructor(private readonly db: Database) {}

  /**
   * The home page of a market: the Australian site's own document (`home-au`, issue 14) when it is
   * published, else the New Zealand one (`home`).
   */
  async home(market: string = 'NZ'): Promise<HomeContent | null> {
    const keys = market === 'AU' ? ['home-au', 'home'] : ['home'];
    const rows = await this.db.select().from(contentPages).where(inArray(contentPages.key, keys));
    const row = keys.map((key) => rows.find((r) => r.key === key)).find(Boolean);
    if (!row) return null;
    const journal = await this.db.select(SUMMARY_COLUMNS).from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(3);
    return HomeContent.parse({ ...(row.data as object), journal: journal.map(summary) });
  }

  async article(path: string): Promise<Article | null> {
    const [row] = await this.db.select().from(articles).where(eq(articles.path, path)).limit(1);
    if (!row) return null;
    return {
      path: row.path,
      title: row.title,
      description: row.description,
      image: row.image ? image(row.image, row.imageAlt) : null,
      body: row.body,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Every tag with its post count, by name. */
  async tags(): Promise<BlogTag[]> {
    const rows = await queryRows<{ slug: string; n: number }>(this.db, sql`select t.slug, count(*)::int as n from blog_posts, unnest(blog_posts.tags) as t(slug) group by t.slug`);
    return rows.map((r) => ({ slug: r.slug, name: tagName(r.slug), count: Number(r.n) })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One page of posts (12), newest first, optionally with a tag. Unknown tag or a page past the end: notFound. */
  async blogList({ page = 1, tag }: { page?: number; tag?: string }): Promise<BlogListResponse | { notFound: 'tag' | 'page' }> {
    const tags = await this.tags();
    const current = tag ? tags.find((t) => t.slug === tag) : undefined;
    if (tag && !current) return { notFound: 'tag' };
    const where = tag ? sql`${tag} = any(${blogPosts.tags})` : undefined;
    const [totalRow] = await this.db.select({ n: count() }).from(blogPosts).where(where);
    const total = Number(totalRow?.n ?? 0);
    const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
    if (page > pageCount) return { notFound: 'page' };
    const rows = await this.db
      .select(SUMMARY_COLUMNS)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE);
    return { items: rows.map(summary), page, pageSize: BLOG_PAGE_SIZE, pageCount, total, tag: current ?? null, tags };
  }

  async blogPost(path: string): Promise<BlogPost | null> {
    const [row] = await this.db.select().from(blogPosts).where(eq(blogPosts.path, path)).limit(1);
    if (!row) return null;
    const related =
      row.tags.length === 0
        ? []
        : await this.db
            .select(SUMMARY_COLUMNS)
            .from(blogPosts)
            .where(and(ne(blogPosts.id, row.id), sql`${blogPosts.tags} && ${sql.param(row.tags)}::text[]`))
            .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
            .limit(3);
    return { ...summary(row), body: row.body, related: related.map(summary) };
  }

  /**
   * Whether a page of this remote exists (the edge answers 404 otherwise): articles, blog posts
   * and store pages by path; the journal list by its query (`search`, "?tag=&page=": an unknown
   * tag, a page past the end or a malformed page or tag does not exist, as the remote shows the
   * 404 page there); other paths of the remote ("/", "/stores") always exist.
   */
  async pageExists(pathname: string, search = ''): Promise<boolean> {
    const path = pathname.replace(/\/+$/, '');
    const rest = (prefix: string) => decodeURIComponent(path.slice(prefix.length + 2));
    try {
      if (path === '/blog') {
        const params = new URLSearchParams(search);
        const query = BlogListQuery.safeParse({ page: params.get('page') ?? undefined, tag: params.get('tag') ?? undefined });
        return query.success && !('notFound' in (await this.blogList(query.data)));
      }
      if (matchRoute('/articles/*', path)) return (await this.db.select({ id: articles.id }).from(articles).where(eq(articles.path, rest('articles'))).limit(1)).length > 0;
      if (matchRoute('/blog/*', path)) return (await this.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.path, rest('blog'))).limit(1)).length > 0;
      if (matchRoute('/stores/*', path)) return (await getStoreByPath(this.db, rest('stores'))) !== null;
    } catch {
      return false; // a malformed escape sequence
    }
    return true;
  }
}
