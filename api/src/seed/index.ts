import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { countProducts, queryRows, type Database } from '../db/index.js';
import { brands, categories, features, productCategories, productFeatures, productImages, products, variants } from '../db/schema.js';
import { generateCatalogue, type Catalogue } from './generate.js';

export { generateCatalogue, SEED_REFERENCE_DATE } from './generate.js';

const PARAM_LIMIT = 30_000;

async function insertBatched(db: Database, table: PgTable, rows: Record<string, unknown>[], columns: number): Promise<void> {
  const size = Math.max(1, Math.floor(PARAM_LIMIT / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/** Identity sequences continue after the explicit ids the seed wrote. */
async function syncSequences(db: Database): Promise<void> {
  for (const table of ['brands', 'categories', 'features', 'products', 'variants']) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`));
  }
}

export interface SeedResult {
  products: number;
  ms: number;
}

/** Writes a generated catalogue into an empty database, in one transaction. */
export async function insertCatalogue(db: Database, catalogue: Catalogue, onProgress?: (message: string) => void): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await insertBatched(t, brands, catalogue.brands, 3);
    await insertBatched(t, categories, catalogue.categories, 7);
    await insertBatched(t, features, catalogue.features, 3);
    onProgress?.(`products (${catalogue.products.length})`);
    await insertBatched(t, products, catalogue.products as unknown as Record<string, unknown>[], 30);
    onProgress?.(`product_categories (${catalogue.productCategories.length})`);
    await insertBatched(t, productCategories, catalogue.productCategories, 2);
    onProgress?.(`product_features (${catalogue.productFeatures.length})`);
    await insertBatched(t, productFeatures, catalogue.productFeatures, 2);
    onProgress?.(`variants (${catalogue.variants.length})`);
    await insertBatched(t, variants, catalogue.variants as unknown as Record<string, unknown>[], 6);
    onProgress?.(`product_images (${catalogue.images.length})`);
    await insertBatched(t, productImages, catalogue.images as unknown as Record<string, unknown>[], 6);
    await syncSequences(t);
  });
  // Planner statistics for the fresh tables (its own statement: PGlite has no autovacuum).
  await db.execute(sql`analyze`);
}

/** Seeds `products` generated products when the database has none. Returns null when it had data. */
export async function seedIfEmpty(db: Database, options: { products: number; seed?: number }): Promise<SeedResult | null> {
  const started = Date.now();
  if ((await countProducts(db)) > 0) return null;
  const [brandCount] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from brands`);
  if (Number(brandCount?.n ?? 0) > 0) return null; // catalogue data without products: leave it alone
  const catalogue = generateCatalogue(options);
  await insertCatalogue(db, catalogue);
  return { products: catalogue.products.length, ms: Date.now() - started };
}

/** Empties every catalogue table (used by the seed CLI's --reset). */
export async function truncateCatalogue(db: Database): Promise<void> {
  await db.execute(sql`truncate table product_images, variants, product_features, product_categories, products, features, categories, brands restart identity cascade`);
}
