import { sql } from 'drizzle-orm';
import { type Database } from '../../platform/db/index.js';
import { marketingSubscriptions } from '../../platform/db/schema-site.js';

/**
 * Stores a marketing subscription (the local stand-in for Klaviyo's list subscribe). Idempotent per
 * e-mail (case-insensitive): a second request for the same address changes nothing.
 */
export async function subscribe(db: Database, email: string, source: string): Promise<'SUBSCRIBED' | 'ALREADY_SUBSCRIBED'> {
  const normalised = email.trim().toLowerCase();
  const inserted = await db
    .insert(marketingSubscriptions)
    .values({ email: normalised, source, createdAt: sql`now()` })
    .onConflictDoNothing({ target: marketingSubscriptions.email })
    .returning({ email: marketingSubscriptions.email });
  return inserted.length > 0 ? 'SUBSCRIBED' : 'ALREADY_SUBSCRIBED';
}
