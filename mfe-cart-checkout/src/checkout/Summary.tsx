/** Order totals from /checkout/info: subtotal, offers, delivery, gift cards, total, GST, loyalty. */
import type { CheckoutInfoResponse } from '@store/contracts';
import { Money } from '../lib/ui';

const row = { display: 'flex', justifyContent: 'space-between', margin: '.35rem 0' } as const;

export function Totals({ info, loading }: { info: CheckoutInfoResponse | null; loading: boolean }) {
  if (!info) return <p aria-busy={loading}>{loading ? 'Calculating your total…' : 'We could not load your total. Please refresh the page.'}</p>;
  return (
    <div aria-busy={loading} data-testid="order-totals">
      <dl css={{ margin: 0 }}>
        <div css={row}>
          <dt>Subtotal ({info.itemQuantity} {info.itemQuantity === 1 ? 'item' : 'items'})</dt>
          <dd css={{ margin: 0 }}>
            <Money cents={info.itemSubtotal} />
          </dd>
        </div>
        {info.promotions.appliedPromotions.map((p) => (
          <div css={row} key={p.id}>
            <dt>{p.name}</dt>
            <dd css={{ margin: 0, color: 'var(--forest)' }}>
              −<Money cents={p.discount} />
            </dd>
          </div>
        ))}
        {info.promotions.resolvedCart.promoCartItems.map((p) => (
          <div css={row} key={`${p.promoId}-${p.variantId}`}>
            <dt>Free gift: {p.name}</dt>
            <dd css={{ margin: 0 }}>{p.qty} × free</dd>
          </div>
        ))}
        <div css={row}>
          <dt>{info.selectedShippingMethod ? info.selectedShippingMethod.label : 'Delivery'}</dt>
          <dd css={{ margin: 0 }}>{info.selectedShippingMethod ? info.selectedShippingMethod.price === 0 ? 'Free' : <Money cents={info.selectedShippingMethod.price} /> : 'Calculated at checkout'}</dd>
        </div>
        <div css={{ ...row, fontWeight: 700, fontSize: 18, borderTop: '1px solid var(--line)', paddingTop: '.6rem' }}>
          <dt>Total</dt>
          <dd css={{ margin: 0 }} data-testid="grand-total">
            <Money cents={info.grandTotal} />
          </dd>
        </div>
        {info.creditUsages.map((c) => (
          <div css={row} key={c.id}>
            <dt>Gift card {c.id}</dt>
            <dd css={{ margin: 0 }}>
              −<Money cents={c.amount} />
            </dd>
          </div>
        ))}
        {info.creditUsages.length > 0 ? (
          <div css={{ ...row, fontWeight: 700 }}>
            <dt>To pay</dt>
            <dd css={{ margin: 0 }} data-testid="amount-outstanding">
              <Money cents={info.amountOutstanding} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p css={{ color: 'var(--muted)', fontSize: 13, margin: '.6rem 0 0' }}>
        Includes <Money cents={info.gst} /> GST. Earn {info.loyaltyPoints} airline points with this order.
      </p>
    </div>
  );
}
