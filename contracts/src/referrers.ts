/**
 * Referrers (referral and affiliate partners) are kept by id. An id is exactly 6 letters or digits,
 * read case-insensitively and kept upper case; a device keeps the 64 most recent, one per id.
 * Zod-free: the cart service reads the landing URL with it on every page.
 */
export const REFERRER_ID_LENGTH = 6;
export const REFERRER_ID_PATTERN = /^[A-Z0-9]{6}$/;
export const REFERRERS_MAX = 64;

/** The id of a `ref` value, or null when it is not one (wrong length or characters). */
export function referrerIdOf(raw: string | null | undefined): string | null {
  const id = (raw ?? '').trim().toUpperCase();
  return id.length === REFERRER_ID_LENGTH && REFERRER_ID_PATTERN.test(id) ? id : null;
}
