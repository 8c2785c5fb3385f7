/** The address book's buttons: each accessible name starts with the words it shows (speech input users say what they see). */
import type { AccountAddress } from '@store/contracts';
import { session, type AuthUser } from '@store/shared-events';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AddressesPage } from './AddressesPage';

const address = (over: Partial<AccountAddress>): AccountAddress => ({ id: 'a', type: 'SELECTED', company: '', contactName: 'Kiri Walker', country: 'NZ', phone: '', postcode: '6011', state: '', street1: '5 Cuba Street', street2: '', suburb: 'Te Aro', isDefaultBilling: false, isDefaultShipping: false, ...over });
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/account/addresses') return reply(200, { addresses: [address({ id: 'home', street1: '12 Queen Street', isDefaultShipping: true, isDefaultBilling: true }), address({ id: 'work' })] });
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } } });
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
  let user: AuthUser | null = null;
  await session.setAuthProvider({ currentUser: async () => user, signOut: async () => undefined });
  await session.start();
  await session.signIn(async () => {
    user = { id: 'sub-kiri', email: 'kiri@example.co.nz', idToken: 'id-token-kiri' };
  });
});

it('names each button with its visible text first, then the address', async () => {
  render(
    <MemoryRouter>
      <AddressesPage />
    </MemoryRouter>,
  );
  const work = (await screen.findByText('5 Cuba Street')).closest('li')!;
  for (const button of within(work).getAllByRole('button')) {
    expect(button).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${button.textContent}\\b`)));
  }
  expect(within(work).getByRole('button', { name: 'Make default: 5 Cuba Street' })).toHaveTextContent('Make default');
  // the address that is already the default for both has no Make default button
  expect(within((await screen.findByText('12 Queen Street')).closest('li')!).queryByRole('button', { name: /^Make default/ })).toBeNull();
});
