import { createBus, type Bus } from './bus';
import { createSession, guestAuthProvider, type AuthProvider, type AuthUser, type Session, type SessionState } from './session';
import { emptySyncedState } from './synced-state';
import { topics } from './topics';

const alice: AuthUser = { id: 'u-1', email: 'alice@example.com', idToken: 'token-1' };

/** A provider backed by a variable "stored session". */
interface FakeProvider extends AuthProvider {
  stored: AuthUser | null;
  failCheck: boolean;
  failSignOut: boolean;
  signOuts: number;
  currentUser: jest.Mock<Promise<AuthUser | null>, []>;
  signOut: jest.Mock<Promise<void>, []>;
}

function fakeProvider(initial: AuthUser | null = null): FakeProvider {
  const provider: FakeProvider = {
    stored: initial as AuthUser | null,
    failCheck: false,
    failSignOut: false,
    signOuts: 0,
    currentUser: jest.fn(async () => {
      if (provider.failCheck) throw new Error('refresh token revoked');
      return provider.stored;
    }),
    signOut: jest.fn(async () => {
      provider.signOuts += 1;
      if (provider.failSignOut) throw new Error('network');
      provider.stored = null;
    }),
  };
  return provider;
}

function setup(provider: AuthProvider) {
  const bus: Bus = createBus({ warn: () => {} });
  const published: SessionState[] = [];
  bus.subscribe(topics.sessionState, (s) => published.push(s));
  const warnings: string[] = [];
  const session = createSession({
    authProvider: provider,
    bus,
    warn: (m) => warnings.push(m),
    syncedBackend: () => ({ fetch: async () => emptySyncedState(), put: async (s) => ({ ...s, version: s.version + 1 }) }),
  });
  const emitted: SessionState[] = [];
  session.state$.subscribe((s) => emitted.push(s));
  return { bus, session, published, emitted, warnings };
}

