import { session } from '@store/shared-events';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadAmplify } from '../../lib/auth/provider';
import { authMessage } from '../../lib/auth/messages';
import { headingCss, Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { emailError, passwordError } from '../../lib/validation';
import { useSyncedState } from '../../lib/session';

export function SignInPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const saved = useSyncedState().wishlist.items.length;
  const form = useForm({ defaultValues: { email: '', password: '' }, rules: { email: (v) => emailError(v), password: (v) => passwordError(v) } });

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const { amplifySignIn } = await loadAmplify();
      const outcome = await session.signIn(() => amplifySignIn(email, password));
      if (outcome === 'CONFIRM_SIGN_UP') {
        navigate(`/account/verify?user=${encodeURIComponent(email.trim().toLowerCase())}&unverified=1`);
      }
      // Signed in: the signed-out-only guard sends the shopper to /account.
    } catch (caught) {
      if ((caught as { name?: string }).name === 'UserNotConfirmedException') {
        navigate(`/account/verify?user=${encodeURIComponent(email.trim().toLowerCase())}&unverified=1`);
        return;
      }
      setError(authMessage(caught, 'signin'));
    }
  });

  return (
    <div css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1 css={headingCss}>Sign in</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>Welcome back. Sign in to see your orders, wishlist and saved addresses.</p>
      {error ? <Notice type="ERROR">{error}</Notice> : null}
      <form noValidate onSubmit={submit} aria-label="Sign in">
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" f={form.field('password')} />
        <SubmitButton busy={form.submitting} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p css={{ marginTop: '1.5rem' }}>
        <Link to="/account/password/forgot">Forgot your password?</Link>
      </p>
      <p>
        New to Fernleaf? <Link to="/account/signup">Create an account</Link>
      </p>
      {/* a guest's wishlist is kept on this device, and shown without signing in */}
      <p>
        {saved > 0 ? `${saved === 1 ? '1 product' : `${saved} products`} saved on this device. ` : 'Saved products without an account? '}
        <Link to="/wishlist">View your wishlist</Link>
      </p>
    </div>
  );
}
