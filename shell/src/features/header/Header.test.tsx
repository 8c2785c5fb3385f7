import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, topics } from '@store/shared-events';
import { MemoryRouter } from 'react-router';
import { Header } from './Header';
import type { NavItem } from './nav';

const NAV: NavItem[] = [
  {
    link: { label: 'Bags', href: '/categories/bags' },
    children: [
      { link: { label: 'Shop by style', href: '/categories/bags' }, location: 'left', children: [{ link: { label: 'Backpacks', href: '/categories/bags/backpacks' } }] },
      { link: { label: 'Everyday carry', href: '/categories/bags/backpacks' }, location: 'right', image: { url: '/cdn-cgi/image/fit=scale-down,format=auto,width=600/images/site/category-bags.jpg', alt: 'Bags' }, children: [] },
    ],
  },
  { link: { label: 'Stores', href: '/stores' }, children: [] },
];

type Listener = (event: { matches: boolean }) => void;
let mediaListeners: Listener[] = [];
let desktop = false;

beforeAll(() => {
  global.fetch = jest.fn(async () => new Response(JSON.stringify({ items: NAV }))) as unknown as typeof fetch;
  window.matchMedia = ((query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: (_: string, listener: Listener) => mediaListeners.push(listener),
    removeEventListener: (_: string, listener: Listener) => {
      mediaListeners = mediaListeners.filter((l) => l !== listener);
    },
  })) as unknown as typeof window.matchMedia;
});

const renderHeader = () =>
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );

describe('Header', () => {
  it('shows the cart badge from the bus and hides it at zero', async () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Fernleaf home' })).toHaveAttribute('href', '/');
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 1, status: 'SUCCESS' });
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Cart, 3 items' })).toBeInTheDocument();
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 0, promoQuantity: 0, status: 'SUCCESS' });
    });
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Stores' });
  });

  it('marks the account link when the wishlist has items', async () => {
    renderHeader();
    act(() => {
      bus.publish(topics.wishlistQuantity, { quantity: 1 });
    });
    expect(screen.getByRole('link', { name: 'Account, you have wishlist items' })).toHaveAttribute('href', '/account');
    expect(screen.getByTestId('wishlist-marker')).toBeInTheDocument();
    act(() => {
      bus.publish(topics.wishlistQuantity, { quantity: 0 });
    });
    expect(screen.getByRole('link', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByTestId('wishlist-marker')).toBeNull();
    await screen.findByRole('link', { name: 'Stores' });
  });

  it('renders the navigation from the API', async () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/stores');
    expect(within(nav).getByRole('link', { name: 'Bags' })).toHaveAttribute('aria-expanded', 'false');
    expect(fetch).toHaveBeenCalledWith('/api/site/navigation', expect.anything());
  });

  it('toggles the search overlay; without the catalog fragment it offers a plain search form to /search?q=', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Search' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const form = await within(dialog).findByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect(within(form).getByRole('searchbox', { name: 'Search the store' })).toHaveAttribute('name', 'q');
    fireEvent.mouseDown(button);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the cart overlay from the button and from the bus (cart.overlay.open); falls back to a link to /cart', async () => {
    const user = userEvent.setup();
    renderHeader();
    act(() => {
      bus.publish(topics.cartOverlayOpen, { source: 'pdp' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(dialog.closest('[data-overlay-root]')).toHaveAttribute('data-cart-overlay');
    expect(await within(dialog).findByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: /^Cart/ }));
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
  });

  it('opens the mobile menu, which closes itself when the screen reaches 1024 px', async () => {
    const user = userEvent.setup();
    desktop = false;
    renderHeader();
    await screen.findByRole('link', { name: 'Stores' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
    await user.click(within(nav).getByRole('button', { name: /Bags/ }));
    expect(within(nav).getByRole('link', { name: 'Backpacks' })).toHaveAttribute('href', '/categories/bags/backpacks');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    act(() => mediaListeners.forEach((listener) => listener({ matches: true })));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
