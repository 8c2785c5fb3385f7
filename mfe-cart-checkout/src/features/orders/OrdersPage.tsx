/** Guest order lookup (/orders): what to enter and where it is, the lookup, and where else to go. */
import { useMarket } from '@store/ui/market';
import { heading, page } from '../../lib/ui';
import { FindOrder } from './FindOrder';

export function OrdersPage() {
  const supportUrl = useMarket().customerService.supportUrl;
  return (
    <div css={page}>
      <h1 css={heading}>Find an order</h1>
      <p css={{ margin: '0 0 1.25rem', maxWidth: '36rem' }}>
        See where your order is, what was in it and how it was paid. Enter the order number from your confirmation email (it starts with FL) and the email
        address you ordered with.
      </p>
      <FindOrder />
      <ul css={{ margin: '2rem 0 0', paddingLeft: '1.25rem', display: 'grid', gap: '.4rem' }} aria-label="More help with an order">
        <li>
          Ordered with an account? <a href="/account/orders">Sign in to see all your orders</a>
        </li>
        <li>
          Want to send something back? <a href="/return/guest/create">Start a return</a>
        </li>
        <li>
          Can't find your order number? <a href={supportUrl}>Visit the help centre</a>
        </li>
      </ul>
    </div>
  );
}
