import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { ensureAuth } from '../lib/auth/provider';
import { SignInPage } from '../features/signin/SignInPage';
import { AddressesPage } from '../features/addresses/AddressesPage';
import { ContactInfoPage } from '../features/contact/ContactInfoPage';
import { DashboardLayout, OverviewPage } from '../features/dashboard/Dashboard';
import { useLoyaltyEnabled } from '../lib/useAccount';
import { OrdersPage, PaymentMethodsPage } from '../features/orders/FragmentPages';
import { ChangePasswordPage, ForgotPasswordPage, ResetPasswordPage } from '../features/password/PasswordPages';
import { QantasPage } from '../features/loyalty/QantasPage';
import { SignUpPage } from '../features/signup/SignUpPage';
import { VerifyPage } from '../features/signup/VerifyPage';
import { WishlistPage } from '../features/wishlist/WishlistPage';
import { useSessionState } from '../lib/session';
import { SCREENS, type PageId } from './screens';

const PAGES = SCREENS.account.pages;
const BUILT_BY = SCREENS.account.builtBy;

function NotFound() {
  return <ReportNotFound source="account" path={useLocation().pathname} />;
}

function Waiting() {
  return (
    <p role="status" css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem', color: 'var(--muted)' }}>
      Checking your session…
    </p>
  );
}

/** A signed-in visitor is sent to the account overview. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to={PAGES.overview} replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return children;
}

/** A signed-out visitor is sent to sign in. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_OUT') return <Navigate to={PAGES.signIn} replace />;
  if (status !== 'LOGGED_IN') return <Waiting />;
  return children;
}

/** /wishlist: a guest's wishlist, kept on this device; a signed-in shopper's is in the account. */
function AnyoneWishlist() {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to={PAGES.wishlist} replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return (
    <div css={{ maxWidth: 1100, margin: '0 auto', padding: '2.5rem 1.25rem' }}>
      <WishlistPage guest />
    </div>
  );
}

/** The Qantas page needs the loyalty setting; otherwise to the account overview. */
function LoyaltyOnly({ children }: { children: ReactNode }) {
  const enabled = useLoyaltyEnabled();
  if (enabled === undefined) return <Waiting />;
  return enabled ? children : <Navigate to={PAGES.overview} replace />;
}

/** Each account page (screens.ts) and its element; `dashboard`: shown inside the signed-in dashboard (its overview is the index). */
const ACCOUNT_PAGES: Record<PageId<'account'>, { element: ReactElement; dashboard?: true }> = {
  signIn: { element: <SignedOutOnly><SignInPage /></SignedOutOnly> },
  signUp: { element: <SignedOutOnly><SignUpPage /></SignedOutOnly> },
  forgotPassword: { element: <SignedOutOnly><ForgotPasswordPage /></SignedOutOnly> },
  resetPassword: { element: <ResetPasswordPage /> },
  verify: { element: <VerifyPage /> },
  overview: { element: <OverviewPage />, dashboard: true },
  contactInfo: { element: <ContactInfoPage />, dashboard: true },
  addresses: { element: <AddressesPage />, dashboard: true },
  orders: { element: <OrdersPage view="list" fragment={BUILT_BY.orders} />, dashboard: true },
  order: { element: <OrdersPage view="detail" fragment={BUILT_BY.order} />, dashboard: true },
  orderReturn: { element: <OrdersPage view="return" fragment={BUILT_BY.orderReturn} />, dashboard: true },
  paymentMethods: { element: <PaymentMethodsPage fragment={BUILT_BY.paymentMethods} />, dashboard: true },
  changePassword: { element: <ChangePasswordPage />, dashboard: true },
  wishlist: { element: <WishlistPage />, dashboard: true },
  qantas: { element: <LoyaltyOnly><QantasPage /></LoyaltyOnly>, dashboard: true },
};

const WISHLIST_PAGES: Record<PageId<'wishlist'>, ReactElement> = { guest: <AnyoneWishlist /> };

const pagesOf = (dashboard: boolean) => (Object.keys(ACCOUNT_PAGES) as PageId<'account'>[]).filter((id) => Boolean(ACCOUNT_PAGES[id].dashboard) === dashboard);

/** The account's routes: every page of screens.ts, under whichever router the caller provides. */
export const accountRoutes = (
  <>
    {pagesOf(false).map((id) => (
      <Route key={id} path={PAGES[id]} element={ACCOUNT_PAGES[id].element} />
    ))}
    {(Object.keys(WISHLIST_PAGES) as PageId<'wishlist'>[]).map((id) => (
      <Route key={id} path={SCREENS.wishlist.pages[id]} element={WISHLIST_PAGES[id]} />
    ))}
    <Route path={PAGES.overview} element={<SignedInOnly><DashboardLayout /></SignedInOnly>}>
      {pagesOf(true).map((id) =>
        PAGES[id] === PAGES.overview ? <Route key={id} index element={ACCOUNT_PAGES[id].element} /> : <Route key={id} path={PAGES[id]} element={ACCOUNT_PAGES[id].element} />,
      )}
    </Route>
    <Route path="*" element={<NotFound />} />
  </>
);

export function AccountRoutes() {
  return <Routes>{accountRoutes}</Routes>;
}

export function App() {
  useEffect(() => {
    void ensureAuth();
  }, []);
  return (
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>
  );
}
