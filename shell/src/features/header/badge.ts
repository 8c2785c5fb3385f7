export interface CartQuantity {
  quantity: number;
  promoQuantity: number;
  status: 'SUCCESS' | 'ERROR' | 'LOADING';
}

/** Cart quantity plus promo-item quantity, only for status SUCCESS; "99+"-style asterisk at 100; hidden at 0. */
export function badgeText(cart: CartQuantity | undefined): string | null {
  if (!cart || cart.status !== 'SUCCESS') return null;
  const total = cart.quantity + cart.promoQuantity;
  if (total <= 0) return null;
  return total >= 100 ? '99*' : String(total);
}

/** The cart button's name: "Cart", "Cart, 1 item", "Cart, 3 items", "Cart, 100 or more items". */
export function cartLabel(badge: string | null): string {
  if (!badge) return 'Cart';
  if (badge === '1') return 'Cart, 1 item';
  if (badge.endsWith('*')) return 'Cart, 100 or more items';
  return `Cart, ${badge} items`;
}
