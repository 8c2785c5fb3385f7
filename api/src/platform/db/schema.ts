import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  check,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Postgres full-text vector (read-only here: it is a generated column). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

/** Category tree; `path` is the slash-joined slugs from the root, e.g. travel/luggage/carry-on. */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    slug: text('slug').notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** 'category' (product type tree) or 'collection' (new-arrivals, sale). */
    kind: text('kind').notNull().default('category'),
  },
  (t) => [uniqueIndex('categories_path_idx').on(t.path), index('categories_parent_idx').on(t.parentId)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    description: text('description').notNull(),
    /** Silhouette / merchandising type: backpack, tote, suitcase, wallet, ... */
    productType: text('product_type').notNull(),
    /** Cents, GST-inclusive. */
    price: integer('price').notNull(),
    /** Cents, GST-inclusive; equals price unless discounted. */
    erpOriginalPrice: integer('erp_original_price').notNull(),
    isNew: boolean('is_new').notNull().default(false),
    state: text('state').notNull().default('current'),
    availableFrom: timestamp('available_from', { withTimezone: true, mode: 'date' }),
    functionalType: text('functional_type').notNull().default('basic'),
    stockUpdatedAt: timestamp('stock_updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    colourName: text('colour_name').notNull(),
    colourHex: text('colour_hex').notNull(),
    canonicalCategoryId: integer('canonical_category_id')
      .notNull()
      .references(() => categories.id),
    pageTitle: text('page_title').notNull(),
    erpProductCompositeCode: text('erp_product_composite_code').notNull(),
    erpProductParentCode: text('erp_product_parent_code').notNull(),
    erpGenderCode: text('erp_gender_code').notNull(),
    erpProductType: text('erp_product_type').notNull(),
    overlayIds: text('overlay_ids').array().notNull().default(sql`'{}'::text[]`),
    cartQtyProductMax: integer('cart_qty_product_max'),
    cartQtyVariantMax: integer('cart_qty_variant_max'),
    cartQtyVariantMin: integer('cart_qty_variant_min'),
    cartQtyVariantMultipleOf: integer('cart_qty_variant_multiple_of'),
    /** Limited releases ask a challenge question before adding to cart; null otherwise. */
    challengeQuestion: text('challenge_question'),
    /** Expected answer, compared case- and space-insensitively; never sent to clients. */
    challengeAnswer: text('challenge_answer'),
    /** Recommended sort: a stable merchandising rank (lower first). */
    merchRank: integer('merch_rank').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Extra words for search (brand, type, categories, colour, features), weight B. */
    searchKeywords: text('search_keywords').notNull().default(''),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english'::regconfig, coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(${products.searchKeywords}, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(${products.description}, '')), 'C')`,
      ),
  },
  (t) => [
    uniqueIndex('products_path_idx').on(t.path),
    index('products_brand_idx').on(t.brandId),
    index('products_rank_idx').on(t.merchRank, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_colour_idx').on(t.colourName),
    check('products_state_check', sql`${t.state} in ('current', 'evergreen', 'coming')`),
    check('products_price_check', sql`${t.price} >= 0 and ${t.erpOriginalPrice} >= ${t.price}`),
  ],
);

/**
 * Price lists other than NZD: the product's GST-inclusive price and original price in
 * cents of `currency` (AUD). NZD prices are the products table's own columns. A product without a
 * row for a currency is not sold in that market.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    price: integer('price').notNull(),
    erpOriginalPrice: integer('erp_original_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.currency] }),
    index('product_prices_currency_price_idx').on(t.currency, t.price),
    check('product_prices_price_check', sql`${t.price} >= 0 and ${t.erpOriginalPrice} >= ${t.price}`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.productId)],
);

export const features = pgTable('features', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const productFeatures = pgTable(
  'product_features',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.featureId] }), index('product_features_feature_idx').on(t.featureId)],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    /** Size label, e.g. "One size", "M", "55 cm". */
    label: text('label').notNull(),
    position: integer('position').notNull().default(0),
    /** Units in stock. */
    qty: integer('qty').notNull().default(0),
  },
  (t) => [uniqueIndex('variants_code_idx').on(t.code), index('variants_product_idx').on(t.productId), check('variants_qty_check', sql`${t.qty} >= 0`)],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Image path for the image endpoint, e.g. images/products/12/harbour-leather-backpack-22l-1.jpg */
    src: text('src').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), uniqueIndex('product_images_src_idx').on(t.src)],
);

export const schema = { brands, categories, products, productCategories, features, productFeatures, variants, productImages };
