/**
 * Cart item validity (checked in this order). Pure and zod-free:
 * the browser (mfe-cart-checkout) and the API (checkout/info, order/place) run this same code.
 *
 * 1. productStateInvalid    product state not sellable (current, evergreen)
 * 2. productQtyMaxViolated  whole-product quantity in the cart above cartQtyProductMax
 * 3. qtyMaxViolated         qty above cartQtyVariantMax, else the per-item maximum, else 99
 * 4. qtyMinViolated         qty below cartQtyVariantMin
 * 5. qtyMultipleInvalid     qty not a multiple of cartQtyVariantMultipleOf
 * 6. qtyAvailableExceeded   stocked types (basic): total variant qty above the variant's stock
 */

export type ValidityCode = 'productStateInvalid' | 'productQtyMaxViolated' | 'qtyMaxViolated' | 'qtyMinViolated' | 'qtyMultipleInvalid' | 'qtyAvailableExceeded';

export const VALIDITY_CODES: readonly ValidityCode[] = ['productStateInvalid', 'productQtyMaxViolated', 'qtyMaxViolated', 'qtyMinViolated', 'qtyMultipleInvalid', 'qtyAvailableExceeded'];

export interface CartRulesConfig {
  /** Sellable product states. */
  sellableStates: readonly string[];
  /** Functional types whose stock is checked (rule 6); empty skips the rule. */
  stockedTypes: readonly string[];
  /** Per-item configured maximum (before the global one); null = none. */
  itemMax: number | null;
  /** Global cart item maximum. */
  globalMax: number;
}

export const DEFAULT_CART_RULES: CartRulesConfig = { sellableStates: ['current', 'evergreen'], stockedTypes: ['basic'], itemMax: null, globalMax: 99 };

/** What the rules read of a product (a catalogue Product has all of it). */
export interface RuleProduct {
  state: string;
  functionalType: string;
  cartQtyProductMax: number | null;
  cartQtyVariantMax: number | null;
  cartQtyVariantMin: number | null;
  cartQtyVariantMultipleOf: number | null;
  /** Needed for rule 6 only. */
  variants?: readonly { id: string; qty: number }[];
}

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
export function variantMax(product: Pick<RuleProduct, 'cartQtyVariantMax'>, config: CartRulesConfig = DEFAULT_CART_RULES): number {
  return product.cartQtyVariantMax ?? config.itemMax ?? config.globalMax;
}

/**
 * The first rule `item` breaks inside `cart` (which includes it), or null when it is valid.
 * Quantities for rules 2 and 6 are totals over the whole cart (same product / same variant).
 */
export function checkItem(item: RuleItem, cart: readonly RuleItem[], product: RuleProduct, config: CartRulesConfig = DEFAULT_CART_RULES): Violation | null {
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
    const variant = product.variants?.find((v) => v.id === item.variantId);
    const stock = Math.max(0, variant?.qty ?? 0);
    const variantQty = cart.filter((i) => i.variantId === item.variantId).reduce((s, i) => s + i.qty, 0);
    if (variantQty > stock) return { code: 'qtyAvailableExceeded', limit: stock };
  }
  return null;
}

/** The first broken item of a cart (items in cart order) with its index, or null. */
export function firstViolation<I extends RuleItem>(cart: readonly I[], productOf: (item: I) => RuleProduct | undefined, config: CartRulesConfig = DEFAULT_CART_RULES): { index: number; item: I; violation: Violation } | null {
  for (const [index, item] of cart.entries()) {
    const product = productOf(item);
    if (!product) continue;
    const violation = checkItem(item, cart, product, config);
    if (violation) return { index, item, violation };
  }
  return null;
}

/** The cart's user messages ("Cannot add because of ..."). */
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

/**
 * The quantities a shopper may choose for one variant: from `min` up to `max` in steps of `step`.
 * `step` is cartQtyVariantMultipleOf (1 when absent); `min` is the smallest multiple of the step that
 * is at least cartQtyVariantMin (and at least 1); `max` is the largest multiple of the step within
 * the per-size maximum and the per-order maximum (stock is checked when adding). A quantity
 * control built on this never offers a quantity the rules refuse.
 */
export function qtyChoice(product: Pick<RuleProduct, 'cartQtyVariantMax' | 'cartQtyVariantMin' | 'cartQtyVariantMultipleOf' | 'cartQtyProductMax'>, config: CartRulesConfig = DEFAULT_CART_RULES): { min: number; step: number; max: number } {
  const step = product.cartQtyVariantMultipleOf != null && product.cartQtyVariantMultipleOf > 1 ? product.cartQtyVariantMultipleOf : 1;
  const min = Math.ceil(Math.max(1, product.cartQtyVariantMin ?? 1) / step) * step;
  const limit = Math.min(variantMax(product, config), product.cartQtyProductMax ?? Infinity);
  const max = Math.max(min, Math.floor(limit / step) * step);
  return { min, step, max };
}

/** `qty` moved onto the allowed steps of `choice`: rounded up to a multiple of the step, kept within min and max. */
export function snapQty(qty: number, choice: { min: number; step: number; max: number }): number {
  const stepped = Math.ceil(qty / choice.step) * choice.step;
  return Math.min(choice.max, Math.max(choice.min, stepped));
}
