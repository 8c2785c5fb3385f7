import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A block of rich content (articles, blog posts): paragraphs, headings, lists and links. Stored
 * as JSON; the contract (@store/contracts ContentBlock) describes it.
 */
export type ContentBlockRow =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'link'; text: string; href: string };

/** Editable pages keyed by name (the home page: hero, slider, featured categories). */
export const contentPages = pgTable('content_pages', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The markets a content document belongs to: {NZ}, {AU}, or both when it is
 * market-neutral. A document is listed and opened only on its markets' sites (another market's
 * document is 404 there).
 */
const contentMarkets = () => text('markets').array().notNull().default(sql`'{NZ,AU}'::text[]`);

/** Articles at /articles/{path}, e.g. terms-of-use, shipping, help-centre. */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Site image path drawn by the API (images/content/<name>.jpg), or null. */
    image: text('image'),
    imageAlt: text('image_alt').notNull().default(''),
    body: jsonb('body').$type<ContentBlockRow[]>().notNull(),
    /** The markets whose site shows it: {NZ}, {AU} or {NZ,AU}. */
    markets: contentMarkets(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('articles_path_idx').on(t.path)],
);

/** Blog posts at /blog/{path}, listed newest first, filterable by tag. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull(),
    /** Tag slugs, e.g. {travel,care-guides}. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Site image path drawn by the API, e.g. images/content/blog/packing-light.jpg */
    image: text('image').notNull(),
    imageAlt: text('image_alt').notNull().default(''),
    body: jsonb('body').$type<ContentBlockRow[]>().notNull(),
    /** The markets whose journal lists it: {NZ}, {AU} or {NZ,AU}. */
    markets: contentMarkets(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('blog_posts_path_idx').on(t.path), index('blog_posts_published_idx').on(t.publishedAt, t.id), index('blog_posts_tags_idx').using('gin', t.tags)],
);

export const schema = { contentPages, articles, blogPosts };
