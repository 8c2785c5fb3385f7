import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect, type ReactNode } from 'react';
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

/** A signed-in visitor is sent to /account. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to="/account" replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return children;
}

/** A signed-out visitor is sent to /account/signin. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_OUT') return <Navigate to="/account/signin" replace />;
  if (status !== 'LOGGED_IN') return <Waiting />;
  return children;
}

/** /wishlist: a guest's wishlist, kept on this device; a signed-in shopper's is in the account. */
function AnyoneWishlist() {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to="/account/wishlist" replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return (
    <div css={{ maxWidth: 1100, margin: '0 auto', padding: '2.5rem 1.25rem' }}>
      <WishlistPage guest />
    </div>
  );
}

/** /account/qantas needs the loyalty setting; otherwise to /account. */
function LoyaltyOnly({ children }: { children: ReactNode }) {
  const enabled = useLoyaltyEnabled();
  if (enabled === undefined) return <Waiting />;
  return enabled ? children : <Navigate to="/account" replace />;
}

export function AccountRoutes() {
  return (
    <Routes>
      <Route path="/account/signin" element={<SignedOutOnly><SignInPage /></SignedOutOnly>} />
      <Route path="/account/signup" element={<SignedOutOnly><SignUpPage /></SignedOutOnly>} />
      <Route path="/account/password/forgot" element={<SignedOutOnly><ForgotPasswordPage /></SignedOutOnly>} />
      <Route path="/account/password/reset" element={<ResetPasswordPage />} />
      <Route path="/account/verify" element={<VerifyPage />} />
      <Route path="/wishlist" element={<AnyoneWishlist />} />
      <Route path="/account" element={<SignedInOnly><DashboardLayout /></SignedInOnly>}>
        <Route index element={<OverviewPage />} />
        <Route path="contact-info" element={<ContactInfoPage />} />
        <Route path="addresses" element={<AddressesPage />} />
        <Route path="orders" element={<OrdersPage view="list" />} />
        <Route path="orders/:number" element={<OrdersPage view="detail" />} />
        <Route path="orders/:number/return/:token" element={<OrdersPage view="return" />} />
        <Route path="payment-methods" element={<PaymentMethodsPage />} />
        <Route path="password/change" element={<ChangePasswordPage />} />
        <Route path="wishlist" element={<WishlistPage />} />
        <Route path="qantas" element={<LoyaltyOnly><QantasPage /></LoyaltyOnly>} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
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
