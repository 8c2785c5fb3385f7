import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../platform/db/index.js';
import { generateCatalogue, type Catalogue, type SeedProduct } from './generate.js';
import { seedNavigation } from '../store/site/navigation.js';
import { seedSiteContent } from './content.js';
import { seedCheckout } from './checkout.js';
import { seedMarkets } from './markets.js';

export { generateCatalogue, SEED_REFERENCE_DATE } from './generate.js';

/** Rows per INSERT ... SELECT FROM unnest(...) statement. */
const CHUNK = 10_000;

type ColumnSpec<T> = [column: string, pgType: string, value: (row: T) => unknown];

/**
 * Bulk insert with one array parameter per column (`insert ... select * from unnest($1::int[], ...)`):
 * a handful of parameters whatever the row count, the same SQL on PGlite and PostgreSQL.
 */
async function insertUnnest<T>(db: Database, table: string, columns: ColumnSpec<T>[], rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
    const arrays = sql.join(
      columns.map(([, type, value]) => sql`${sql.param(chunk.map(value))}::${sql.raw(type)}[]`),
      sql`, `,
    );
    await db.execute(sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${arrays})`);
  }
}

/** Products: like insertUnnest, but overlay_ids (text[] per row) travels joined with commas. */
async function insertProducts(db: Database, columns: ColumnSpec<SeedProduct>[], rows: SeedProduct[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
    const arrays = sql.join(
      columns.map(([, type, value]) => sql`${sql.param(chunk.map(value))}::${sql.raw(type)}[]`),
      sql`, `,
    );
    const select = sql.join(
      columns.map(([name], index) => (name === 'overlay_ids' ? sql.raw(`case when c${index} = '' then '{}'::text[] else string_to_array(c${index}, ',') end`) : sql.raw(`c${index}`))),
      sql`, `,
    );
    const aliases = sql.raw(columns.map((_, index) => `c${index}`).join(', '));
    await db.execute(sql`insert into products (${names}) select ${select} from unnest(${arrays}) as u(${aliases})`);
  }
}

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

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
export async function insertCatalogue(
  db: Database,
  catalogue: Catalogue,
  { onProgress, deferIndexes = catalogue.products.length > 5000 }: { onProgress?: (message: string) => void; deferIndexes?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Bulk loads are faster with the secondary indexes (GIN above all) built once at the end.
    const deferred = deferIndexes
      ? await queryRows<{ indexname: string; indexdef: string }>(
          t,
          sql`select i.indexname, i.indexdef from pg_indexes i
              where i.schemaname = current_schema()
                and i.tablename in ('products', 'product_categories', 'product_features', 'variants', 'product_images')
                and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
        )
      : [];
    for (const index of deferred) await t.execute(sql.raw(`drop index ${JSON.stringify(index.indexname)}`));
    await insertUnnest(t, 'brands', [['id', 'int', (r) => r.id], ['slug', 'text', (r) => r.slug], ['name', 'text', (r) => r.name]], catalogue.brands);
    await insertUnnest(
      t,
      'categories',
      [
        ['id', 'int', (r) => r.id],
        ['parent_id', 'int', (r) => r.parentId],
        ['slug', 'text', (r) => r.slug],
        ['path', 'text', (r) => r.path],
        ['name', 'text', (r) => r.name],
        ['position', 'int', (r) => r.position],
        ['kind', 'text', (r) => r.kind],
      ],
      catalogue.categories,
    );
    await insertUnnest(t, 'features', [['id', 'int', (r) => r.id], ['slug', 'text', (r) => r.slug], ['name', 'text', (r) => r.name]], catalogue.features);
    onProgress?.(`products (${catalogue.products.length})`);
    // overlay_ids is text[] per row: sent joined and split back (unnest would flatten a 2-D array).
    const productColumns: ColumnSpec<SeedProduct>[] = [
      ['id', 'int', (r) => r.id],
      ['path', 'text', (r) => r.path],
      ['name', 'text', (r) => r.name],
      ['brand_id', 'int', (r) => r.brandId],
      ['description', 'text', (r) => r.description],
      ['product_type', 'text', (r) => r.productType],
      ['price', 'int', (r) => r.price],
      ['erp_original_price', 'int', (r) => r.erpOriginalPrice],
      ['is_new', 'bool', (r) => r.isNew],
      ['state', 'text', (r) => r.state],
      ['available_from', 'timestamptz', (r) => isoOrNull(r.availableFrom)],
      ['functional_type', 'text', (r) => r.functionalType],
      ['stock_updated_at', 'timestamptz', (r) => r.stockUpdatedAt.toISOString()],
      ['colour_name', 'text', (r) => r.colourName],
      ['colour_hex', 'text', (r) => r.colourHex],
      ['canonical_category_id', 'int', (r) => r.canonicalCategoryId],
      ['page_title', 'text', (r) => r.pageTitle],
      ['erp_product_composite_code', 'text', (r) => r.erpProductCompositeCode],
      ['erp_product_parent_code', 'text', (r) => r.erpProductParentCode],
      ['erp_gender_code', 'text', (r) => r.erpGenderCode],
      ['erp_product_type', 'text', (r) => r.erpProductType],
      ['overlay_ids', 'text', (r) => r.overlayIds.join(',')],
      ['cart_qty_product_max', 'int', (r) => r.cartQtyProductMax],
      ['cart_qty_variant_max', 'int', (r) => r.cartQtyVariantMax],
      ['cart_qty_variant_min', 'int', (r) => r.cartQtyVariantMin],
      ['cart_qty_variant_multiple_of', 'int', (r) => r.cartQtyVariantMultipleOf],
      ['merch_rank', 'int', (r) => r.merchRank],
      ['created_at', 'timestamptz', (r) => r.createdAt.toISOString()],
      ['search_keywords', 'text', (r) => r.searchKeywords],
      ['challenge_question', 'text', (r) => r.challengeQuestion],
      ['challenge_answer', 'text', (r) => r.challengeAnswer],
    ];
    await insertProducts(t, productColumns, catalogue.products);
    onProgress?.(`product_categories (${catalogue.productCategories.length})`);
    await insertUnnest(t, 'product_categories', [['product_id', 'int', (r) => r.productId], ['category_id', 'int', (r) => r.categoryId]], catalogue.productCategories);
    onProgress?.(`product_features (${catalogue.productFeatures.length})`);
    await insertUnnest(t, 'product_features', [['product_id', 'int', (r) => r.productId], ['feature_id', 'int', (r) => r.featureId]], catalogue.productFeatures);
    onProgress?.(`variants (${catalogue.variants.length})`);
    await insertUnnest(
      t,
      'variants',
      [
        ['id', 'int', (r) => r.id],
        ['product_id', 'int', (r) => r.productId],
        ['code', 'text', (r) => r.code],
        ['label', 'text', (r) => r.label],
        ['position', 'int', (r) => r.position],
        ['qty', 'int', (r) => r.qty],
      ],
      catalogue.variants,
    );
    onProgress?.(`product_images (${catalogue.images.length})`);
    await insertUnnest(
      t,
      'product_images',
      [
        ['product_id', 'int', (r) => r.productId],
        ['position', 'int', (r) => r.position],
        ['src', 'text', (r) => r.src],
        ['width', 'int', (r) => r.width],
        ['height', 'int', (r) => r.height],
        ['alt', 'text', (r) => r.alt],
      ],
      catalogue.images,
    );
    if (deferred.length > 0) onProgress?.(`indexes (${deferred.length})`);
    for (const index of deferred) await t.execute(sql.raw(index.indexdef));
    await syncSequences(t);
  });
  // Planner statistics for the fresh tables (its own statement: PGlite has no autovacuum).
  await db.execute(sql`analyze`);
}

/** Seeds `products` generated products when the database has none. Returns null when it had data. */
export async function seedIfEmpty(db: Database, options: { products: number; seed?: number }): Promise<SeedResult | null> {
  const started = Date.now();
  // Any catalogue row (even brands without products) means "not empty": leave it alone.
  const [row] = await queryRows<{ any: boolean }>(db, sql`select exists (select 1 from products) or exists (select 1 from brands) as any`);
  if (row?.any) {
    await seedSiteContent(db);
    await seedNavigation(db);
    await seedCheckout(db);
    await seedMarkets(db);
    return null;
  }
  const catalogue = generateCatalogue(options);
  await insertCatalogue(db, catalogue);
  await seedSiteContent(db);
  await seedNavigation(db);
  await seedCheckout(db);
  await seedMarkets(db);
  return { products: catalogue.products.length, ms: Date.now() - started };
}

/** Empties every catalogue table (used by the seed CLI's --reset). */
export async function truncateCatalogue(db: Database): Promise<void> {
  await db.execute(sql`truncate table product_images, variants, product_features, product_categories, products, features, categories, brands restart identity cascade`);
}
