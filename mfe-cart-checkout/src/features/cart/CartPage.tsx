import { useNavigate } from 'react-router';
import { CartLines, SmartLink } from './CartLines';
import { useCart } from '../../lib/cart/useCart';
import { PromoCodes } from '../../lib/checkout/PromoCodes';
import { Totals } from '../../lib/checkout/Summary';
import { CartRuleProblems, nothingToPrice } from './CartRuleProblems';
import { useCheckoutInfo } from '../../lib/checkout/useCheckout';
import { useCartSettled } from '../../lib/session';
import { card, heading, Notice, page, primarySize } from '../../lib/ui';
import { Button, buttonLook } from '@store/ui/button';

export function EmptyCart({ navigate }: { navigate?: (path: string) => void }) {
  return (
    <div css={[card, { textAlign: 'center', padding: '2.5rem' }]}>
      <p css={{ fontSize: 18, margin: '0 0 1.5rem' }}>Your cart is empty. Find something you love and it will wait for you here.</p>
      <SmartLink to="/categories/new-arrivals" navigate={navigate} css={[buttonLook('primary'), primarySize]}>
        Shop new arrivals
      </SmartLink>
    </div>
  );
}

export function CartPage() {
  const cart = useCart();
  const { status, info } = useCheckoutInfo(cart.pricedItems, { forShipping: false });
  const navigate = useNavigate();
  // a signed-in shopper's reload: not "empty" before the synced cart has arrived
  const settled = useCartSettled();
  return (
    <div css={page}>
      <h1 css={heading}>Your cart</h1>
      {cart.items.length === 0 && !settled ? (
        <p aria-busy="true">Loading your cart…</p>
      ) : cart.items.length === 0 ? (
        <EmptyCart />
      ) : cart.status === 'ERROR' ? (
        <Notice>We were unable to load your cart. Please refresh the page.</Notice>
      ) : (
        <div css={{ display: 'grid', gap: '2rem', gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(18rem, 1fr)' } }}>
          <section aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading" css={{ fontSize: 18, margin: '0 0 .5rem' }}>
              {cart.quantity} {cart.quantity === 1 ? 'item' : 'items'}
            </h2>
            {cart.status === 'LOADING' ? <p aria-busy="true">Loading your cart…</p> : <CartLines groups={cart.groups} />}
          </section>
          <section aria-labelledby="cart-summary-heading" css={card}>
            <h2 id="cart-summary-heading" css={{ fontSize: 18, marginTop: 0 }}>
              Order summary
            </h2>
            <PromoCodes info={info} />
            {nothingToPrice(cart) ? (
              <CartRuleProblems cart={cart} />
            ) : status === 'ERROR' ? (
              <Notice>We were unable to load your total. Please try again.</Notice>
            ) : (
              <Totals info={info} loading={status === 'LOADING'} />
            )}
            {!cart.valid && cart.status === 'SUCCESS' ? <Notice>Some items need your attention before you can check out.</Notice> : null}
            <Button css={[primarySize, { width: '100%', marginTop: '1rem' }]} disabled={!cart.valid} onClick={() => navigate('/checkout/contact-info')}>
              Checkout
            </Button>
          </section>
        </div>
      )}
    </div>
  );
}
