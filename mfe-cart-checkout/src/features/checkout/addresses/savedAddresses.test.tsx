/**
 * Checkout address forms warn on duplicating an identical saved address: the delivery
 * address entered by a signed-in shopper is compared with the account's saved addresses.
 */
import type { AccountAddress, CheckoutInfoResponse } from '@store/contracts';
import { session, type AuthUser } from '@store/shared-events';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { findSavedDuplicate, normaliseStreet, samePlace } from './savedAddresses';
import { ShippingStep } from '../steps/ShippingStep';
import { emptyCheckout, getCheckout, setCheckout } from '../../../lib/checkout/state';

const address = (over: Partial<AccountAddress>): AccountAddress => ({ id: 'a', type: 'SELECTED', company: '', contactName: 'Aroha Ngata', country: 'NZ', phone: '', postcode: '1010', state: '', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central', isDefaultBilling: false, isDefaultShipping: false, ...over });
const home = address({ id: 'home', contactName: 'Aroha Ngata', phone: '09 555 0101', street1: '12 Queen Street', suburb: 'Auckland Central', postcode: '1010', state: 'Auckland', isDefaultShipping: true });
const work = address({ id: 'work', contactName: 'Aroha Ngata', company: 'Fernleaf Ltd', street1: '40 Mt Eden Road', street2: 'Level 2', suburb: 'Ōtāhuhu', postcode: '1062' });
const abroad = address({ id: 'abroad', country: 'AU', street1: '1 George Street', suburb: 'Sydney', postcode: '2000' });

describe('comparing addresses', () => {
  it('ignores case, whitespace, punctuation, macrons and street-type abbreviations', () => {
    expect(normaliseStreet('  12  Queen St. ')).toBe('12 queen street');
    expect(normaliseStreet('40 Mt Eden Rd')).toBe('40 mount eden road');
    expect(normaliseStreet("3 St Mary's Ave")).toBe('3 street marys avenue');
    expect(samePlace({ street1: '12 queen st', suburb: 'AUCKLAND  CENTRAL', postcode: '1010' }, home)).toBe(true);
    expect(samePlace({ street1: '40 Mount Eden Road', street2: 'level 2', suburb: 'Otahuhu', postcode: '1062' }, work)).toBe(true);
  });

  it('needs the same street, second line, suburb and postcode; the region only when both have one', () => {
    expect(samePlace({ street1: '14 Queen St', suburb: 'Auckland Central', postcode: '1010' }, home)).toBe(false);
    expect(samePlace({ street1: '12 Queen St', suburb: 'Auckland Central', postcode: '1011' }, home)).toBe(false);
    expect(samePlace({ street1: '40 Mt Eden Rd', suburb: 'Otahuhu', postcode: '1062' }, work)).toBe(false); // no Level 2
    expect(samePlace({ street1: '12 Queen St', suburb: 'Auckland Central', postcode: '1010', state: 'Auckland' }, home)).toBe(true);
    expect(samePlace({ street1: '12 Queen St', suburb: 'Auckland Central', postcode: '1010', state: 'Waikato' }, home)).toBe(false);
    expect(samePlace({ street1: '', suburb: '', postcode: '' }, address({ street1: '', suburb: '', postcode: '' }))).toBe(false);
    const entered = { company: '', contactName: 'Someone Else', country: 'NZ' as const, phone: '', postcode: '1010', street1: '12 QUEEN STREET', suburb: 'auckland central' };
    expect(findSavedDuplicate(entered, [work, home])?.id).toBe('home');
  });

  it('reads an Australian state by its code or its name, as the address book does', () => {
    const sydney = address({ id: 'sydney', country: 'AU', street1: '200 George Street', suburb: 'Sydney', postcode: '2000', state: 'New South Wales' });
    const entered = { company: '', contactName: 'Mia Nguyen', country: 'AU' as const, phone: '', postcode: '2000', street1: '200 George St', suburb: 'SYDNEY', state: 'NSW' };
    expect(findSavedDuplicate(entered, [sydney])?.id).toBe('sydney');
    expect(findSavedDuplicate({ ...entered, state: 'VIC' }, [sydney])).toBeNull();
  });
});

const info = { shippingMethods: [{ id: 'standard', label: 'Standard', description: '3 to 5 working days', price: 995 }], selectedShippingMethod: null } as unknown as CheckoutInfoResponse;
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let addressCalls: (string | null)[] = [];
let addressAnswer: () => Promise<Response> = () => reply(200, { addresses: [work, home, abroad] });

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/account/addresses') {
      addressCalls.push(new Headers(init?.headers).get('authorization'));
      return addressAnswer();
    }
    if (url === '/api/account/state') return reply(200, { state: { syncableStateVersion: 0, cart: { items: [] }, wishlist: { items: [] } } });
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
});

beforeEach(() => {
  addressCalls = [];
  addressAnswer = () => reply(200, { addresses: [work, home, abroad] });
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false } });
});

