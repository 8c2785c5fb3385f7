/**
 * When two addresses are the same place: the rule behind the address book refusing a second copy
 * of an address (the API answers 400 on street1) and checkout pointing at the saved one.
 *
 * Street, second line, suburb and postcode match, and the state or region when both have one,
 * after normalising: surrounding and repeated spaces, case, accents and macrons, the punctuation
 * . , ' and street-type abbreviations (St/Street, Rd/Road, Ave/Avenue, …); an Australian state by
 * its code or its name (NSW, New South Wales); a postcode without its spaces. The contact name,
 * company and phone are not part of the place.
 */
import { AU_STATES } from './market';

/** Street-type and direction abbreviations used in NZ and AU addresses, to their full words. */
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

/** `normaliseText` with an Australian state's name read as its code ("new south wales" → "nsw"). */
export function normaliseRegion(value: string | undefined | null): string {
  const text = normaliseText(value);
  return normaliseText(AU_STATES.find((s) => normaliseText(s.name) === text)?.code) || text;
}

export interface AddressPlace {
  street1: string;
  street2?: string | null;
  suburb: string;
  postcode: string;
  state?: string | null;
}

/** Whether two addresses are the same place (see the module comment). */
export function samePlace(a: AddressPlace, b: AddressPlace): boolean {
  if (!normaliseStreet(a.street1) || normaliseStreet(a.street1) !== normaliseStreet(b.street1)) return false;
  if (normaliseStreet(a.street2) !== normaliseStreet(b.street2)) return false;
  if (normaliseText(a.suburb) !== normaliseText(b.suburb)) return false;
  if ((a.postcode ?? '').replace(/\s+/g, '') !== (b.postcode ?? '').replace(/\s+/g, '')) return false;
  const regionA = normaliseRegion(a.state);
  const regionB = normaliseRegion(b.state);
  return !regionA || !regionB || regionA === regionB;
}

/** Why the address book refuses an address it already holds (the API's 400 reason, on street1). */
export const DUPLICATE_ADDRESS_MESSAGE = 'This address is already in your address book.';
