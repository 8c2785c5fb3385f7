/** The cart's lines: grouped per product and variant, newest first, quantity change and removal, validity messages. */
import { PRODUCT_IMAGE_ASPECT_RATIO } from '@store/contracts';
import { Image } from '@store/ui/image';
import type { Interpolation, Theme } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { linkSize, Money } from '../../lib/ui';
import { qtyChoice, violationMessage } from '../../lib/cart/rules';
import { setVariantQty, updateCart } from '../../lib/cart/store';
import type { CartGroup } from '../../lib/cart/useCart';
import { Button } from '@store/ui/button';

/**
 * − and + step by the product's multiple (cartQtyVariantMultipleOf) and stop at its minimum: a line
 * of a product sold in pairs goes 2, 4, 6; − at the minimum is disabled (Remove takes the line out).
 */
function QtyControl({ variantId, qty, label, step, min }: { variantId: string; qty: number; label: string; step: number; min: number }) {
  const [busy, setBusy] = useState(false);
  const change = (next: number) => {
    setBusy(true);
    void updateCart((items) => setVariantQty(items, variantId, Math.max(0, Math.min(999, next)))).finally(() => setBusy(false));
  };
  return (
    <div role="group" aria-label={`Quantity of ${label}`} css={{ display: 'inline-flex', alignItems: 'center', border: '1px solid var(--line)', borderRadius: 999 }}>
      <button type="button" aria-label={`Decrease quantity of ${label}`} disabled={busy || qty <= min} onClick={() => change(qty % step === 0 ? qty - step : qty - (qty % step))} css={qtyButton}>
        −
      </button>
      <span aria-live="polite" css={{ minWidth: 28, textAlign: 'center' }}>
        {qty}
      </span>
      <button type="button" aria-label={`Increase quantity of ${label}`} disabled={busy} onClick={() => change(qty % step === 0 ? qty + step : qty + step - (qty % step))} css={qtyButton}>
        +
      </button>
    </div>
  );
}

const qtyButton = { background: 'none', border: 0, width: 34, height: 34, fontSize: 18, cursor: 'pointer', color: 'var(--ink)', '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } } as const;

/** `navigate` given (the drawer, outside the router): plain links navigated through it. */
export function SmartLink({ to, navigate, children, ...rest }: { to: string; navigate?: (path: string) => void; children: ReactNode; css?: Interpolation<Theme> }) {
  if (!navigate) return <Link to={to} {...rest}>{children}</Link>;
  return (
    <a
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export function CartLines({ groups, compact = false, navigate }: { groups: CartGroup[]; compact?: boolean; navigate?: (path: string) => void }) {
  return (
    <ul css={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Items in your cart">
      {groups.map((group) => {
        const image = group.product.productGallery[0];
        return group.lines.map((line) => {
          const label = `${group.product.name}, ${line.variant.label}`;
          const choice = qtyChoice(group.product);
          return (
            <li
              key={line.variantId}
              data-testid="cart-line"
              css={{
                display: 'grid',
                gridTemplateColumns: compact ? '64px minmax(0, 1fr)' : '96px minmax(0, 1fr) auto',
                gap: '1rem',
                padding: '1rem 0',
                borderBottom: '1px solid var(--line)',
                '@media (max-width: 479px)': compact ? {} : { gridTemplateColumns: '72px minmax(0, 1fr) auto', gap: '.75rem' },
              }}
            >
              {image ? (
                <Image src={image.src} alt={image.alt} width={image.width} height={image.height} aspectRatio={PRODUCT_IMAGE_ASPECT_RATIO} sizes={compact ? '64px' : '96px'} css={{ width: '100%', maxWidth: compact ? 64 : 96, borderRadius: 8, background: '#eee' }} />
              ) : (
                <span aria-hidden css={{ width: compact ? 64 : 96, height: compact ? 80 : 120, background: '#eee', borderRadius: 8 }} />
              )}
              <div>
                <SmartLink to={`/products/${group.product.path}`} navigate={navigate} css={{ color: 'var(--ink)', fontWeight: 600, textDecoration: 'none' }}>
                  {group.product.name}
                </SmartLink>
                <p css={{ margin: '.2rem 0', color: 'var(--muted)', fontSize: 14 }}>
                  {group.product.brand.name} · {group.product.colourName} · {line.variant.label}
                </p>
                <p css={{ margin: '.2rem 0' }}>
                  <Money cents={group.product.price} /> each
                </p>
                <div css={{ display: 'flex', flexWrap: 'wrap', gap: '.5rem 1rem', alignItems: 'center', marginTop: '.4rem' }}>
                  <QtyControl variantId={line.variantId} qty={line.qty} label={label} step={choice.step} min={choice.min} />
                  <Button variant="link" css={[linkSize, { whiteSpace: 'nowrap' }]} aria-label={`Remove ${label}`} onClick={() => void updateCart((items) => setVariantQty(items, line.variantId, 0))}>
                    Remove
                  </Button>
                </div>
                {line.violation ? (
                  <p role="alert" css={{ color: '#a3261b', margin: '.5rem 0 0', fontSize: 14 }}>
                    {violationMessage(line.violation)}
                  </p>
                ) : null}
              </div>
              {compact ? null : (
                <p css={{ fontWeight: 600, margin: 0, whiteSpace: 'nowrap' }}>
                  <Money cents={group.product.price * line.qty} />
                </p>
              )}
            </li>
          );
        });
      })}
    </ul>
  );
}
