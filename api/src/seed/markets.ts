/**
 * The Australian market's data, seeded at every start where missing (idempotent): the
 * AUD price list, Australian delivery options, AUD offers and AUD sandbox gift cards. NZ data is
 * seeded by catalogue and checkout seeds as before.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../platform/db/index.js';
import type { PromotionRuleSpec } from '../store/promotions/engine.js';
import { hashPin } from '../store/vouchers/service.js';
import { articles, blogPosts, contentPages } from '../platform/db/schema-content.js';
import { AU_HELP_CENTRE_SEEDED_AT, SEED_AU_ARTICLES, SEED_AU_BLOG_POSTS } from './content-data.js';
import { articleRow, blogPostRow, seedHomeDocument } from './content.js';

/**
 * The Australian site's home page (content_pages key `home-au`): the NZ document with the AU
 * site's own description and first slide (no "Aotearoa"; A$ delivery threshold).
 */
export function seedAuHomeDocument() {
  const home = seedHomeDocument();
  return {
    ...home,
    description: 'Backpacks, totes, luggage and leather accessories, designed in New Zealand for Australian commutes, coasts and long weekends. Free delivery over A$150 and free click and collect from our stores in Sydney, Melbourne, Brisbane and Perth.',
    slider: {
      ...home.slider,
      slides: home.slider.slides.map((slide) =>
        slide.id === 'spring' ? { ...slide, text: 'Backpacks, totes and luggage built for the daily commute and the long weekend away, from the Manly ferry to a road trip up the coast.' } : slide,
      ),
    },
  };
}

/**
 * The AUD price list of products that have none: Australian shop prices set from the NZ price
 * (about 0.91 of it, the brand's AU positioning) at AU price points, .95 endings on $5 steps from
 * $50 and on whole dollars below; sale prices stay at least $1 under the original. Written once,
 * stored: AU pages read the AUD prices, nothing is converted when a page is shown.
 */
export const AUD_PRICE_LIST_SQL = sql`
  insert into product_prices (product_id, currency, price, erp_original_price)
  select p.id, 'AUD',
    case when p.price < p.erp_original_price
      then least(aud.sale, aud.original - 100)
      else aud.original end,
    aud.original
  from products p
  cross join lateral (select
      (case when p.erp_original_price * 0.91 >= 5000 then round(p.erp_original_price * 0.91 / 500.0) * 500 - 5 else greatest(round(p.erp_original_price * 0.91 / 100.0) * 100 - 5, 195) end)::int as original,
      (case when p.price * 0.91 >= 5000 then round(p.price * 0.91 / 500.0) * 500 - 5 else greatest(round(p.price * 0.91 / 100.0) * 100 - 5, 95) end)::int as sale) aud
  where not exists (select 1 from product_prices pp where pp.product_id = p.id and pp.currency = 'AUD')`;

export const AU_SHIPPING_METHODS = [
  { id: 'au-standard', label: 'Standard delivery', description: 'Australia-wide, 3-7 working days', price: 1495, position: 1 },
  { id: 'au-express', label: 'Express delivery', description: '1-3 working days to metro areas', price: 2495, position: 2 },
];

export const AU_PROMOTIONS: { id: string; name: string; code: string | null; rule: PromotionRuleSpec; priority: number; usageLimitPerCustomer?: number }[] = [
  { id: 'au-welcome-15', name: '$15 off your first order', code: 'WELCOME15', rule: { kind: 'amountOff', amount: 1500, minSubtotal: 7500 }, usageLimitPerCustomer: 1, priority: 40 },
  { id: 'au-free-shipping-150', name: 'Free delivery over $150', code: null, rule: { kind: 'freeShipping', minSubtotal: 15000 }, priority: 90 },
];

/** AUD sandbox gift cards (the NZD ones are in checkout.ts). */
export const AU_GIFT_CARDS = [
  { code: 'FERN-AU50-0101', pin: '2468', balance: 5000, days: 365 },
  { code: 'FERN-AU99-0102', pin: '1357', balance: 100000, days: 500 },
];

const DAY = 24 * 60 * 60 * 1000;

export async function seedMarkets(db: Database, now = new Date()): Promise<void> {
  await db.execute(AUD_PRICE_LIST_SQL);
  // the Australian customer-service pages the AU market links to (its delivery and returns)
  await db.insert(articles).values(SEED_AU_ARTICLES.map(articleRow)).onConflictDoNothing();
  // the help centre as first seeded, not edited since, links the Australian gift-card article now
  const helpCentre = SEED_AU_ARTICLES.find((a) => a.path === 'help-centre-australia');
  if (helpCentre) {
    await db
      .update(articles)
      .set({ body: helpCentre.body, updatedAt: new Date(helpCentre.updatedAt) })
      .where(and(eq(articles.path, helpCentre.path), eq(articles.updatedAt, new Date(AU_HELP_CENTRE_SEEDED_AT))));
  }
  // the Australian site's own journal posts (its counterparts of New Zealand-only ones)
  await db.insert(blogPosts).values(SEED_AU_BLOG_POSTS.map(blogPostRow)).onConflictDoNothing();
  // the Australian site's home page (its own copy); the content editors' changes are kept
  await db.insert(contentPages).values({ key: 'home-au', data: seedAuHomeDocument(), updatedAt: new Date('2026-11-25T00:00:00.000Z') }).onConflictDoNothing();
  const [counts] = await queryRows<{ shipping: number; promos: number; cards: number }>(
    db,
    sql`select (select count(*)::int from shipping_methods where market = 'AU') as shipping, (select count(*)::int from promotions where currency = 'AUD') as promos,
      (select count(*)::int from gift_cards where currency = 'AUD') as cards`,
  );
  if (!counts) return;
  if (Number(counts.shipping) === 0) {
    for (const m of AU_SHIPPING_METHODS) {
      await db.execute(sql`insert into shipping_methods (id, label, description, price, position, market) values (${m.id}, ${m.label}, ${m.description}, ${m.price}, ${m.position}, 'AU') on conflict do nothing`);
    }
  }
  if (Number(counts.promos) === 0) {
    for (const p of AU_PROMOTIONS) {
      await db.execute(sql`insert into promotions (id, version_id, name, kind, code, rule, priority, usage_limit_per_customer, currency)
        values (${p.id}, ${'v1'}, ${p.name}, ${p.rule.kind}, ${p.code}, ${JSON.stringify(p.rule)}::jsonb, ${p.priority}, ${p.usageLimitPerCustomer ?? null}, 'AUD') on conflict do nothing`);
    }
  }
  if (Number(counts.cards) === 0) {
    for (const c of AU_GIFT_CARDS) {
      await db.execute(sql`insert into gift_cards (code, pin_hash, balance, expires_at, currency)
        values (${c.code}, ${await hashPin(c.pin)}, ${c.balance}, ${new Date(now.getTime() + c.days * DAY).toISOString()}::timestamptz, 'AUD') on conflict do nothing`);
    }
  }
}
