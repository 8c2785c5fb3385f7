/**
 * Account API bodies (customer, address, synced state and their validation; /account,
 * /account/state) and the identity configuration the account remote reads.
 */
import { addressProblem, MARKETS } from './market';
import { EMAIL_INVALID_MESSAGE, EMAIL_LENGTH_MAX, EMAIL_PATTERN } from './site-rules';
import { z } from 'zod';

// ---- field rules (shared by the API and the account remote's forms) ----

export const EMAIL_MAX = EMAIL_LENGTH_MAX;
export const NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const PHONE_MAX = 20;
/** Byte-length maxima (UTF-8) on top of the character maxima: twice the character maximum. */
export const utf8ByteLength = (s: string): number => new TextEncoder().encode(s).length;

/** Letters, full stop, apostrophe, space, hyphen. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M}.' -]+$/u;
export const ACCOUNT_PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,19}$/;
/** AccountAddress parts: digits, letters and . , ' / space hyphen. */
export const ADDRESS_PART_PATTERN = /^[\p{L}\p{M}\p{N}.,'/ -]*$/u;
export const ACCOUNT_POSTCODE_PATTERN = /^\d{4}$/;
/** Free text: letters, marks, numbers, punctuation, symbols, separators and line breaks only. */
export const FREE_TEXT_PATTERN = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Z}\r\n]*$/u;

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((s) => utf8ByteLength(s) <= max * 2, `${label} is too long`)
    .refine((s) => FREE_TEXT_PATTERN.test(s), `${label} contains characters that are not allowed`);

export const AccountEmail = text(EMAIL_MAX, 'Email').pipe(z.string().regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE));
export const PersonName = (label: string) =>
  text(NAME_MAX, label).pipe(z.string().min(1, `Enter your ${label.toLowerCase()}.`).regex(PERSON_NAME_PATTERN, `${label} may only contain letters, full stops, apostrophes, spaces and hyphens.`));
/** Optional on the account: blank or valid. */
export const AccountPhone = text(PHONE_MAX, 'Phone').refine((s) => s === '' || ACCOUNT_PHONE_PATTERN.test(s), 'Enter a valid phone number.');

