import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { emailError, passwordError } from './validation';

const field = { display: 'grid', gap: 6, marginBottom: '1.25rem' } as const;
const input = { font: 'inherit', padding: '.7rem .8rem', borderRadius: 8, border: '1px solid #b9b2a3', background: '#fff' } as const;

export function SignInPage() {
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    document.title = 'Sign in | Fernleaf';
  }, []);
  const errors = { email: emailError(email), password: passwordError(password) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  };

  return (
    <div css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem' }}>
      <h1 css={{ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 36, margin: '0 0 .5rem' }}>Sign in</h1>
      <p css={{ margin: '0 0 2rem', color: 'var(--muted)' }}>Welcome back. Sign in to see your orders, wishlist and saved addresses.</p>
      <form noValidate onSubmit={submit} aria-label="Sign in">
        <div css={field}>
          <label htmlFor={emailId}>Email</label>
          <input ref={emailRef} id={emailId} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={touched && Boolean(errors.email)} aria-describedby={`${emailId}-error`} css={input} />
          <span id={`${emailId}-error`} css={{ color: '#9b2c13', minHeight: '1.2em' }}>{touched ? errors.email : null}</span>
        </div>
        <div css={field}>
          <label htmlFor={passwordId}>Password</label>
          <input ref={passwordRef} id={passwordId} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={touched && Boolean(errors.password)} aria-describedby={`${passwordId}-error`} css={input} />
          <span id={`${passwordId}-error`} css={{ color: '#9b2c13', minHeight: '1.2em' }}>{touched ? errors.password : null}</span>
        </div>
        <button type="submit" css={{ width: '100%', font: 'inherit', fontWeight: 600, padding: '.85rem', borderRadius: 999, border: 0, background: 'var(--forest)', color: '#fff', cursor: 'pointer' }}>
          Sign in
        </button>
      </form>
    </div>
  );
}
