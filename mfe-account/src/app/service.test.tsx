import { waitFor } from '@testing-library/react';
import { session } from '@store/shared-events';
import { dataLayer } from '@store/shared-events/analytics';
import { GUEST_LOYALTY_KEY } from '../features/loyalty/loyalty';
import { LOGIN_ANALYTICS_DELAY_MS, start } from './service';

const puts: unknown[] = [];
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/account/config') {
      return reply(200, { region: 'r', userPoolId: 'r_Pool', userPoolClientId: 'c', userPoolEndpoint: '/api/cognito', localPool: true, loyaltyEnabled: true, guestLoyaltyMaxAgeMinutes: 60 });
    }
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } } });
    if (url === '/api/account') {
      if (init?.method === 'PUT') puts.push(body);
      const linked = init?.method === 'PUT' ? { qantas: { memberId: body.loyalty.qantas.memberId } } : {};
      return reply(200, { customer: { email: 'a@example.co.nz', firstName: 'Ana', lastName: 'Lee', phone: '', erpCustomerId: 'C1', subscriptions: { email: false, sms: false } }, loyalty: { providers: linked } });
    }
    return reply(404, {});
  }) as typeof fetch;
});

it('after a login: the login analytics event after 600 ms and the guest membership linked after 300 ms', async () => {
  await start();
  // A guest (no aws-amplify tokens stored): the account provider reports no user.
  expect(session.getState().status).toBe('LOGGED_OUT');
  let user: { id: string; email: string; idToken: string } | null = null;
  await session.setAuthProvider({ currentUser: async () => user, signOut: async () => undefined });
  localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify({ memberId: '1234567890', lastName: 'Lee', createdAt: new Date().toISOString() }));

  const loggedInAt = Date.now();
  await session.signIn(async () => {
    user = { id: 'sub-ana', email: 'a@example.co.nz', idToken: 'tok' };
  });
  expect(dataLayer().some((e) => e.event === 'login')).toBe(false);
  await waitFor(() => expect(dataLayer().find((e) => e.event === 'login')).toMatchObject({ event: 'login', method: 'email' }), { timeout: 5000 });
  expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(LOGIN_ANALYTICS_DELAY_MS);
  await waitFor(() => expect(puts).toHaveLength(1), { timeout: 5000 });
  expect(puts).toEqual([expect.objectContaining({ loyalty: { qantas: { action: 'link', memberId: '1234567890', lastName: 'Lee' } } })]);
  expect(localStorage.getItem(GUEST_LOYALTY_KEY)).toBeNull();
});
