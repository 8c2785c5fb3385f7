/**
 * Checkout seed: shipping methods, the promotion rules and sandbox gift cards.
 * Idempotent: each part is written only while its table is empty.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../platform/db/index.js';
import type { PromotionRuleSpec } from '../store/promotions/engine.js';
import { hashPin } from '../store/vouchers/service.js';

export const SEED_SHIPPING_METHODS = [
  { id: 'standard', label: 'Standard delivery', description: 'NZ-wide, 2-5 working days', price: 995, position: 1 },
  { id: 'express', label: 'Express delivery', description: 'Next working day to most NZ addresses', price: 1995, position: 2 },
];

interface SeedPromotion {
  id: string;
  name: string;
  code: string | null;
  rule: PromotionRuleSpec;
  exclusive?: boolean;
  stopsFurther?: boolean;
  priority: number;
  usageLimit?: number;
  usageLimitPerCustomer?: number;
}

export function seedPromotions(gift: { productId: string; variantId: string; name: string } | null): SeedPromotion[] {
  const list: SeedPromotion[] = [
    { id: 'vip-30', name: 'VIP 30% off everything', code: 'VIP30', rule: { kind: 'percentCategory', percent: 30, categoryPaths: [] }, exclusive: true, priority: 10 },
    { id: 'bag-bundle-25', name: '$25 off bags over $200', code: 'BUNDLE25', rule: { kind: 'amountOff', amount: 2500, minSubtotal: 20000, categoryPaths: ['bags'] }, stopsFurther: true, priority: 15 },
    { id: 'winter-backpacks-20', name: '20% off backpacks', code: 'WINTER20', rule: { kind: 'percentCategory', percent: 20, categoryPaths: ['bags/backpacks'] }, priority: 20 },
    { id: 'travel-accessories-10', name: '10% off travel accessories', code: null, rule: { kind: 'percentCategory', percent: 10, categoryPaths: ['travel/travel-accessories'] }, priority: 30 },
    { id: 'welcome-15', name: '$15 off your first order', code: 'WELCOME15', rule: { kind: 'amountOff', amount: 1500, minSubtotal: 7500 }, usageLimitPerCustomer: 1, priority: 40 },
    { id: 'flash-50', name: '$50 off orders over $300', code: 'FLASH50', rule: { kind: 'amountOff', amount: 5000, minSubtotal: 30000 }, usageLimit: 100, priority: 50 },
    { id: 'spring-10', name: 'Spring sale 10% off', code: 'SPRING10', rule: { kind: 'percentCategory', percent: 10, categoryPaths: [] }, usageLimit: 0, priority: 55 },
    { id: 'free-shipping-150', name: 'Free delivery over $150', code: null, rule: { kind: 'freeShipping', minSubtotal: 15000 }, priority: 90 },
  ];
  if (gift) {
    list.push({
      id: 'luggage-keyring-gift',
      name: 'Free keyring with any suitcase',
      code: null,
      rule: { kind: 'buyXGetY', categoryPaths: ['travel/luggage'], buyQty: 1, giftProductId: gift.productId, giftVariantId: gift.variantId, giftName: gift.name, giftQty: 1 },
      priority: 80,
    });
  }
  return list;
}

const DAY = 24 * 60 * 60 * 1000;

/** Sandbox gift cards: code, PIN, balance (cents), days to expiry, suspended. */
export const SEED_GIFT_CARDS = [
  { code: 'FERN-5000-0001', pin: '1234', balance: 5000, days: 365, suspended: false },
  { code: 'FERN-2500-0002', pin: '4321', balance: 2500, days: 120, suspended: false },
  { code: 'FERN-1000-0003', pin: '1111', balance: 1000, days: 200, suspended: false },
  { code: 'FERN-9999-0004', pin: '9999', balance: 100000, days: 500, suspended: false },
  { code: 'FERN-SUSP-0005', pin: '5555', balance: 4000, days: 365, suspended: true },
  { code: 'FERN-OLD0-0006', pin: '6666', balance: 3000, days: -10, suspended: false },
  { code: 'FERN-USED-0007', pin: '7777', balance: 0, days: 365, suspended: false },
];

export async function seedCheckout(db: Database, now = new Date()): Promise<void> {
  const [counts] = await queryRows<{ shipping: number; promos: number; cards: number }>(
    db,
    sql`select (select count(*)::int from shipping_methods where market = 'NZ') as shipping, (select count(*)::int from promotions where currency = 'NZD') as promos, (select count(*)::int from gift_cards where currency = 'NZD') as cards`,
  );
  if (!counts) return;
  if (Number(counts.shipping) === 0) {
    for (const m of SEED_SHIPPING_METHODS) {
      await db.execute(sql`insert into shipping_methods (id, label, description, price, position) values (${m.id}, ${m.label}, ${m.description}, ${m.price}, ${m.position})`);
    }
  }
  if (Number(counts.promos) === 0) {
    const [gift] = await queryRows<{ product_id: number; variant_id: number; name: string }>(
      db,
      sql`select p.id as product_id, v.id as variant_id, p.name from products p join categories c on c.id = p.canonical_category_id join variants v on v.product_id = p.id
          where c.path = 'accessories/keyrings' and p.state in ('current', 'evergreen') and v.qty > 0 order by p.id, v.position limit 1`,
    );
    const promos = seedPromotions(gift ? { productId: String(gift.product_id), variantId: String(gift.variant_id), name: gift.name } : null);
    for (const p of promos) {
      await db.execute(sql`insert into promotions (id, version_id, name, kind, code, rule, exclusive, stops_further, priority, usage_limit, usage_limit_per_customer)
        values (${p.id}, ${'v1'}, ${p.name}, ${p.rule.kind}, ${p.code}, ${JSON.stringify(p.rule)}::jsonb, ${p.exclusive ?? false}, ${p.stopsFurther ?? false}, ${p.priority}, ${p.usageLimit ?? null}, ${p.usageLimitPerCustomer ?? null})`);
    }
  }
  if (Number(counts.cards) === 0) {
    for (const c of SEED_GIFT_CARDS) {
      await db.execute(sql`insert into gift_cards (code, pin_hash, balance, expires_at, suspended)
        values (${c.code}, ${await hashPin(c.pin)}, ${c.balance}, ${new Date(now.getTime() + c.days * DAY).toISOString()}::timestamptz, ${c.suspended})`);
    }
  }
}