/** Password rules; the message names the first rule broken. */
export function passwordProblem(password: string): string | null {
  if (!password) return 'Enter a password.';
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters.`;
  if (password !== password.trim()) return 'Password must not start or end with a space.';
  if (!/[a-z]/.test(password)) return 'Password needs a lowercase letter.';
  if (!/[A-Z]/.test(password)) return 'Password needs an uppercase letter.';
  if (!/[0-9]/.test(password)) return 'Password needs a number.';
  if (!/[^A-Za-z0-9\s]/.test(password)) return 'Password needs a special character.';
  return null;
}

// ---- synced state ----

export const SyncedCartItem = z.object({
  id: z.string().min(1).max(100),
  productId: z.string().min(1).max(100),
  variantId: z.string().min(1).max(100),
  qty: z.number().int().min(1).max(999),
  createdAt: z.iso.datetime({ offset: true }),
  challengeAnswer: z.string().max(100).optional(),
});
export type SyncedCartItem = z.infer<typeof SyncedCartItem>;

export const SyncedWishlistItem = z.object({
  productId: z.string().min(1).max(100),
  variantId: z.string().min(1).max(100).optional(),
  qty: z.literal(1),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SyncedWishlistItem = z.infer<typeof SyncedWishlistItem>;

const syncedLists = {
  cart: z.object({ items: z.array(SyncedCartItem).max(200) }),
  wishlist: z.object({ items: z.array(SyncedWishlistItem).max(500) }),
};

/** PUT /api/account/state: the client's state based on `syncableStateVersion` (409 when stale). */
export const AccountStatePutBody = z.object({
  syncableStateVersion: z.number().int().min(0),
  ...syncedLists,
});
export type AccountStatePutBody = z.infer<typeof AccountStatePutBody>;

export const AccountState = z.object({ syncableStateVersion: z.number().int().min(0), ...syncedLists });
export type AccountState = z.infer<typeof AccountState>;

/** GET and PUT /api/account/state answer. */
export const AccountStateResponse = z.object({ state: AccountState });
export type AccountStateResponse = z.infer<typeof AccountStateResponse>;

// ---- customer ----

export const AccountCustomer = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  erpCustomerId: z.string(),
  subscriptions: z.object({ email: z.boolean(), sms: z.boolean() }),
});
export type AccountCustomer = z.infer<typeof AccountCustomer>;

export const AccountResponse = z.object({
  customer: AccountCustomer,
  loyalty: z.object({ providers: z.object({ qantas: z.object({ memberId: z.string() }).optional() }) }),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

export const QANTAS_MEMBER_PATTERN = /^\d{6,12}$/;
// Guest loyalty info kept locally: zod-free in ./loyalty, so code that only needs the key (the
// account's every-page service) does not bundle zod and every schema with it.
export { GUEST_LOYALTY_KEY, type GuestLoyaltyInfo } from './loyalty';
export const LOYALTY_LAST_NAME_MIN = 1;
export const LOYALTY_LAST_NAME_MAX = 40;

export const LoyaltyLink = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('link'),
    memberId: z.string().trim().min(1, 'Enter your Qantas Frequent Flyer number.').regex(QANTAS_MEMBER_PATTERN, 'A Qantas Frequent Flyer number has 6 to 12 digits.'),
    lastName: z.string().trim().min(LOYALTY_LAST_NAME_MIN, 'Enter the last name on your membership.').max(LOYALTY_LAST_NAME_MAX),
  }),
  z.object({ action: z.literal('unlink') }),
]);
export type LoyaltyLink = z.infer<typeof LoyaltyLink>;

/** PUT /api/account */
export const AccountUpdateBody = z.object({
  customer: z.object({
    firstName: PersonName('First name'),
    lastName: PersonName('Last name'),
    phone: AccountPhone,
    subscriptions: z.object({ email: z.boolean(), sms: z.boolean() }),
  }),
  loyalty: z.object({ qantas: LoyaltyLink }).optional(),
});
export type AccountUpdateBody = z.infer<typeof AccountUpdateBody>;

/** Loyalty errors of PUT /api/account (422 with one of these codes). */
export const LOYALTY_ERRORS = ['LoyaltyMemberNotFound', 'LoyaltyMemberInactive', 'LoyaltyMemberAlreadyLinked'] as const;

// ---- addresses ----

const addressPart = (max: number, label: string) =>
  text(max, label).pipe(z.string().regex(ADDRESS_PART_PATTERN, `${label} may only contain letters, digits and . , ' / - characters.`));

export const AccountAddressInput = z.object({
  company: addressPart(50, 'Company').default(''),
  contactName: text(100, 'Contact name').pipe(z.string().min(1, 'Enter a contact name.').regex(PERSON_NAME_PATTERN, 'Contact name may only contain letters, full stops, apostrophes, spaces and hyphens.')),
  country: z.enum(['NZ', 'AU'], { message: 'Only New Zealand and Australian addresses are supported.' }),
  phone: AccountPhone.default(''),
  postcode: text(10, 'Postcode').pipe(z.string().regex(ACCOUNT_POSTCODE_PATTERN, 'Enter a 4-digit postcode.')),
  state: addressPart(50, 'Region').default(''),
  street1: addressPart(50, 'Street address').pipe(z.string().min(1, 'Enter a street address.')),
  street2: addressPart(50, 'Street address line 2').default(''),
  suburb: addressPart(50, 'Suburb').pipe(z.string().min(1, 'Enter a suburb.')),
  isDefaultBilling: z.boolean().default(false),
  isDefaultShipping: z.boolean().default(false),
}).superRefine((address, ctx) => {
  // AU: one of the states and a 4-digit postcode (the API also refuses another market's address)
  const problem = addressProblem(MARKETS[address.country], address);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type AccountAddressInput = z.input<typeof AccountAddressInput>;

export const AccountAddress = z.object({
  id: z.string(),
  type: z.literal('SELECTED'),
  company: z.string(),
  contactName: z.string(),
  country: z.string(),
  phone: z.string(),
  postcode: z.string(),
  state: z.string(),
  street1: z.string(),
  street2: z.string(),
  suburb: z.string(),
  isDefaultBilling: z.boolean(),
  isDefaultShipping: z.boolean(),
});
export type AccountAddress = z.infer<typeof AccountAddress>;

export const AccountAddressesResponse = z.object({ addresses: z.array(AccountAddress) });
export type AccountAddressesResponse = z.infer<typeof AccountAddressesResponse>;

// ---- identity configuration ----

/** GET /api/account/config: what the account remote configures aws-amplify with. */
export const AccountConfigResponse = z.object({
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Empty for a real Cognito pool. Relative to the page origin for the local pool. */
  userPoolEndpoint: z.string(),
  localPool: z.boolean(),
  loyaltyEnabled: z.boolean(),
  guestLoyaltyMaxAgeMinutes: z.number().int(),
});
export type AccountConfigResponse = z.infer<typeof AccountConfigResponse>;
