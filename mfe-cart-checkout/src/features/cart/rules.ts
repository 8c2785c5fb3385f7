/**
 * Cart item validity (spec §5, checked in this order) and the §8 user messages. Pure. The rules
 * live in `@store/contracts/cart-rules` (zod-free), shared with the API, which applies the same
 * function in /checkout/info and /order/place.
 */
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
