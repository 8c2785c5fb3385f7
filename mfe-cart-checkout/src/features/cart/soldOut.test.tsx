/** Once the server says an item sold out, the cart in the same tab shows it and Checkout is disabled. */
import { session } from '@store/shared-events';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { refreshProducts } from '../../lib/objects';
import { CartPage } from './CartPage';
import { clearServerProblems, reportSoldOut, serverProblem } from '../../lib/cart/serverProblems';
import { withServerProblem } from '../../lib/cart/useCart';

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const stock = 5;
let objectCalls = 0;
const product = () => ({
  id: 'p1',
  name: 'Ridge Backpack 22L',
  path: 'ridge-backpack-p1',
  state: 'current',
  functionalType: 'basic',
  price: 12900,
  colourName: 'Olive',
  brand: { id: 'b1', name: 'Fernleaf', slug: 'fernleaf' },
  productGallery: [],
  variants: [{ id: 'v1', label: 'One size', qty: stock, code: 'X' }],
});
const info = { result: 'SUCCESS', promotions: { appliedPromotions: [], disallowedPromotions: [], summedDiscounts: 0, resolvedCart: { promoCartItems: [] } }, lines: [], itemQuantity: 1, itemSubtotal: 12900, totalDiscount: 0, itemSubtotalAfterDiscounts: 12900, shippingMethods: [], selectedShippingMethod: { id: 'standard', label: 'Standard delivery', price: 995 }, grandTotal: 13895, gst: 1812, creditUsages: [], amountOutstanding: 13895, afterpayAvailable: true, loyaltyPoints: 276 };

beforeAll(async () => {
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/objects')) {
      objectCalls += 1;
      return reply(200, { data: { results: [product()] } });
    }
    if (url === '/api/checkout/info') return reply(200, info);
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
  await session.start();
  await session.synced.update((s) => ({ ...s, cart: { items: [{ id: 'i1', productId: 'p1', variantId: 'v1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' }] } }));
});
afterEach(() => clearServerProblems());

it('shows the sold-out line and disables Checkout as soon as the server said so, even before fresh stock arrives', async () => {
  render(
    <MemoryRouter>
      <CartPage />
    </MemoryRouter>,
  );
  const checkout = await screen.findByRole('button', { name: 'Checkout' });
  await waitFor(() => expect(checkout).toBeEnabled());
  const calls = objectCalls;
  // the payment step got InsufficientStock for v1 (this tab's product data still says 5 in stock)
  act(() => {
    reportSoldOut('v1', 1);
    refreshProducts();
  });
  expect(within(screen.getByTestId('cart-line')).getByRole('alert')).toHaveTextContent('Sorry, this item is sold out.');
  expect(checkout).toBeDisabled();
  expect(screen.getByText('Some items need your attention before you can check out.')).toBeInTheDocument();
  // with every line refused there is no total to show: the summary says which rule instead
  expect(screen.getByTestId('cart-rule-problems')).toHaveTextContent('Your total shows once these items are changed:Ridge Backpack 22L (One size): Sorry, this item is sold out.');
  expect(screen.queryByText(/could not load your total/)).toBeNull();
  // and the products are read again
  await waitFor(() => expect(objectCalls).toBe(calls + 1));

  // removing the line settles it
  await userEvent.click(screen.getByRole('button', { name: 'Remove Ridge Backpack 22L, One size' }));
  await waitFor(() => expect(serverProblem('v1')).toBeNull());
});

it('names the stock left when the fresh data knows it, and forgets the problem once the quantity is lowered', () => {
  const variant = { id: 'v1', label: 'One size', qty: 2, code: 'X' } as never;
  reportSoldOut('v1', 3);
  expect(withServerProblem({ variantId: 'v1', qty: 3, violation: null, variant })).toEqual({ code: 'qtyAvailableExceeded', limit: 2 });
  expect(withServerProblem({ variantId: 'v1', qty: 2, violation: null, variant })).toBeNull();
  expect(withServerProblem({ variantId: 'v2', qty: 3, violation: null, variant })).toBeNull();
});
