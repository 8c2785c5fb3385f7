import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { authMessage } from '../../lib/auth/messages';
import { loadAmplify } from '../../lib/auth/provider';
import { headingCss, Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { emailError, nameError, newPasswordError, repeatPasswordError } from '../../lib/validation';

export function SignUpPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    defaultValues: { firstName: '', lastName: '', email: '', password: '', repeatPassword: '' },
    rules: {
      firstName: (v) => nameError(v, 'First name'),
      lastName: (v) => nameError(v, 'Last name'),
      email: (v) => emailError(v),
      password: (v) => newPasswordError(v),
      repeatPassword: (v, all) => repeatPasswordError(v, all.password),
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await (await loadAmplify()).amplifySignUp(values);
      navigate(`/account/verify?user=${encodeURIComponent(values.email.trim().toLowerCase())}`);
    } catch (caught) {
      setError(authMessage(caught, 'signup'));
    }
  });
  return (
    <div css={{ maxWidth: 480, margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1 css={headingCss}>Create an account</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>Save your wishlist and cart across devices, track orders and check out faster.</p>
      {error ? <Notice type="ERROR">{error}</Notice> : null}
      <form noValidate onSubmit={submit} aria-label="Create an account">
        <TextField label="First name" autoComplete="given-name" f={form.field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" f={form.field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters with an uppercase and a lowercase letter, a number and a special character."
          f={form.field('password')}
        />
        <TextField label="Repeat password" type="password" autoComplete="new-password" f={form.field('repeatPassword')} />
        <SubmitButton busy={form.submitting} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </form>
      <p css={{ marginTop: '1.5rem' }}>
        Already have an account? <Link to="/account/signin">Sign in</Link>
      </p>
    </div>
  );
}
