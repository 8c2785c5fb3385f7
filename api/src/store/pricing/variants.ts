// The catalogue side of pricing: a variant's row (price, state, stock, cart limits) read in a
// price list, and the server's cart rules over those rows with the errors they throw.
import { DEFAULT_CART_RULES, checkItem, violationMessage, type CartRulesConfig, type ValidityCode } from '@store/contracts/cart-rules';
import { sql, type SQL } from 'drizzle-orm';

export interface VariantRow {
  productId: string;
  variantId: string;
  name: string;
  variantLabel: string;
  price: number;
  state: string;
  functionalType: string;
  stock: number;
  categoryPaths: string[];
  /** The product's cart quantity limits (cart item validity rules 2-5, contracts/cart-rules). */
  cartQtyProductMax: number | null;
  cartQtyVariantMax: number | null;
  cartQtyVariantMin: number | null;
  cartQtyVariantMultipleOf: number | null;
}

export class CheckoutError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = code;
  }
}

/** The server refuses a cart the browser would show as invalid (same rules, contracts/cart-rules). */
export class CartItemInvalid extends CheckoutError {
  constructor(
    readonly rule: ValidityCode,
    readonly limit: number,
    readonly item: { index: number; productId: string; variantId: string },
    readonly itemName: string,
  ) {
    super('CartItemInvalid', `cart.items.${item.index} (${itemName}): ${rule}: ${violationMessage({ code: rule, limit })}`, 422);
  }

  body() {
    return { error: 'CartItemInvalid' as const, message: this.message, rule: this.rule, limit: this.limit, item: this.item };
  }
}

/**
 * The server's cart rules: the browser's without rule 6, since stock is taken under the
 * row lock at placement (and the product state, refused there as ProductNotAvailable).
 */
export const SERVER_CART_RULES: CartRulesConfig = { ...DEFAULT_CART_RULES, stockedTypes: [] };

export const isId = (s: string) => /^\d{1,9}$/.test(s);

/**
 * Catalogue columns of the given variants (one statement; also embedded in the order statement),
 * priced in `currency` (NZD: the products table; else its price list, and a product without a
 * price there is left out: not sold in that market).
 */
export function variantRowsQuery(ids: number[], currency: string = 'NZD'): SQL {
  const price = currency === 'NZD' ? sql`p.price` : sql`pp.price`;
  const priceList = currency === 'NZD' ? sql`` : sql` join product_prices pp on pp.product_id = p.id and pp.currency = ${currency}`;
  return sql`select p.id as product_id, v.id as variant_id, p.name, v.label, ${price} as price, p.state, p.functional_type, v.qty,
            p.cart_qty_product_max, p.cart_qty_variant_max, p.cart_qty_variant_min, p.cart_qty_variant_multiple_of,
            array(select c.path from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id order by c.path) as paths
          from variants v join products p on p.id = v.product_id${priceList}
          where v.id = any(${sql.param(ids)}::int[])`;
}

export interface VariantDbRow {
  product_id: number;
  variant_id: number;
  name: string;
  label: string;
  price: number;
  state: string;
  functional_type: string;
  qty: number;
  paths: string[] | null;
  cart_qty_product_max: number | null;
  cart_qty_variant_max: number | null;
  cart_qty_variant_min: number | null;
  cart_qty_variant_multiple_of: number | null;
}

export function toVariantRow(r: VariantDbRow): VariantRow {
  return {
    productId: String(r.product_id),
    variantId: String(r.variant_id),
    name: r.name,
    variantLabel: r.label,
    price: r.price,
    state: r.state,
    functionalType: r.functional_type,
    stock: r.qty,
    categoryPaths: r.paths ?? [],
    cartQtyProductMax: r.cart_qty_product_max ?? null,
    cartQtyVariantMax: r.cart_qty_variant_max ?? null,
    cartQtyVariantMin: r.cart_qty_variant_min ?? null,
    cartQtyVariantMultipleOf: r.cart_qty_variant_multiple_of ?? null,
  };
}

/** Same name, label, price, state, type and categories (stock aside): pricing from either gives the same answer. */
export function samePricing(a: VariantRow, b: VariantRow): boolean {
  return (
    a.productId === b.productId &&
    a.variantId === b.variantId &&
    a.name === b.name &&
    a.variantLabel === b.variantLabel &&
    a.price === b.price &&
    a.state === b.state &&
    a.functionalType === b.functionalType &&
    a.cartQtyProductMax === b.cartQtyProductMax &&
    a.cartQtyVariantMax === b.cartQtyVariantMax &&
    a.cartQtyVariantMin === b.cartQtyVariantMin &&
    a.cartQtyVariantMultipleOf === b.cartQtyVariantMultipleOf &&
    a.categoryPaths.length === b.categoryPaths.length &&
    a.categoryPaths.every((p, i) => p === b.categoryPaths[i])
  );
}

/** Cart item validity rules 2-5 over the whole cart (the shared contracts function); throws CartItemInvalid for the first broken item. */
export function checkCartRules(items: readonly { productId: string; variantId: string; qty: number }[], variants: Map<string, VariantRow>): void {
  const cart = items.map((item, index) => ({ id: String(index), productId: item.productId, variantId: item.variantId, qty: item.qty }));
  for (const [index, item] of cart.entries()) {
    const row = variants.get(item.variantId);
    if (!row) continue;
    const violation = checkItem(item, cart, row, SERVER_CART_RULES);
    if (violation && violation.code !== 'productStateInvalid') {
      throw new CartItemInvalid(violation.code, violation.limit, { index, productId: item.productId, variantId: item.variantId }, `${row.name}, ${row.variantLabel}`);
    }
  }
}
