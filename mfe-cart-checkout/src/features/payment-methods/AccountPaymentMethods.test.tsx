import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AccountPaymentMethods, { PAYMENT_METHODS_LOAD_ERROR, PAYMENT_METHODS_UPDATE_ERROR } from './AccountPaymentMethods';

const visa = { id: 'spm_aaaaaaaaaaaaaaaaaaaaaaaa', cardType: 'Visa', lastFour: '1111', expiry: '12/39', isDefault: true, createdAt: '2026-01-02T00:00:00.000Z' };
const mc = { id: 'spm_bbbbbbbbbbbbbbbbbbbbbbbb', cardType: 'MasterCard', lastFour: '4444', expiry: '', isDefault: false, createdAt: '2026-01-03T00:00:00.000Z' };
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let calls: { method: string; url: string }[] = [];
let answer: (method: string, url: string) => Promise<Response>;

beforeEach(() => {
  calls = [];
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(input) });
    return answer(method, String(input));
  }) as unknown as typeof fetch;
});

describe('./AccountPaymentMethods fragment', () => {
  it('lists saved cards, makes one the default and deletes one', async () => {
    answer = (method, url) => {
      if (method === 'GET') return reply(200, { paymentMethods: [mc, visa] });
      if (url.endsWith(`/${mc.id}/default`)) return reply(200, { paymentMethods: [{ ...mc, isDefault: true }, { ...visa, isDefault: false }] });
      return reply(200, { paymentMethods: [{ ...mc, isDefault: true }] });
    };
    render(<AccountPaymentMethods />);
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('MasterCard ending 4444'), expect.stringMatching(/Visa ending 1111.*expires 12\/39.*Default/)]);
    expect(screen.queryByRole('button', { name: 'Make default: Visa ending 1111' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make default: MasterCard ending 4444' }));
    await screen.findByText('MasterCard ending 4444 is now your default card.');
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `/api/account/payment-methods/${mc.id}/default` });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Visa ending 1111' }));
    await screen.findByText('Visa ending 1111 has been deleted.');
    expect(calls.at(-1)).toEqual({ method: 'DELETE', url: `/api/account/payment-methods/${visa.id}` });
    expect(within(screen.getByRole('list', { name: 'Saved cards' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says when there are no cards, and when loading or a change fails', async () => {
    answer = () => reply(200, { paymentMethods: [] });
    const { unmount } = render(<AccountPaymentMethods />);
    await screen.findByText(/You have no saved cards/);
    unmount();
    answer = () => reply(500, { error: 'InternalError', message: 'x' });
    const second = render(<AccountPaymentMethods />);
    await screen.findByText(PAYMENT_METHODS_LOAD_ERROR);
    second.unmount();
    answer = (method) => (method === 'GET' ? reply(200, { paymentMethods: [visa] }) : reply(404, { error: 'NotFound', message: 'Payment method not found.' }));
    render(<AccountPaymentMethods />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Visa ending 1111' }));
    await waitFor(() => expect(screen.getByText(PAYMENT_METHODS_UPDATE_ERROR)).toBeTruthy());
    expect(screen.getByText('Visa ending 1111')).toBeTruthy();
  });
});
