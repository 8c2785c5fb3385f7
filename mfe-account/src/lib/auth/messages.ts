/** The shopper's messages for the identity service's errors. */
/** verify and reset: a code the shopper typed; verify-link: the code of the e-mail's link. */
export type AuthContext = 'signin' | 'signup' | 'verify' | 'verify-link' | 'resend' | 'forgot' | 'reset' | 'change';

export const MESSAGES = {
  incorrectCredentials: 'Incorrect email or password.',
  notVerified: 'Your email address has not been verified yet. Enter the code we emailed you.',
  tooManyVerificationEmails: 'Too many verification emails have been sent. Please try again later.',
  unableToSendVerification: 'We were unable to send a verification email. Please try again.',
  unableToCreateAccount: 'We were unable to create your account. Please try again.',
  unableToLogIn: 'We were unable to log you in. Please try again.',
  accountExists: 'An account with this email address already exists.',
  unableToSaveContact: 'We were unable to save your contact info. Please try again.',
  linkInvalid: 'This verification or reset link is invalid or has expired.',
  codeWrong: "That code isn't right. Check the code in the email we sent you and try again.",
  codeExpired: 'That code has expired. Send a new code and try again.',
  tooManyCodeAttempts: 'Too many incorrect codes. Please wait a few minutes and try again.',
  tooManyPasswordAttempts: 'Too many password change or reset attempts. Please try again later.',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  tooManySignInAttempts: 'Too many unsuccessful sign-in attempts. Please try again in 15 minutes.',
  passwordPolicy: 'Your password does not meet the requirements.',
} as const;

const nameOf = (error: unknown): string => (error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '');
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

export function authMessage(error: unknown, context: AuthContext): string {
  const name = nameOf(error);
  switch (name) {
    case 'NotAuthorizedException':
      if (/attempts exceeded/i.test(messageOf(error))) return MESSAGES.tooManySignInAttempts;
      if (context === 'change') return MESSAGES.currentPasswordIncorrect;
      if (context === 'verify' || context === 'verify-link') return MESSAGES.linkInvalid;
      return context === 'signin' ? MESSAGES.incorrectCredentials : MESSAGES.unableToLogIn;
    case 'UserNotConfirmedException':
      return MESSAGES.notVerified;
    case 'UsernameExistsException':
      return MESSAGES.accountExists;
    case 'InvalidPasswordException':
      return MESSAGES.passwordPolicy;
    case 'CodeMismatchException':
      return context === 'verify' || context === 'reset' ? MESSAGES.codeWrong : MESSAGES.linkInvalid;
    case 'ExpiredCodeException':
      return context === 'verify' || context === 'reset' ? MESSAGES.codeExpired : MESSAGES.linkInvalid;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      if (context === 'resend' || context === 'signup') return MESSAGES.tooManyVerificationEmails;
      if (context === 'verify') return MESSAGES.tooManyCodeAttempts;
      if (context === 'verify-link') return MESSAGES.linkInvalid;
      return MESSAGES.tooManyPasswordAttempts;
    case 'UserNotFoundException':
      if (context === 'verify' || context === 'reset') return MESSAGES.codeWrong; // a typed code: says no more than a wrong code would
      return context === 'signin' ? MESSAGES.incorrectCredentials : MESSAGES.linkInvalid;
    default:
      return {
        signin: MESSAGES.unableToLogIn,
        signup: MESSAGES.unableToCreateAccount,
        verify: MESSAGES.linkInvalid,
        'verify-link': MESSAGES.linkInvalid,
        resend: MESSAGES.unableToSendVerification,
        forgot: MESSAGES.unableToSendVerification,
        reset: MESSAGES.linkInvalid,
        change: MESSAGES.unableToLogIn,
      }[context];
  }
}
