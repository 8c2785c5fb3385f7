/**
 * The store's one e-mail rule and its messages, without zod (the browser bundles import this file
 * alone): every address the store takes (sign-up, sign-in, checkout, order and return lookup, the
 * subscribe form) and the user pool's, in the browser and on the server.
 */
export const EMAIL_LENGTH_MAX = 250;
/**
 * The HTML standard's address pattern (what `<input type="email">` accepts) with at least one dot
 * in the domain: local part of letters, digits and . ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, then
 * domain labels of letters, digits and inner hyphens, at most 63 characters each.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const EMAIL_REQUIRED_MESSAGE = 'Enter your email address.';
export const EMAIL_INVALID_MESSAGE = 'Enter a valid email address.';
export const POLICY_REQUIRED_MESSAGE = 'Accept the privacy policy to subscribe.';

/** The e-mail's error message, or null when it is fine. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return EMAIL_REQUIRED_MESSAGE;
  if (email.length > EMAIL_LENGTH_MAX || !EMAIL_PATTERN.test(email)) return EMAIL_INVALID_MESSAGE;
  return null;
}
