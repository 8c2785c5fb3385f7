/**
 * Promo code entry: codes go into the checkout state; /checkout/info decides what applies. The
 * code stays in the field until the answer: applied → the field clears and "Code … applied." is
 * said (with any offer that stopped applying because of it); unknown or refused → the error is
 * announced (role="alert") and linked to the field (aria-describedby, aria-invalid), the code is
 * kept in the field to correct, and an unknown code is not kept in the checkout. Only the current
 * truth shows: a later answer (the cart changed, another code went in, a code was removed) takes
 * back "applied" for a code no longer applied, and an error about a code that now applies.
 */
import type { CheckoutInfoResponse } from '@store/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Field, linkSize, secondarySize } from '../ui';
import { promotionRemovedMessage } from './promotionMessages';
import { setCheckout, useCheckoutStateHook } from './stateHook';
import { MAX_OFFERS, offerDroppedMessage, onCheckoutInfo } from './useCheckout';
import { Button } from '@store/ui/button';

export const notValidCodeMessage = (code: string): string => `${code} is not a valid code. Check it and try again.`;

export function PromoCodes({ info }: { info: CheckoutInfoResponse | null }) {
  const state = useCheckoutStateHook();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  /** The code the status says is applied, and the code the error is about. */
  const statusFor = useRef<string | null>(null);
  const errorFor = useRef<string | null>(null);
  /** The code sent and the offers applied before it, until /checkout/info answers a request with it. */
  const pending = useRef<{ code: string; before: { id: string; name: string }[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const notFound = new Set(info?.promotions.disallowedPromotions.filter((d) => d.reason === 'CodeNotFound').map((d) => d.id) ?? []);

  useEffect(
    () =>
      onCheckoutInfo((answer, request) => {
        const sent = pending.current;
        if (answer) {
          const appliedCodes = new Set(answer.promotions.appliedPromotions.flatMap((p) => p.relatedCouponCodes.map((c) => c.toUpperCase())));
          if (statusFor.current && !appliedCodes.has(statusFor.current)) {
            statusFor.current = null;
            setStatus(null);
          }
          if (errorFor.current && errorFor.current !== sent?.code && appliedCodes.has(errorFor.current)) {
            errorFor.current = null;
            setError(null);
          }
        }
        if (!sent || !(request.cart.promoCodes ?? []).includes(sent.code)) return;
        pending.current = null;
        setBusy(false);
        if (!answer) return; // the total failed to load: the page says so; the code stays in the field
        const refused = answer.promotions.disallowedPromotions.find((d) => d.relatedCouponCodes.some((c) => c.toUpperCase() === sent.code));
        if (refused?.reason === 'CodeNotFound') {
          errorFor.current = null;
          setError(notValidCodeMessage(sent.code));
          setCheckout((s) => ({ promoCodes: s.promoCodes.filter((c) => c !== sent.code) }));
          return;
        }
        if (refused) {
          errorFor.current = sent.code;
          setError(promotionRemovedMessage(refused, MAX_OFFERS));
          return;
        }
        const applied = answer.promotions.appliedPromotions.find((p) => p.relatedCouponCodes.some((c) => c.toUpperCase() === sent.code));
        if (!applied) return;
        const now = new Set(answer.promotions.appliedPromotions.map((p) => p.id));
        const dropped = sent.before.filter((p) => !now.has(p.id) && !answer.promotions.disallowedPromotions.some((d) => d.id === p.id));
        setCode('');
        statusFor.current = sent.code;
        setStatus([`Code ${sent.code} applied: ${applied.name}.`, ...dropped.map((p) => offerDroppedMessage(p.name))].join(' '));
      }),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const value = code.trim().toUpperCase();
    if (!value) return setError('Enter a promo code.');
    if (!/^[A-Z0-9_-]{1,40}$/.test(value)) return setError('Promo codes use letters, digits, _ and - only.');
    if (state.promoCodes.includes(value)) return setError('This code is already applied.');
    setError(null);
    pending.current = { code: value, before: info?.promotions.appliedPromotions.map((p) => ({ id: p.id, name: p.name })) ?? [] };
    setBusy(true);
    setCheckout((s) => ({ promoCodes: [...s.promoCodes, value] }));
  };
  return (
    <div>
      <form onSubmit={submit} noValidate css={{ display: 'flex', flexWrap: 'wrap', gap: '0 .5rem', alignItems: 'flex-start' }}>
        <div css={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Field
            label="Promo code"
            name="promoCode"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError(null);
            }}
            error={error}
            announceError
            autoComplete="off"
            autoCapitalize="characters"
          />
        </div>
        <Button variant="neutral" type="submit" css={[secondarySize, { marginTop: 26, minHeight: 44 }]} aria-busy={busy ? true : undefined}>
          {busy ? 'Applying…' : 'Apply'}
        </Button>
      </form>
      <p role="status" css={{ margin: status ? '0 0 .5rem' : 0, fontSize: 14, color: 'var(--forest)' }} data-testid="promo-status">
        {status}
      </p>
      {state.promoCodes.length > 0 ? (
        <ul css={{ listStyle: 'none', padding: 0, margin: '0 0 .5rem' }} aria-label="Promo codes">
          {state.promoCodes.map((c) => (
            <li key={c} css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '.5rem', fontSize: 14 }}>
              <span>
                {c}
                {notFound.has(c) ? <span css={{ color: '#a3261b' }}> is not a valid code</span> : null}
              </span>
              <Button variant="link" css={[linkSize, { minHeight: 32 }]} aria-label={`Remove code ${c}`} onClick={() => setCheckout((s) => ({ promoCodes: s.promoCodes.filter((x) => x !== c) }))}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
