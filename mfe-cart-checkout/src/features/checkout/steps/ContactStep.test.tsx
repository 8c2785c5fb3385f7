/** A signed-in shopper's contact step starts filled in with the account's e-mail, name and phone. */
import { session } from '@store/shared-events';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ContactStep } from './ContactStep';
import { emptyCheckout, setCheckout } from '../../../lib/checkout/state';

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let signedIn: { id: string; email: string; idToken: string } | null = null;
const authorisations: (string | null)[] = [];

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/account') {
      authorisations.push(new Headers(init?.headers).get('authorization'));
      return reply(200, { customer: { email: 'hana@example.co.nz', firstName: 'Hana', lastName: "O'Connor", phone: '021 444 0202', erpCustomerId: 'C1', subscriptions: { email: false, sms: false } }, loyalty: { providers: {} } });
    }
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 1, cart: { items: [] }, wishlist: { items: [] } } });
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
  await session.setAuthProvider({ currentUser: async () => signedIn, signOut: async () => void (signedIn = null) });
  await session.start();
});

const renderStep = () =>
  render(
    <MemoryRouter>
      <ContactStep />
    </MemoryRouter>,
  );

it('prefills a signed-in shopper from the account', async () => {
  signedIn = { id: 'sub-hana', email: 'hana@example.co.nz', idToken: 'id-token' };
  await act(() => session.signIn(async () => undefined));
  setCheckout(emptyCheckout());
  renderStep();
  await waitFor(() => expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('hana@example.co.nz'));
  expect(screen.getByLabelText('First name')).toHaveValue('Hana');
  expect(screen.getByLabelText('Last name', { exact: true })).toHaveValue("O'Connor");
  expect(screen.getByLabelText('Phone')).toHaveValue('021 444 0202');
  expect(authorisations.at(-1)).toBe('Bearer id-token');
  await act(() => session.signOut());
});

it('keeps a contact already given, and asks a guest', async () => {
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false } });
  renderStep();
  expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('aroha@example.co.nz');
  setCheckout(emptyCheckout());
  const calls = authorisations.length;
  renderStep();
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(screen.getAllByLabelText('Email', { exact: true }).at(-1)).toHaveValue('');
  expect(authorisations).toHaveLength(calls);
});
