import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Operator sign-in: one shared token from configuration (OPERATOR_TOKEN). Signing in with it sets
 * an HttpOnly, SameSite=Strict session cookie (`store_operator`, 8 hours, Path=/operator) signed
 * with a key derived from the token (every API process accepts it; a new token ends every
 * session). Each form carries a CSRF token derived from the session, checked on every POST.
 *
 * Outside production an unset OPERATOR_TOKEN is the public default `operator-local-token`; in
 * production there is no default: without OPERATOR_TOKEN the operator page is off (404), and the
 * default token itself is refused.
 */
export const OPERATOR_COOKIE = 'store_operator';
export const DEFAULT_OPERATOR_TOKEN = 'operator-local-token';
const SESSION_MS = 8 * 3600_000;

export interface OperatorSettings {
  token: string;
}

/** The operator settings from the environment; null: the page is off. */
export function operatorFromEnv(env: NodeJS.ProcessEnv = process.env): OperatorSettings | null {
  const token = env.OPERATOR_TOKEN?.trim();
  if (token?.toLowerCase() === 'off') return null;
  const production = env.NODE_ENV === 'production';
  if (!token) return production ? null : { token: DEFAULT_OPERATOR_TOKEN };
  if (production && token === DEFAULT_OPERATOR_TOKEN) throw new Error(`OPERATOR_TOKEN is the public default "${DEFAULT_OPERATOR_TOKEN}": set a secret of at least 16 characters, or OPERATOR_TOKEN=off`);
  if (token.length < 16) throw new Error('OPERATOR_TOKEN must be at least 16 characters (or "off")');
  return { token };
}

const keyOf = (token: string) => createHash('sha256').update(`operator-session:${token}`).digest();
const sign = (token: string, text: string) => createHmac('sha256', keyOf(token)).update(text).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `given` is the operator token (constant time). */
export function tokenMatches(settings: OperatorSettings, given: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(settings.token).digest();
  return timingSafeEqual(a, b);
}

/** A new session cookie value: `<expiry ms>.<nonce>.<signature>`. */
export function newSession(settings: OperatorSettings, now = Date.now()): string {
  const body = `${now + SESSION_MS}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(settings.token, `session:${body}`)}`;
}

/** The session's nonce when the cookie value is a valid, unexpired session; else null. */
export function sessionOf(settings: OperatorSettings, value: string | undefined, now = Date.now()): string | null {
  const parts = value?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [expiry, nonce, signature] = parts as [string, string, string];
  if (!/^\d{1,15}$/.test(expiry) || Number(expiry) <= now) return null;
  return same(signature, sign(settings.token, `session:${expiry}.${nonce}`)) ? nonce : null;
}

/** The CSRF token of a session's forms. */
export const csrfOf = (settings: OperatorSettings, session: string) => sign(settings.token, `csrf:${session}`);

export function csrfMatches(settings: OperatorSettings, session: string, given: string | undefined): boolean {
  return typeof given === 'string' && same(given, csrfOf(settings, session));
}

export function sessionCookie(value: string, secure: boolean): string {
  return `${OPERATOR_COOKIE}=${value}; Path=/operator; Max-Age=${SESSION_MS / 1000}; SameSite=Strict; HttpOnly${secure ? '; Secure' : ''}`;
}

export function clearedCookie(secure: boolean): string {
  return `${OPERATOR_COOKIE}=; Path=/operator; Max-Age=0; SameSite=Strict; HttpOnly${secure ? '; Secure' : ''}`;
}
