// Cognito's side of the wire: its error types and messages, reading a request body, and the
// password policy the pool answers with.
import { EMAIL_PATTERN } from '@store/contracts/site-rules';

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export const INCORRECT = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
export const LIMIT = () => new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
export const ATTEMPTS_EXCEEDED = () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
export const EXPIRED_CODE = () => new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const CODE_MISMATCH = () => new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');

export type Json = Record<string, unknown>;
export type Attributes = { Name: string; Value: string }[];

export const str = (body: Json, key: string, required = true): string => {
  const value = body[key];
  if (typeof value === 'string' && value.length > 0) return value;
  if (!required && value === undefined) return '';
  throw new CognitoError('InvalidParameterException', `1 validation error detected: Value at '${key}' failed to satisfy constraint: Member must not be null`);
};
export const record = (body: Json, key: string): Json => {
  const value = body[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
};

/** The storefront's password rules, answered as Cognito's password policy does. */
export function passwordPolicyError(password: string): string | null {
  if (password.length < 8) return 'Password not long enough';
  if (password.length > 256) return 'Password is too long';
  if (password !== password.trim()) return 'Password must not begin or end with a space';
  if (!/[a-z]/.test(password)) return 'Password must have lowercase characters';
  if (!/[A-Z]/.test(password)) return 'Password must have uppercase characters';
  if (!/[0-9]/.test(password)) return 'Password must have numeric characters';
  if (!/[^A-Za-z0-9\s]/.test(password)) return 'Password must have symbol characters';
  return null;
}

// the store's e-mail rule: the pool takes exactly the addresses the store's forms do
export const EMAIL = EMAIL_PATTERN;
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.).*(\..*)$/, '$1***$2***$3');
