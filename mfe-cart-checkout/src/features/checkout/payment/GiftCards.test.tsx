/** Gift cards: the error is announced, linked to both fields and marks them invalid; "applied" goes with the card. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GiftCards } from './GiftCards';
import { VOUCHER_MESSAGES } from './messages';
import { emptyCheckout, getCheckout, setCheckout } from '../../../lib/checkout/state';

jest.mock('../../../lib/botcheck', () => ({ botCheckToken: () => Promise.resolve('bot-token') }));

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/api/payment/voucher/balance/FERN-1000-0003?pin=1111')) return reply(200, { code: 'FERN-1000-0003', expires: Date.parse('2027-06-01T00:00:00Z'), amountRemaining: 1000 });
    if (url.startsWith('/api/payment/voucher/balance/')) return reply(404, { error: 'VoucherInvalid', message: 'Gift card not found.' });
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
});
beforeEach(() => setCheckout(emptyCheckout()));

it('links a failed gift card to its code and PIN fields and marks them invalid', async () => {
  const user = userEvent.setup();
  render(<GiftCards placing={false} />);
  await user.type(screen.getByLabelText('Gift card code'), 'FERN-0000-0000');
  await user.type(screen.getByLabelText('PIN'), '9999');
  await user.click(screen.getByRole('button', { name: 'Apply gift card' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(VOUCHER_MESSAGES.NOT_FOUND);
  for (const name of ['Gift card code', 'PIN']) {
    const field = screen.getByLabelText(name);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(VOUCHER_MESSAGES.NOT_FOUND);
  }
  // the entered code stays to correct
  expect(screen.getByLabelText('Gift card code')).toHaveValue('FERN-0000-0000');
});

it('says "Gift card … applied." only while the card is applied', async () => {
  const user = userEvent.setup();
  render(<GiftCards placing={false} />);
  await user.type(screen.getByLabelText('Gift card code'), 'fern-1000-0003');
  await user.type(screen.getByLabelText('PIN'), '1111');
  await user.click(screen.getByRole('button', { name: 'Apply gift card' }));
  expect(await screen.findByText('Gift card FERN-1000-0003 applied.')).toBeInTheDocument();
  expect(screen.getByLabelText('Gift card code')).not.toHaveAttribute('aria-invalid');
  const applied = screen.getByRole('list', { name: 'Applied gift cards' });
  await user.click(within(applied).getByRole('button', { name: 'Remove gift card FERN-1000-0003' }));
  expect(getCheckout().vouchers).toEqual([]);
  expect(screen.queryByText(/applied\./)).toBeNull();
});
