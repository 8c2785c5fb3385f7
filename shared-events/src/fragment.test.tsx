import { act, render, screen } from '@testing-library/react';
import { bus, topics } from '@store/shared-events';
import { loadExposed, RemoteFragment, setModuleLoader } from './remote';

afterEach(() => setModuleLoader(null));

describe('RemoteFragment', () => {
  it('renders the exposed default export with its props', async () => {
    const loader = jest.fn(async (id: string) => ({ default: ({ who }: { who: string }) => <p>{`${id} says hi to ${who}`}</p> }));
    setModuleLoader(loader);
    render(<RemoteFragment remote="cart_checkout" module="./CartDrawer" props={{ who: 'Aroha' }} fallback={<a href="/cart">Cart</a>} />);
    expect(await screen.findByText('cart_checkout/CartDrawer says hi to Aroha')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('cart_checkout/CartDrawer');
  });

  it('shows the fallback and reports when the remote cannot be loaded, and tries again next time', async () => {
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const loader = jest.fn().mockRejectedValueOnce(new Error('404 remoteEntry')).mockResolvedValueOnce({ default: () => <p>Drawer</p> });
    setModuleLoader(loader);
    const first = render(<RemoteFragment remote="cart_checkout" module="./CartDrawer" fallback={<a href="/cart">View cart</a>} />);
    expect(await screen.findByRole('link', { name: 'View cart' })).toBeInTheDocument();
    expect(failures).toContainEqual(expect.objectContaining({ remote: 'cart_checkout', reason: 'load-error' }));
    first.unmount();
    render(<RemoteFragment remote="cart_checkout" module="./CartDrawer" fallback={<a href="/cart">View cart</a>} />);
    expect(await screen.findByText('Drawer')).toBeInTheDocument();
    stop();
  });

  it('falls back on a timeout', async () => {
    jest.useFakeTimers();
    setModuleLoader(() => new Promise(() => undefined));
    render(<RemoteFragment remote="catalog" module="./SearchOverlay" timeoutMs={1000} fallback={<p>Search unavailable</p>} loading={<p>Loading</p>} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1001);
    });
    expect(screen.getByText('Search unavailable')).toBeInTheDocument();
    jest.useRealTimers();
  });

  it('shows the fallback when the fragment throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    setModuleLoader(async () => ({
      default: () => {
        throw new Error('bad render');
      },
    }));
    render(<RemoteFragment remote="catalog" module="./SearchOverlay" fallback={<p>Search unavailable</p>} />);
    expect(await screen.findByText('Search unavailable')).toBeInTheDocument();
    expect(failures).toContainEqual({ remote: 'catalog', reason: 'render-error', message: 'bad render' });
    stop();
  });

  it('rejects without a loader (outside a shell)', async () => {
    await expect(loadExposed('catalog', './SearchOverlay')).rejects.toThrow(/No module loader/);
  });
});
