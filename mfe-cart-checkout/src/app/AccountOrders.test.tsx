import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@store/contracts';
import AccountOrders from './AccountOrders';
import { FIND_ORDER_NOT_FOUND } from '../features/orders/FindOrder';

const address = { company: '', contactName: 'Aroha Ngata', country: 'NZ' as const, phone: '021 555 0101', postcode: '1010', state: '', street1: '12 Queen Street', street2: '', suburb: 'Auckland Central' };
const guestOrder: OrderView & { token: string } = {
  number: 'FL12345678',
  status: 'placed',
  createdAt: '2026-05-01T01:00:00.000Z',
  email: 'aroha@example.co.nz',
  firstName: 'Aroha',
  lastName: 'Ngata',
  shippingType: 'DELIVERY',
  shippingAddress: address,
  billingAddress: address,
  items: [{ productId: '1', variantId: '11', name: 'Kauri Day Pack', variantLabel: 'Olive', qty: 1, unitPrice: 8900, total: 8900, promo: false }],
  promoCodes: [],
  payments: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: 9895, label: 'Card (Visa ending 1111)' }],
  itemSubtotal: 8900,
  totalDiscount: 0,
  shippingPrice: 995,
  grandTotal: 9895,
  gst: 1291,
  loyaltyPoints: 196,
  token: 'guest-order-token',
};
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const lookups: unknown[] = [];

beforeAll(() => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/account/orders') return reply(200, { orders: [{ number: 'FL87654321', status: 'placed', createdAt: '2026-04-01T01:00:00.000Z', grandTotal: 4500, itemQuantity: 2, shippingType: 'DELIVERY' }] });
    if (url === '/api/orders/lookup' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { number: string; email: string };
      lookups.push(body);
      return body.number === guestOrder.number && body.email === guestOrder.email ? reply(200, guestOrder) : reply(404, { error: 'NotFound', message: 'x' });
    }
    return reply(404, { error: 'NotFound', message: 'x' });
  }) as unknown as typeof fetch;
});

describe('./AccountOrders list: the account orders with find-an-order', () => {
  it('lists the account orders and finds another order by number and e-mail', async () => {
    render(<AccountOrders view="list" />);
    expect(await screen.findByRole('link', { name: 'Order FL87654321' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Find an order' });
    await userEvent.type(within(form).getByLabelText(/Order number/), 'fl12345678');
    await userEvent.type(within(form).getByLabelText(/Email/), 'someone@example.co.nz');
    await userEvent.click(within(form).getByRole('button', { name: 'Find order' }));
    expect(await screen.findByText(FIND_ORDER_NOT_FOUND)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText(/Email/));
    await userEvent.type(within(form).getByLabelText(/Email/), 'aroha@example.co.nz');
    await userEvent.click(within(form).getByRole('button', { name: 'Find order' }));
    expect(await screen.findByText(/Kauri Day Pack/)).toBeTruthy();
    expect(screen.queryByText(FIND_ORDER_NOT_FOUND)).toBeNull();
    expect(lookups.at(-1)).toEqual({ number: 'FL12345678', email: 'aroha@example.co.nz' });
  });

  it('checks the fields before looking up', async () => {
    const before = lookups.length;
    render(<AccountOrders view="list" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Find order' }));
    expect(screen.getByText('Enter your order number.')).toBeTruthy();
    expect(lookups.length).toBe(before);
  });
});
