/**
 * Every table, for drizzle's typed client. Each feature keeps its tables in its own file
 * (`schema.ts` for the catalogue, `schema-<feature>.ts` for the others; drizzle-kit reads
 * `src/db/schema*.ts`) and adds its export here: one line per feature.
 */
import { schema as catalog } from './schema.js';
import { schema as content } from './schema-content.js';
import { schema as stores } from './schema-stores.js';
import { schemaCheckout as checkout } from './schema-checkout.js';
import { schemaAccount as account } from './schema-account.js';
import { schemaSite as site } from './schema-site.js';
import { schemaReturns as returns } from './schema-returns.js';
import { schemaLimits as limits } from './schema-limits.js';
import { schemaPayments as payments } from './schema-payments.js';

export const schema = { ...catalog, ...content, ...stores, ...checkout, ...site, ...account, ...returns, ...limits, ...payments };
