/** Field rules for the account forms (the same rules the API enforces through @store/contracts). */
import {
  ACCOUNT_PHONE_PATTERN,
  ACCOUNT_POSTCODE_PATTERN,
  ADDRESS_PART_PATTERN,
  FREE_TEXT_PATTERN,
  NAME_MAX,
  PERSON_NAME_PATTERN,
  PHONE_MAX,
  QANTAS_MEMBER_PATTERN,
  LOYALTY_LAST_NAME_MAX,
  passwordProblem,
  utf8ByteLength,
} from '@store/contracts';

/** The store's one e-mail rule (at most 250 characters, the standard address pattern) and its messages. */
export { emailError } from '@store/contracts/site-rules';

export function passwordError(value: string): string | null {
  if (value === '') return 'Enter your password.';
  return null;
}

const freeText = (value: string, max: number, label: string): string | null => {
  if (value.length > max) return `${label} must be at most ${max} characters.`;
  if (utf8ByteLength(value) > max * 2) return `${label} is too long.`;
  if (!FREE_TEXT_PATTERN.test(value)) return `${label} contains characters that are not allowed.`;
  return null;
};

export function nameError(value: string, label: 'First name' | 'Last name'): string | null {
  const v = value.trim();
  if (!v) return `Enter your ${label.toLowerCase()}.`;
  return freeText(v, NAME_MAX, label) ?? (PERSON_NAME_PATTERN.test(v) ? null : `${label} may only contain letters, full stops, apostrophes, spaces and hyphens.`);
}

export const newPasswordError = (value: string): string | null => passwordProblem(value);

export const repeatPasswordError = (value: string, password: string): string | null =>
  !value ? 'Repeat your new password.' : value !== password ? 'The passwords do not match.' : null;

export const currentPasswordError = (value: string): string | null => (value ? null : 'Enter your current password.');

/** Optional on the account: blank or valid. */
export function phoneError(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  return freeText(v, PHONE_MAX, 'Phone') ?? (ACCOUNT_PHONE_PATTERN.test(v) ? null : 'Enter a valid phone number.');
}

export const codeError = (value: string): string | null => (/^\d{6}$/.test(value.trim()) ? null : 'Enter the 6-digit code from the email.');

export function addressPartError(value: string, max: number, label: string, required = false): string | null {
  const v = value.trim();
  if (!v) return required ? `Enter a ${label.toLowerCase()}.` : null;
  return freeText(v, max, label) ?? (ADDRESS_PART_PATTERN.test(v) ? null : `${label} may only contain letters, digits and . , ' / - characters.`);
}

export function contactNameError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter a contact name.';
  return freeText(v, 100, 'Contact name') ?? (PERSON_NAME_PATTERN.test(v) ? null : 'Contact name may only contain letters, full stops, apostrophes, spaces and hyphens.');
}

export const postcodeError = (value: string, message = 'Enter a 4-digit New Zealand postcode.'): string | null =>
  !value.trim() ? 'Enter a postcode.' : ACCOUNT_POSTCODE_PATTERN.test(value.trim()) ? null : message;

export const memberIdError = (value: string): string | null =>
  !value.trim() ? 'Enter your Qantas Frequent Flyer number.' : QANTAS_MEMBER_PATTERN.test(value.trim()) ? null : 'A Qantas Frequent Flyer number has 6 to 12 digits.';

export const loyaltyLastNameError = (value: string): string | null =>
  !value.trim() ? 'Enter the last name on your membership.' : value.trim().length > LOYALTY_LAST_NAME_MAX ? `Last name must be at most ${LOYALTY_LAST_NAME_MAX} characters.` : null;
