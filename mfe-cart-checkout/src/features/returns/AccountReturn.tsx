/**
 * The return view of the `./AccountOrders` fragment (app/AccountOrders.tsx): how to return items of
 * one of the signed-in customer's orders, through the same API as the guest page /return/guest/create.
 */
import type { ReturnableOrder } from '@store/contracts';
import { useEffect, useState } from 'react';
import { ApiError, returnOrder } from '../../lib/api';
import { Notice } from '../../lib/ui';
import { ReturnForm } from './ReturnPage';

/** /account/orders/{number}/return/{token}: the token is the order's return token (contracts/src/returns.ts). */
export function AccountReturn({ number, token }: { number: string; token?: string }) {
  const [order, setOrder] = useState<ReturnableOrder | null>(null);
  /** true: the link is not valid; a string: the API's reason (e.g. the return window has closed). */
  const [failed, setFailed] = useState<boolean | string>(false);
  useEffect(() => {
    if (token) returnOrder(number, token).then(setOrder, (e: unknown) => setFailed(e instanceof ApiError && e.status === 409 ? e.message : true));
  }, [number, token]);
  if (typeof failed === 'string') return <Notice>{failed}</Notice>;
  if (failed || !token) return <Notice>This return link is not valid for order {number}. Open the order and choose Return items again.</Notice>;
  if (!order) return <p aria-busy="true">Loading your order…</p>;
  return (
    <div css={{ display: 'grid', gap: '1rem' }}>
      <p css={{ margin: 0 }}>Choose the items of order {order.number} to return, and why.</p>
      <ReturnForm order={order} />
    </div>
  );
}
