/**
 * The delivery figures of the customer-service pages, from the tables checkout prices with: an
 * article's text says `{{shipping.NZ.standard.price}}` (an option's price), `{{shipping.NZ.express.description}}`
 * (its delivery time) or `{{shipping.NZ.freeOver}}` (the amount from which the free-delivery offer
 * applies), and the page shows the figure checkout charges. A market's amounts are written as its
 * pages write them: "$9.95" in New Zealand, "A$14.95" for Australia.
 */
import type { ContentBlock } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';

const TOKEN = /\{\{shipping\.(NZ|AU)\.([a-zA-Z0-9-]+)(?:\.(price|description))?\}\}/g;
const CURRENCY = { NZ: 'NZD', AU: 'AUD' } as const;

/** 995 → "$9.95", 15000 → "$150" (whole dollars without cents); "A$" for Australia. */
export function deliveryAmount(cents: number, market: 'NZ' | 'AU'): string {
  const dollars = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return `${market === 'AU' ? 'A$' : '$'}${dollars}`;
}

export type DeliveryFigures = Map<string, string>;

/** Every figure a page can name, by its token ("{{shipping.NZ.standard.price}}" → "$9.95"). */
export async function deliveryFigures(db: Database): Promise<DeliveryFigures> {
  const [methods, offers] = await Promise.all([
    queryRows<{ id: string; market: 'NZ' | 'AU'; description: string; price: number }>(db, sql`select id, market, description, price from shipping_methods where active`),
    queryRows<{ currency: string; min: number }>(
      db,
      sql`select currency, min((rule->>'minSubtotal')::int) as min from promotions where active and code is null and rule->>'kind' = 'freeShipping' group by currency`,
    ),
  ]);
  const figures: DeliveryFigures = new Map();
  for (const m of methods) {
    figures.set(`{{shipping.${m.market}.${m.id}.price}}`, deliveryAmount(m.price, m.market));
    figures.set(`{{shipping.${m.market}.${m.id}.description}}`, m.description);
  }
  for (const market of ['NZ', 'AU'] as const) {
    const offer = offers.find((o) => o.currency === CURRENCY[market]);
    if (offer) figures.set(`{{shipping.${market}.freeOver}}`, deliveryAmount(Number(offer.min), market));
  }
  return figures;
}

const fill = (text: string, figures: DeliveryFigures): string => text.replace(TOKEN, (token) => figures.get(token) ?? token);

export const hasDeliveryFigures = (blocks: readonly ContentBlock[]): boolean => JSON.stringify(blocks).includes('{{shipping.');

/** The blocks with their delivery tokens replaced (a token without a figure is left as written). */
export function fillDeliveryFigures(blocks: readonly ContentBlock[], figures: DeliveryFigures): ContentBlock[] {
  return blocks.map((b) => (b.type === 'list' ? { ...b, items: b.items.map((i) => fill(i, figures)) } : { ...b, text: fill(b.text, figures) }));
}
