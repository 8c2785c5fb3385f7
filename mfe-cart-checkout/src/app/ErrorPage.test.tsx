/** The failed order page links the site's own help centre (the NZ one is not on the AU site). */
import { MARKETS } from '@store/contracts';
import { MarketProvider } from '@store/ui/market';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { setFailedOrderNumber } from '../lib/checkout/state';
import { CheckoutErrorPage } from './ErrorPage';

afterEach(() => setFailedOrderNumber(null));

it.each([
  ['NZ', '/articles/help-centre'],
  ['AU', '/articles/help-centre-australia'],
] as const)('on the %s site it links %s', (market, href) => {
  setFailedOrderNumber('FL12345678');
  render(
    <MarketProvider market={MARKETS[market]}>
      <MemoryRouter>
        <CheckoutErrorPage />
      </MemoryRouter>
    </MarketProvider>,
  );
  expect(screen.getByTestId('failed-order-number')).toHaveTextContent('FL12345678');
  expect(screen.getByRole('link', { name: 'visit the help centre' })).toHaveAttribute('href', href);
});
