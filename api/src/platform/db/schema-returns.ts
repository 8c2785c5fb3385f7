/**
 * Return requests (guest /return/guest/create and the account's /account/orders/{n}/return/{t}).
 * `items` is [{ variantId, productId, name, variantLabel, qty, reason, refund }]; the quantities
 * of all returns of an order never exceed what the order holds (checked under a lock of the order
 * row in api/src/store/returns/service.ts).
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const returnRequests = pgTable(
  'return_requests',
  {
    number: text('number').primaryKey(),
    orderNumber: text('order_number').notNull(),
    /** Lower-case e-mail of the order. */
    email: text('email').notNull(),
    /** requested, received, refunded, rejected */
    status: text('status').notNull().default('requested'),
    items: jsonb('items').notNull(),
    comment: text('comment').notNull().default(''),
    /** Cents. */
    refundEstimate: integer('refund_estimate').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('return_requests_order_idx').on(t.orderNumber)],
);

export const schemaReturns = { returnRequests };