describe('session', () => {
  it('starts INITIALISING and publishes it for late bus subscribers', () => {
    const { bus, session, emitted } = setup(fakeProvider());
    expect(session.getState()).toEqual({ status: 'INITIALISING' });
    expect(emitted).toEqual([{ status: 'INITIALISING' }]);
    expect(bus.latest(topics.sessionState)).toEqual({ status: 'INITIALISING' });
  });

  it('start() with a stored user gives LOGGED_IN and publishes it', async () => {
    const { bus, session, published, emitted } = setup(fakeProvider(alice));
    await expect(session.start()).resolves.toEqual({
      status: 'LOGGED_IN',
      user: { id: 'u-1', email: 'alice@example.com' },
    });
    const expected = [{ status: 'INITIALISING' }, { status: 'LOGGED_IN', user: { id: 'u-1', email: 'alice@example.com' } }];
    expect(emitted).toEqual(expected);
    expect(published).toEqual(expected);
    // The ID token is not put on the bus.
    expect(JSON.stringify(bus.latest(topics.sessionState))).not.toContain('token');
  });

  it('start() without a stored user gives LOGGED_OUT', async () => {
    const { session, published } = setup(fakeProvider(null));
    await expect(session.start()).resolves.toEqual({ status: 'LOGGED_OUT' });
    expect(published).toEqual([{ status: 'INITIALISING' }, { status: 'LOGGED_OUT' }]);
  });

  it('a failed session check on start gives LOGGED_OUT and signs the provider out', async () => {
    const provider = fakeProvider(alice);
    provider.failCheck = true;
    const { session, published, warnings } = setup(provider);
    await expect(session.start()).resolves.toEqual({ status: 'LOGGED_OUT' });
    expect(provider.signOuts).toBe(1);
    expect(published.at(-1)).toEqual({ status: 'LOGGED_OUT' });
    expect(warnings[0]).toContain('session check failed');
  });

  it('start() is idempotent', async () => {
    const provider = fakeProvider(alice);
    const { session } = setup(provider);
    await Promise.all([session.start(), session.start()]);
    await session.start();
    expect(provider.currentUser).toHaveBeenCalledTimes(1);
  });

  it('signOut() goes LOGGING_OUT then LOGGED_OUT and calls the provider', async () => {
    const provider = fakeProvider(alice);
    const { session, published } = setup(provider);
    await session.start();
    await session.signOut();
    expect(provider.signOut).toHaveBeenCalledTimes(1);
    expect(published.map((s) => s.status)).toEqual(['INITIALISING', 'LOGGED_IN', 'LOGGING_OUT', 'LOGGED_OUT']);
    expect(session.getState()).toEqual({ status: 'LOGGED_OUT' });
    await expect(session.getIdToken()).resolves.toBeNull();
  });

  it('signOut() still ends the local session when the provider fails', async () => {
    const provider = fakeProvider(alice);
    provider.failSignOut = true;
    const { session, warnings } = setup(provider);
    await session.start();
    await expect(session.signOut()).resolves.toBeUndefined();
    expect(session.getState()).toEqual({ status: 'LOGGED_OUT' });
    expect(warnings.some((w) => w.includes('sign-out failed'))).toBe(true);
  });

  it('getIdToken() returns the token when logged in and null for a guest', async () => {
    const guest = setup(fakeProvider(null)).session;
    await guest.start();
    await expect(guest.getIdToken()).resolves.toBeNull();

    const { session } = setup(fakeProvider(alice));
    await session.start();
    await expect(session.getIdToken()).resolves.toBe('token-1');
  });

  it('getIdToken() waits for a running start()', async () => {
    const { session } = setup(fakeProvider(alice));
    void session.start();
    await expect(session.getIdToken()).resolves.toBe('token-1');
  });

  it('getIdToken() signs the user out when the session check fails', async () => {
    const provider = fakeProvider(alice);
    const { session, published } = setup(provider);
    await session.start();
    provider.failCheck = true;
    await expect(session.getIdToken()).resolves.toBeNull();
    expect(session.getState()).toEqual({ status: 'LOGGED_OUT' });
    expect(published.at(-1)).toEqual({ status: 'LOGGED_OUT' });
  });

  it('signIn() shows LOGGING_IN while the sign-in runs, then LOGGED_IN', async () => {
    const provider = fakeProvider(null);
    const { session, published } = setup(provider);
    await session.start();
    const result = await session.signIn(async () => {
      expect(session.getState().status).toBe('LOGGING_IN');
      provider.stored = alice;
      return 'signed-in';
    });
    expect(result).toBe('signed-in');
    expect(published.map((s) => s.status)).toEqual(['INITIALISING', 'LOGGED_OUT', 'LOGGING_IN', 'LOGGED_IN']);
    await expect(session.getIdToken()).resolves.toBe('token-1');
  });

  it('a failed signIn() rejects with its error and leaves the user LOGGED_OUT', async () => {
    const { session } = setup(fakeProvider(null));
    await session.start();
    await expect(session.signIn(() => Promise.reject(new Error('NotAuthorizedException')))).rejects.toThrow(
      'NotAuthorizedException',
    );
    expect(session.getState()).toEqual({ status: 'LOGGED_OUT' });
  });

  it('setAuthProvider() after start re-validates with the new provider', async () => {
    const { session, published } = setup(guestAuthProvider);
    await session.start();
    expect(session.getState().status).toBe('LOGGED_OUT');
    await expect(session.setAuthProvider(fakeProvider(alice))).resolves.toMatchObject({ status: 'LOGGED_IN' });
    expect(published.at(-1)).toEqual({ status: 'LOGGED_IN', user: { id: 'u-1', email: 'alice@example.com' } });
  });

  it('setAuthProvider() before start is used by start()', async () => {
    const { session } = setup(guestAuthProvider);
    await expect(session.setAuthProvider(fakeProvider(alice))).resolves.toEqual({ status: 'INITIALISING' });
    await expect(session.start()).resolves.toMatchObject({ status: 'LOGGED_IN' });
  });

  it('ignores a stale check that finishes after a sign-out', async () => {
    let release!: (u: AuthUser | null) => void;
    const slow: AuthProvider = {
      currentUser: () => new Promise((resolve) => (release = resolve)),
      signOut: () => Promise.resolve(),
    };
    const { session } = setup(slow);
    const starting = session.start();
    await session.signOut();
    release(alice);
    await starting;
    expect(session.getState()).toEqual({ status: 'LOGGED_OUT' });
  });

  it('the default singleton is a guest until a provider is registered', async () => {
    const { session, bus } = await import('./index');
    await expect(session.start()).resolves.toEqual({ status: 'LOGGED_OUT' });
    expect(bus.latest(topics.sessionState)).toEqual({ status: 'LOGGED_OUT' });
  });
});

