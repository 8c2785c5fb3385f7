/**
 * The address book's buttons: each accessible name starts with the words it shows (speech input users
 * say what they see). An address already in the book is refused on the street, before and by the API.
 */
import type { AccountAddress } from '@store/contracts';
import { session, type AuthUser } from '@store/shared-events';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AddressesPage } from './AddressesPage';

const address = (over: Partial<AccountAddress>): AccountAddress => ({ id: 'a', type: 'SELECTED', company: '', contactName: 'Kiri Walker', country: 'NZ', phone: '', postcode: '6011', state: '', street1: '5 Cuba Street', street2: '', suburb: 'Te Aro', isDefaultBilling: false, isDefaultShipping: false, ...over });
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/account/addresses') && init?.method === 'PUT') return reply(400, { error: 'ValidationError', message: 'Invalid body: street1: This address is already in your address book.', issues: [{ field: 'street1', reason: 'This address is already in your address book' }] });
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

it('refuses an address already in the book on its street, spaces, case and abbreviations aside', async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <AddressesPage />
    </MemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Add an address' }));
  const form = screen.getByRole('form', { name: 'Add an address' });
  await user.type(within(form).getByLabelText('Contact name'), 'Kiri Walker');
  await user.type(within(form).getByLabelText('Street address'), ' 12 queen st ');
  await user.type(within(form).getByLabelText('Suburb or town'), 'TE ARO');
  await user.type(within(form).getByLabelText('Postcode'), '6011');
  await user.click(within(form).getByRole('button', { name: 'Save address' }));
  const street = within(form).getByLabelText('Street address');
  expect(street).toHaveFocus();
  expect(street).toHaveAccessibleDescription('This address is already in your address book.');
  expect(fetch).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'POST' }));
});

it("shows the API's refusal by the form's label", async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <AddressesPage />
    </MemoryRouter>,
  );
  // the form does not know of a copy the API holds (e.g. added on another device): the API's 400 is shown
  await user.click(within((await screen.findByText('5 Cuba Street')).closest('li')!).getByRole('button', { name: /^Edit/ }));
  await user.click(within(screen.getByRole('form', { name: 'Edit address' })).getByRole('button', { name: 'Save address' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Street address: This address is already in your address book.');
});
