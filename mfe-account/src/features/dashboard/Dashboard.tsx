import { session } from '@store/shared-events';
import { Link, NavLink, Outlet } from 'react-router';
import { useMarket } from '@store/ui/market';
import { useAccount, useLoyaltyEnabled } from '../../lib/useAccount';
import { headingCss, Notice } from '../../lib/ui';
import { useSessionState, useSyncedState } from '../../lib/session';
import { Button } from '@store/ui/button';

const navLink = {
  display: 'block',
  padding: '.55rem .8rem',
  borderRadius: 8,
  color: 'var(--ink)',
  textDecoration: 'none',
  '&[aria-current="page"]': { background: 'var(--paper, #f3f1ea)', fontWeight: 600, boxShadow: 'inset 3px 0 0 var(--forest)' },
} as const;

/** The signed-in dashboard layout: navigation and the page. */
export function DashboardLayout() {
  const loyalty = useLoyaltyEnabled();
  const links: [string, string][] = [
    ['/account', 'Overview'],
    ['/account/contact-info', 'Contact info'],
    ['/account/addresses', 'Addresses'],
    ['/account/orders', 'Orders'],
    ['/account/payment-methods', 'Payment methods'],
    ['/account/wishlist', 'Wishlist'],
    ['/account/password/change', 'Change password'],
    ...(loyalty ? ([['/account/qantas', 'Qantas Frequent Flyer']] as [string, string][]) : []),
  ];
  return (
    <div css={{ maxWidth: 1100, margin: '0 auto', padding: '2.5rem 1.25rem', display: 'grid', gap: '2rem', gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 768px)': { gridTemplateColumns: '220px minmax(0, 1fr)' } }}>
      <nav aria-label="Account">
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to} end css={navLink}>
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <Button variant="link" css={{ padding: '.55rem .8rem' }} onClick={() => void session.signOut()}>
              Sign out
            </Button>
          </li>
        </ul>
      </nav>
      {/* long e-mail addresses and order numbers wrap instead of widening the page on a phone */}
      <div css={{ minWidth: 0, overflowWrap: 'anywhere' }} id="account-content">
        <Outlet />
      </div>
    </div>
  );
}

export function OverviewPage() {
  const { user } = useSessionState();
  const loaded = useAccount();
  const result = loaded.data?.result;
  const account = loaded.data?.account;
  const synced = useSyncedState();
  const name = account?.customer.firstName;
  // "Kia ora" is the New Zealand site's greeting; the Australian site says hello
  const greeting = useMarket().id === 'NZ' ? 'Kia ora' : 'Hello';
  return (
    <section aria-labelledby="overview-heading">
      <h1 id="overview-heading" css={headingCss}>
        {name ? `${greeting}, ${name}` : 'My account'}
      </h1>
      <p css={{ color: 'var(--muted)', marginTop: 0 }}>Signed in as {user?.email}</p>
      {result === 'PREPARING' ? <Notice type="INFO">We are still setting up your account. Your details will appear here shortly.</Notice> : null}
      {result === 'ERROR' ? <Notice type="ERROR">We were unable to load your account details. Please try again.</Notice> : null}
      <ul css={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        <li css={{ border: '1px solid var(--line)', borderRadius: 12, padding: '1.1rem' }}>
          <h2 css={{ fontSize: 18, margin: '0 0 .4rem' }}>Wishlist</h2>
          <p css={{ margin: '0 0 .6rem' }}>{synced.wishlist.items.length === 1 ? '1 saved product' : `${synced.wishlist.items.length} saved products`}</p>
          <Link to="/account/wishlist">View wishlist</Link>
        </li>
        <li css={{ border: '1px solid var(--line)', borderRadius: 12, padding: '1.1rem' }}>
          <h2 css={{ fontSize: 18, margin: '0 0 .4rem' }}>Orders</h2>
          <p css={{ margin: '0 0 .6rem' }}>Track deliveries and start a return.</p>
          <Link to="/account/orders">View orders</Link>
        </li>
        <li css={{ border: '1px solid var(--line)', borderRadius: 12, padding: '1.1rem' }}>
          <h2 css={{ fontSize: 18, margin: '0 0 .4rem' }}>Contact info</h2>
          <p css={{ margin: '0 0 .6rem' }}>{account ? `${account.customer.firstName} ${account.customer.lastName}`.trim() || 'Add your name' : 'Your name, phone and email preferences.'}</p>
          <Link to="/account/contact-info">Edit contact info</Link>
        </li>
        <li css={{ border: '1px solid var(--line)', borderRadius: 12, padding: '1.1rem' }}>
          <h2 css={{ fontSize: 18, margin: '0 0 .4rem' }}>Addresses</h2>
          <p css={{ margin: '0 0 .6rem' }}>Save delivery and billing addresses for faster checkout.</p>
          <Link to="/account/addresses">Manage addresses</Link>
        </li>
      </ul>
    </section>
  );
}
