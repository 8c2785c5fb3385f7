import { useMarket } from '@store/ui/market';
import { Link, Navigate } from 'react-router';
import { getFailedOrderNumber } from '../lib/checkout/state';
import { card, heading, page } from '../lib/ui';

/** The failed order page links the site's own help centre (the market's: the NZ one is not on the AU site). */
export function CheckoutErrorPage() {
  const supportUrl = useMarket().customerService.supportUrl;
  const number = getFailedOrderNumber();
  if (!number) return <Navigate to="/cart" replace />;
  return (
    <div css={page}>
      <h1 css={heading}>Your order was unsuccessful</h1>
      <div css={card}>
        <p>
          We could not complete the payment for order <strong data-testid="failed-order-number">{number}</strong>. You have not been charged for this order.
        </p>
        <p>
          Please contact our customer support team and quote your order number so we can help: <a href={supportUrl}>visit the help centre</a>.
        </p>
        <p>
          <Link to="/cart">Return to your cart</Link>
        </p>
      </div>
    </div>
  );
}
