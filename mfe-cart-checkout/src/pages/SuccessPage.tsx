import type { OrderView } from '@store/contracts';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { getPlacedOrder } from '../checkout/state';
import { readOrder } from '../lib/api';
import { heading, Notice, page, primaryButton } from '../lib/ui';
import { OrderDetails } from './OrderDetails';

export function SuccessPage() {
  const placed = getPlacedOrder();
  const [order, setOrder] = useState<OrderView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = 'Thank you for your order | Fernleaf';
    if (placed) readOrder(placed.orderNumber, placed.accessToken).then(setOrder, () => setFailed(true));
  }, [placed?.orderNumber]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!placed) return <Navigate to="/cart" replace />;
  return (
    <div css={page}>
      <h1 css={heading}>Thank you, your order is confirmed</h1>
      <p>
        We have emailed a confirmation to <strong>{placed.email}</strong>. Your order number is <strong>{placed.orderNumber}</strong>.
      </p>
      {placed.loyalty ? <p>You will earn {placed.loyalty.points} airline points with this order.</p> : null}
      {order ? <OrderDetails order={order} /> : failed ? <Notice>We could not load the order details just now. Your order is confirmed.</Notice> : <p aria-busy="true">Loading your order…</p>}
      <p css={{ marginTop: '1.5rem' }}>
        <Link to="/categories/new-arrivals" css={primaryButton}>
          Continue shopping
        </Link>
      </p>
    </div>
  );
}
