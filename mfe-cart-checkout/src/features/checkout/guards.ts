/** Checkout guards: where a step sends the shopper when it is not reachable (null = stay). */
import type { CartView } from '../../lib/cart/useCart';
import type { CheckoutState } from '../../lib/checkout/state';

export type Step = 'contact-info' | 'shipping' | 'payment';

export function shippingComplete(s: CheckoutState): boolean {
  if (s.shippingType === 'DELIVERY') return Boolean(s.deliveryAddress && s.deliveryMethodId);
  if (s.shippingType === 'STORE_PICKUP') return Boolean(s.pickupStore);
  return false;
}

/**
 * 'wait' while the cart is loading, and while an empty cart may only be one not read yet
 * (`cartSettled` false: the session is still being validated, or a signed-in shopper's synced
 * cart has not arrived; see lib/session.ts), so a reload or a direct link keeps its step.
 */
export function guard(step: Step, cart: Pick<CartView, 'status' | 'valid' | 'items'>, s: CheckoutState, cartSettled = true): string | null | 'wait' {
  if (cart.items.length > 0 && cart.status === 'LOADING') return 'wait';
  if (cart.items.length === 0 && !cartSettled) return 'wait';
  const validCart = cart.items.length > 0 && cart.valid;
  if (step === 'contact-info') return validCart ? null : '/cart';
  if (step === 'shipping') return validCart && s.contact ? null : '/checkout/contact-info';
  return validCart && s.contact && shippingComplete(s) ? null : '/checkout/shipping';
}
