import { act, render, screen } from '@testing-library/react';
import { bus, topics } from '@store/shared-events';
import { MemoryRouter } from 'react-router';
import { Header } from './Header';

describe('Header', () => {
  it('shows the cart badge from the bus and hides it at zero', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Fernleaf home' })).toHaveAttribute('href', '/');
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 2, promoQuantity: 1, status: 'SUCCESS' });
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    act(() => {
      bus.publish(topics.cartQuantity, { quantity: 0, promoQuantity: 0, status: 'SUCCESS' });
    });
    expect(screen.queryByTestId('cart-badge')).toBeNull();
  });

  it('marks the account link when the wishlist has items', () => {
    render(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    act(() => {
      bus.publish(topics.wishlistQuantity, { quantity: 1 });
    });
    expect(screen.getByLabelText('You have wishlist items')).toBeInTheDocument();
  });
});
