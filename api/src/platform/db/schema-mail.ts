/**
 * The e-mail outbox: every message the store sends is a row here first, written in the same
 * transaction as what it tells of (an order placed), so a message is never lost and never blocks
 * the order. The sender (api/src/store/mail/sender.ts) claims due rows with FOR UPDATE SKIP LOCKED
 * under a lease (`locked_until`), so several processes never send one row twice, and retries a
 * failed delivery with backoff (`next_attempt_at`) until `max attempts`, then marks it `failed`
 * (kept for an operator to retry).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the message is, e.g. order_confirmation (the template it is written from at send time). */
    kind: text('kind').notNull(),
    /** The record it is about (an order number). */
    ref: text('ref').notNull(),
    recipient: text('recipient').notNull(),
    /** Extra data the template needs (JSON). */
    data: jsonb('data').notNull().default({}),
    /** pending, sent, failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A sender holds the row until then; after it (the sender died) another may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** The SMTP server's message id once accepted. */
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // one message of a kind per record: enqueuing it again is a no-op
    uniqueIndex('mail_outbox_kind_ref_idx').on(t.kind, t.ref),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const schemaMail = { mailOutbox };
