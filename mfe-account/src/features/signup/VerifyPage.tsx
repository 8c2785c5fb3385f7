import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authMessage, MESSAGES } from '../../lib/auth/messages';
import { loadAmplify } from '../../lib/auth/provider';
import { headingCss, Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { codeError, emailError } from '../../lib/validation';
import { Button } from '@store/ui/button';

/** /account/verify?user=<email>&code=<code>: open to everyone. With both parameters it verifies at once. */
export function VerifyPage() {
  const [params] = useSearchParams();
  const [notice, setNotice] = useState<{ type: 'ERROR' | 'SUCCESS' | 'INFO'; text: string } | null>(
    params.get('unverified') ? { type: 'INFO', text: MESSAGES.notVerified } : null,
  );
  const [verified, setVerified] = useState(false);
  const [resending, setResending] = useState(false);
  const form = useForm({ defaultValues: { email: params.get('user') ?? '', code: params.get('code') ?? '' }, rules: { email: (v) => emailError(v), code: (v) => codeError(v) } });
  const auto = useRef(false);

  const verify = async (email: string, code: string, fromLink = false) => {
    setNotice(null);
    try {
      await (await loadAmplify()).amplifyConfirmSignUp(email, code);
      setVerified(true);
    } catch (caught) {
      setNotice({ type: 'ERROR', text: authMessage(caught, fromLink ? 'verify-link' : 'verify') });
    }
  };
  useEffect(() => {
    const user = params.get('user');
    const code = params.get('code');
    if (!auto.current && user && code) {
      auto.current = true;
      void verify(user, code, true);
    }
  }, [params]);

  const resend = async () => {
    const problem = emailError(form.values.email);
    if (problem) {
      setNotice({ type: 'ERROR', text: problem });
      return;
    }
    setResending(true);
    try {
      await (await loadAmplify()).amplifyResendCode(form.values.email);
      setNotice({ type: 'SUCCESS', text: `We have sent a new code to ${form.values.email.trim()}.` });
    } catch (caught) {
      setNotice({ type: 'ERROR', text: authMessage(caught, 'resend') });
    } finally {
      setResending(false);
    }
  };

  if (verified) {
    return (
      <div css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem' }}>
        <h1 css={headingCss}>Email verified</h1>
        <Notice type="SUCCESS">Thank you. Your email address is verified and your account is ready.</Notice>
        <Link to="/account/signin">Sign in to your account</Link>
      </div>
    );
  }
  return (
    <div css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1 css={headingCss}>Verify your email</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>
        Enter the 6-digit code we emailed you to finish creating your account. If the address already has an account, the email tells you how to sign in
        instead.
      </p>
      {notice ? <Notice type={notice.type}>{notice.text}</Notice> : null}
      <form noValidate onSubmit={form.handleSubmit(({ email, code }) => verify(email, code))} aria-label="Verify your email">
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} />
        <TextField label="Verification code" inputMode="numeric" autoComplete="one-time-code" f={form.field('code')} />
        <SubmitButton busy={form.submitting} busyLabel="Verifying…">
          Verify email
        </SubmitButton>
      </form>
      <p css={{ marginTop: '1.5rem' }}>
        Did not get it?{' '}
        <Button variant="link" onClick={() => void resend()} disabled={resending}>
          Send a new code
        </Button>
      </p>
    </div>
  );
}
