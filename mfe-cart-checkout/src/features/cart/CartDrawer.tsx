/**
 * The cart drawer fragment the shell opens on `cart.overlay.open` (`./CartDrawer`, props
 * {onClose}). Rendered inside the shell's overlay, outside this remote's router: links are plain
 * anchors navigated through the history API (single-spa and the routers follow it).
 */
import { CartLines } from './CartLines';
import { useCart } from '../../lib/cart/useCart';
import { CartRuleProblems, nothingToPrice } from './CartRuleProblems';
import { useCheckoutInfo } from '../../lib/checkout/useCheckout';
import { EmptyCart } from './CartPage';
import { useCartSettled } from '../../lib/session';
import { primarySize, secondarySize } from '../../lib/ui';
import { useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';

function go(path: string, onClose: () => void) {
  onClose();
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export default function CartDrawer({ onClose }: { onClose: () => void }) {
  const money = useMoney();
  const navigate = (path: string) => go(path, onClose);
  const cart = useCart();
  const { info } = useCheckoutInfo(cart.pricedItems, { forShipping: false });
  const offers = info ? info.itemSubtotal - info.itemSubtotalAfterDiscounts : 0;
  const settled = useCartSettled();
  if (cart.items.length === 0 && !settled) return <p aria-busy="true">Loading your cart…</p>;
  if (cart.items.length === 0) return <EmptyCart navigate={navigate} />;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '1rem' }}>
      {cart.status === 'LOADING' ? <p aria-busy="true">Loading your cart…</p> : <CartLines groups={cart.groups} compact navigate={navigate} />}
      {/* the same words and amounts as the cart page: the subtotal before offers, then the offers off it */}
      {nothingToPrice(cart) ? <CartRuleProblems cart={cart} /> : (
      <dl css={{ margin: 0 }} data-testid="drawer-totals">
        <div css={{ display: 'flex', justifyContent: 'space-between', fontWeight: info && offers > 0 ? 400 : 700 }}>
          <dt>Subtotal</dt>
          <dd css={{ margin: 0 }}>{info ? money(info.itemSubtotal) : '…'}</dd>
        </div>
        {info && offers > 0 ? (
          <>
            <div css={{ display: 'flex', justifyContent: 'space-between', color: 'var(--forest)' }}>
              <dt>Offers</dt>
              <dd css={{ margin: 0 }}>−{money(offers)}</dd>
            </div>
            <div css={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700 }}>
              <dt>Total before delivery</dt>
              <dd css={{ margin: 0 }}>{money(info.itemSubtotalAfterDiscounts)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      )}
      <Button css={[primarySize, { width: '100%' }]} disabled={!cart.valid} onClick={() => go('/checkout/contact-info', onClose)}>
        Checkout
      </Button>
      <Button variant="neutral" css={[secondarySize, { width: '100%' }]} onClick={() => go('/cart', onClose)}>
        View cart
      </Button>
    </div>
  );
}

