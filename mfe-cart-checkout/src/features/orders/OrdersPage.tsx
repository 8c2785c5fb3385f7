/** Guest order lookup (/orders): order number and e-mail. */
import { useEffect } from 'react';
import { heading, page } from '../../lib/ui';
import { FindOrder } from './FindOrder';

export function OrdersPage() {
  useEffect(() => {
    document.title = 'Find an order | Fernleaf';
  }, []);
  return (
    <div css={page}>
      <h1 css={heading}>Find an order</h1>
      <FindOrder />
    </div>
  );
}
