import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { LazyStoreMap } from './LazyStoreMap';

// the map chunk fails to load (e.g. a network error after a redeploy)
jest.mock('./StoreMap', () => {
  throw new Error('Loading chunk StoreMap failed');
});

it('shows the map loading failure message when the map cannot be loaded', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <MemoryRouter>
      <LazyStoreMap stores={[]} label="Map of Fernleaf stores in New Zealand" />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('alert', undefined, { timeout: 5000 })).toHaveTextContent("We couldn't load the map. The list of stores still shows every store we found.");
});
