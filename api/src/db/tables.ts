/**
 * Every table, for drizzle's typed client. Each feature keeps its tables in its own file
 * (`schema.ts` for the catalogue, `schema-<feature>.ts` for the others; drizzle-kit reads
 * `src/db/schema*.ts`) and adds its export here: one line per feature.
 */
import { schema as catalog } from './schema.js';

export const schema = { ...catalog };
