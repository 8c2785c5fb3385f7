/**
 * The return view of the `./AccountOrders` fragment (app/AccountOrders.tsx): how to return items of
 * one of the signed-in customer's orders, through the same API as the guest page /return/guest/create.
 */
import type { ReturnableOrder } from '@store/contracts';
import { useLoad } from '@store/ui/load';
import { ApiError, returnOrder } from '../../lib/api';
import { Notice } from '../../lib/ui';
import { ReturnForm } from './ReturnPage';

/** /account/orders/{number}/return/{token}: the token is the order's return token (contracts/src/returns.ts). */
export function AccountReturn({ number, token }: { number: string; token?: string }) {
  const load = useLoad(token ? `${number}/${token}` : null, (): Promise<ReturnableOrder> => returnOrder(number, token!));
  // a 409 names the API's reason (e.g. the return window has closed); any other failure: the link is not valid
  if (load.status === 'error' && load.error instanceof ApiError && load.error.status === 409) return <Notice>{load.error.message}</Notice>;
  if (load.status === 'error' || !token) return <Notice>This return link is not valid for order {number}. Open the order and choose Return items again.</Notice>;
  if (load.status === 'loading') return <p aria-busy="true">Loading your order…</p>;
  const order = load.data;
  return (
    <div css={{ display: 'grid', gap: '1rem' }}>
      <p css={{ margin: 0 }}>Choose the items of order {order.number} to return, and why.</p>
      <ReturnForm order={order} />
    </div>
  );
}
