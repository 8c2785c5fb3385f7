import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect } from 'react';
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

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/checkout/contact-info" element={<CheckoutStep step="contact-info" />} />
        <Route path="/checkout/shipping" element={<CheckoutStep step="shipping" />} />
        <Route path="/checkout/payment" element={<CheckoutStep step="payment" />} />
        <Route path="/checkout/success" element={<SuccessPage />} />
        <Route path="/checkout/error" element={<CheckoutErrorPage />} />
        <Route path="/orders" element={<OrdersPage />} />
        <Route path="/return/guest/create" element={<GuestReturnPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
