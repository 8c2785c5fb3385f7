/**
 * `./AccountPaymentMethods` fragment, rendered by the account remote at /account/payment-methods
 * (signed in): the customer's saved cards with delete and make-default. Cards are saved at
 * checkout ("Save this card for next time"); the list is GET /api/account/payment-methods.
 */
import type { SavedPaymentMethod } from '@store/contracts';
import { useState } from 'react';
import { useLoad } from '@store/ui/load';
import { deleteSavedCard, savedCards, setDefaultSavedCard } from '../../lib/api';
import { card, linkSize, Notice } from '../../lib/ui';
import { Button } from '@store/ui/button';

export const PAYMENT_METHODS_LOAD_ERROR = 'We were unable to load your payment methods. Please try again.';
export const PAYMENT_METHODS_UPDATE_ERROR = 'We were unable to update your payment methods. Please try again.';

export default function AccountPaymentMethods() {
  const cards = useLoad('saved-cards', () => savedCards().then((r): SavedPaymentMethod[] => r.paymentMethods));
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const change = async (id: string, run: (id: string) => Promise<{ paymentMethods: SavedPaymentMethod[] }>, done: string) => {
    if (busy) return;
    setBusy(id);
    setError(null);
    try {
      cards.setData((await run(id)).paymentMethods);
      setStatus(done);
    } catch {
      setError(PAYMENT_METHODS_UPDATE_ERROR);
    } finally {
      setBusy(null);
    }
  };

  if (cards.status === 'error') return <Notice>{PAYMENT_METHODS_LOAD_ERROR}</Notice>;
  if (cards.status === 'loading') return <p aria-busy="true">Loading your payment methods…</p>;
  return (
    <div css={{ display: 'grid', gap: '1rem' }}>
      <p role="status" css={{ margin: 0, minHeight: '1em', fontSize: 14 }}>
        {status}
      </p>
      {error ? <Notice>{error}</Notice> : null}
      {cards.data.length === 0 ? (
        <p>You have no saved cards. Tick “Save this card for next time” when you pay by card at checkout.</p>
      ) : (
        <ul aria-label="Saved cards" css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '.75rem' }}>
          {cards.data.map((c) => {
            const name = `${c.cardType} ending ${c.lastFour}`;
            return (
              <li key={c.id} css={[card, { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '1rem', flexWrap: 'wrap' }]}>
                <span>
                  <strong>{name}</strong>
                  {c.expiry ? <span css={{ color: 'var(--muted)', fontSize: 14 }}> · expires {c.expiry}</span> : null}
                  {c.isDefault ? <span css={{ marginLeft: '.5rem', fontSize: 13, color: 'var(--forest)' }}>Default</span> : null}
                </span>
                <span css={{ display: 'flex', gap: '1rem' }}>
                  {!c.isDefault ? (
                    <Button variant="link" css={linkSize} disabled={busy !== null} aria-label={`Make default: ${name}`} onClick={() => void change(c.id, setDefaultSavedCard, `${name} is now your default card.`)}>
                      Make default
                    </Button>
                  ) : null}
                  <Button variant="link" css={linkSize} disabled={busy !== null} aria-label={`Delete ${name}`} onClick={() => void change(c.id, deleteSavedCard, `${name} has been deleted.`)}>
                    Delete
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
