/** Hooks for the account pages: the customer account and whether the loyalty programme is on. */
import type { AccountResponse } from '@store/contracts';
import { useEffect, useState } from 'react';
import { loadAccount, type AccountLoadResult } from './account';
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

export function useAccount(maxAgeSeconds?: number) {
  const [state, setState] = useState<{ result: AccountLoadResult | 'LOADING'; account?: AccountResponse }>({ result: 'LOADING' });
  useEffect(() => {
    let live = true;
    void loadAccount(maxAgeSeconds).then((r) => live && setState(r));
    return () => {
      live = false;
    };
  }, [maxAgeSeconds]);
  return [state, setState] as const;
}
