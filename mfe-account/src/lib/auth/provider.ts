/**
 * Registers the account's AuthProvider with the shared session (idempotent). Small on purpose: it
 * runs on every page. aws-amplify is imported only when there are stored tokens to validate, or
 * when the shopper signs in, out, up or resets a password.
 */
import { session, type AuthProvider } from '@store/shared-events';

export const loadAmplify = () => import(/* webpackChunkName: "amplify" */ './amplify');

/** aws-amplify keeps tokens in localStorage under CognitoIdentityServiceProvider.<client>.<user>.*. */
export function hasStoredTokens(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // storage unavailable: a guest
  }
  return false;
}

export const amplifyProvider: AuthProvider = {
  async currentUser() {
    if (!hasStoredTokens()) return null;
    return (await loadAmplify()).currentUser();
  },
  async signOut() {
    if (!hasStoredTokens()) return;
    await (await loadAmplify()).amplifySignOut();
  },
};

let registered: Promise<unknown> | undefined;

/** Register the provider and start the session (validates a stored session). */
export function ensureAuth(): Promise<unknown> {
  registered ??= session.setAuthProvider(amplifyProvider).then(() => session.start());
  return registered;
}
