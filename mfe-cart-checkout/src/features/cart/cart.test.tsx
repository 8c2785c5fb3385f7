import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CartPage } from './CartPage';
import { CART_STORAGE_KEY, readGuestCart } from './storage';

const store = (value: string | null) => ({ getItem: () => value });

describe('guest cart storage', () => {
  it('reads items and drops malformed ones', () => {
    const cart = readGuestCart(
      store(JSON.stringify({ id: 'c1', items: [{ id: 'a', productId: 'p1', variantId: 'v1', qty: 2, createdAt: 1 }, { id: 'b', qty: 'x' }, null] })),
    );
    expect(cart).toEqual({ id: 'c1', items: [{ id: 'a', productId: 'p1', variantId: 'v1', qty: 2, createdAt: 1 }] });
  });
  it('treats a missing or damaged value as an empty cart', () => {
    expect(readGuestCart(store(null)).items).toEqual([]);
    expect(readGuestCart(store('{not json')).items).toEqual([]);
  });
});

describe('CartPage', () => {
  afterEach(() => localStorage.clear());
  it('invites the shopper to keep browsing when the cart is empty', () => {
    render(
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop new arrivals' })).toHaveAttribute('href', '/categories/new-arrivals');
  });
  it('counts the items of a stored cart', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ id: 'c1', items: [{ id: 'a', productId: 'p1', variantId: 'v1', qty: 3, createdAt: 1 }] }));
    render(
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('You have 3 items in your cart.')).toBeInTheDocument();
  });
});
