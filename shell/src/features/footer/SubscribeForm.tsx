/**
 * Footer marketing subscribe form, on the store's form layer (`@store/ui/form`, as the account and
 * checkout forms): the e-mail is checked before the policy checkbox; a field shows its error once
 * touched (blur; 300 ms after typing stops in the text input); a submit touches every field and
 * focuses the first invalid one; while submitting the fields and the button are disabled. Button
 * states: available, processing, unavailable (after a successful subscription). A spinner shows
 * while processing, from the first attempt on.
 */
import { EMAIL_LENGTH_MAX, emailError, POLICY_REQUIRED_MESSAGE } from '@store/contracts/site-rules';
import { keyframes } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MARKETS } from '@store/contracts/market';
import { createApiClient } from '@store/contracts/http';
import { useSite } from '../../lib/config/site';
import { Button } from '@store/ui/button';
import { checkboxProps, Field, useForm, type FieldBinding, type FieldLook } from '@store/ui/form';

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

type SubscribeValues = { email: string; policy: boolean };

const errorText = { margin: '.3rem 0 0', color: '#ffd2c2', fontSize: 14 } as const;

/** The footer's look of a field (the form layer's `Field`: label, input, error linked to it). */
const fieldLook: FieldLook = {
  row: {},
  label: { display: 'block', fontSize: 14, marginBottom: '.3rem' },
  optional: {},
  input: () => ({ font: 'inherit', padding: '.6rem .9rem', borderRadius: 6, border: '1px solid rgba(255,255,255,.45)', background: 'rgba(255,255,255,.08)', color: '#fff', width: '100%' }),
  hint: {},
  error: errorText,
};

/** The e-mail: touched on blur, or once typing stops (the layer's text fields wait after the blur instead). */
function EmailField({ f }: { f: FieldBinding<string> }) {
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (typing.current) clearTimeout(typing.current);
  }, []);
  return (
    <Field
      look={fieldLook}
      label="Email address"
      type="email"
      name={f.name}
      autoComplete="email"
      inputMode="email"
      maxLength={EMAIL_LENGTH_MAX}
      value={f.value}
      error={f.error}
      disabled={f.disabled}
      inputRef={f.ref}
      onChange={(event) => {
        f.onChange(event.target.value);
        if (typing.current) clearTimeout(typing.current);
        typing.current = setTimeout(() => f.onBlur(0), TOUCH_DELAY_MS);
      }}
      onBlur={() => f.onBlur(0)}
    />
  );
}

/** The policy checkbox with its label (a link inside), its error under the row; touched on change or blur. */
function PolicyField({ f, privacyUrl }: { f: FieldBinding<boolean>; privacyUrl: string }) {
  const id = useId();
  const box = checkboxProps(f);
  return (
    <div css={{ marginTop: '.75rem' }}>
      <div css={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start' }}>
        <input
          {...box}
          id={id}
          name="acceptPolicy"
          aria-invalid={f.error ? true : undefined}
          aria-describedby={f.error ? `${id}-error` : undefined}
          onChange={(event) => {
            box.onChange(event);
            f.onBlur(0);
          }}
          css={{ marginTop: 4, width: 18, height: 18, accentColor: 'var(--clay)' }}
        />
        <label htmlFor={id} css={{ fontSize: 14 }}>
          I agree to receive marketing e-mails and accept the{' '}
          <Link to={privacyUrl} css={{ color: '#fff' }}>
            privacy policy
          </Link>
          .
        </label>
      </div>
      {f.error ? (
        <p id={`${id}-error`} css={errorText}>
          {f.error}
        </p>
      ) : null}
    </div>
  );
}

export default function SubscribeForm() {
  // the site's market's privacy policy (the AU site links its own)
  const privacyUrl = (useSite().settings.legal ?? MARKETS.NZ.legal).privacyUrl;
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<'success' | 'error' | null>(null);
  // once subscribed the form is busy for good: fields and button disabled, a submit ignored
  const form = useForm<SubscribeValues>({
    defaultValues: { email: '', policy: false },
    rules: {
      email: (email, values) => subscribeErrors(email, values.policy).email,
      policy: (policy, values) => subscribeErrors(values.email, policy).policy,
    },
    busy: done,
  });
  const state: SubscribeButtonState = done ? 'unavailable' : form.submitting ? 'processing' : 'available';
  const processing = state === 'processing';

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await createApiClient().post(SUBSCRIBE_URL, { body: { email: values.email.trim(), acceptPolicy: true, source: 'footer' }, credentials: 'same-origin' });
      setResult('success');
      setDone(true);
    } catch {
      setResult('error');
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="footer-subscribe" data-button-state={state}>
      <EmailField f={form.field('email')} />
      <PolicyField f={form.field('policy')} privacyUrl={privacyUrl} />
      <Button
        type="submit"
        disabled={processing || state === 'unavailable'}
        aria-busy={processing || undefined}
        css={{
          marginTop: '1rem',
          display: 'inline-flex',
          alignItems: 'center',
          gap: '.5rem',
          padding: '.6rem 1.4rem',
          background: '#f1ede4',
          color: 'var(--forest)',
          '&:disabled': { cursor: 'default', opacity: 0.75 },
        }}
      >
        {processing ? (
          <span data-testid="subscribe-spinner" aria-hidden="true" css={{ width: 14, height: 14, borderRadius: '50%', border: '2px solid currentColor', borderRightColor: 'transparent', animation: `${spin} .7s linear infinite` }} />
        ) : null}
        {processing ? 'Subscribing…' : state === 'unavailable' ? 'Subscribed' : 'Subscribe'}
      </Button>
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
