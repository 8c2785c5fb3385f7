/**
 * The cart's background service, started by the shell on every page: publishes the cart
 * quantity for the header badge and handles `cart.add` (the handler is loaded on first use).
 */
import { bus, session, topics } from '@store/shared-events';
import { migrateLegacyCart, publishQuantity } from './cart/store';

let started = false;

export function start(): void {
  if (started) return;
  started = true;
  void migrateLegacyCart();
  session.synced.state$.subscribe((state) => publishQuantity(state.cart.items));
  bus.subscribe(topics.cartAdd, (payload) => {
    void import('./cart/add').then(({ handleCartAdd }) => handleCartAdd(payload));
  });
}
