/**
 * Whether the shopper's cart is known yet. A page load starts with the session INITIALISING (the
 * account service validates a stored sign-in once the page has loaded) and, for a signed-in
 * shopper, the synced state is fetched from the server after that: until then an empty cart may
 * just be one not read yet, so the checkout guards wait instead of sending the shopper to /cart
 * (and the cart does not say "empty" meanwhile).
 * Waiting ends at the latest after SESSION_WAIT_MAX_MS (an account service that never starts).
 */
import { session, USER_STORAGE_KEY, type SessionStatus, type SyncResult } from '@store/shared-events';
import { useEffect, useState, useSyncExternalStore } from 'react';

export const SESSION_WAIT_MAX_MS = 10_000;

/**
 * An empty cart is final once the session is settled and a signed-in shopper's state has arrived.
 * While the page starts (INITIALISING) only a shopper who was signed in here before (the synced
 * state's signed-in copy is in local storage) can have a cart not read yet: a guest's is local.
 */
export function cartSettled(status: SessionStatus, syncResult: SyncResult, signedInBefore = true): boolean {
  if (status === 'LOGGED_OUT') return true;
  if (status === 'LOGGED_IN') return syncResult === 'SUCCESS' || syncResult === 'ERROR';
  if (status === 'INITIALISING') return !signedInBefore;
  return false; // LOGGING_IN, LOGGING_OUT
}

function signedInBefore(): boolean {
  try {
    return window.localStorage.getItem(USER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

const read = (): boolean => cartSettled(session.getState().status, session.synced.getSyncResult(), signedInBefore());

const subscribe = (listener: () => void): (() => void) => {
  const a = session.state$.subscribe(() => listener());
  const b = session.synced.syncResult$.subscribe(() => listener());
  return () => {
    a.unsubscribe();
    b.unsubscribe();
  };
};

/** True once an empty cart really is empty (see above), or after SESSION_WAIT_MAX_MS. */
export function useCartSettled(): boolean {
  const settled = useSyncExternalStore(subscribe, read, read);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (settled) return undefined;
    const timer = setTimeout(() => setTimedOut(true), SESSION_WAIT_MAX_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  return settled || timedOut;
}

/** The session status, re-rendering on change. */
export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(
    (listener) => {
      const s = session.state$.subscribe(() => listener());
      return () => s.unsubscribe();
    },
    () => session.getState().status,
    () => session.getState().status,
  );
}
