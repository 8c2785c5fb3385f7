/**
 * Gift cards: one lookup at a time ('Already loading voucher.'), applied only
 * on SUCCESS with a positive balance, listed soonest expiry first; no apply or removal while an
 * order is being placed.
 */
import { pageMarket } from '@store/contracts/market';
import { useId, useState, type KeyboardEvent } from 'react';
import { errorText, Field, linkSize, Money, secondarySize } from '../../../lib/ui';
import { sortVouchers } from '../../../lib/checkout/state';
import { useCheckoutState } from '../../../lib/checkout/useCheckout';
import { applyVoucher, removeVoucher } from './vouchers';
import { Button } from '@store/ui/button';

export { lookupVoucher } from './vouchers';

export function GiftCards({ placing }: { placing: boolean }) {
  const s = useCheckoutState();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  /** The last apply's outcome: a success names its card (and goes once that card is no longer applied); an error is linked to both fields. */
  const [message, setMessage] = useState<{ kind: 'success'; text: string; code: string } | { kind: 'error'; text: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const errorId = useId();
  const apply = async () => {
    setLoading(true);
    setMessage(null);
    const outcome = await applyVoucher(code, pin, { placing });
    if (outcome.result !== 'BUSY') setLoading(false);
    if (outcome.result === 'SUCCESS' && 'voucher' in outcome && outcome.voucher) {
      setCode('');
      setPin('');
      setMessage({ kind: 'success', text: outcome.message, code: outcome.voucher.code });
    } else setMessage({ kind: 'error', text: outcome.message });
  };
  // "Gift card … applied." only while that card is applied (removed here, by the re-check or an order)
  const success = message?.kind === 'success' && s.vouchers.some((v) => v.code === message.code) ? message : null;
  const error = message?.kind === 'error' ? message : null;
  const onEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      void apply();
    }
  };
  return (
    <section aria-labelledby="gift-cards-heading" css={{ marginBottom: '1.5rem' }}>
      <h2 id="gift-cards-heading" css={{ fontSize: 17 }}>
        Gift cards
      </h2>
      {s.vouchers.length > 0 ? (
        <ul css={{ listStyle: 'none', padding: 0, margin: '0 0 .75rem' }} aria-label="Applied gift cards">
          {sortVouchers(s.vouchers).map((v) => (
            <li key={v.code} css={{ display: 'flex', justifyContent: 'space-between', gap: '.5rem', padding: '.4rem 0', borderBottom: '1px solid var(--line)' }}>
              <span>
                {v.code} · balance <Money cents={v.amountRemaining} /> · expires {new Date(v.expires).toLocaleDateString(pageMarket().locale, { timeZone: pageMarket().timeZone })}
              </span>
              <Button variant="link" css={linkSize} disabled={placing} aria-label={`Remove gift card ${v.code}`} onClick={() => {
                  if (removeVoucher(v.code, { placing })) setMessage(null);
                }}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* not a <form>: it sits inside the payment form */}
      <div role="group" aria-label="Apply a gift card" onKeyDown={onEnter} css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', alignItems: 'start' }}>
        <Field label="Gift card code" name="voucherCode" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={40} errorId={error ? errorId : null} />
        <Field label="PIN" name="voucherPin" value={pin} onChange={(e) => setPin(e.target.value)} autoComplete="off" inputMode="numeric" maxLength={12} errorId={error ? errorId : null} />
        <Button variant="neutral" css={[secondarySize, { marginTop: 26, minHeight: 44 }]} disabled={placing} aria-busy={loading} onClick={() => void apply()}>
          {loading ? 'Checking…' : 'Apply gift card'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" css={[errorText, { margin: '.25rem 0 0' }]} data-testid="gift-card-error">
          {error.text}
        </p>
      ) : null}
      <p role="status" css={{ margin: success ? '.25rem 0 0' : 0, fontSize: 14, color: 'var(--forest)' }} data-testid="gift-card-status">
        {success?.text ?? null}
      </p>
    </section>
  );
}
