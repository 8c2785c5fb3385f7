/**
 * Prices per currency. NZD prices are the products table's own columns; other
 * currencies' come from the price lists in product_prices, and a product without a price in a
 * currency is not sold in that market (it is left out of listings, search and product answers).
 */
import { sql, type SQL } from 'drizzle-orm';

export type Currency = 'NZD' | 'AUD';

/**
 * `products` as a market sees it, for `from ${productsIn(currency)} p`: the columns the listing
 * statements read, with price and erp_original_price from the currency's price list.
 */
export function productsIn(currency: Currency): SQL {
  if (currency === 'NZD') return sql`products`;
  return sql`(select p0.id, p0.name, pp.price, pp.erp_original_price, p0.created_at, p0.merch_rank, p0.colour_name, p0.brand_id, p0.search_vector
      from products p0 join product_prices pp on pp.product_id = p0.id and pp.currency = ${currency})`;
}

/** The price and original price columns of product `p` (an alias in scope) in a currency: null when it has none. */
export function priceColumns(currency: Currency, productId: SQL): { price: SQL<number>; erpOriginalPrice: SQL<number> } {
  return {
    price: sql<number>`(select pp.price from product_prices pp where pp.product_id = ${productId} and pp.currency = ${currency})`,
    erpOriginalPrice: sql<number>`(select pp.erp_original_price from product_prices pp where pp.product_id = ${productId} and pp.currency = ${currency})`,
  };
}
