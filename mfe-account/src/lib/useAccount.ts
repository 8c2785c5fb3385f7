/** Hooks for the account pages: the customer account and whether the loyalty programme is on. */
import { useLoad } from '@store/ui/load';
import { useEffect, useState } from 'react';
import { loadAccount } from './account';
import { getAccountConfig } from './auth/config';

export function useLoyaltyEnabled(): boolean | undefined {
  const [enabled, setEnabled] = useState<boolean>();
  useEffect(() => {
    let live = true;
    getAccountConfig()
      .then((c) => live && setEnabled(c.loyaltyEnabled))
      .catch(() => live && setEnabled(false));
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/**
 * The customer account through `useLoad` (@store/ui/load): status 'loading' until `loadAccount`
 * answers (it does not reject), then ready with its `{ result, account }` (result SUCCESS,
 * PREPARING, ERROR or ABORTED); `setData` shows an account a save answered.
 */
export function useAccount(maxAgeSeconds?: number) {
  return useLoad(`account ${maxAgeSeconds ?? ''}`, () => loadAccount(maxAgeSeconds));
}
