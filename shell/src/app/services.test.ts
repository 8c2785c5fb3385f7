import { bus, session, topics, USER_STORAGE_KEY } from '@store/shared-events';
import type { RemoteEntry } from './registry';
import { servicesWantedAtLoad, startServices } from './services';

const remote = (name: string, service?: boolean): RemoteEntry => ({ name, manifest: `/cdn/${name}/1/mf-manifest.json`, version: '1', routes: [], ...(service ? { service } : {}) });

describe('startServices', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('starts the service of every flagged remote and skips the others', async () => {
    const starts: string[] = [];
    const load = jest.fn(async (id: string) => ({ start: () => void starts.push(id) }));
    const started = await startServices([remote('catalog'), remote('cart_checkout', true), remote('account', true)], load, 1000);
    expect(load.mock.calls.map(([id]) => id).sort()).toEqual(['account/service', 'cart_checkout/service']);
    expect(starts.sort()).toEqual(['account/service', 'cart_checkout/service']);
    expect(started.sort()).toEqual(['account', 'cart_checkout']);
  });

  it('reports a service that fails, and still starts the others', async () => {
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const load = jest.fn(async (id: string) => {
      if (id.startsWith('account')) throw new Error('remoteEntry 503');
      return { start: jest.fn() };
    });
    const started = await startServices([remote('cart_checkout', true), remote('account', true)], load, 1000);
    expect(started).toEqual(['cart_checkout']);
    expect(failures).toContainEqual({ remote: 'account', reason: 'load-error', message: 'service: remoteEntry 503' });
    stop();
  });

  it('gives up on a service that never loads', async () => {
    jest.useFakeTimers();
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const pending = startServices([remote('account', true)], () => new Promise(() => undefined), 500);
    jest.advanceTimersByTime(501);
    await expect(pending).resolves.toEqual([]);
    expect(failures).toContainEqual(expect.objectContaining({ remote: 'account', reason: 'load-timeout' }));
    jest.useRealTimers();
    stop();
  });

  it('rejects a module without start()', async () => {
    const started = await startServices([remote('cart_checkout', true)], async () => ({ begin() {} }), 1000);
    expect(started).toEqual([]);
  });
});

describe('servicesWantedAtLoad', () => {
  const remotes = [remote('catalog'), remote('content'), remote('cart_checkout', true), remote('account', true)];
  const noStorage = { getItem: () => null };
  const item = { id: 'l1', productId: 'p1', variantId: 'v1', qty: 1, createdAt: '2026-11-27T00:00:00.000Z' };

  afterEach(async () => {
    await session.synced.update((state) => ({ ...state, cart: { items: [] }, wishlist: { items: [] } }));
  });

  it("waits for the shopper's intent on a first visit to a catalogue or content page", () => {
    expect(servicesWantedAtLoad(remotes, 'catalog', noStorage, '')).toBe(false);
    expect(servicesWantedAtLoad(remotes, 'content', noStorage, '?page=2')).toBe(false);
    expect(servicesWantedAtLoad(remotes, undefined, noStorage, '')).toBe(false);
  });

  it("starts at load on a service remote's own pages (cart, checkout, account)", () => {
    expect(servicesWantedAtLoad(remotes, 'cart_checkout', noStorage)).toBe(true);
    expect(servicesWantedAtLoad(remotes, 'account', noStorage)).toBe(true);
  });

  it('starts at load when the device holds a cart or a wishlist (the header shows their counts)', async () => {
    await session.synced.update((state) => ({ ...state, cart: { items: [item] } }));
    expect(servicesWantedAtLoad(remotes, 'catalog', noStorage)).toBe(true);
    await session.synced.update((state) => ({ ...state, cart: { items: [] }, wishlist: { items: [{ productId: 'p1', qty: 1, createdAt: item.createdAt }] } }));
    expect(servicesWantedAtLoad(remotes, 'catalog', noStorage)).toBe(true);
  });

  it('starts at load on a landing with a referrer (the cart keeps it for the order)', () => {
    expect(servicesWantedAtLoad(remotes, 'catalog', noStorage, '?ref=ABC123')).toBe(true);
    expect(servicesWantedAtLoad(remotes, 'catalog', noStorage, '?sort=price')).toBe(false);
  });

  it("starts at load for a signed-in shopper's device (the session to validate)", () => {
    const storage = { getItem: (key: string) => (key === USER_STORAGE_KEY ? '{"userId":"u1"}' : null) };
    expect(servicesWantedAtLoad(remotes, 'catalog', storage)).toBe(true);
  });
});
