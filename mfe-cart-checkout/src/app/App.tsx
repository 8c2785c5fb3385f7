import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect, type ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { useCart } from '../lib/cart/useCart';
import { CheckoutLayout, ContactStep, guard, PaymentStep, ShippingStep, type Step } from '../features/checkout';
import { captureUtm } from '../lib/checkout/state';
import { useCheckoutInfo, useCheckoutState } from '../lib/checkout/useCheckout';
import { startFraudAnalytics } from '../lib/fraud';
import { useCartSettled } from '../lib/session';
import { page } from '../lib/ui';
import { CartPage } from '../features/cart/CartPage';
import { CheckoutErrorPage } from './ErrorPage';
import { OrdersPage } from '../features/orders/OrdersPage';
import { GuestReturnPage } from '../features/returns/ReturnPage';
import { SuccessPage } from '../features/orders/SuccessPage';
import { SCREENS, type PageId, type ScreenId } from './screens';

function NotFound() {
  return <ReportNotFound source="cart_checkout" path={useLocation().pathname} />;
}

const TITLES: Record<Step, string> = { 'contact-info': 'Contact details', shipping: 'Delivery', payment: 'Payment' };
const INDEX: Record<Step, number> = { 'contact-info': 0, shipping: 1, payment: 2 };

/** A checkout step behind its guard (an invalid cart, a missing contact or delivery choice sends the shopper back). */
function CheckoutStep({ step }: { step: Step }) {
  const cart = useCart();
  const state = useCheckoutState();
  const location = useLocation();
  const { status, info } = useCheckoutInfo(cart.pricedItems);
  useEffect(() => captureUtm(location.search), [location.search]);
  const settled = useCartSettled();
  const target = guard(step, cart, state, settled);
  // the fraud-prevention script loads once checkout has started (not on other pages)
  const inCheckout = target === null;
  useEffect(() => {
    if (inCheckout) startFraudAnalytics();
  }, [inCheckout]);
  if (target === 'wait') return <p css={page} aria-busy="true">Loading your cart…</p>;
  if (target) return <Navigate to={target} replace />;
  return (
    <CheckoutLayout step={INDEX[step]} title={TITLES[step]} cart={cart} info={info} loading={status === 'LOADING'}>
      {step === 'contact-info' ? <ContactStep /> : step === 'shipping' ? <ShippingStep info={info} /> : <PaymentStep cart={cart} info={info} infoStatus={status} />}
    </CheckoutLayout>
  );
}

/** Each screen's pages (screens.ts) and their elements. */
const PAGES: { [S in ScreenId]: Record<PageId<S>, ReactElement> } = {
  cart: { cart: <CartPage /> },
  checkout: {
    contactInfo: <CheckoutStep step="contact-info" />,
    shipping: <CheckoutStep step="shipping" />,
    payment: <CheckoutStep step="payment" />,
    success: <SuccessPage />,
    error: <CheckoutErrorPage />,
  },
  guestOrders: { lookup: <OrdersPage /> },
  guestReturn: { create: <GuestReturnPage /> },
};

/** Every page of screens.ts with its element, in the order of screens.ts. */
const ROUTES = (Object.keys(SCREENS) as ScreenId[]).flatMap((screen) => {
  const pages: Record<string, string> = SCREENS[screen].pages;
  const elements: Record<string, ReactElement> = PAGES[screen];
  return Object.keys(pages).map((page) => ({ path: pages[page]!, element: elements[page]! }));
});

/** The remote's routes: every page of screens.ts, under whichever router the caller provides. */
export const checkoutRoutes = (
  <>
    {ROUTES.map(({ path, element }) => (
      <Route key={path} path={path} element={element} />
    ))}
    <Route path="*" element={<NotFound />} />
  </>
);

export function App() {
  return (
    <BrowserRouter>
      <Routes>{checkoutRoutes}</Routes>
    </BrowserRouter>
  );
}
