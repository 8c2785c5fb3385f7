/** An order's details (success page and guest lookup). */
import type { OrderView } from '@store/contracts';
import { card, Money } from '../lib/ui';

const row = { display: 'flex', justifyContent: 'space-between', margin: '.3rem 0' } as const;

export function OrderDetails({ order }: { order: OrderView }) {
  const a = order.shippingAddress;
  return (
    <div css={[card, { display: 'grid', gap: '1.25rem' }]} data-testid="order-details">
      <p css={{ margin: 0 }}>
        Order number <strong data-testid="order-number">{order.number}</strong> · placed{' '}
        {new Date(order.createdAt).toLocaleString('en-NZ', { timeZone: 'Pacific/Auckland', dateStyle: 'medium', timeStyle: 'short' })} (NZ time)
      </p>
      <section aria-label="Items">
        <h2 css={{ fontSize: 17, margin: '0 0 .5rem' }}>Items</h2>
        <ul css={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {order.items.map((i) => (
            <li key={`${i.variantId}-${i.promo}`} css={row}>
              <span>
                {i.name} ({i.variantLabel}) × {i.qty}
                {i.promo ? ' · free gift' : ''}
              </span>
              <span>{i.promo ? 'Free' : <Money cents={i.total} />}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Totals">
        <dl css={{ margin: 0 }}>
          <div css={row}>
            <dt>Subtotal</dt>
            <dd css={{ margin: 0 }}>
              <Money cents={order.itemSubtotal} />
            </dd>
          </div>
          {order.totalDiscount > 0 ? (
            <div css={row}>
              <dt>Offers{order.promoCodes.length > 0 ? ` (${order.promoCodes.join(', ')})` : ''}</dt>
              <dd css={{ margin: 0 }}>
                −<Money cents={order.totalDiscount} />
              </dd>
            </div>
          ) : null}
          <div css={row}>
            <dt>{order.shippingType === 'STORE_PICKUP' ? 'Click and collect' : 'Delivery'}</dt>
            <dd css={{ margin: 0 }}>{order.shippingPrice === 0 ? 'Free' : <Money cents={order.shippingPrice} />}</dd>
          </div>
          <div css={{ ...row, fontWeight: 700 }}>
            <dt>Total</dt>
            <dd css={{ margin: 0 }}>
              <Money cents={order.grandTotal} />
            </dd>
          </div>
          {order.payments.map((p, i) => (
            <div css={row} key={`${p.methodCode}-${i}`}>
              <dt>Paid with {p.label}</dt>
              <dd css={{ margin: 0 }}>
                <Money cents={p.amount} />
              </dd>
            </div>
          ))}
        </dl>
        <p css={{ fontSize: 13, color: 'var(--muted)' }}>
          Includes <Money cents={order.gst} /> GST · {order.loyaltyPoints} airline points
          {order.loyalty?.qantas ? (
            <>
              {' '}
              for Qantas Frequent Flyer <span data-testid="qantas-member">{order.loyalty.qantas.maskedMemberId}</span>
            </>
          ) : null}
        </p>
      </section>
      <section aria-label={order.shippingType === 'STORE_PICKUP' ? 'Pickup address' : 'Delivery address'}>
        <h2 css={{ fontSize: 17, margin: '0 0 .5rem' }}>{order.shippingType === 'STORE_PICKUP' ? 'Collect from' : 'Delivering to'}</h2>
        <address css={{ fontStyle: 'normal' }} data-testid="shipping-address">
          {a.contactName}
          <br />
          {[a.street1, a.street2].filter(Boolean).join(', ')}
          <br />
          {[a.suburb, a.state, a.postcode].filter(Boolean).join(', ')}
        </address>
      </section>
    </div>
  );
}
