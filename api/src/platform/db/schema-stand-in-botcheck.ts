/**
 * The bot-check stand-in's state (api/src/stand-ins/botcheck): the tokens already verified, so that
 * a token is accepted once whichever process verifies it. Rows older than the token lifetime are
 * deleted as new ones are written.
 */
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const botcheckUsedTokens = pgTable(
  'botcheck_used_tokens',
  {
    /** The token's signature (base64url HMAC): unique per token. */
    signature: text('signature').primaryKey(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('botcheck_used_tokens_used_idx').on(t.usedAt)],
);

export const schemaBotcheck = { botcheckUsedTokens };
