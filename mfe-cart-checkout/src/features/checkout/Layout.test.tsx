/** Keyboard and screen-reader journey: each checkout step change moves focus to its heading and is announced. */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CartView } from '../../lib/cart/useCart';
import { ANNOUNCE_DELAY_MS, CheckoutLayout } from './Layout';

const cart: CartView = { status: 'SUCCESS', items: [], pricedItems: [], groups: [], quantity: 0, valid: true };

function Step({ step, title }: { step: number; title: string }) {
  return (
    <CheckoutLayout step={step} title={title} cart={cart} info={null} loading={false}>
      <button type="button">Continue</button>
    </CheckoutLayout>
  );
}

describe('checkout steps', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('focuses the new step heading and announces "Step n of 3"', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Step step={0} title="Contact details" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contact details' })).toHaveFocus();
    expect(screen.getByTestId('step-announcement')).toHaveTextContent('');
    act(() => jest.advanceTimersByTime(ANNOUNCE_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Step 1 of 3: Contact details');

    // the shopper continues: same layout, next step
    screen.getByRole('button', { name: 'Continue' }).focus();
    rerender(
      <MemoryRouter>
        <Step step={1} title="Delivery" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Delivery' })).toHaveFocus();
    act(() => jest.advanceTimersByTime(ANNOUNCE_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Step 2 of 3: Delivery');
    // earlier steps are links back; the current one is marked
    expect(screen.getByRole('link', { name: '1. Contact' })).toHaveAttribute('href', '/checkout/contact-info');
    expect(screen.getByText('2. Delivery')).toHaveAttribute('aria-current', 'step');
  });
});
