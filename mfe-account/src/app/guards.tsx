import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoyaltyEnabled } from '../lib/useAccount';
import { useSessionState } from '../lib/session';
import { SCREENS } from './screens';

const PAGES = SCREENS.account.pages;

function Waiting() {
  return (
    <p role="status" css={{ maxWidth: 440, margin: '0 auto', padding: '3rem 1.25rem', color: 'var(--muted)' }}>
      Checking your session…
    </p>
  );
}

/** A signed-in visitor is sent to the account overview. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to={PAGES.overview} replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return children;
}

/** A signed-out visitor is sent to sign in. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_OUT') return <Navigate to={PAGES.signIn} replace />;
  if (status !== 'LOGGED_IN') return <Waiting />;
  return children;
}

/** /wishlist is a guest's wishlist, kept on this device: a signed-in shopper is sent to the account's. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useSessionState();
  if (status === 'LOGGED_IN') return <Navigate to={PAGES.wishlist} replace />;
  if (status === 'INITIALISING') return <Waiting />;
  return children;
}

/** The Qantas page needs the loyalty setting; otherwise to the account overview. */
export function LoyaltyOnly({ children }: { children: ReactNode }) {
  const enabled = useLoyaltyEnabled();
  if (enabled === undefined) return <Waiting />;
  return enabled ? children : <Navigate to={PAGES.overview} replace />;
}
