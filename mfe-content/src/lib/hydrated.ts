import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false on the server and while the page hydrates server HTML, true otherwise (React re-renders
 * right after hydration). For browser-only parts (the store map) that the server leaves out: the
 * hydrating render must match the server's, a client-side navigation renders them at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
