/**
 * No order while an account update is loading. The shared session says when a signed-in
 * shopper's account is being written (`session.accountUpdating$`: a cart or wishlist save to the
 * server, or an account remote update such as PUT /api/account or an address book change). These
 * members arrived in @store/shared-events 1.1.0; this remote requires ^1.2.0 (package.json), and
 * the release gate refuses it next to a shell whose shared-events does not satisfy that range or
 * does not provide the session members the build uses (storefront-contract.json "sharedEvents").
 */
import { session } from '@store/shared-events';
import { useSyncExternalStore } from 'react';

export const isAccountUpdating = (): boolean => session.isAccountUpdating();

const subscribe = (listener: () => void): (() => void) => {
  const subscription = session.accountUpdating$.subscribe(() => listener());
  return () => subscription.unsubscribe();
};

/** True while the signed-in account is being saved; re-renders on every change. */
export function useAccountUpdating(): boolean {
  return useSyncExternalStore(subscribe, isAccountUpdating, isAccountUpdating);
}
