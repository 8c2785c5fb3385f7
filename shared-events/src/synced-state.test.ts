/**
 * @jest-environment node
 */
import { createBus, type Bus } from './bus';
import { createSession, type AuthProvider, type AuthUser } from './session';
import {
  GUEST_STORAGE_KEY,
  MERGE_FAILED_MESSAGE,
  SyncConflictError,
  USER_STORAGE_KEY,
  createApiSyncedBackend,
  createSyncedStore,
  emptySyncedState,
  mergeSyncedStates,
  type CartItem,
  type SyncedState,
  type SyncedStateBackend,
} from './synced-state';
import { topics } from './topics';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

/** A server with the API's rules: a PUT must carry the current version, which it then bumps. */
class FakeServer {
  state: SyncedState = emptySyncedState();
  puts: SyncedState[] = [];
  fetches = 0;
  failPut: Error | null = null;
  failFetch: Error | null = null;
  /** Every backend call waits for this (to interleave two clients). */
  gate: Promise<void> = Promise.resolve();
  backend(): SyncedStateBackend {
    return {
      fetch: async () => {
        await this.gate;
        this.fetches += 1;
        if (this.failFetch) throw this.failFetch;
        return structuredClone(this.state);
      },
      put: async (next) => {
        await this.gate;
        this.puts.push(structuredClone(next));
        if (this.failPut) throw this.failPut;
        if (next.version !== this.state.version) throw new SyncConflictError();
        this.state = { ...structuredClone(next), version: next.version + 1 };
        return structuredClone(this.state);
      },
    };
  }
}

const item = (id: string, productId: string, variantId: string, createdAt: string, qty = 1): CartItem => ({
  id,
  productId,
  variantId,
  qty,
  createdAt,
});

function setup(storage: Storage = new MemoryStorage()) {
  const bus: Bus = createBus({ warn: () => {} });
  const warnings: string[] = [];
  const target = new EventTarget();
  const store = createSyncedStore({
    bus,
    storage,
    eventTarget: target as unknown as Window,
    now: () => new Date('2026-11-22T01:00:00.000Z'),
    warn: (m) => warnings.push(m),
  });
  return { bus, store, storage, warnings, target };
}

