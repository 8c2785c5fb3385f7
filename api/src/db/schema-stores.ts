import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { variants } from './schema.js';

/** One opening period of a weekday, the store's local wall-clock time (its `time_zone`, e.g. "09:00"-"17:30"); null = closed. */
export interface StoreDayHours {
  /** 1 = Monday ... 7 = Sunday (ISO weekday). */
  day: number;
  open: string | null;
  close: string | null;
}

/** Physical stores: one source for the store locator, checkout pickup and find-in-store. */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The ERP's store code, e.g. "AKL-CBY". */
    erpStoreId: text('erp_store_id').notNull(),
    name: text('name').notNull(),
    /** URL slug under /stores/, e.g. "auckland-commercial-bay". */
    path: text('path').notNull(),
    street1: text('street1').notNull(),
    street2: text('street2'),
    /** Suburb or town. */
    locality: text('locality').notNull(),
    region: text('region').notNull(),
    postcode: text('postcode').notNull(),
    /** ISO 3166 alpha-2. */
    country: text('country').notNull().default('NZ'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /** Seven entries, Monday first, in the store's local time (`timeZone`). */
    openingHours: jsonb('opening_hours').$type<StoreDayHours[]>().notNull(),
    /** IANA time zone of the store's opening hours (migration 0012; NZ stores Pacific/Auckland, AU stores their state's zone). */
    timeZone: text('time_zone').notNull().default('Pacific/Auckland'),
    clickAndCollect: boolean('click_and_collect').notNull().default(true),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('stores_erp_store_id_idx').on(t.erpStoreId), uniqueIndex('stores_path_idx').on(t.path)],
);

/** Units of a variant on hand in a store (no row = none). */
export const storeStock = pgTable(
  'store_stock',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.variantId] }), index('store_stock_variant_idx').on(t.variantId), check('store_stock_qty_check', sql`${t.qty} >= 0`)],
);

/** NZ suburbs and towns with their postcode and a representative coordinate. */
export const nzLocalities = pgTable(
  'nz_localities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Town or city the suburb belongs to (equals name for a town). */
    city: text('city').notNull(),
    region: text('region').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('nz_localities_postcode_idx').on(t.postcode), index('nz_localities_name_idx').on(sql`lower(${t.name})`), uniqueIndex('nz_localities_name_postcode_idx').on(t.name, t.postcode)],
);

/**
 * Australian suburbs and towns (migration 0012), the same shape as nz_localities: `region` is the
 * state's code (NSW, VIC, ...). Localities are per country: the AU site looks up these, the NZ
 * site nz_localities.
 */
export const auLocalities = pgTable(
  'au_localities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** State or territory code (NSW, VIC, QLD, WA, SA, TAS, ACT, NT). */
    region: text('region').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [index('au_localities_postcode_idx').on(t.postcode), index('au_localities_name_idx').on(sql`lower(${t.name})`), uniqueIndex('au_localities_name_postcode_idx').on(t.name, t.postcode)],
);

export const schema = { stores, storeStock, nzLocalities, auLocalities };
