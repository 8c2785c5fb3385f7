import { RemoteFragment } from '@store/shared-events/remote';
import { useParams } from 'react-router';
import { Notice, useTitle } from '../lib/form';

const fallback = (what: string) => <Notice type="ERROR">{`We were unable to load your ${what}. Please try again.`}</Notice>;
const loading = (what: string) => <p role="status">{`Loading your ${what}…`}</p>;

/** /account/orders, /account/orders/{number}, /account/orders/{number}/return/{token}: the cart team's fragment. */
export function OrdersPage({ view }: { view: 'list' | 'detail' | 'return' }) {
  const { number, token } = useParams();
  useTitle(view === 'list' ? 'Orders' : view === 'detail' ? `Order ${number ?? ''}` : 'Return items');
  return (
    <section aria-label="Orders">
      <RemoteFragment
        remote="cart_checkout"
        module="./AccountOrders"
        props={{ view, ...(number ? { number } : {}), ...(token ? { token } : {}) }}
        fallback={fallback('orders')}
        loading={loading('orders')}
      />
    </section>
  );
}

/** /account/payment-methods: saved cards, from the cart team's fragment. */
export function PaymentMethodsPage() {
  useTitle('Payment methods');
  return (
    <section aria-label="Payment methods">
      <RemoteFragment remote="cart_checkout" module="./AccountPaymentMethods" props={{}} fallback={fallback('payment methods')} loading={loading('payment methods')} />
    </section>
  );
}
