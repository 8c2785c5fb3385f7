import { bus, topics } from '@store/shared-events';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { SignInPage } from './features/signin/SignInPage';

function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    bus.publish(topics.shellNotFound, { path: pathname }, { source: 'account' });
  }, [pathname]);
  return null;
}

/** Spec §2: signed-in-only pages send a signed-out visitor to /account/signin. */
const SIGNED_IN_ONLY = ['', 'addresses', 'contact-info', 'orders', 'orders/*', 'password/change', 'payment-methods', 'wishlist', 'qantas'];

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/account/signin" element={<SignInPage />} />
        {SIGNED_IN_ONLY.map((path) => (
          <Route key={path} path={`/account/${path}`} element={<Navigate to="/account/signin" replace />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
