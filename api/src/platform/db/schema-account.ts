/**
 * Account tables: the customer record, the synced account state, addresses and the loyalty member
 * directory. The local user pool's tables are the stand-in's: schema-stand-in-user-pool.ts.
 */
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The customer record behind GET/PUT /api/account (keyed by the identity `sub`). */
export const customers = pgTable('customers', {
  sub: text('sub').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  erpCustomerId: text('erp_customer_id').notNull(),
  subscriptionsEmail: boolean('subscriptions_email').notNull().default(false),
  subscriptionsSms: boolean('subscriptions_sms').notNull().default(false),
  qantasMemberId: text('qantas_member_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Synced account state (cart items, wishlist) with its syncableStateVersion, one per market (NZ, AU). */
export const accountStates = pgTable(
  'account_states',
  {
    sub: text('sub').notNull(),
    market: text('market').notNull().default('NZ'),
    version: integer('version').notNull().default(0),
    cart: jsonb('cart').notNull(),
    wishlist: jsonb('wishlist').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.market] })],
);

export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: text('id').primaryKey(),
    sub: text('sub').notNull(),
    company: text('company').notNull().default(''),
    contactName: text('contact_name').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    postcode: text('postcode').notNull(),
    state: text('state').notNull().default(''),
    street1: text('street1').notNull(),
    street2: text('street2').notNull().default(''),
    suburb: text('suburb').notNull(),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_addresses_sub_idx').on(t.sub)],
);

/** The airline loyalty programme's member directory (local stand-in, seeded). */
export const loyaltyMembers = pgTable('loyalty_members', {
  memberId: text('member_id').primaryKey(),
  lastName: text('last_name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const schemaAccount = {
  customers,
  accountStates,
  accountAddresses,
  loyaltyMembers,
};
