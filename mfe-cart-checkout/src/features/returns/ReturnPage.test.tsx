import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MARKETS, type ReturnableOrder } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';
import AccountOrders from '../../app/AccountOrders';
import { formatReturnBy, GuestReturnPage, RETURN_NOT_FOUND, ReturnForm, returnItems } from './ReturnPage';

const order: ReturnableOrder = {
  number: 'FL12345678',
  returnToken: 'r'.repeat(32),
  createdAt: '2026-05-01T01:00:00.000Z',
  returnBy: '2026-06-30T01:00:00.000Z',
  lines: [
    { productId: '1', variantId: '11', name: 'Kauri Day Pack', variantLabel: 'Olive', ordered: 2, returnable: 2, unitPrice: 8900 },
    { productId: '2', variantId: '22', name: 'Harbour Tote', variantLabel: 'Sand', ordered: 1, returnable: 0, unitPrice: 5900 },
  ],
};
const CLOSED = 'Order FL87654321 was placed on 2 March 2026, and orders can be returned online for 60 days. Contact our help centre and we will see what we can do.';
const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const posted: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/returns/lookup') {
      const body = JSON.parse(String(init!.body)) as { number: string; email: string };
      if (body.number === 'FL87654321') return reply(409, { error: 'NotReturnable', message: CLOSED });
      return body.email === 'aroha@example.co.nz' ? reply(200, order) : reply(404, { error: 'NotFound', message: 'x' });
    }
    if (url === `/api/returns/orders/FL12345678?token=${order.returnToken}`) return reply(200, order);
    if (url === '/api/returns' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { items: unknown[] };
      posted.push(body);
      return reply(200, { returnNumber: 'RT11112222', orderNumber: 'FL12345678', status: 'requested', items: [{ variantId: '11', name: 'Kauri Day Pack', variantLabel: 'Olive', qty: 2, reason: 'FAULTY' }], refundEstimate: 17800, instructions: ['Your return number is RT11112222.'] });
    }
    return reply(404, { error: 'NotFound', message: 'x' });
  }) as unknown as typeof fetch;
});

describe('returns', () => {
  it('sends only lines with a quantity, and asks for a reason', () => {
    expect(returnItems({ '11': { qty: 1, reason: 'FAULTY' }, '22': { qty: 0, reason: '' }, '33': { qty: 2, reason: '' } })).toEqual({ items: [{ variantId: '11', qty: 1, reason: 'FAULTY' }], missingReason: ['33'] });
  });

  it('a guest finds the order, picks items and a reason, and gets a return number', async () => {
    render(<GuestReturnPage />);
    await userEvent.type(screen.getByLabelText(/Order number/), 'fl12345678');
    await userEvent.type(screen.getByLabelText(/Email/), 'someone@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect(await screen.findByText(RETURN_NOT_FOUND)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/Email/));
    await userEvent.type(screen.getByLabelText(/Email/), 'aroha@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    const form = await screen.findByRole('form', { name: 'Return items from order FL12345678' });
    // the deadline in NZ time (30 June 01:00 UTC is 30 June 13:00 in Auckland)
    expect(within(form).getByTestId('return-by')).toHaveTextContent('Items can be returned within 30 days of delivery or collection. You can request the return for this order online until 30 June 2026.');
    // a line fully returned already offers no quantity
    expect(within(form).queryByLabelText(/Quantity to return of Harbour Tote/)).toBeNull();
    const qty = within(form).getByLabelText('Quantity to return of Kauri Day Pack, Olive');
    expect(within(qty).getAllByRole('option').map((o) => o.textContent)).toEqual(['0', '1', '2']);
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(screen.getByText('Choose at least one item to return.')).toBeTruthy();
    await userEvent.selectOptions(qty, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(screen.getByText('Choose a reason for this item.')).toBeTruthy();
    expect(posted).toHaveLength(0);
    await userEvent.selectOptions(within(form).getByLabelText('Reason for returning Kauri Day Pack, Olive'), 'FAULTY');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await screen.findByRole('heading', { name: 'Return RT11112222 requested' })).toBeTruthy();
    expect(posted).toEqual([{ number: 'FL12345678', token: order.returnToken, items: [{ variantId: '11', qty: 2, reason: 'FAULTY' }] }]);
  });

  it('an order past its return window gets the reason, not a form', async () => {
    render(<GuestReturnPage />);
    await userEvent.type(screen.getByLabelText(/Order number/), 'FL87654321');
    await userEvent.type(screen.getByLabelText(/Email/), 'aroha@example.co.nz');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect(await screen.findByText(CLOSED)).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Return items from order/ })).toBeNull();
  });

  it('the account return page uses the token from its URL', async () => {
    render(<AccountOrders view="return" number="FL12345678" token={order.returnToken} />);
    expect(await screen.findByRole('form', { name: 'Return items from order FL12345678' })).toBeTruthy();
    render(<AccountOrders view="return" number="FL12345678" token={'x'.repeat(32)} />);
    expect(await screen.findByText(/This return link is not valid for order FL12345678/)).toBeTruthy();
  });

  describe("the order's own market, whichever site shows the form", () => {
    // 13:30 UTC on 30 June: 23:30 that day in Sydney, already 1:30 on 1 July in Auckland
    const late = '2026-06-30T13:30:00.000Z';
    const returnBy = (order: ReturnableOrder, page: keyof typeof MARKETS) => {
      const view = render(
        <MarketProvider market={MARKETS[page]}>
          <ReturnForm order={order} />
        </MarketProvider>,
      );
      const text = view.getByTestId('return-by').textContent;
      view.unmount();
      return { text };
    };

    it('formats the return-by date in the given market', () => {
      expect(formatReturnBy(late, MARKETS.NZ)).toBe('1 July 2026');
      expect(formatReturnBy(late, MARKETS.AU)).toBe('30 June 2026');
    });

    it("an Australian order's return-by date is a Sydney date on the NZ site too, and a NZ order's an Auckland date on the AU site", () => {
      const au: ReturnableOrder = { ...order, returnBy: late, market: 'AU', currency: 'AUD' };
      const nz: ReturnableOrder = { ...order, returnBy: late, market: 'NZ', currency: 'NZD' };
      expect(returnBy(au, 'NZ').text).toContain('online until 30 June 2026.');
      expect(returnBy(au, 'AU').text).toContain('online until 30 June 2026.');
      expect(returnBy(nz, 'AU').text).toContain('online until 1 July 2026.');
      expect(returnBy(nz, 'NZ').text).toContain('online until 1 July 2026.');
      // by its currency when the answer has no market (as the order details do), NZ before markets
      expect(returnBy({ ...au, market: undefined }, 'NZ').text).toContain('30 June 2026');
      expect(returnBy({ ...order, returnBy: late }, 'AU').text).toContain('1 July 2026');
    });
  });
});
