export const EMAIL_MAX = 250;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec §5: e-mail max 250 characters and a standard address pattern. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Enter your email address.';
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return 'Enter a valid email address.';
  return null;
}

export function passwordError(value: string): string | null {
  if (value === '') return 'Enter your password.';
  return null;
}
