import type { OrderView } from '@store/contracts';
import { useState } from 'react';
import { useLoad } from '@store/ui/load';
import { Link, Navigate } from 'react-router';
import { usePageStart } from '../../lib/pageStart';
import { getPlacedOrder } from '../../lib/checkout/state';
import { formatPoints } from '../../lib/checkout/Summary';
import { readOrder } from '../../lib/api';
import { heading, Notice, page, primarySize } from '../../lib/ui';
import { OrderDetails } from './OrderDetails';
import { buttonLook } from '@store/ui/button';

/** /checkout/success: opens at the top with the order number on the first screen; focus on its heading. */
export function SuccessPage() {
  const [placed] = useState(getPlacedOrder);
  const order = useLoad(placed ? placed.orderNumber : null, (): Promise<OrderView> => readOrder(placed!.orderNumber, placed!.accessToken));
  const headingRef = usePageStart<HTMLHeadingElement>(placed?.orderNumber);
  if (!placed) return <Navigate to="/cart" replace />;
  return (
    <div css={page}>
      <h1 css={heading} ref={headingRef} tabIndex={-1}>
        Thank you, your order is confirmed
      </h1>
      <p data-testid="success-summary">
        Your order number is <strong data-testid="success-order-number">{placed.orderNumber}</strong>. We have emailed a confirmation to <strong>{placed.email}</strong>.
      </p>
      {placed.loyalty ? <p>You will earn {formatPoints(placed.loyalty.points)} airline points with this order.</p> : null}
      {order.status === 'ready' ? <OrderDetails order={order.data} /> : order.status === 'error' ? <Notice>We could not load the order details just now. Your order is confirmed.</Notice> : <p aria-busy="true">Loading your order…</p>}
      <p css={{ marginTop: '1.5rem' }}>
        <Link to="/categories/new-arrivals" css={[buttonLook('primary'), primarySize]}>
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
