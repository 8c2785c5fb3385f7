/**
 * Order totals from /checkout/info: subtotal, offers on the items, one delivery line, gift cards,
 * total, GST, loyalty. A free-delivery offer is shown on the delivery line ("Standard delivery
 * ~~$9.95~~ Free, Free delivery over $150"), not as a second discount row, so the rows add up:
 * subtotal − item offers + delivery = total.
 */
import type { AppliedPromotion, CheckoutInfoResponse } from '@store/contracts';
import { Money } from '../ui';
import { useMoney } from '@store/ui/market';
import { VisuallyHidden } from '@store/ui/visually-hidden';

const row = { display: 'flex', justifyContent: 'space-between', gap: '.75rem', margin: '.35rem 0' } as const;
const amount = { margin: 0, textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Loyalty points with a thousands separator ("1,234"). */
export const formatPoints = (points: number): string => points.toLocaleString('en-NZ');

export interface TotalsBreakdown {
  /** Offers taking money off the items (each with its item part). */
  itemOffers: { id: string; name: string; discount: number }[];
  /** The delivery price before offers, after them, and the offer that changed it. */
  delivery: { label: string; before: number; after: number; offer: string | null } | null;
}

/**
 * Splits the applied offers into item offers and the delivery offer. The delivery discount is
 * totalDiscount − the item discount; the offer that gave it is the applied one of exactly that
 * amount whose removal leaves the others adding up to the item discount (the free-delivery offers
 * take all of the delivery price). When no single offer fits, the offers are listed as they are
 * and the delivery line shows its price before offers, which still adds up.
 */
export function totalsBreakdown(info: Pick<CheckoutInfoResponse, 'itemSubtotal' | 'itemSubtotalAfterDiscounts' | 'totalDiscount' | 'selectedShippingMethod'> & { promotions: { appliedPromotions: AppliedPromotion[] } }): TotalsBreakdown {
  const applied = info.promotions.appliedPromotions;
  const itemDiscount = info.itemSubtotal - info.itemSubtotalAfterDiscounts;
  const shippingDiscount = Math.max(0, info.totalDiscount - itemDiscount);
  let shippingOffer: AppliedPromotion | null = null;
  if (shippingDiscount > 0) {
    const sum = applied.reduce((s, p) => s + p.discount, 0);
    shippingOffer = [...applied].reverse().find((p) => p.discount === shippingDiscount && sum - p.discount === itemDiscount) ?? null;
  }
  const itemOffers = applied.filter((p) => p !== shippingOffer && p.discount > 0).map((p) => ({ id: p.id, name: p.name, discount: p.discount }));
  const method = info.selectedShippingMethod;
  const delivery = method
    ? shippingOffer
      ? { label: method.label, before: method.price + shippingDiscount, after: method.price, offer: shippingOffer.name }
      : { label: method.label, before: method.price + shippingDiscount, after: method.price + shippingDiscount, offer: null }
    : null;
  return { itemOffers, delivery };
}

/** "Free" or the price; with a delivery offer the price before it struck through. */
export function DeliveryPrice({ before, after }: { before: number; after: number }) {
  const money = useMoney();
  const now = after === 0 ? 'Free' : money(after);
  if (before === after) return <>{now}</>;
  return (
    <>
      <s css={{ color: 'var(--muted)', marginRight: '.4rem' }}>
        <VisuallyHidden>was </VisuallyHidden>
        {money(before)}
      </s>
      <VisuallyHidden>now </VisuallyHidden>
      {now}
    </>
  );
}

export function Totals({ info, loading }: { info: CheckoutInfoResponse | null; loading: boolean }) {
  if (!info) return <p aria-busy={loading}>{loading ? 'Calculating your total…' : 'We could not load your total. Please refresh the page.'}</p>;
  const { itemOffers, delivery } = totalsBreakdown(info);
  return (
    <div aria-busy={loading} data-testid="order-totals">
      <dl css={{ margin: 0 }}>
        <div css={row}>
          <dt>
            Subtotal ({info.itemQuantity} {info.itemQuantity === 1 ? 'item' : 'items'})
          </dt>
          <dd css={amount}>
            <Money cents={info.itemSubtotal} />
          </dd>
        </div>
        {itemOffers.map((p) => (
          <div css={row} key={p.id}>
            <dt>{p.name}</dt>
            <dd css={[amount, { color: 'var(--forest)' }]}>
              −<Money cents={p.discount} />
            </dd>
          </div>
        ))}
        {info.promotions.resolvedCart.promoCartItems.map((p) => (
          <div css={row} key={`${p.promoId}-${p.variantId}`}>
            <dt>Free gift: {p.name}</dt>
            <dd css={amount}>{p.qty} × free</dd>
          </div>
        ))}
        <div css={row} data-testid="delivery-line">
          <dt>
            {delivery ? delivery.label : 'Delivery'}
            {delivery?.offer ? <span css={{ display: 'block', fontSize: 13, color: 'var(--forest)' }}>{delivery.offer}</span> : null}
          </dt>
          <dd css={amount}>{delivery ? <DeliveryPrice before={delivery.before} after={delivery.after} /> : 'Calculated at checkout'}</dd>
        </div>
        <div css={{ ...row, fontWeight: 700, fontSize: 18, borderTop: '1px solid var(--line)', paddingTop: '.6rem' }}>
          <dt>Total</dt>
          <dd css={amount} data-testid="grand-total">
            <Money cents={info.grandTotal} />
          </dd>
        </div>
        {info.creditUsages.map((c) => (
          <div css={row} key={c.id}>
            <dt>Gift card {c.id}</dt>
            <dd css={amount}>
              −<Money cents={c.amount} />
            </dd>
          </div>
        ))}
        {info.creditUsages.length > 0 ? (
          <div css={{ ...row, fontWeight: 700 }}>
            <dt>To pay</dt>
            <dd css={amount} data-testid="amount-outstanding">
              <Money cents={info.amountOutstanding} />
            </dd>
          </div>
        ) : null}
      </dl>
      <p css={{ color: 'var(--muted)', fontSize: 13, margin: '.6rem 0 0' }}>
        Includes <Money cents={info.gst} /> GST. Earn {formatPoints(info.loyaltyPoints)} airline points with this order.
      </p>
    </div>
  );
}
