/**
 * Spec §4: no order while an account update is loading. The shared session says when a signed-in
 * shopper's account is being written (`session.accountUpdating$`: a cart or wishlist save to the
 * server, or an account remote update such as PUT /api/account or an address book change). An
 * older shell's session has no such signal: then nothing is ever reported as updating.
 */
import { session } from '@store/shared-events';
import { useSyncExternalStore } from 'react';

export const isAccountUpdating = (): boolean => (typeof session.isAccountUpdating === 'function' ? session.isAccountUpdating() : false);

const subscribe = (listener: () => void): (() => void) => {
  if (!session.accountUpdating$) return () => {};
  const subscription = session.accountUpdating$.subscribe(() => listener());
  return () => subscription.unsubscribe();
};

/** True while the signed-in account is being saved; re-renders on every change. */
export function useAccountUpdating(): boolean {
  return useSyncExternalStore(subscribe, isAccountUpdating, isAccountUpdating);
}
