/**
 * `./AccountOrders` fragment, rendered by the account remote inside its dashboard (signed in):
 * view 'list' (the customer's orders with find-an-order), 'detail' (one order) from the orders
 * feature, and 'return' (how to return items of one order) from the returns feature.
 */
import { AccountOrderDetail, AccountOrderList } from '../features/orders/AccountOrders';
import { AccountReturn } from '../features/returns/AccountReturn';

export default function AccountOrders({ view, number, token }: { view: 'list' | 'detail' | 'return'; number?: string; token?: string }) {
  if (view === 'list' || !number) return <AccountOrderList />;
  if (view === 'return') return <AccountReturn number={number} token={token} />;
  return <AccountOrderDetail number={number} />;
}
