/**
 * Checkout address forms warn on duplicating an identical saved address. For a
 * signed-in shopper the address being entered is compared with the account's saved addresses
 * (GET /api/account/addresses, the account API, called with the session's ID token) by the rule
 * the address book itself keeps (`samePlace` in @store/contracts/address-match: street, suburb,
 * postcode and state normalised; an Australian state by code or name).
 */
import { pageMarket } from '@store/contracts/market';
import { normaliseStreet, normaliseText, samePlace } from '@store/contracts/address-match';
import type { AccountAddress, CheckoutAddressInput } from '@store/contracts';
import { session, type SessionState } from '@store/shared-events';
import { useLoad } from '@store/ui/load';
import { useEffect, useState } from 'react';
import { accountAddresses } from '../../../lib/api';

export { normaliseStreet, normaliseText, samePlace };

/** The first saved address that is the same place as `entered`, or null. */
export function findSavedDuplicate(entered: CheckoutAddressInput, saved: AccountAddress[]): AccountAddress | null {
  return saved.find((address) => samePlace(entered, address)) ?? null;
}

/** The saved address as the checkout form's value (the phone entered is kept when the saved one has none). */
export function fromSaved(saved: AccountAddress, current: CheckoutAddressInput): CheckoutAddressInput {
  return {
    company: saved.company,
    contactName: saved.contactName,
    country: pageMarket().country,
    phone: saved.phone || current.phone,
    postcode: saved.postcode,
    state: saved.state,
    street1: saved.street1,
    street2: saved.street2,
    suburb: saved.suburb,
  };
}

/** How the warning names a saved address: "Aroha Ngata, 12 Queen Street, Auckland Central 1010". */
export function savedAddressLabel(a: AccountAddress): string {
  return [a.contactName, a.street1, a.street2, `${a.suburb} ${a.postcode}`.trim()].filter(Boolean).join(', ');
}

const signedInUser = (state: SessionState): string | null => (state.status === 'LOGGED_IN' ? (state.user?.id ?? null) : null);

/**
 * The signed-in shopper's saved addresses in this site's country (other countries are dropped), loaded when
 * signed in; empty for a guest, while loading, or when the address book cannot be loaded (the
 * warning is a help, never a reason to stop the checkout).
 */
export function useSavedAddresses(): AccountAddress[] {
  const [userId, setUserId] = useState(() => signedInUser(session.getState()));
  useEffect(() => {
    const subscription = session.state$.subscribe((state) => setUserId(signedInUser(state)));
    return () => subscription.unsubscribe();
  }, []);
  // a failed load leaves no saved addresses to compare with
  const saved = useLoad(userId ? `saved-addresses:${userId}` : null, () => accountAddresses().then(({ addresses }) => addresses.filter((a) => a.country === pageMarket().country)));
  return userId && saved.status === 'ready' ? saved.data : [];
}
