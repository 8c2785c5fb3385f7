/**
 * The signed-in customer's orders (the list and detail views of the `./AccountOrders` fragment,
 * app/AccountOrders.tsx). Reads GET /api/account/orders with the session's ID token. The list ends
 * with find-an-order (POST /api/orders/lookup), for orders placed as a guest or under another
 * e-mail address. The detail links to /account/orders/{number}/return/{token} with the order's
 * return token (GET /api/account/orders/{number}/return-token), the return view (features/returns).
 */
import { formatMarketDate, formatMoney, MARKETS, marketOfCurrency, type OrderView } from '@store/contracts';
import { session } from '@store/shared-events';
import { useState } from 'react';
import { useLoad } from '@store/ui/load';
import { FindOrder } from './FindOrder';
import { OrderDetails } from './OrderDetails';
import { accountOrder, accountOrders, accountReturnToken, ApiError, type AccountOrderSummary } from '../../lib/api';
import { card, Notice, secondarySize } from '../../lib/ui';
import { useMarket } from '@store/ui/market';
import { Button } from '@store/ui/button';

const go = (path: string) => {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
};

function OrdersList() {
  const market = useMarket();
  // an order's amounts in its own currency (an NZ order seen on the Australian site stays in NZD)
  const money = (cents: number, currency?: string) => formatMoney(cents, (currency && marketOfCurrency(currency)) || MARKETS.NZ);
  // orders of both markets are listed, each in its own currency
  const load = useLoad('account-orders', () => accountOrders().then((r): AccountOrderSummary[] => r.orders));
  if (load.status === 'error') return <Notice>We were unable to load your orders. Please try again.</Notice>;
  if (load.status === 'loading') return <p aria-busy="true">Loading your orders…</p>;
  const orders = load.data;
  if (orders.length === 0) return <p>You have not placed any orders yet.</p>;
  return (
    <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '.75rem' }} aria-label="Your orders">
      {orders.map((o) => (
        <li key={o.number} css={[card, { display: 'flex', justifyContent: 'space-between', gap: '1rem', flexWrap: 'wrap' }]}>
          <span>
            <a
              href={`/account/orders/${o.number}`}
              onClick={(e) => {
                e.preventDefault();
                go(`/account/orders/${o.number}`);
              }}
              css={{ color: 'var(--forest)', fontWeight: 600 }}
            >
              Order {o.number}
            </a>
            <br />
            <span css={{ color: 'var(--muted)', fontSize: 14 }}>
              {formatMarketDate(o.createdAt, market)} · {o.itemQuantity} {o.itemQuantity === 1 ? 'item' : 'items'} ·{' '}
              {o.shippingType === 'STORE_PICKUP' ? 'Click and collect' : 'Delivery'}
            </span>
          </span>
          <strong>
            {money(o.grandTotal, o.currency)}
            {o.currency && o.currency !== market.currency ? ` ${o.currency}` : ''}
          </strong>
        </li>
      ))}
    </ul>
  );
}

/** One order of the account, with Return items when it can be returned. */
export function AccountOrderDetail({ number }: { number: string }) {
  const load = useLoad(number, (): Promise<OrderView> => accountOrder(number));
  const [returnError, setReturnError] = useState<string | null>(null);
  if (load.status === 'error') return <Notice>We could not find this order in your account.</Notice>;
  if (load.status === 'loading') return <p aria-busy="true">Loading your order…</p>;
  const order = load.data;
  const startReturn = () =>
    accountReturnToken(order.number).then(
      ({ returnToken }) => go(`/account/orders/${order.number}/return/${returnToken}`),
      (e: unknown) => setReturnError(e instanceof ApiError && e.status === 409 ? e.message : 'We were unable to start a return for this order. Please try again.'),
    );
  return (
    <div css={{ display: 'grid', gap: '1rem' }}>
      {order.status === 'placed' ? (
        <p css={{ margin: 0 }}>
          <Button variant="neutral" css={secondarySize} onClick={() => void startReturn()}>
            Return items
          </Button>
        </p>
      ) : null}
      {returnError ? <Notice>{returnError}</Notice> : null}
      <OrderDetails order={order} />
    </div>
  );
}

/** The account's orders, followed by find-an-order. */
export function AccountOrderList() {
  return (
    <div css={{ display: 'grid', gap: '2rem' }}>
      <OrdersList />
      <section aria-labelledby="find-order-heading">
        <h2 id="find-order-heading" css={{ fontSize: 20, margin: '0 0 .25rem' }}>
          Find an order
        </h2>
        <p css={{ margin: '0 0 1rem', color: 'var(--muted)', fontSize: 14 }}>Placed an order as a guest? Find it with its order number and the email address you used.</p>
        <FindOrder defaultEmail={session.getState().user?.email ?? ''} />
      </section>
    </div>
  );
}
