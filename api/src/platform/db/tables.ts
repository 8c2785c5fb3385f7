/**
 * Every table, for drizzle's typed client. Each feature keeps its tables in its own file
 * (`schema.ts` for the catalogue, `schema-<feature>.ts` for the others, `schema-stand-in-<name>.ts`
 * for a local stand-in's state; drizzle-kit reads `src/platform/db/schema*.ts`) and adds its export
 * here: one line per feature.
 */
import { schema as catalog } from './schema.js';
import { schema as content } from './schema-content.js';
import { schema as stores } from './schema-stores.js';
import { schemaCheckout as checkout } from './schema-checkout.js';
import { schemaAccount as account } from './schema-account.js';
import { schemaSite as site } from './schema-site.js';
import { schemaReturns as returns } from './schema-returns.js';
import { schemaLimits as limits } from './schema-limits.js';
import { schemaUserPool as userPool } from './schema-stand-in-user-pool.js';
import { schemaPayments as payments } from './schema-stand-in-payments.js';
import { schemaBotcheck as botcheck } from './schema-stand-in-botcheck.js';
import { schemaMail as mail } from './schema-mail.js';

export const schema = { ...catalog, ...content, ...stores, ...checkout, ...site, ...userPool, ...account, ...returns, ...limits, ...payments, ...botcheck, ...mail };
