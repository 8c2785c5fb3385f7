import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Site navigation: top-level items (level 0), their children (level 1,
 * with a dropdown column `location` and an optional image) and grandchildren (level 2).
 */
export const siteNavItems = pgTable(
  'site_nav_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => siteNavItems.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    href: text('href').notNull(),
    imageSrc: text('image_src'),
    imageAlt: text('image_alt'),
    location: text('location'),
  },
  (t) => [
    index('site_nav_items_parent_idx').on(t.parentId, t.position),
    check('site_nav_items_level_check', sql`${t.level} between 0 and 2`),
    check('site_nav_items_location_check', sql`${t.location} is null or ${t.location} in ('left', 'right')`),
  ],
);

/** Marketing (Klaviyo-style) e-mail subscriptions: one row per lower-cased address. */
export const marketingSubscriptions = pgTable('marketing_subscriptions', {
  email: text('email').primaryKey(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The local error-report collector (what a hosted error tracker would receive). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    level: text('level').notNull(),
    message: text('message').notNull(),
    code: text('code'),
    source: text('source'),
    location: text('location').notNull(),
    release: text('release'),
    /** The remote and version the report is attributed to (a script URL of its stack, else its source). */
    remote: text('remote'),
    remoteVersion: text('remote_version'),
    userAgent: text('user_agent'),
    report: jsonb('report').notNull(),
  },
  (t) => [index('error_reports_received_idx').on(t.receivedAt), index('error_reports_remote_idx').on(t.remote, t.remoteVersion, t.receivedAt)],
);

/**
 * Each remote version's health per minute, as every API process saw it: server renders and their
 * failures (the edge), and browser error reports attributed to it (the collector). The canary
 * judge compares a canary's rates with the stable version's.
 */
export const releaseHealth = pgTable(
  'release_health',
  {
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    renders: integer('renders').notNull().default(0),
    renderFailures: integer('render_failures').notNull().default(0),
    errorReports: integer('error_reports').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.minute] }), index('release_health_minute_idx').on(t.minute)],
);

/**
 * Which API process judges canaries: one row, taken by a conditional upsert (free, or already
 * this holder's) for a lease; no transaction is held while the judge acts.
 */
export const releaseJudge = pgTable('release_judge', {
  id: integer('id').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Field Web Vitals, aggregated: per minute, remote, version and metric, how many page views fell
 * into each of the metric's fixed buckets (api/src/edge/web-vitals.ts). No single measurement is
 * stored; a percentile is read off the buckets.
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    metric: text('metric').notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.metric, t.minute, t.bucket] }), index('web_vitals_minute_idx').on(t.minute)],
);

export const schemaSite = { siteNavItems, marketingSubscriptions, errorReports, releaseHealth, releaseJudge, webVitals };
