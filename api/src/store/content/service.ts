import { BLOG_PAGE_SIZE, BlogListQuery, HomeContent, matchRoute, type Article, type BlogListResponse, type BlogPost, type BlogPostSummary, type BlogTag, type ContentBlock, type ContentImage } from '@store/contracts';
import { isMarketId, MARKETS, type MarketId } from '@store/contracts/market';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { articles, blogPosts, contentPages } from '../../platform/db/schema-content.js';
import { BLOG_TAGS } from './blog-tags.js';
import { getStoreByPath } from '../stores/index.js';
import { CONTENT_IMAGE_H, CONTENT_IMAGE_W } from './images.js';
import { deliveryFigures, fillDeliveryFigures, hasDeliveryFigures } from './delivery-figures.js';

type PostRow = typeof blogPosts.$inferSelect;

const tagName = (slug: string) => (Object.hasOwn(BLOG_TAGS, slug) ? BLOG_TAGS[slug] : undefined) ?? slug.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

function image(src: string, alt: string): ContentImage {
  return { src, width: CONTENT_IMAGE_W, height: CONTENT_IMAGE_H, alt };
}

function summary(row: Omit<PostRow, 'body' | 'markets'>): BlogPostSummary {
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

/** A market's id as the content tables store it (an unknown one reads as New Zealand's). */
const marketIdOf = (market: string): MarketId => (isMarketId(market) ? market : 'NZ');

/** The market's documents only (the `markets` column: {NZ}, {AU} or both). */
const inMarket = (column: typeof articles.markets | typeof blogPosts.markets, market: MarketId): SQL => sql`${market} = any(${column})`;

/**
 * Each market's customer-service and legal pages by kind (help centre, delivery, warranty,
 * returns, terms, privacy: the market settings' links), for `marketLinks`.
 */
const marketPages = (market: MarketId): string[] => {
  const m = MARKETS[market];
  return [m.customerService.supportUrl, m.customerService.supportDelivery, m.customerService.supportWarranty, m.customerService.supportReturns, m.legal.termsUrl, m.legal.privacyUrl];
};

/** Home page, articles and the blog, read from the content tables (seeded by seed/content.ts). */
export class ContentService {
  constructor(private readonly db: Database) {}

  /**
   * The home page of a market: the Australian site's own document (`home-au`) when it is
   * published, else the New Zealand one (`home`).
   */
  async home(market: string = 'NZ'): Promise<HomeContent | null> {
    const keys = market === 'AU' ? ['home-au', 'home'] : ['home'];
    const rows = await this.db.select().from(contentPages).where(inArray(contentPages.key, keys));
    const row = keys.map((key) => rows.find((r) => r.key === key)).find(Boolean);
    if (!row) return null;
    const journal = await this.db
      .select(SUMMARY_COLUMNS)
      .from(blogPosts)
      .where(inMarket(blogPosts.markets, marketIdOf(market)))
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(3);
    return HomeContent.parse({ ...(row.data as object), journal: journal.map(summary) });
  }

  /** An article of the market (another market's article is null: not found on this site). */
  async article(path: string, market: string): Promise<Article | null> {
    const id = marketIdOf(market);
    const [row] = await this.db
      .select()
      .from(articles)
      .where(and(eq(articles.path, path), inMarket(articles.markets, id)))
      .limit(1);
    if (!row) return null;
    return {
      path: row.path,
      title: row.title,
      description: row.description,
      image: row.image ? image(row.image, row.imageAlt) : null,
      // delivery prices and times as checkout charges them (delivery-figures.ts)
      body: await this.marketLinks(hasDeliveryFigures(row.body) ? fillDeliveryFigures(row.body, await deliveryFigures(this.db)) : row.body, id),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /**
   * A document's links as the market's site should have them: a link to another market's
   * customer-service or legal page (e.g. a market-neutral post's "Our warranty and repairs",
   * /articles/warranty) that this market does not have goes to this market's page of the same kind
   * (/articles/warranty-australia on the Australian site). Every other link is left as written.
   */
  private async marketLinks(body: ContentBlock[], market: MarketId): Promise<ContentBlock[]> {
    const ours = marketPages(market);
    const theirs = (Object.keys(MARKETS) as MarketId[]).filter((m) => m !== market).map(marketPages);
    const counterpart = (href: string): string | undefined => {
      for (const pages of theirs) {
        const kind = pages.indexOf(href);
        if (kind >= 0 && ours[kind] !== href) return ours[kind];
      }
      return undefined;
    };
    const candidates = [...new Set(body.flatMap((b) => (b.type === 'link' && counterpart(b.href) ? [b.href] : [])))];
    if (candidates.length === 0) return body;
    const paths = candidates.map((href) => href.slice('/articles/'.length));
    const present = new Set(
      (await this.db.select({ path: articles.path }).from(articles).where(and(inArray(articles.path, paths), inMarket(articles.markets, market)))).map((r) => `/articles/${r.path}`),
    );
    return body.map((b) => (b.type === 'link' && candidates.includes(b.href) && !present.has(b.href) ? { ...b, href: counterpart(b.href)! } : b));
  }

  /** Every tag of the market's posts with its post count, by name. */
  async tags(market: string): Promise<BlogTag[]> {
    const rows = await queryRows<{ slug: string; n: number }>(
      this.db,
      sql`select t.slug, count(*)::int as n from blog_posts, unnest(blog_posts.tags) as t(slug) where ${marketIdOf(market)} = any(blog_posts.markets) group by t.slug`,
    );
    return rows.map((r) => ({ slug: r.slug, name: tagName(r.slug), count: Number(r.n) })).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * One page of the market's posts (12), newest first, optionally with a tag. Unknown tag (or one
   * only other markets' posts have) or a page past the end: notFound.
   */
  async blogList({ page = 1, tag }: { page?: number; tag?: string }, market: string): Promise<BlogListResponse | { notFound: 'tag' | 'page' }> {
    const tags = await this.tags(market);
    const current = tag ? tags.find((t) => t.slug === tag) : undefined;
    if (tag && !current) return { notFound: 'tag' };
    const ofMarket = inMarket(blogPosts.markets, marketIdOf(market));
    const where = tag ? and(ofMarket, sql`${tag} = any(${blogPosts.tags})`) : ofMarket;
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

  /** A post of the market with up to 3 related posts of the market (another market's post is null). */
  async blogPost(path: string, market: string): Promise<BlogPost | null> {
    const id = marketIdOf(market);
    const [row] = await this.db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.path, path), inMarket(blogPosts.markets, id)))
      .limit(1);
    if (!row) return null;
    const related =
      row.tags.length === 0
        ? []
        : await this.db
            .select(SUMMARY_COLUMNS)
            .from(blogPosts)
            .where(and(ne(blogPosts.id, row.id), inMarket(blogPosts.markets, id), sql`${blogPosts.tags} && ${sql.param(row.tags)}::text[]`))
            .orderBy(desc(blogPosts.publishedAt), asc(blogPosts.id))
            .limit(3);
    return { ...summary(row), body: await this.marketLinks(row.body, id), related: related.map(summary) };
  }

  /**
   * Whether a page of this remote exists on the market's site (the edge answers 404 otherwise):
   * articles and blog posts of the market, and store pages of its country, by path; the journal
   * list by its query (`search`, "?tag=&page=": an unknown tag, a page past the end or a malformed
   * page or tag does not exist, as the remote shows the 404 page there); other paths of the remote
   * ("/", "/stores") always exist.
   */
  async pageExists(pathname: string, search = '', market = 'NZ'): Promise<boolean> {
    const id = marketIdOf(market);
    const path = pathname.replace(/\/+$/, '');
    const rest = (prefix: string) => decodeURIComponent(path.slice(prefix.length + 2));
    const exists = async (table: typeof articles | typeof blogPosts, docPath: string) =>
      (await this.db.select({ id: table.id }).from(table).where(and(eq(table.path, docPath), inMarket(table.markets, id))).limit(1)).length > 0;
    try {
      if (path === '/blog') {
        const params = new URLSearchParams(search);
        const query = BlogListQuery.safeParse({ page: params.get('page') ?? undefined, tag: params.get('tag') ?? undefined });
        return query.success && !('notFound' in (await this.blogList(query.data, id)));
      }
      if (matchRoute('/articles/*', path)) return await exists(articles, rest('articles'));
      if (matchRoute('/blog/*', path)) return await exists(blogPosts, rest('blog'));
      if (matchRoute('/stores/*', path)) return (await getStoreByPath(this.db, rest('stores')))?.address.country === MARKETS[id].country;
    } catch {
      return false; // a malformed escape sequence
    }
    return true;
  }
}
