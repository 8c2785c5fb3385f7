import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { WithRouteModule } from './routeModules';

interface PageModule {
  Page: () => ReactElement;
}

interface FakeModule {
  current: PageModule | null;
  load: jest.Mock<Promise<PageModule>, []>;
  arrive: () => void;
}

function fakeModule(text: string, loaded: boolean): FakeModule {
  const value: PageModule = { Page: () => <h1>{text}</h1> };
  let resolve!: (m: PageModule) => void;
  const pending = new Promise<PageModule>((r) => (resolve = r));
  const entry: FakeModule = {
    current: loaded ? value : null,
    load: jest.fn(() => pending.then((m) => (entry.current = m))),
    arrive: () => resolve(value),
  };
  return entry;
}

describe("a catalog page's code, loaded on the way to it", () => {
  it('renders a page whose code is here at once (hydration, the server)', () => {
    const listing = fakeModule('Bags', true);
    render(<WithRouteModule module={listing} render={({ Page }: PageModule) => <Page />} />);
    expect(screen.getByRole('heading', { name: 'Bags' })).toBeInTheDocument();
    expect(listing.load).not.toHaveBeenCalled();
  });

  it("going from one page to another with the same wrapper waits for the other's code, never renders the first's", async () => {
    const listing = fakeModule('Search results', true);
    const product = fakeModule('Tasman Tote', false);
    const { rerender } = render(<WithRouteModule module={listing} render={({ Page }: PageModule) => <Page />} />);
    expect(screen.getByRole('heading', { name: 'Search results' })).toBeInTheDocument();
    rerender(<WithRouteModule module={product} render={({ Page }: PageModule) => <Page />} />);
    expect(screen.queryByRole('heading')).toBeNull();
    product.arrive();
    expect(await screen.findByRole('heading', { name: 'Tasman Tote' })).toBeInTheDocument();
    expect(product.load).toHaveBeenCalledTimes(1);
  });
});
