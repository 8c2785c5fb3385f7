/**
 * Cart item validity (the rules checked in this order) and the shopper's messages for them. Pure. The rules
 * live in `@store/contracts/cart-rules` (zod-free), shared with the API, which applies the same
 * function in /checkout/info and /order/place.
 */
import { violationMessage as cartViolationMessage, type Violation as RuleViolation } from '@store/contracts/cart-rules';

export {
  DEFAULT_CART_RULES,
  checkItem,
  qtyChoice,
  snapQty,
  variantMax,
  violationMessage,
  type CartRulesConfig,
  type RuleItem,
  type ValidityCode,
  type Violation,
} from '@store/contracts/cart-rules';

export const CHALLENGE_INVALID_MESSAGE = "That answer isn't right. Check the question and try again.";

/**
 * An add refused for stock, said where the shopper adds (a product page, the wishlist): there is no
 * quantity in the cart to reduce there, so it says how many are left and how many the cart already
 * holds. Other refusals read as in the cart.
 */
export function addRefusedMessage(v: RuleViolation, inCart: number): string {
  if (v.code !== 'qtyAvailableExceeded' || v.limit === 0) return cartViolationMessage(v);
  if (inCart >= v.limit) return `Only ${v.limit} left, and your cart already has ${inCart === v.limit ? 'them all' : inCart}.`;
  if (inCart > 0) return `Only ${v.limit} left, and your cart has ${inCart}: you can add ${v.limit - inCart} more.`;
  return `Only ${v.limit} left: you can add up to ${v.limit}.`;
}