describe('synced state, guest', () => {
  it('toggleWishlist adds once per product, removes on the second toggle, publishes wishlist.quantity', async () => {
    const { bus, store, storage } = setup();
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 0 });
    await expect(store.toggleWishlist('p1', 'v1')).resolves.toBe(true);
    await expect(store.toggleWishlist('p2')).resolves.toBe(true);
    expect(store.getState().wishlist.items).toEqual([
      { productId: 'p1', variantId: 'v1', qty: 1, createdAt: '2026-11-22T01:00:00.000Z' },
      { productId: 'p2', qty: 1, createdAt: '2026-11-22T01:00:00.000Z' },
    ]);
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 2 });
    // Persisted for the next page load.
    expect(JSON.parse(storage.getItem(GUEST_STORAGE_KEY)!).wishlist.items).toHaveLength(2);

    await expect(store.toggleWishlist('p1', 'v2')).resolves.toBe(false);
    expect(store.getState().wishlist.items.map((i) => i.productId)).toEqual(['p2']);
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 1 });
  });

  it('update() cannot put two wishlist items for one product (max 1 per product)', async () => {
    const { store } = setup();
    await store.update((s) => ({
      ...s,
      wishlist: {
        items: [
          { productId: 'p1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' },
          { productId: 'p1', variantId: 'v9', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' },
        ],
      },
    }));
    expect(store.getState().wishlist.items).toEqual([
      { productId: 'p1', variantId: 'v9', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' },
    ]);
  });

  it('keeps the cart items the cart remote writes, across a reload', async () => {
    const storage = new MemoryStorage();
    const first = setup(storage).store;
    await first.update((s) => ({ ...s, cart: { items: [item('c1', 'p1', 'v1', '2026-11-21T00:00:00.000Z', 2)] } }));
    const second = setup(storage).store;
    expect(second.getState().cart.items).toEqual([item('c1', 'p1', 'v1', '2026-11-21T00:00:00.000Z', 2)]);
    expect(second.getState().version).toBe(0);
  });

  it('follows another tab through the storage event', async () => {
    const { store, target, bus } = setup();
    const other: SyncedState = {
      version: 0,
      cart: { items: [] },
      wishlist: { items: [{ productId: 'p7', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' }] },
    };
    const event = new Event('storage') as StorageEvent;
    Object.assign(event, { key: GUEST_STORAGE_KEY, newValue: JSON.stringify(other) });
    target.dispatchEvent(event);
    expect(store.getState().wishlist.items.map((i) => i.productId)).toEqual(['p7']);
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 1 });
  });

  it('ignores malformed stored data', () => {
    const storage = new MemoryStorage();
    storage.setItem(GUEST_STORAGE_KEY, '{"cart":{"items":[{"id":"x"}]},"wishlist":{"items":"no"}}');
    expect(setup(storage).store.getState()).toEqual(emptySyncedState());
    storage.setItem(GUEST_STORAGE_KEY, 'not json');
    expect(setup(storage).store.getState()).toEqual(emptySyncedState());
  });
});

describe('mergeSyncedStates', () => {
  it('cart: same product and variant keeps the earlier createdAt; wishlist: later createdAt wins', () => {
    const server: SyncedState = {
      version: 4,
      cart: { items: [item('s1', 'p1', 'v1', '2026-11-20T00:00:00.000Z', 3), item('s2', 'p2', 'v2', '2026-11-21T00:00:00.000Z')] },
      wishlist: {
        items: [
          { productId: 'w1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' },
          { productId: 'w2', qty: 1, createdAt: '2026-11-22T00:00:00.000Z' },
        ],
      },
    };
    const local: SyncedState = {
      version: 0,
      cart: { items: [item('l1', 'p1', 'v1', '2026-11-21T00:00:00.000Z'), item('l2', 'p2', 'v2', '2026-11-19T00:00:00.000Z', 5), item('l3', 'p3', 'v3', '2026-11-22T00:00:00.000Z')] },
      wishlist: {
        items: [
          { productId: 'w1', variantId: 'x', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' },
          { productId: 'w2', variantId: 'y', qty: 1, createdAt: '2026-11-01T00:00:00.000Z' },
        ],
      },
    };
    const merged = mergeSyncedStates(server, local);
    expect(merged.version).toBe(4);
    expect(merged.cart.items.map((i) => i.id)).toEqual(['s1', 'l2', 'l3']);
    expect(merged.wishlist.items).toEqual([
      { productId: 'w1', variantId: 'x', qty: 1, createdAt: '2026-11-21T00:00:00.000Z' },
      { productId: 'w2', qty: 1, createdAt: '2026-11-22T00:00:00.000Z' },
    ]);
  });
});

describe('synced state, signed in', () => {
  it('attach merges the guest state into the server state, writes it back and forgets the guest copy', async () => {
    const { store, storage } = setup();
    const server = new FakeServer();
    server.state = {
      version: 2,
      cart: { items: [item('s1', 'p1', 'v1', '2026-11-20T00:00:00.000Z')] },
      wishlist: { items: [] },
    };
    await store.toggleWishlist('p9');
    await store.update((s) => ({ ...s, cart: { items: [item('g1', 'p2', 'v2', '2026-11-21T00:00:00.000Z')] } }));
    const results: string[] = [];
    store.syncResult$.subscribe((r) => results.push(r));

    const attached = await store.attach('user-1', server.backend());
    expect(attached.version).toBe(3);
    expect(server.state.cart.items.map((i) => i.id)).toEqual(['s1', 'g1']);
    expect(server.state.wishlist.items.map((i) => i.productId)).toEqual(['p9']);
    expect(store.getState()).toEqual(server.state);
    expect(results).toEqual(['IDLE', 'SYNCING', 'SUCCESS']);
    expect(storage.getItem(GUEST_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(storage.getItem(USER_STORAGE_KEY)!).userId).toBe('user-1');
  });

  it('attach does not write when the merge equals the server state', async () => {
    const { store } = setup();
    const server = new FakeServer();
    server.state = { version: 7, cart: { items: [] }, wishlist: { items: [{ productId: 'p1', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' }] } };
    await store.attach('user-1', server.backend());
    expect(server.puts).toHaveLength(0);
    expect(store.getState().version).toBe(7);
  });

  it("a failed merge write gives ERROR and 'Unable to put merged syncable state.'", async () => {
    const { store, warnings } = setup();
    const server = new FakeServer();
    await store.toggleWishlist('p1');
    server.failPut = new Error('503');
    await store.attach('user-1', server.backend());
    expect(store.getSyncResult()).toBe('ERROR');
    expect(warnings).toContain(MERGE_FAILED_MESSAGE);
    expect(store.getState().wishlist.items.map((i) => i.productId)).toEqual(['p1']);
  });

  it('a stale version (409) refetches and re-applies the change', async () => {
    const { store } = setup();
    const server = new FakeServer();
    await store.attach('user-1', server.backend());
    // Another device writes meanwhile.
    server.state = { version: 5, cart: { items: [item('o1', 'p5', 'v5', '2026-11-20T00:00:00.000Z')] }, wishlist: { items: [] } };
    const saved = await store.update((s) => ({ ...s, cart: { items: [...s.cart.items, item('n1', 'p6', 'v6', '2026-11-22T00:00:00.000Z')] } }));
    expect(saved.version).toBe(6);
    expect(server.state.cart.items.map((i) => i.id)).toEqual(['o1', 'n1']);
    expect(server.puts.map((p) => p.version)).toEqual([0, 5]);
    expect(store.getSyncResult()).toBe('SUCCESS');
  });

  it('another failure restores the previous state, sets ERROR and rejects', async () => {
    const { store, bus } = setup();
    const server = new FakeServer();
    await store.attach('user-1', server.backend());
    await store.toggleWishlist('p1');
    server.failPut = new Error('500');
    await expect(store.toggleWishlist('p2')).rejects.toThrow('500');
    expect(store.getState().wishlist.items.map((i) => i.productId)).toEqual(['p1']);
    expect(store.getSyncResult()).toBe('ERROR');
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 1 });
  });

  it('writes run one at a time: concurrent updates from one page all land', async () => {
    const { store } = setup();
    const server = new FakeServer();
    await store.attach('user-1', server.backend());
    let inFlight = 0;
    let maxInFlight = 0;
    const backend = server.backend();
    const counting: SyncedStateBackend = {
      fetch: backend.fetch,
      put: async (s) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 5));
          return await backend.put(s);
        } finally {
          inFlight -= 1;
        }
      },
    };
    store.detach();
    await store.attach('user-1', counting);
    await Promise.all(['a', 'b', 'c', 'd'].map((p) => store.toggleWishlist(p)));
    expect(maxInFlight).toBe(1);
    expect(server.state.wishlist.items.map((i) => i.productId).sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('two sessions writing at once lose no item (409s resolved by retry)', async () => {
    const server = new FakeServer();
    const one = setup().store;
    const two = setup().store;
    await one.attach('user-1', server.backend());
    await two.attach('user-1', server.backend());
    let release!: () => void;
    server.gate = new Promise((r) => (release = r));
    const writes = [
      ...['a', 'b', 'c'].map((p) => one.toggleWishlist(p)),
      ...['x', 'y', 'z'].map((p) => two.toggleWishlist(p)),
      one.update((s) => ({ ...s, cart: { items: [...s.cart.items, item('c1', 'p1', 'v1', '2026-11-22T00:00:00.000Z')] } })),
      two.update((s) => ({ ...s, cart: { items: [...s.cart.items, item('c2', 'p2', 'v2', '2026-11-22T00:00:00.000Z')] } })),
    ];
    release();
    await Promise.all(writes);
    expect(server.state.wishlist.items.map((i) => i.productId).sort()).toEqual(['a', 'b', 'c', 'x', 'y', 'z']);
    expect(server.state.cart.items.map((i) => i.id).sort()).toEqual(['c1', 'c2']);
    expect(server.puts.some((p, i) => i > 0 && p.version === server.puts[i - 1]!.version)).toBe(true);
  });

  it('detach empties cart and wishlist, resets version and sync result', async () => {
    const { store, bus, storage } = setup();
    const server = new FakeServer();
    await store.attach('user-1', server.backend());
    await store.toggleWishlist('p1');
    await store.update((s) => ({ ...s, cart: { items: [item('c1', 'p1', 'v1', '2026-11-22T00:00:00.000Z')] } }));
    store.detach();
    expect(store.getState()).toEqual(emptySyncedState());
    expect(store.getSyncResult()).toBe('IDLE');
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 0 });
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    // Guest again: writes stay local.
    await store.toggleWishlist('p2');
    expect(server.state.wishlist.items.map((i) => i.productId)).toEqual(['p1']);
  });
});

describe('forgetUser', () => {
  it('drops a stale signed-in copy but keeps the guest state', async () => {
    const storage = new MemoryStorage();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ userId: 'old', state: { version: 3, cart: { items: [] }, wishlist: { items: [] } } }));
    const { store } = setup(storage);
    await store.toggleWishlist('p1');
    store.forgetUser();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(store.getState().wishlist.items.map((i) => i.productId)).toEqual(['p1']);
  });
});

