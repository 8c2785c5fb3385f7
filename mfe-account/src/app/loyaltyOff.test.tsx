import { act, configure, render, screen } from '@testing-library/react';
import { session, type AuthUser } from '@store/shared-events';
import { MemoryRouter, useLocation } from 'react-router';
import { AccountRoutes } from './App';

// /account/qantas only when the loyalty setting is on (otherwise to /account). Its own
// file: the account config is fetched once per page (module state), here with the setting off.
configure({ asyncUtilTimeout: 5000 });

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const kiri: AuthUser = { id: 'sub-kiri', email: 'kiri@example.co.nz', idToken: 'id-token' };
let signedIn: AuthUser | null = null;

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/account/config') {
      return reply(200, { region: 'ap-southeast-2', userPoolId: 'ap-southeast-2_Test', userPoolClientId: 'c', userPoolEndpoint: '/api/cognito', localPool: true, loyaltyEnabled: false, guestLoyaltyMaxAgeMinutes: 60 });
    }
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } } });
    if (url === '/api/account') {
      return reply(200, {
        customer: { email: 'kiri@example.co.nz', firstName: 'Kiri', lastName: 'Walker', phone: '', erpCustomerId: 'C000000001', subscriptions: { email: false, sms: false } },
        loyalty: { providers: {} },
      });
    }
    return reply(404, { error: 'NotFound', message: url });
  }) as typeof fetch;
  await session.setAuthProvider({
    currentUser: async () => signedIn,
    signOut: async () => {
      signedIn = null;
    },
  });
  await session.start();
  await act(async () => {
    await session.signIn(async () => {
      signedIn = kiri;
    });
  });
});

afterAll(async () => {
  await act(() => session.signOut());
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

it('with the loyalty setting off, /account/qantas sends a signed-in customer to /account, and the menu has no Qantas link', async () => {
  render(
    <MemoryRouter initialEntries={['/account/qantas']}>
      <AccountRoutes />
      <Where />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Kia ora, Kiri' })).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/account$/);
  expect(screen.queryByRole('heading', { name: 'Qantas Frequent Flyer' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Qantas Frequent Flyer' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Wishlist' })).toBeInTheDocument();
});
