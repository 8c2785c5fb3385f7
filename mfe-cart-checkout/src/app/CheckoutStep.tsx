import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCart } from '../lib/cart/useCart';
import { CheckoutLayout, ContactStep, guard, PaymentStep, ShippingStep, type Step } from '../features/checkout';
import { captureUtm } from '../lib/checkout/state';
import { useCheckoutInfo, useCheckoutState } from '../lib/checkout/useCheckout';
import { startFraudAnalytics } from '../lib/fraud';
import { useCartSettled } from '../lib/session';
import { page } from '../lib/ui';
import { Titled } from './Titled';

const HEADINGS: Record<Step, string> = { 'contact-info': 'Contact details', shipping: 'Delivery', payment: 'Payment' };
const INDEX: Record<Step, number> = { 'contact-info': 0, shipping: 1, payment: 2 };

/**
 * A checkout step behind its guard (an invalid cart, a missing contact or delivery choice sends the
 * shopper back), in the checkout layout; `title`: the document title once the step shows.
 */
export function CheckoutStep({ step, title }: { step: Step; title: string }) {
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
    <CheckoutLayout step={INDEX[step]} title={HEADINGS[step]} cart={cart} info={info} loading={status === 'LOADING'}>
      <Titled title={title}>
        {step === 'contact-info' ? <ContactStep /> : step === 'shipping' ? <ShippingStep info={info} /> : <PaymentStep cart={cart} info={info} infoStatus={status} />}
      </Titled>
    </CheckoutLayout>
  );
}
