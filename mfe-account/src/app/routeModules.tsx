/**
 * Each page of screens.ts and what renders it, one entry per page: its element, the guard a
 * visitor passes first, its document title and whether it shows inside the signed-in dashboard.
 * App.tsx routes exactly these entries at their screens.ts paths; the type below has exactly the
 * pages of screens.ts, so a page without an entry, or an entry without a page, does not type-check.
 *
 * The pages are imported here, not lazily: they are in the remote's app chunk, so moving between
 * account pages never waits for code.
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { AddressesPage } from '../features/addresses/AddressesPage';
import { ContactInfoPage } from '../features/contact/ContactInfoPage';
import { OverviewPage } from '../features/dashboard/Dashboard';
import { QantasPage } from '../features/loyalty/QantasPage';
import { OrdersPage, PaymentMethodsPage } from '../features/orders/FragmentPages';
import { ChangePasswordPage, ForgotPasswordPage, ResetPasswordPage } from '../features/password/PasswordPages';
import { SignInPage } from '../features/signin/SignInPage';
import { SignUpPage } from '../features/signup/SignUpPage';
import { VerifyPage } from '../features/signup/VerifyPage';
import { WishlistPage } from '../features/wishlist/WishlistPage';
import { GuestOnly, LoyaltyOnly, SignedOutOnly } from './guards';
import { SCREENS, type PageId, type ScreenId } from './screens';

export interface PageModule {
  element: ReactElement;
  /** The document title ("… | Fernleaf"), set when the page shows (past its guard). Without one the page sets its own. */
  title?: string;
  /** What a visitor passes before the page shows: a redirect, or a wait while the session starts. */
  guard?: ComponentType<{ children: ReactNode }>;
  /** Shown inside the dashboard layout, for signed-in visitors only (the overview is its index). */
  dashboard?: true;
}

export type PageModules = { [S in ScreenId]: Record<PageId<S>, PageModule> };

const BUILT_BY = SCREENS.account.builtBy;

export const PAGE_MODULES: PageModules = {
  account: {
    signIn: { element: <SignInPage />, title: 'Sign in', guard: SignedOutOnly },
    signUp: { element: <SignUpPage />, title: 'Create an account', guard: SignedOutOnly },
    forgotPassword: { element: <ForgotPasswordPage />, title: 'Forgot your password', guard: SignedOutOnly },
    resetPassword: { element: <ResetPasswordPage />, title: 'Reset your password' },
    verify: { element: <VerifyPage />, title: 'Verify your email' },
    overview: { element: <OverviewPage />, title: 'My account', dashboard: true },
    contactInfo: { element: <ContactInfoPage />, title: 'Contact info', dashboard: true },
    addresses: { element: <AddressesPage />, title: 'Addresses', dashboard: true },
    // titled by the page: "Orders", "Order {number}", "Return items"
    orders: { element: <OrdersPage view="list" fragment={BUILT_BY.orders} />, dashboard: true },
    order: { element: <OrdersPage view="detail" fragment={BUILT_BY.order} />, dashboard: true },
    orderReturn: { element: <OrdersPage view="return" fragment={BUILT_BY.orderReturn} />, dashboard: true },
    paymentMethods: { element: <PaymentMethodsPage fragment={BUILT_BY.paymentMethods} />, title: 'Payment methods', dashboard: true },
    changePassword: { element: <ChangePasswordPage />, title: 'Change password', dashboard: true },
    wishlist: { element: <WishlistPage />, title: 'Wishlist', dashboard: true },
    qantas: { element: <QantasPage />, title: 'Qantas Frequent Flyer', guard: LoyaltyOnly, dashboard: true },
  },
  wishlist: {
    guest: {
      element: (
        <div css={{ maxWidth: 1100, margin: '0 auto', padding: '2.5rem 1.25rem' }}>
          <WishlistPage guest />
        </div>
      ),
      title: 'Wishlist',
      guard: GuestOnly,
    },
  },
};