async function renderShipping() {
  render(
    <MemoryRouter initialEntries={['/checkout/shipping']}>
      <Routes>
        <Route path="/checkout/shipping" element={<ShippingStep info={info} />} />
        <Route path="/checkout/payment" element={<p>Payment step</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function enterAddress(street: string, suburb: string, postcode: string) {
  const user = userEvent.setup();
  await user.clear(screen.getByLabelText('Street address'));
  await user.type(screen.getByLabelText('Street address'), street);
  await user.clear(screen.getByLabelText('Suburb or town'));
  await user.type(screen.getByLabelText('Suburb or town'), suburb);
  await user.clear(screen.getByLabelText('Postcode'));
  await user.type(screen.getByLabelText('Postcode'), postcode);
  return user;
}

const WARNING = /This address is already saved in your address book/;

it('a guest is not compared with any address book', async () => {
  await renderShipping();
  await enterAddress('12 Queen St', 'Auckland Central', '1010');
  expect(addressCalls).toEqual([]);
  expect(screen.queryByText(WARNING)).toBeNull();
});

describe('signed in', () => {
  let user: AuthUser | null = null;
  beforeAll(async () => {
    await session.setAuthProvider({ currentUser: async () => user, signOut: async () => undefined });
    await session.start();
    await session.signIn(async () => {
      user = { id: 'sub-aroha', email: 'aroha@example.co.nz', idToken: 'id-token-aroha' };
    });
  });

  it('offers the saved addresses of this country, the default one chosen: Continue delivers there without typing', async () => {
    await renderShipping();
    const user = userEvent.setup();
    const choices = within(screen.getByRole('group', { name: 'Deliver to' })).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')!.textContent)).toEqual([
      'Aroha Ngata, 40 Mt Eden Road, Level 2, Ōtāhuhu 1062',
      'Aroha Ngata, 12 Queen Street, Auckland Central 1010Default delivery address',
      'Use a new address',
    ]);
    expect(screen.getByRole('radio', { name: /12 Queen Street/ })).toBeChecked();
    expect(screen.queryByLabelText('Street address')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    expect(getCheckout().deliveryAddress).toMatchObject({ contactName: 'Aroha Ngata', street1: '12 Queen Street', suburb: 'Auckland Central', postcode: '1010', state: 'Auckland', phone: '09 555 0101' });
  });

  it('delivers to another saved address when chosen, or to a new one typed in', async () => {
    await renderShipping();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /40 Mt Eden Road/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    // the saved address has no phone: the contact step's one is kept
    expect(getCheckout().deliveryAddress).toMatchObject({ company: 'Fernleaf Ltd', street1: '40 Mt Eden Road', street2: 'Level 2', suburb: 'Ōtāhuhu', phone: '021 555 0101' });
  });

  it('starts a new address empty, with the contact name and phone', async () => {
    await renderShipping();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Use a new address' }));
    expect(screen.getByRole('group', { name: 'New delivery address' })).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveValue('');
    expect(screen.getByLabelText('Contact name')).toHaveValue('Aroha Ngata');
    expect(screen.getByLabelText('Phone')).toHaveValue('021 555 0101');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByLabelText('Street address')).toHaveFocus();
    expect(screen.queryByText('Payment step')).toBeNull();
  });

  it('keeps the address already entered in this checkout: its saved entry, or a new address', async () => {
    setCheckout({ deliveryAddress: { company: '', contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1062', street1: '40 Mount Eden Rd', street2: 'level 2', suburb: 'Otahuhu', state: '' } });
    await renderShipping();
    expect(screen.getByRole('radio', { name: /40 Mt Eden Road/ })).toBeChecked();
    cleanup();
    setCheckout({ deliveryAddress: { company: '', contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '6011', street1: '5 Cuba Street', street2: '', suburb: 'Te Aro', state: '' } });
    await renderShipping();
    expect(screen.getByRole('radio', { name: 'Use a new address' })).toBeChecked();
    expect(screen.getByLabelText('Street address')).toHaveValue('5 Cuba Street');
  });

  it('warns with the saved address it duplicates, and fills the form with it on request', async () => {
    await renderShipping();
    expect(addressCalls).toEqual(['Bearer id-token-aroha']);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Use a new address' }));
    expect(screen.queryByText(WARNING)).toBeNull();
    const user = await enterAddress('12 QUEEN ST', 'auckland  central', '1010');
    const warning = screen.getByText(WARNING);
    expect(warning).toHaveTextContent('This address is already saved in your address book: Aroha Ngata, 12 Queen Street, Auckland Central 1010.');
    await user.click(screen.getByRole('button', { name: 'Use saved address' }));
    expect(screen.getByLabelText('Street address')).toHaveValue('12 Queen Street');
    expect(screen.getByLabelText('Suburb or town')).toHaveValue('Auckland Central');
    expect(screen.getByLabelText(/^Region/)).toHaveValue('Auckland');
    expect(screen.getByLabelText('Phone')).toHaveValue('09 555 0101');
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(screen.getByText('Using your saved address: Aroha Ngata, 12 Queen Street, Auckland Central 1010.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
    expect(getCheckout().deliveryAddress).toMatchObject({ street1: '12 Queen Street', suburb: 'Auckland Central', postcode: '1010', state: 'Auckland' });
  });

  it('matches an address with a second line and macrons, and says nothing for a different one', async () => {
    await renderShipping();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Use a new address' }));
    const user = await enterAddress('40 Mount Eden Rd', 'Otahuhu', '1062');
    expect(screen.queryByText(WARNING)).toBeNull(); // the saved one has "Level 2"
    await user.type(screen.getByLabelText(/^Apartment, suite or unit/), 'level 2');
    expect(screen.getByText(WARNING)).toHaveTextContent('Aroha Ngata, 40 Mt Eden Road, Level 2, Ōtāhuhu 1062');
    await user.type(screen.getByLabelText('Street address'), 'x');
    expect(screen.queryByText(WARNING)).toBeNull();
    await enterAddress('1 George Street', 'Sydney', '2000'); // a saved address outside NZ is not used
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  it('an address book that cannot be loaded only means no warning', async () => {
    addressAnswer = () => reply(500, { error: 'InternalError', message: 'x' });
    await renderShipping();
    const user = await enterAddress('12 Queen St', 'Auckland Central', '1010');
    expect(screen.queryByText(WARNING)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Payment step');
  });
});
