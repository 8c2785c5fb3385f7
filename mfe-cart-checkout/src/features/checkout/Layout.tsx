/** Checkout layout: the steps, the page content and the order summary beside it. */
import type { CheckoutInfoResponse } from '@store/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CartView } from '../../lib/cart/useCart';
import { card, heading, page } from '../../lib/ui';
import { Totals } from '../../lib/checkout/Summary';
import { usePageStart } from '../../lib/pageStart';
import { VisuallyHidden } from '@store/ui/visually-hidden';

export const STEPS = [
  { path: '/checkout/contact-info', label: 'Contact' },
  { path: '/checkout/shipping', label: 'Delivery' },
  { path: '/checkout/payment', label: 'Payment' },
];

/** What a screen reader hears when a step opens, e.g. "Step 2 of 3: Delivery". */
export const stepAnnouncement = (step: number, title: string): string => `Step ${step + 1} of ${STEPS.length}: ${title}`;
/** The announcement is set just after the step shows, so the (already present) live region reads it. */
export const ANNOUNCE_DELAY_MS = 100;

/** Steps links: at least 24 px tall (WCAG 2.2 target size), 44 px on touch screens. */
const stepLink = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  '@media (pointer: fine)': { minHeight: 32 },
} as const;

export function CheckoutLayout({ step, title, cart, info, loading, children }: { step: number; title: string; cart: CartView; info: CheckoutInfoResponse | null; loading: boolean; children: ReactNode }) {
  const headingRef = usePageStart<HTMLHeadingElement>(step);
  // the live region is on the page first (empty), then says the step: one announcement per step
  const [announced, setAnnounced] = useState<string | null>(null);
  const announcement = stepAnnouncement(step, title);
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(announcement), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [announcement]);
  return (
    <div css={page}>
      <VisuallyHidden as="p" role="status" aria-live="polite" aria-atomic="true" data-testid="step-announcement">
        {announced === announcement ? announcement : ''}
      </VisuallyHidden>
      <nav aria-label="Checkout steps" css={{ marginBottom: '.5rem' }}>
        <ol css={{ display: 'flex', flexWrap: 'wrap', columnGap: '1.25rem', listStyle: 'none', padding: 0, margin: 0, fontSize: 15 }}>
          {STEPS.map((s, i) => (
            <li key={s.path}>
              {i < step ? (
                <Link to={s.path} css={[stepLink, { color: 'var(--forest)' }]}>
                  {i + 1}. {s.label}
                </Link>
              ) : (
                <span aria-current={i === step ? 'step' : undefined} css={[stepLink, { fontWeight: i === step ? 700 : 400, color: i === step ? 'var(--ink)' : 'var(--muted)' }]}>
                  {i + 1}. {s.label}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 css={heading} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div css={{ display: 'grid', gap: '2rem', gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(18rem, 2fr)' } }}>
        <div css={{ minWidth: 0 }}>{children}</div>
        <aside aria-labelledby="summary-heading" css={[card, { alignSelf: 'start', minWidth: 0 }]}>
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
