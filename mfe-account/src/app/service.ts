/**
 * The account's background service, started by the shell on every page: registers the
 * aws-amplify AuthProvider with the shared session and starts it (a stored session is validated;
 * aws-amplify itself is loaded only when there are stored tokens). After a login it sends the
 * login-success analytics event (600 ms) and links a guest Qantas membership (300 ms).
 */
import { session, type SessionStatus } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { getAccountConfig } from '../lib/auth/config';
import { ensureAuth } from '../lib/auth/provider';
import { forgetAccount } from '../lib/account';
import { GUEST_LOYALTY_LINK_DELAY_MS, linkGuestLoyalty } from '../features/loyalty/loyalty';

export const LOGIN_ANALYTICS_DELAY_MS = 600;

let started: Promise<void> | undefined;

export function start(): Promise<void> {
  started ??= (async () => {
    let previous: SessionStatus | undefined;
    session.state$.subscribe(({ status }) => {
      if (status === 'LOGGED_IN' && previous === 'LOGGING_IN') {
        setTimeout(() => track('login', { method: 'email', userType: 'customer' }), LOGIN_ANALYTICS_DELAY_MS);
        setTimeout(() => {
          void getAccountConfig()
            .then((config) => (config.loyaltyEnabled ? linkGuestLoyalty(config.guestLoyaltyMaxAgeMinutes) : 'NONE'))
            .catch(() => 'FAILED');
        }, GUEST_LOYALTY_LINK_DELAY_MS);
      }
      if (status === 'LOGGED_OUT') forgetAccount();
      previous = status;
    });
    await ensureAuth();
  })();
  return started;
}
