/** The wishlist's Add to cart waits until the cart service listens (cart.quantity seen), as the product page does. */
import { bus, topics } from '@store/shared-events';
import { cartListening } from './WishlistPage';

it('resolves only once the cart service has published cart.quantity (a replayed state topic)', async () => {
  let heard = false;
  void cartListening().then(() => (heard = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heard).toBe(false);
  bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 0, status: 'SUCCESS' }, { source: 'cart_checkout' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(heard).toBe(true);
  // later adds find it at once: the state topic replays to new subscribers
  await expect(cartListening()).resolves.toBeUndefined();
});
