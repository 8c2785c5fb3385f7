/**
 * Rate limits shared by every API process (api/src/platform/http/rate-limit.ts): one row per bucket and
 * client, a fixed window counted by one conditional upsert. `items` holds the distinct values a
 * bucket counts instead of requests (promo codes tried), at most the limit's worth.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    /** `<bucket>:<client address>` */
    key: text('key').primaryKey(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
    items: text('items').array(),
  },
  (t) => [index('rate_limits_window_end_idx').on(t.windowEnd)],
);

export const schemaLimits = { rateLimits };
