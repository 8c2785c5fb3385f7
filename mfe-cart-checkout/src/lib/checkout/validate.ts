/** Form validation for the checkout steps and the order lookups, with the contract schemas' rules. */
import { addressProblem, pageMarket, CheckoutAddress, CheckoutEmail, CheckoutPersonName, CheckoutPhone, LOYALTY_LAST_NAME_MAX, LOYALTY_LAST_NAME_MIN, QANTAS_MEMBER_PATTERN, type CheckoutAddressInput } from '@store/contracts';
import type { z } from 'zod';
import type { Contact } from './state';

export type Errors<K extends string> = Partial<Record<K, string>>;

const REQUIRED: Record<string, string> = {
  email: 'Enter your email address.',
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  phone: 'Enter your phone number.',
  contactName: 'Enter the name of the person receiving the order.',
  street1: 'Enter a street address.',
  suburb: 'Enter a suburb or town.',
  postcode: 'Enter a postcode.',
};

function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0]!;
  if (issue.code === 'too_big') return `Use at most ${String((issue as { maximum?: unknown }).maximum)} characters.`;
  return issue.message;
}

export function validateContact(c: Contact): Errors<keyof Contact> {
  const errors: Errors<keyof Contact> = {};
  for (const [key, schema] of [
    ['email', CheckoutEmail],
    ['firstName', CheckoutPersonName],
    ['lastName', CheckoutPersonName],
    ['phone', CheckoutPhone],
  ] as const) {
    const value = c[key].trim();
    if (!value) errors[key] = REQUIRED[key];
    else {
      const issue = firstIssue(schema, value);
      if (issue) errors[key] = key === 'email' ? 'Enter a valid email address.' : issue;
    }
  }
  return errors;
}

/**
 * The optional Qantas Frequent Flyer membership at checkout: nothing, or both a 6 to 12 digit
 * number and the member's last name (the account's rules, @store/contracts).
 */
export function validateLoyalty(memberId: string, lastName: string): Errors<'memberId' | 'lastName'> {
  const errors: Errors<'memberId' | 'lastName'> = {};
  const id = memberId.replace(/\s+/g, '');
  const name = lastName.trim();
  if (!id && !name) return errors;
  if (!id) errors.memberId = 'Enter your Qantas Frequent Flyer number, or clear the last name.';
  else if (!QANTAS_MEMBER_PATTERN.test(id)) errors.memberId = 'A Qantas Frequent Flyer number has 6 to 12 digits.';
  if (!name) errors.lastName = 'Enter the last name on your membership.';
  else if (name.length < LOYALTY_LAST_NAME_MIN || name.length > LOYALTY_LAST_NAME_MAX) errors.lastName = `Up to ${LOYALTY_LAST_NAME_MAX} characters.`;
  return errors;
}

/** The order-lookup forms (find an order, guest return): the order number from the confirmation e-mail. */
export function orderNumberError(number: string): string | null {
  const value = number.trim();
  if (!value) return 'Enter your order number.';
  return /^[A-Za-z]{0,4}\d{4,12}$/.test(value) ? null : 'Enter the order number from your confirmation email, e.g. FL12345678.';
}

/** The order-lookup forms: the e-mail the order was placed with (the contact rules). */
export function lookupEmailError(email: string): string | null {
  if (!email.trim()) return 'Enter your email address.';
  return validateContact({ email, firstName: 'x', lastName: 'x', phone: '0211234567', agreeToMarketing: false }).email ?? null;
}

export type AddressField = 'contactName' | 'company' | 'phone' | 'street1' | 'street2' | 'suburb' | 'state' | 'postcode';

export function validateAddress(a: CheckoutAddressInput): Errors<AddressField> {
  const errors: Errors<AddressField> = {};
  const shape = CheckoutAddress.shape;
  for (const key of ['contactName', 'company', 'phone', 'street1', 'street2', 'suburb', 'state', 'postcode'] as const) {
    const value = (a[key] ?? '').trim();
    if (!value) {
      if (REQUIRED[key]) errors[key] = REQUIRED[key];
      continue;
    }
    const issue = firstIssue(shape[key], value);
    if (issue) errors[key] = issue;
  }
  // the market's rules: an Australian address needs a state (and both markets a 4-digit postcode)
  const market = pageMarket();
  const problem = addressProblem(market, { postcode: a.postcode ?? '', state: a.state ?? '' });
  // the state select lists the states: its error does not list them again
  if (problem && !errors[problem.field]) errors[problem.field] = problem.field === 'state' ? `Choose the ${market.address.stateLabel.toLowerCase()} this address is in.` : problem.message;
  return errors;
}

export const hasErrors = (e: object) => Object.keys(e).length > 0;

export const sameAddress = (a: CheckoutAddressInput | null, b: CheckoutAddressInput | null): boolean => {
  if (!a || !b) return false;
  const norm = (x: CheckoutAddressInput) => [x.street1, x.street2 ?? '', x.suburb, x.postcode, x.state ?? '', x.contactName].map((s) => s.trim().toLowerCase()).join('|');
  return norm(a) === norm(b);
};
