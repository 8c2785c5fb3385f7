import { bus, topics } from '@store/shared-events';
import { ReportNotFound } from '@store/shared-events/remote';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { CartPage } from './features/cart/CartPage';
import { readGuestCart } from './features/cart/storage';

function NotFound() {
  return <ReportNotFound source="cart_checkout" path={useLocation().pathname} />;
}

/** Spec §2: every checkout step needs a valid cart, otherwise the shopper goes to /cart. */
function CheckoutGuard() {
  return readGuestCart().items.length === 0 ? <Navigate to="/cart" replace /> : <NotFound />;
}

export function App() {
  useEffect(() => {
    const cart = readGuestCart();
    bus.publish(topics.cartQuantity, { quantity: cart.items.reduce((sum, item) => sum + item.qty, 0), promoQuantity: 0, status: 'SUCCESS' }, { source: 'cart_checkout' });
  }, []);
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="/checkout/*" element={<CheckoutGuard />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
