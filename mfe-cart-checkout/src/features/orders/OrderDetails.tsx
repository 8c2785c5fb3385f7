/** An order's details (success page, guest lookup, account order): items, sums that add up, payments, address. */
import type { OrderView } from '@store/contracts';
import { useMarket } from '@store/ui/market';
import { DeliveryPrice, formatPoints } from '../../lib/checkout/Summary';
import { card, Money } from '../../lib/ui';
import { OrderMarket, orderMarket } from '../../lib/orders/orderMarket';

const row = { display: 'flex', justifyContent: 'space-between', gap: '.75rem', margin: '.3rem 0' } as const;
const amount = { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * The order's sums as rows that add up: subtotal − offers on the items + delivery = total.
 * totalDiscount includes a free-delivery offer's part; it is shown on the delivery line (the
 * price before it struck through) instead of in the offers.
 */
export function orderSums(order: Pick<OrderView, 'itemSubtotal' | 'totalDiscount' | 'shippingPrice' | 'grandTotal'>): { itemDiscount: number; deliveryBefore: number; deliveryAfter: number } {
  const itemDiscount = Math.max(0, order.itemSubtotal - (order.grandTotal - order.shippingPrice));
  const shippingDiscount = Math.max(0, order.totalDiscount - itemDiscount);
  return { itemDiscount, deliveryBefore: order.shippingPrice + shippingDiscount, deliveryAfter: order.shippingPrice };
}

/** Payments as paid: a zero "no payment needed" entry (gift cards covered it) is not a payment. */
export const paidWith = (payments: OrderView['payments']): OrderView['payments'] => payments.filter((p) => !(p.methodCode === 'NO_PAYMENT' && p.amount === 0));

/**
 * An order's details in its own currency (the market it was placed in), whichever site shows it.
 * The currency code is named ("· AUD") only where "$" alone could be read either way: on the
 * Australian site, and for an order of another currency than the site's. An NZD order on the NZ
 * site shows no code.
 */
export function OrderDetails({ order }: { order: OrderView }) {
  const page = useMarket();
  const showCurrency = page.id !== 'NZ' || orderMarket(order).currency !== page.currency;
  return (
    <OrderMarket order={order}>
      <OrderDetailsIn order={order} showCurrency={showCurrency} />
    </OrderMarket>
  );
}

function OrderDetailsIn({ order, showCurrency }: { order: OrderView; showCurrency: boolean }) {
  const market = useMarket();
  const a = order.shippingAddress;
  const sums = orderSums(order);
  const payments = paidWith(order.payments);
  return (
    <div css={[card, { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '1.25rem', overflowWrap: 'anywhere' }]} data-testid="order-details">
      <p css={{ margin: 0 }}>
        Order number <strong data-testid="order-number">{order.number}</strong> · placed{' '}
        {new Date(order.createdAt).toLocaleString(market.locale, { timeZone: market.timeZone, dateStyle: 'medium', timeStyle: 'short' })} ({market.timeZoneLabel})
        {showCurrency ? (
          <>
            {' · '}
            <span data-testid="order-currency">{market.currency}</span>
          </>
        ) : null}
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
              {/* the line before offers, as the subtotal below adds it up (the offers are taken off there, once) */}
              <span css={amount}>{i.promo ? 'Free' : <Money cents={i.unitPrice * i.qty} />}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Totals">
        <dl css={{ margin: 0 }}>
          <div css={row}>
            <dt>Subtotal</dt>
            <dd css={amount}>
              <Money cents={order.itemSubtotal} />
            </dd>
          </div>
          {sums.itemDiscount > 0 ? (
            <div css={row}>
              <dt>Offers{order.promoCodes.length > 0 ? ` (${order.promoCodes.join(', ')})` : ''}</dt>
              <dd css={amount}>
                −<Money cents={sums.itemDiscount} />
              </dd>
            </div>
          ) : null}
          <div css={row} data-testid="order-delivery-line">
            <dt>
              {order.shippingType === 'STORE_PICKUP' ? 'Click and collect' : 'Delivery'}
              {sums.deliveryBefore > sums.deliveryAfter ? <span css={{ display: 'block', fontSize: 13, color: 'var(--forest)' }}>{sums.deliveryAfter === 0 ? 'Free delivery offer' : 'Delivery offer'}</span> : null}
            </dt>
            <dd css={amount}>
              <DeliveryPrice before={sums.deliveryBefore} after={sums.deliveryAfter} />
            </dd>
          </div>
          <div css={{ ...row, fontWeight: 700 }}>
            <dt>Total</dt>
            <dd css={amount}>
              <Money cents={order.grandTotal} />
            </dd>
          </div>
          {payments.map((p, i) => (
            <div css={row} key={`${p.methodCode}-${i}`}>
              <dt>Paid with {p.label}</dt>
              <dd css={amount}>
                <Money cents={p.amount} />
              </dd>
            </div>
          ))}
        </dl>
        <p css={{ fontSize: 13, color: 'var(--muted)' }}>
          Includes <Money cents={order.gst} /> GST · {formatPoints(order.loyaltyPoints)} airline points
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
        {order.shippingType === 'STORE_PICKUP' && order.pickupStoreName ? (
          <p css={{ margin: '0 0 .25rem', fontWeight: 700 }} data-testid="pickup-store">
            {order.pickupStoreName}
          </p>
        ) : null}
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
