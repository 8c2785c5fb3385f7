/**
 * Cart item validity (spec §5, checked in this order) and the §8 user messages. Pure.
 */
import type { Product } from '@store/contracts';

export type ValidityCode = 'productStateInvalid' | 'productQtyMaxViolated' | 'qtyMaxViolated' | 'qtyMinViolated' | 'qtyMultipleInvalid' | 'qtyAvailableExceeded';

export interface CartRulesConfig {
  /** Sellable product states. */
  sellableStates: readonly string[];
  /** Functional types whose stock is checked. */
  stockedTypes: readonly string[];
  /** Per-item configured maximum (before the global one); null = none. */
  itemMax: number | null;
  /** Global cart item maximum. */
  globalMax: number;
}

export const DEFAULT_CART_RULES: CartRulesConfig = { sellableStates: ['current', 'evergreen'], stockedTypes: ['basic'], itemMax: null, globalMax: 99 };

export interface RuleItem {
  id: string;
  productId: string;
  variantId: string;
  qty: number;
}

export interface Violation {
  code: ValidityCode;
  /** The limit that applies (max, min, multiple, or units left). */
  limit: number;
}

/** Max per variant: cartQtyVariantMax, else the per-item configured maximum, else the global maximum of 99. */
export function variantMax(product: Pick<Product, 'cartQtyVariantMax'>, config: CartRulesConfig = DEFAULT_CART_RULES): number {
  return product.cartQtyVariantMax ?? config.itemMax ?? config.globalMax;
}

/**
 * The first rule `item` breaks inside `cart` (which includes it), or null when it is valid.
 * Quantities for rules 2 and 6 are totals over the whole cart (same product / same variant).
 */
export function checkItem(item: RuleItem, cart: readonly RuleItem[], product: Product, config: CartRulesConfig = DEFAULT_CART_RULES): Violation | null {
  if (!config.sellableStates.includes(product.state)) return { code: 'productStateInvalid', limit: 0 };
  const productQty = cart.filter((i) => i.productId === item.productId).reduce((s, i) => s + i.qty, 0);
  if (product.cartQtyProductMax != null && productQty > product.cartQtyProductMax) return { code: 'productQtyMaxViolated', limit: product.cartQtyProductMax };
  const max = variantMax(product, config);
  if (item.qty > max) return { code: 'qtyMaxViolated', limit: max };
  if (product.cartQtyVariantMin != null && item.qty < product.cartQtyVariantMin) return { code: 'qtyMinViolated', limit: product.cartQtyVariantMin };
  if (product.cartQtyVariantMultipleOf != null && product.cartQtyVariantMultipleOf > 1 && item.qty % product.cartQtyVariantMultipleOf !== 0) {
    return { code: 'qtyMultipleInvalid', limit: product.cartQtyVariantMultipleOf };
  }
  if (config.stockedTypes.includes(product.functionalType)) {
    const variant = product.variants.find((v) => v.id === item.variantId);
    const stock = Math.max(0, variant?.qty ?? 0);
    const variantQty = cart.filter((i) => i.variantId === item.variantId).reduce((s, i) => s + i.qty, 0);
    if (variantQty > stock) return { code: 'qtyAvailableExceeded', limit: stock };
  }
  return null;
}

/** Spec §8 cart messages ("Cannot add because of ..."). */
export function violationMessage(v: Violation): string {
  switch (v.code) {
    case 'productStateInvalid':
      return 'This product is no longer available.';
    case 'productQtyMaxViolated':
      return `There is a limit of ${v.limit} per order for this product.`;
    case 'qtyMaxViolated':
      return `There is a limit of ${v.limit} per size for this product.`;
    case 'qtyMinViolated':
      return `Add at least ${v.limit} of this item to your cart.`;
    case 'qtyMultipleInvalid':
      return `This item is sold in multiples of ${v.limit}.`;
    case 'qtyAvailableExceeded':
      return v.limit === 0 ? 'Sorry, this item is sold out.' : `Only ${v.limit} left. Reduce the quantity to continue.`;
  }
}

export const CHALLENGE_INVALID_MESSAGE = "That answer isn't right. Check the question and try again.";
