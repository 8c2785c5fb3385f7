/** The app at its routes: the fraud-prevention script loads when checkout starts, once, and not on other pages; each page sets its title. */
import { session } from '@store/shared-events';
import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from './App';
import type { CartView } from '../lib/cart/useCart';
import { emptyCheckout, setCheckout } from '../lib/checkout/state';

const item = { id: 'i-1', productId: 'p-1', variantId: 'v-1', qty: 1, createdAt: '2026-01-01T00:00:00.000Z' };
let mockCart: CartView = { status: 'SUCCESS', items: [], pricedItems: [], groups: [], quantity: 0, valid: false };
jest.mock('../lib/cart/useCart', () => ({ ...jest.requireActual('../lib/cart/useCart'), useCart: () => mockCart }));

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let configCalls = 0;

beforeAll(async () => {
  await session.start(); // a guest (the page's account service validates the session)
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/fraud/config') {
      configCalls += 1;
      return reply(200, { siteId: 'fernleaf-nz', scriptUrl: '/api/fraud/script.js' });
    }
    return reply(503, { error: 'Unavailable', message: url });
  }) as unknown as typeof fetch;
});

async function visit(path: string) {
  cleanup();
  window.history.replaceState(null, '', path);
  render(<App />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
const fraudScripts = () => document.head.querySelectorAll('script[src^="/api/fraud/script.js"]');

it('is not loaded on other pages, nor when a checkout step sends the shopper back to the cart', async () => {
  await visit('/orders');
  expect(screen.getByRole('heading', { name: 'Find an order' })).toBeInTheDocument();
  await visit('/checkout/payment'); // empty cart: back to /cart
  expect(window.location.pathname).toBe('/cart');
  expect(configCalls).toBe(0);
  expect(fraudScripts()).toHaveLength(0);
});

it('is loaded once checkout starts, and only once for the page', async () => {
  mockCart = { status: 'SUCCESS', items: [item], pricedItems: [item], groups: [], quantity: 1, valid: true };
  setCheckout(emptyCheckout());
  await visit('/checkout/contact-info');
  expect(screen.getByRole('heading', { name: 'Contact details' })).toBeInTheDocument();
  expect(configCalls).toBe(1);
  expect(fraudScripts()).toHaveLength(1);
  expect(fraudScripts()[0]!.getAttribute('src')).toBe('/api/fraud/script.js?siteId=fernleaf-nz');
  cleanup();
  setCheckout({ contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false } });
  await visit('/checkout/shipping');
  expect(screen.getByRole('heading', { name: 'Delivery' })).toBeInTheDocument();
  expect(configCalls).toBe(1);
  expect(fraudScripts()).toHaveLength(1);
});

it('titles each page, a checkout step once its guard lets the shopper in', async () => {
  mockCart = { status: 'SUCCESS', items: [], pricedItems: [], groups: [], quantity: 0, valid: false };
  await visit('/orders');
  expect(document.title).toBe('Find an order | Fernleaf');
  await visit('/checkout/shipping'); // empty cart: back to /cart
  expect(window.location.pathname).toBe('/cart');
  expect(document.title).toBe('Your cart | Fernleaf');
  mockCart = { status: 'SUCCESS', items: [item], pricedItems: [item], groups: [], quantity: 1, valid: true };
  setCheckout(emptyCheckout());
  await visit('/checkout/contact-info');
  expect(document.title).toBe('Contact details | Checkout | Fernleaf');
});