describe('account update in progress (no order while an account update is loading)', () => {
  const item = { id: 'i-1', productId: 'p-1', variantId: 'v-1', qty: 1, createdAt: '2026-01-01T00:00:00.000Z' };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  beforeEach(() => localStorage.clear());

  it('is true while a signed-in cart write is being saved, and never for a guest', async () => {
    const bus = createBus({ warn: () => {} });
    const puts: Array<() => void> = [];
    const session = createSession({
      authProvider: fakeProvider(alice),
      bus,
      warn: () => {},
      syncedBackend: () => ({
        fetch: async () => emptySyncedState(),
        put: (state) => new Promise((resolve) => puts.push(() => resolve({ ...state, version: state.version + 1 }))),
      }),
    });
    const seen: boolean[] = [];
    session.accountUpdating$.subscribe((value) => seen.push(value));
    expect(session.isAccountUpdating()).toBe(false);

    await session.start();
    await flush(); // the login fetch (nothing to merge) has finished
    expect(session.isAccountUpdating()).toBe(false);

    const saving = session.synced.update((state) => ({ ...state, cart: { items: [item] } }));
    await flush();
    expect(puts).toHaveLength(1);
    expect(session.isAccountUpdating()).toBe(true);
    puts[0]!();
    await saving;
    expect(session.isAccountUpdating()).toBe(false);
    expect(seen.at(-1)).toBe(false);
    expect(seen).toContain(true);
  });

  it("a guest's cart write is local: no update in progress", async () => {
    const { session } = setup(fakeProvider(null));
    await session.start();
    const seen: boolean[] = [];
    session.accountUpdating$.subscribe((value) => seen.push(value));
    await session.synced.update((state) => ({ ...state, cart: { items: [item] } }));
    expect(seen).toEqual([false]);
  });

  it('trackAccountUpdate: true until every tracked update settles, failures included', async () => {
    const { session } = setup(fakeProvider(alice));
    let finishFirst!: (value: string) => void;
    let failSecond!: (error: Error) => void;
    const first = session.trackAccountUpdate(new Promise<string>((resolve) => (finishFirst = resolve)));
    const second = session.trackAccountUpdate(new Promise<string>((_resolve, reject) => (failSecond = reject)));
    expect(session.isAccountUpdating()).toBe(true);
    finishFirst('saved');
    await expect(first).resolves.toBe('saved');
    expect(session.isAccountUpdating()).toBe(true);
    failSecond(new Error('network'));
    await expect(second).rejects.toThrow('network');
    await flush();
    expect(session.isAccountUpdating()).toBe(false);
  });
});

describe('the declared session API (package.json "storefront.session")', () => {
  it('lists exactly the members of the session object: the shell build declares it as what it provides', async () => {
    const pkg = (await import('../package.json')) as unknown as { storefront: { session: string[] } };
    const declared: readonly (keyof Session)[] = pkg.storefront.session as (keyof Session)[];
    const made = createSession({ authProvider: guestAuthProvider });
    expect([...declared].sort()).toEqual(Object.keys(made).sort());
  });
});
