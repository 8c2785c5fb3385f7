/** Click and collect by keyboard: Enter in the postcode field searches, and the stores found are announced. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ShippingStep } from './ShippingStep';
import { emptyCheckout, setCheckout } from '../../../lib/checkout/state';

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const searched: string[] = [];
const store = (id: string, name: string, km: number) => ({ erpStoreId: id, name, address: { street1: '1 Queen Street', street2: '', locality: name, region: 'Auckland', postcode: '1010', country: 'NZ' }, distanceKm: km });

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/checkout/pickup-stores')) {
      searched.push(url);
      return reply(200, { stores: [store('AKL-CBD', 'Auckland CBD', 0.4), store('AKL-NMK', 'Newmarket', 2.9)] });
    }
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
});

beforeEach(() => {
  searched.length = 0;
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false } });
});

function renderStep() {
  render(
    <MemoryRouter initialEntries={['/checkout/shipping']}>
      <Routes>
        <Route path="/checkout/shipping" element={<ShippingStep info={null} />} />
        <Route path="/checkout/payment" element={<p>Payment step</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

it('searches on Enter in the postcode field (not submitting the step) and announces the stores found', async () => {
  const user = userEvent.setup();
  renderStep();
  await user.click(screen.getByRole('radio', { name: /Click and collect/ }));
  await user.type(screen.getByLabelText('Postcode'), '1010{Enter}');
  expect(await screen.findByRole('radio', { name: /Auckland CBD/ })).toBeInTheDocument();
  expect(searched).toEqual(['/api/checkout/pickup-stores?postcode=1010']);
  expect(screen.getByTestId('stores-status')).toHaveAttribute('role', 'status');
  expect(screen.getByTestId('stores-status')).toHaveTextContent('2 stores offering click and collect near 1010, nearest first. Choose one below.');
  expect(screen.queryByText('Payment step')).toBeNull();
});

it('announces a postcode error on the field', async () => {
  const user = userEvent.setup();
  renderStep();
  await user.click(screen.getByRole('radio', { name: /Click and collect/ }));
  await user.type(screen.getByLabelText('Postcode'), '12{Enter}');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Enter a 4-digit NZ postcode.');
  expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  expect(searched).toEqual([]);
});

it('Continue without a store: the error is announced, linked to the stores, and focus goes to the first one', async () => {
  const user = userEvent.setup();
  renderStep();
  await user.click(screen.getByRole('radio', { name: /Click and collect/ }));
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Find a store for pickup: enter a postcode and press Enter or Find stores.');
  await waitFor(() => expect(screen.getByLabelText('Postcode')).toHaveFocus());
  await user.type(screen.getByLabelText('Postcode'), '1010{Enter}');
  await screen.findByRole('radio', { name: /Auckland CBD/ });
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose a store for pickup.');
  expect(screen.getByRole('group', { name: 'Stores offering click and collect' })).toHaveAccessibleDescription('Choose a store for pickup.');
  await waitFor(() => expect(screen.getByRole('radio', { name: /Auckland CBD/ })).toHaveFocus());
  expect(screen.queryByText('Payment step')).toBeNull();
});
