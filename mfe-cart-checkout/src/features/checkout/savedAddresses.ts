/**
 * Checkout address forms warn on duplicating an identical saved address. For a
 * signed-in shopper the address being entered is compared with the account's saved addresses
 * (GET /api/account/addresses, the account API, called with the session's ID token). Two
 * addresses are the same place when street, second line, suburb and postcode match (and the
 * region, when both have one) after normalising: case, accents and macrons, punctuation,
 * whitespace, and street-type abbreviations (St/Street, Rd/Road, Ave/Avenue, …). The contact
 * name, company and phone are not part of the place.
 */
import { pageMarket } from '@store/contracts/market';
import type { AccountAddress, CheckoutAddressInput } from '@store/contracts';
import { session, type SessionState } from '@store/shared-events';
import { useEffect, useState } from 'react';
import { accountAddresses } from '../../lib/api';

/** Street-type and direction abbreviations used in NZ addresses, to their full words. */
const STREET_WORDS: Record<string, string> = {
  st: 'street',
  str: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  dr: 'drive',
  pl: 'place',
  cres: 'crescent',
  cr: 'crescent',
  tce: 'terrace',
  ter: 'terrace',
  ln: 'lane',
  ct: 'court',
  crt: 'court',
  hwy: 'highway',
  pde: 'parade',
  sq: 'square',
  blvd: 'boulevard',
  cl: 'close',
  gr: 'grove',
  gdns: 'gardens',
  esp: 'esplanade',
  mt: 'mount',
  nth: 'north',
  sth: 'south',
};

/** Lower case, no accents or macrons, no . , ' and single spaces. */
export function normaliseText(value: string | undefined | null): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[.,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `normaliseText` with street-type abbreviations written out ("12 Queen St." → "12 queen street"). */
export function normaliseStreet(value: string | undefined | null): string {
  return normaliseText(value)
    .split(' ')
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
}

type AddressParts = Pick<CheckoutAddressInput, 'street1' | 'street2' | 'suburb' | 'postcode' | 'state'>;

/** Whether two addresses are the same place (see the module comment). */
export function samePlace(a: AddressParts, b: AddressParts): boolean {
  if (!normaliseStreet(a.street1) || normaliseStreet(a.street1) !== normaliseStreet(b.street1)) return false;
  if (normaliseStreet(a.street2) !== normaliseStreet(b.street2)) return false;
  if (normaliseText(a.suburb) !== normaliseText(b.suburb)) return false;
  if ((a.postcode ?? '').replace(/\s+/g, '') !== (b.postcode ?? '').replace(/\s+/g, '')) return false;
  const regionA = normaliseText(a.state);
  const regionB = normaliseText(b.state);
  return !regionA || !regionB || regionA === regionB;
}

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
  const [loaded, setLoaded] = useState<{ userId: string; addresses: AccountAddress[] } | null>(null);
  useEffect(() => {
    const subscription = session.state$.subscribe((state) => setUserId(signedInUser(state)));
    return () => subscription.unsubscribe();
  }, []);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    accountAddresses()
      .then(({ addresses }) => {
        if (live) setLoaded({ userId, addresses: addresses.filter((a) => a.country === pageMarket().country) });
      })
      .catch(() => {}); // no saved addresses to compare with
    return () => {
      live = false;
    };
  }, [userId]);
  return userId && loaded?.userId === userId ? loaded.addresses : [];
}
