import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessage } from '../../lib/auth/messages';
import { loadAmplify } from '../../lib/auth/provider';
import { headingCss, Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { codeError, currentPasswordError, emailError, newPasswordError, repeatPasswordError } from '../../lib/validation';

const narrow = { maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem' } as const;
const passwordHint = 'At least 8 characters with an uppercase and a lowercase letter, a number and a special character.';

/** /account/password/forgot (signed-out only): sends a reset code. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ defaultValues: { email: '' }, rules: { email: (v) => emailError(v) } });
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await (await loadAmplify()).amplifyForgotPassword(email);
      navigate(`/account/password/reset?user=${encodeURIComponent(email.trim().toLowerCase())}`);
    } catch (caught) {
      setError(authMessage(caught, 'forgot'));
    }
  });
  return (
    <div css={narrow}>
      <h1 css={headingCss}>Forgot your password?</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>Enter your email address and we will send you a code to reset your password.</p>
      {error ? <Notice type="ERROR">{error}</Notice> : null}
      <form noValidate onSubmit={submit} aria-label="Forgot your password">
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} />
        <SubmitButton busy={form.submitting} busyLabel="Sending…">
          Send reset code
        </SubmitButton>
      </form>
      <p css={{ marginTop: '1.5rem' }}>
        <Link to="/account/signin">Back to sign in</Link>
      </p>
    </div>
  );
}

/** /account/password/reset?user=&code= (open to all). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    defaultValues: { email: params.get('user') ?? '', code: params.get('code') ?? '', password: '', repeatPassword: '' },
    rules: {
      email: (v) => emailError(v),
      code: (v) => codeError(v),
      password: (v) => newPasswordError(v),
      repeatPassword: (v, all) => repeatPasswordError(v, all.password),
    },
  });
  const submit = form.handleSubmit(async ({ email, code, password }) => {
    setError(null);
    try {
      await (await loadAmplify()).amplifyResetPassword(email, code, password);
      setDone(true);
    } catch (caught) {
      setError(authMessage(caught, 'reset'));
    }
  });
  if (done) {
    return (
      <div css={narrow}>
        <h1 css={headingCss}>Password reset</h1>
        <Notice type="SUCCESS">Your password has been reset. You can now sign in with your new password.</Notice>
        <Link to="/account/signin">Sign in</Link>
      </div>
    );
  }
  return (
    <div css={narrow}>
      <h1 css={headingCss}>Reset your password</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>Enter the code we emailed you and choose a new password.</p>
      {error ? <Notice type="ERROR">{error}</Notice> : null}
      <form noValidate onSubmit={submit} aria-label="Reset your password">
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} />
        <TextField label="Reset code" inputMode="numeric" autoComplete="one-time-code" f={form.field('code')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint={passwordHint} f={form.field('password')} />
        <TextField label="Repeat new password" type="password" autoComplete="new-password" f={form.field('repeatPassword')} />
        <SubmitButton busy={form.submitting} busyLabel="Saving…">
          Reset password
        </SubmitButton>
      </form>
    </div>
  );
}

/** /account/password/change (signed in). */
export function ChangePasswordPage() {
  const [notice, setNotice] = useState<{ type: 'ERROR' | 'SUCCESS'; text: string } | null>(null);
  const form = useForm({
    defaultValues: { currentPassword: '', password: '', repeatPassword: '' },
    rules: {
      currentPassword: (v) => currentPasswordError(v),
      password: (v) => newPasswordError(v),
      repeatPassword: (v, all) => repeatPasswordError(v, all.password),
    },
  });
  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    setNotice(null);
    try {
      await (await loadAmplify()).amplifyChangePassword(currentPassword, password);
      form.reset();
      setNotice({ type: 'SUCCESS', text: 'Your password has been changed.' });
    } catch (caught) {
      setNotice({ type: 'ERROR', text: authMessage(caught, 'change') });
    }
  });
  return (
    <section aria-labelledby="change-password-heading" css={{ maxWidth: 440 }}>
      <h2 id="change-password-heading">Change password</h2>
      {notice ? <Notice type={notice.type}>{notice.text}</Notice> : null}
      <form noValidate onSubmit={submit} aria-label="Change password">
        <TextField label="Current password" type="password" autoComplete="current-password" f={form.field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint={passwordHint} f={form.field('password')} />
        <TextField label="Repeat new password" type="password" autoComplete="new-password" f={form.field('repeatPassword')} />
        <SubmitButton busy={form.submitting} busyLabel="Saving…">
          Change password
        </SubmitButton>
      </form>
    </section>
  );
}
