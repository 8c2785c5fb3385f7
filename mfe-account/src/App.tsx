import { ReportNotFound } from '@store/shared-events/remote';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { SignInPage } from './features/signin/SignInPage';

function NotFound() {
  return <ReportNotFound source="account" path={useLocation().pathname} />;
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
