/**
 * Promo items (the checkout data's resolvedCart.promoCartItems, and their result): the free items an
 * offer adds. They are resolved by the server in the checkout data answer, so their result follows
 * the cart's and the checkout data's: SUCCESS, ERROR, CART_NOT_LOADED, CHECKOUT_DATA_NOT_LOADED or
 * CART_EMPTY. Placing an order needs SUCCESS (no order while promo items load).
 */
export type PromoItemsResult = 'SUCCESS' | 'ERROR' | 'CART_NOT_LOADED' | 'CHECKOUT_DATA_NOT_LOADED' | 'CART_EMPTY';

export function promoItemsResult(
  cart: { status: 'LOADING' | 'SUCCESS' | 'ERROR'; itemCount: number },
  checkoutData: 'IDLE' | 'LOADING' | 'SUCCESS' | 'CART_EMPTY' | 'ERROR',
): PromoItemsResult {
  if (cart.status !== 'SUCCESS') return 'CART_NOT_LOADED';
  if (cart.itemCount === 0 || checkoutData === 'CART_EMPTY') return 'CART_EMPTY';
  if (checkoutData === 'ERROR') return 'ERROR';
  if (checkoutData !== 'SUCCESS') return 'CHECKOUT_DATA_NOT_LOADED';
  return 'SUCCESS';
}
