/**
 * Footer marketing subscribe form: the e-mail is checked before the policy
 * checkbox; a field shows its error once touched (blur; 300 ms after typing stops in the text
 * input); a submit touches every field and focuses the first invalid one; while submitting the
 * fields and the button are disabled. Button states: available, processing, unavailable (after a
 * successful subscription). A spinner shows while processing, from the first attempt on.
 */
import { EMAIL_LENGTH_MAX, emailError, POLICY_REQUIRED_MESSAGE } from '@store/contracts/site-rules';
import { keyframes } from '@emotion/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MARKETS } from '@store/contracts/market';
import { createApiClient } from '@store/contracts/http';
import { useSite } from '../../lib/config/site';

export const SUBSCRIBE_URL = '/api/klaviyo/subscribe';
export const TOUCH_DELAY_MS = 300;
export const SUBSCRIBE_SUCCESS_MESSAGE = 'Thanks for subscribing. Look out for our next letter from the workshop.';
/** A subscribe failure shows a generic error message (our wording). */
export const SUBSCRIBE_ERROR_MESSAGE = "Sorry, we couldn't sign you up just now. Please try again in a moment.";

export type SubscribeButtonState = 'available' | 'processing' | 'unavailable';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** Errors in the order they are checked: e-mail first, then the policy checkbox. */
export function subscribeErrors(email: string, policy: boolean): { email: string | null; policy: string | null } {
  return { email: emailError(email), policy: policy ? null : POLICY_REQUIRED_MESSAGE };
}

export default function SubscribeForm() {
  // the site's market's privacy policy (the AU site links its own)
  const privacyUrl = (useSite().settings.legal ?? MARKETS.NZ.legal).privacyUrl;
  const emailId = useId();
  const policyId = useId();
  const [email, setEmail] = useState('');
  const [policy, setPolicy] = useState(false);
  const [touched, setTouched] = useState({ email: false, policy: false });
  const [state, setState] = useState<SubscribeButtonState>('available');
  const [attempts, setAttempts] = useState(0);
  const [result, setResult] = useState<'success' | 'error' | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const policyInput = useRef<HTMLInputElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitting = useRef(false);

  useEffect(() => () => {
    if (typing.current) clearTimeout(typing.current);
  }, []);

  const errors = subscribeErrors(email, policy);
  const processing = state === 'processing';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current || state === 'unavailable') return;
    setTouched({ email: true, policy: true });
    if (errors.email) {
      emailInput.current?.focus();
      return;
    }
    if (errors.policy) {
      policyInput.current?.focus();
      return;
    }
    submitting.current = true;
    setAttempts((n) => n + 1);
    setState('processing');
    setResult(null);
    try {
      await createApiClient().post(SUBSCRIBE_URL, { body: { email: email.trim(), acceptPolicy: true, source: 'footer' }, credentials: 'same-origin' });
      setResult('success');
      setState('unavailable');
    } catch {
      setResult('error');
      setState('available');
    } finally {
      submitting.current = false;
    }
  };

  const field = { font: 'inherit', padding: '.6rem .9rem', borderRadius: 6, border: '1px solid rgba(255,255,255,.45)', background: 'rgba(255,255,255,.08)', color: '#fff', width: '100%' } as const;
  const errorText = { margin: '.3rem 0 0', color: '#ffd2c2', fontSize: 14 } as const;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="footer-subscribe" data-button-state={state}>
      <div>
        <label htmlFor={emailId} css={{ display: 'block', fontSize: 14, marginBottom: '.3rem' }}>
          Email address
        </label>
        <input
          ref={emailInput}
          id={emailId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_LENGTH_MAX}
          value={email}
          disabled={processing || state === 'unavailable'}
          aria-invalid={touched.email && errors.email ? true : undefined}
          aria-describedby={touched.email && errors.email ? `${emailId}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (typing.current) clearTimeout(typing.current);
            typing.current = setTimeout(() => setTouched((t) => ({ ...t, email: true })), TOUCH_DELAY_MS);
          }}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          css={field}
        />
        {touched.email && errors.email ? (
          <p id={`${emailId}-error`} css={errorText}>
            {errors.email}
          </p>
        ) : null}
      </div>
      <div css={{ marginTop: '.75rem' }}>
        <div css={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start' }}>
          <input
            ref={policyInput}
            id={policyId}
            type="checkbox"
            name="acceptPolicy"
            checked={policy}
            disabled={processing || state === 'unavailable'}
            aria-invalid={touched.policy && errors.policy ? true : undefined}
            aria-describedby={touched.policy && errors.policy ? `${policyId}-error` : undefined}
            onChange={(event) => {
              setPolicy(event.target.checked);
              setTouched((t) => ({ ...t, policy: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, policy: true }))}
            css={{ marginTop: 4, width: 18, height: 18, accentColor: 'var(--clay)' }}
          />
          <label htmlFor={policyId} css={{ fontSize: 14 }}>
            I agree to receive marketing e-mails and accept the{' '}
            <Link to={privacyUrl} css={{ color: '#fff' }}>
              privacy policy
            </Link>
            .
          </label>
        </div>
        {touched.policy && errors.policy ? (
          <p id={`${policyId}-error`} css={errorText}>
            {errors.policy}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={processing || state === 'unavailable'}
        aria-busy={processing || undefined}
        css={{
          marginTop: '1rem',
          display: 'inline-flex',
          alignItems: 'center',
          gap: '.5rem',
          font: 'inherit',
          padding: '.6rem 1.4rem',
          borderRadius: 999,
          border: 0,
          background: '#f1ede4',
          color: 'var(--forest)',
          fontWeight: 600,
          cursor: 'pointer',
          '&:disabled': { cursor: 'default', opacity: 0.75 },
        }}
      >
        {attempts > 0 && processing ? (
          <span data-testid="subscribe-spinner" aria-hidden="true" css={{ width: 14, height: 14, borderRadius: '50%', border: '2px solid currentColor', borderRightColor: 'transparent', animation: `${spin} .7s linear infinite` }} />
        ) : null}
        {processing ? 'Subscribing…' : state === 'unavailable' ? 'Subscribed' : 'Subscribe'}
      </button>
      <div aria-live="polite" css={{ minHeight: '1.5em', marginTop: '.6rem', fontSize: 14 }}>
        {result === 'success' ? <p css={{ margin: 0 }}>{SUBSCRIBE_SUCCESS_MESSAGE}</p> : null}
        {result === 'error' ? (
          <p role="alert" css={{ margin: 0, color: '#ffd2c2' }}>
            {SUBSCRIBE_ERROR_MESSAGE}
          </p>
        ) : null}
      </div>
    </form>
  );
}
