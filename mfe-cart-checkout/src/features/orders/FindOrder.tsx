/**
 * Find an order by number and e-mail (POST /api/orders/lookup): the guest page /orders and the
 * find-an-order section of the account's orders (`./AccountOrders`, view list).
 */
import type { OrderView } from '@store/contracts';
import { useState } from 'react';
import { lookupOrder } from '../../lib/api';
import { OrderDetails } from './OrderDetails';
import { OrderLookupForm } from '../../lib/orders/OrderLookupForm';

export const FIND_ORDER_NOT_FOUND = 'We could not find an order with that number and email address.';

export function FindOrder({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [order, setOrder] = useState<OrderView | null>(null);
  return (
    <>
      <OrderLookupForm label="Find an order" defaultEmail={defaultEmail} lookup={lookupOrder} onFound={setOrder} notFoundMessage={FIND_ORDER_NOT_FOUND} shownStatuses={[429]} />
      {order ? <OrderDetails order={order} /> : null}
    </>
  );
}