describe('createApiSyncedBackend', () => {
  it('sends the bearer token and the version, and maps 409 to SyncConflictError', async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const responses = [
      new Response(JSON.stringify({ state: { syncableStateVersion: 3, cart: { items: [] }, wishlist: { items: [] } } })),
      new Response('{"error":"Conflict"}', { status: 409 }),
    ];
    const backend = createApiSyncedBackend({
      getIdToken: async () => 'id-token',
      fetch: async (url, init) => {
        calls.push({ url: String(url), init });
        return responses.shift()!;
      },
    });
    await expect(backend.fetch()).resolves.toEqual({ version: 3, cart: { items: [] }, wishlist: { items: [] } });
    await expect(backend.put({ version: 3, cart: { items: [] }, wishlist: { items: [] } })).rejects.toBeInstanceOf(SyncConflictError);
    expect(calls[0]!.url).toBe('/api/account/state');
    expect((calls[0]!.init?.headers as Record<string, string>).authorization).toBe('Bearer id-token');
    expect(JSON.parse(String(calls[1]!.init?.body))).toEqual({ syncableStateVersion: 3, cart: { items: [] }, wishlist: { items: [] } });
  });
});

describe('session.synced', () => {
  const alice: AuthUser = { id: 'u-1', email: 'alice@example.com', idToken: 't' };

  it('login attaches (merge), logout empties', async () => {
    let stored: AuthUser | null = null;
    const provider: AuthProvider = {
      currentUser: async () => stored,
      signOut: async () => {
        stored = null;
      },
    };
    const bus = createBus({ warn: () => {} });
    const server = new FakeServer();
    server.state = { version: 1, cart: { items: [] }, wishlist: { items: [{ productId: 'sv', qty: 1, createdAt: '2026-11-20T00:00:00.000Z' }] } };
    const synced = createSyncedStore({ bus, storage: new MemoryStorage(), eventTarget: null });
    const session = createSession({ authProvider: provider, bus, synced, syncedBackend: () => server.backend() });
    await session.start();
    await session.synced.toggleWishlist('guest');
    await session.signIn(async () => {
      stored = alice;
    });
    await new Promise((r) => setTimeout(r, 0));
    await session.synced.update((s) => s);
    expect(session.synced.getState().wishlist.items.map((i) => i.productId).sort()).toEqual(['guest', 'sv']);
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 2 });
    await session.signOut();
    expect(session.synced.getState()).toEqual(emptySyncedState());
    expect(bus.latest(topics.wishlistQuantity)).toEqual({ quantity: 0 });
  });
});
