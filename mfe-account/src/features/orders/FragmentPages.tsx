import { RemoteFragment } from '@store/shared-events/remote';
import { useParams } from 'react-router';
import { Notice, useTitle } from '../../lib/ui';

const pageHeading = { fontSize: 28, fontWeight: 400, fontFamily: 'Georgia, serif' } as const;
const fallback = (what: string) => <Notice type="ERROR">{`We were unable to load your ${what}. Please try again.`}</Notice>;
const loading = (what: string) => <p role="status">{`Loading your ${what}…`}</p>;

/** The module of another remote that builds a page's content (src/app/screens.ts, `builtBy`). */
export interface Fragment {
  remote: string;
  module: string;
}

/** /account/orders, /account/orders/{number}, /account/orders/{number}/return/{token}: the cart team's fragment. */
export function OrdersPage({ view, fragment }: { view: 'list' | 'detail' | 'return'; fragment: Fragment }) {
  const { number, token } = useParams();
  const title = view === 'list' ? 'Orders' : view === 'detail' ? `Order ${number ?? ''}` : 'Return items';
  useTitle(title);
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" css={pageHeading}>
        {title}
      </h1>
      <RemoteFragment
        remote={fragment.remote}
        module={fragment.module}
        props={{ view, ...(number ? { number } : {}), ...(token ? { token } : {}) }}
        fallback={fallback('orders')}
        loading={loading('orders')}
      />
    </section>
  );
}

/** /account/payment-methods: saved cards, from the cart team's fragment. */
export function PaymentMethodsPage({ fragment }: { fragment: Fragment }) {
  return (
    <section aria-labelledby="payment-methods-heading">
      <h1 id="payment-methods-heading" css={pageHeading}>
        Payment methods
      </h1>
      <RemoteFragment remote={fragment.remote} module={fragment.module} props={{}} fallback={fallback('payment methods')} loading={loading('payment methods')} />
    </section>
  );
}
