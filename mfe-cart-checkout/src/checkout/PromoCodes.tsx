/** Promo code entry: codes go into the checkout state; /checkout/info decides what applies. */
import type { CheckoutInfoResponse } from '@store/contracts';
import { useState, type FormEvent } from 'react';
import { Field, linkButton, secondaryButton } from '../lib/ui';
import { setCheckout, useCheckoutStateHook } from './stateHook';

export function PromoCodes({ info }: { info: CheckoutInfoResponse | null }) {
  const state = useCheckoutStateHook();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const notFound = new Set(info?.promotions.disallowedPromotions.filter((d) => d.reason === 'CodeNotFound').map((d) => d.id) ?? []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) return setError('Enter a promo code.');
    if (!/^[A-Z0-9_-]{1,40}$/.test(value)) return setError('Promo codes use letters, digits, _ and - only.');
    if (state.promoCodes.includes(value)) return setError('This code is already applied.');
    setError(null);
    setCode('');
    setCheckout((s) => ({ promoCodes: [...s.promoCodes, value] }));
  };
  return (
    <div>
      <form onSubmit={submit} noValidate css={{ display: 'flex', gap: '.5rem', alignItems: 'flex-start' }}>
        <div css={{ flex: 1 }}>
          <Field label="Promo code" name="promoCode" value={code} onChange={(e) => setCode(e.target.value)} error={error} autoComplete="off" />
        </div>
        <button type="submit" css={[secondaryButton, { marginTop: 26 }]}>
          Apply
        </button>
      </form>
      {state.promoCodes.length > 0 ? (
        <ul css={{ listStyle: 'none', padding: 0, margin: '0 0 .5rem' }} aria-label="Promo codes">
          {state.promoCodes.map((c) => (
            <li key={c} css={{ display: 'flex', justifyContent: 'space-between', gap: '.5rem', fontSize: 14 }}>
              <span>
                {c}
                {notFound.has(c) ? <span css={{ color: '#a3261b' }}> is not a valid code</span> : null}
              </span>
              <button type="button" css={linkButton} aria-label={`Remove code ${c}`} onClick={() => setCheckout((s) => ({ promoCodes: s.promoCodes.filter((x) => x !== c) }))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
