/** Checkout layout: the steps, the page content and the order summary beside it. */
import type { CheckoutInfoResponse } from '@store/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CartView } from '../cart/useCart';
import { card, heading, page } from '../lib/ui';
import { Totals } from './Summary';

const STEPS = [
  { path: '/checkout/contact-info', label: 'Contact' },
  { path: '/checkout/shipping', label: 'Delivery' },
  { path: '/checkout/payment', label: 'Payment' },
];

export function CheckoutLayout({ step, title, cart, info, loading, children }: { step: number; title: string; cart: CartView; info: CheckoutInfoResponse | null; loading: boolean; children: ReactNode }) {
  return (
    <div css={page}>
      <nav aria-label="Checkout steps" css={{ marginBottom: '1rem' }}>
        <ol css={{ display: 'flex', gap: '1.25rem', listStyle: 'none', padding: 0, margin: 0, fontSize: 14 }}>
          {STEPS.map((s, i) => (
            <li key={s.path}>
              {i < step ? (
                <Link to={s.path} css={{ color: 'var(--forest)' }}>
                  {i + 1}. {s.label}
                </Link>
              ) : (
                <span aria-current={i === step ? 'step' : undefined} css={{ fontWeight: i === step ? 700 : 400, color: i === step ? 'var(--ink)' : 'var(--muted)' }}>
                  {i + 1}. {s.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 css={heading}>{title}</h1>
      <div css={{ display: 'grid', gap: '2rem', gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(18rem, 2fr)' } }}>
        <div>{children}</div>
        <aside aria-labelledby="summary-heading" css={[card, { alignSelf: 'start' }]}>
          <h2 id="summary-heading" css={{ fontSize: 18, marginTop: 0 }}>
            Order summary
          </h2>
          <ul css={{ listStyle: 'none', padding: 0, margin: '0 0 1rem', fontSize: 14 }}>
            {cart.groups.flatMap((g) =>
              g.lines.map((l) => (
                <li key={l.variantId} css={{ display: 'flex', justifyContent: 'space-between', gap: '.5rem', margin: '.3rem 0' }}>
                  <span>
                    {g.product.name} ({l.variant.label}) × {l.qty}
                  </span>
                </li>
              )),
            )}
          </ul>
          <Totals info={info} loading={loading} />
        </aside>
      </div>
    </div>
  );
}
