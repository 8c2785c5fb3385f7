/**
 * Site form rules without zod, for the browser bundles (the footer subscribe form): forms settings
 * emailPattern and emailLengthMax, and the exact user messages.
 */
export const EMAIL_LENGTH_MAX = 250;
/** Forms settings emailPattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
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
