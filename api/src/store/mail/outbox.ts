/**
 * Writing to the e-mail outbox (table mail_outbox): a message is a row, written in the transaction
 * (or the statement) that changes what it tells of, so placing an order and its confirmation are
 * committed together or not at all. A second enqueue of the same kind for the same record is a
 * no-op (unique kind and ref).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import type { MailKind } from './templates.js';

/**
 * A statement that enqueues `kind` for each order number the CTE `from` returns (its columns
 * `number` and `email`); append it to a `with` of the statement that places or cancels orders.
 */
export function enqueueFromCte(kind: MailKind, from: string): SQL {
  return sql`insert into mail_outbox (kind, ref, recipient) select ${kind}, number, email from ${sql.identifier(from)} on conflict (kind, ref) do nothing`;
}

/** Enqueues `kind` for the order, in `db` (the caller's transaction). */
export async function enqueueOrderMail(db: Database, kind: MailKind, orderNumber: string): Promise<void> {
  await db.execute(sql`insert into mail_outbox (kind, ref, recipient) select ${kind}, number, email from orders where number = ${orderNumber} on conflict (kind, ref) do nothing`);
}

/**
 * A message written by its sender (subject and text as given; the HTML is the text's paragraphs,
 * escaped), enqueued under `ref`: e.g. the local user pool's codes. A statement to run in the
 * caller's transaction.
 */
export function enqueueWritten(ref: string | SQL, recipient: string, subject: string, text: string): SQL {
  return sql`insert into mail_outbox (kind, ref, recipient, data) values ('written', ${ref}, ${recipient}, ${JSON.stringify({ subject, text })}::jsonb) on conflict (kind, ref) do nothing`;
}
