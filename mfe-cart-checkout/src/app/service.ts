/**
 * The cart's background service, started by the shell on every page: publishes the cart
 * quantity for the header badge, handles `cart.add` (the handler is loaded on first use), and
 * follows `session.state` for the checkout state: a login (LOGGING_IN → LOGGED_IN)
 * clears the checkout contact; a logout (LOGGED_IN or LOGGING_OUT → LOGGED_OUT) clears the
 * addresses, contact, delivery options, pickup store and applied gift cards. A guest's page load
 * (INITIALISING → LOGGED_OUT) keeps the guest's checkout. The service starts when the page is idle,
 * so it may first hear of a logout as the replayed LOGGED_OUT: the checkout remembers that it was
 * filled while signed in (`wasSignedIn`), and a signed-out state clears it then too. It keeps the
 * landing URL's referrer (`?ref=`) on the device for the order (lib/referrers.ts).
 */
import { bus, session, topics, type SessionStatus } from '@store/shared-events';
import { warmWhenIdle } from '@store/shared-events/remote';
import { migrateLegacyCart, publishQuantity } from '../lib/cart/store';
import { clearForLogin, clearForLogout, setSignedIn, wasSignedIn } from '../lib/checkout/state';
import { captureLandingReferrer } from '../lib/referrers';

let started = false;

export function start(): void {
  if (started) return;
  started = true;
  captureLandingReferrer();
  void migrateLegacyCart();
  session.synced.state$.subscribe((state) => publishQuantity(state.cart.items));
  let previous: SessionStatus | undefined;
  bus.subscribe(topics.sessionState, ({ status }) => {
    if (status === 'LOGGED_IN' && previous === 'LOGGING_IN') clearForLogin();
    if (status === 'LOGGED_IN') setSignedIn(true);
    if (status === 'LOGGED_OUT' && (previous === 'LOGGING_OUT' || previous === 'LOGGED_IN' || wasSignedIn())) {
      clearForLogout();
      setSignedIn(false);
    }
    previous = status;
  });
  const loadAdd = () => import('../features/cart/add');
  bus.subscribe(topics.cartAdd, (payload) => {
    void loadAdd().then(({ handleCartAdd }) => handleCartAdd(payload));
  });
  // the first Add to cart should not wait for the handler's code: load it once the page is idle
  // and the shopper has shown intent
  warmWhenIdle(() => void loadAdd().catch(() => undefined), 3000);
}
