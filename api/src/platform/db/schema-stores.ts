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

/** A country's suburbs and towns with their postcode and a representative coordinate (one table per country). */
function localitiesTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
      name: text('name').notNull(),
      /** Town or city the suburb belongs to (equals name for a town). */
      city: text('city').notNull(),
      /** NZ: the region's name; AU: the state or territory code (NSW, VIC, QLD, WA, SA, TAS, ACT, NT). */
      region: text('region').notNull(),
      postcode: text('postcode').notNull(),
      lat: doublePrecision('lat').notNull(),
      lng: doublePrecision('lng').notNull(),
    },
    (t) => [index(`${name}_postcode_idx`).on(t.postcode), index(`${name}_name_idx`).on(sql`lower(${t.name})`), uniqueIndex(`${name}_name_postcode_idx`).on(t.name, t.postcode)],
  );
}

/** NZ suburbs and towns: the NZ site looks these up. */
export const nzLocalities = localitiesTable('nz_localities');

/** Australian suburbs and towns (migration 0012): the AU site looks these up. */
export const auLocalities = localitiesTable('au_localities');

export const schema = { stores, storeStock, nzLocalities, auLocalities };
