/**
 * aws-amplify v6 (modular `aws-amplify/auth` imports), configured from GET /api/account/config:
 * the local user pool (endpoint /api/cognito on this origin) or a real Cognito pool. Loaded on
 * demand (dynamic import) so guests never download it on pages that do not need it.
 */
import type { AuthUser } from '@store/shared-events';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { getAccountConfig } from './config';

let configured: Promise<void> | undefined;

export function configureAmplify(): Promise<void> {
  configured ??= getAccountConfig().then((config) => {
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: new URL(config.userPoolEndpoint, window.location.origin).href } : {}),
          loginWith: { email: true },
        },
      },
    });
  });
  configured.catch(() => {
    configured = undefined;
  });
  return configured;
}

/** The session's AuthProvider: the signed-in user from the stored (refreshed as needed) tokens. */
export async function currentUser(): Promise<AuthUser | null> {
  await configureAmplify();
  const { tokens } = await fetchAuthSession();
  const idToken = tokens?.idToken;
  if (!idToken) return null;
  const { sub, email } = idToken.payload;
  if (typeof sub !== 'string') return null;
  return { id: sub, email: typeof email === 'string' ? email : '', idToken: idToken.toString() };
}

export async function amplifySignOut(): Promise<void> {
  await configureAmplify();
  await signOut();
}

export type SignInOutcome = 'DONE' | 'CONFIRM_SIGN_UP';

/** SRP sign-in (aws-amplify's default USER_SRP_AUTH). */
export async function amplifySignIn(email: string, password: string): Promise<SignInOutcome> {
  await configureAmplify();
  const result = await signIn({ username: email.trim().toLowerCase(), password });
  if (result.isSignedIn) return 'DONE';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'CONFIRM_SIGN_UP';
  throw Object.assign(new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`), { name: 'UnsupportedStep' });
}

export async function amplifySignUp(input: { email: string; password: string; firstName: string; lastName: string }): Promise<void> {
  await configureAmplify();
  const email = input.email.trim().toLowerCase();
  await signUp({
    username: email,
    password: input.password,
    options: { userAttributes: { email, given_name: input.firstName.trim(), family_name: input.lastName.trim() } },
  });
}

export async function amplifyConfirmSignUp(email: string, code: string): Promise<void> {
  await configureAmplify();
  await confirmSignUp({ username: email.trim().toLowerCase(), confirmationCode: code.trim() });
}

export async function amplifyResendCode(email: string): Promise<void> {
  await configureAmplify();
  await resendSignUpCode({ username: email.trim().toLowerCase() });
}

export async function amplifyForgotPassword(email: string): Promise<void> {
  await configureAmplify();
  await resetPassword({ username: email.trim().toLowerCase() });
}

export async function amplifyResetPassword(email: string, code: string, newPassword: string): Promise<void> {
  await configureAmplify();
  await confirmResetPassword({ username: email.trim().toLowerCase(), confirmationCode: code.trim(), newPassword });
}

export async function amplifyChangePassword(oldPassword: string, newPassword: string): Promise<void> {
  await configureAmplify();
  await updatePassword({ oldPassword, newPassword });
}
