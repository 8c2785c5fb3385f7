/**
 * The account session, shared by the shell and every remote.
 *
 * Status starts INITIALISING. `start()` validates the stored session through the auth provider:
 * a user gives LOGGED_IN, no user or a failed check gives LOGGED_OUT (a failed check also signs
 * the provider out). `signIn(perform)` shows LOGGING_IN while the account remote's sign-in runs,
 * then re-validates; `signOut()` goes LOGGING_OUT then LOGGED_OUT. Every change is emitted on
 * `state$` and published on the bus topic `session.state` (a state topic, so late subscribers get
 * the current status).
 *
 * The default `session` singleton starts with `guestAuthProvider`, which reports no user: until
 * the account remote registers the real (aws-amplify) provider with
 * `session.setAuthProvider(provider)`, everyone is a guest. Registering a provider after `start()`
 * re-validates the stored session with it. Note that remotes load on demand, so whatever registers
 * the provider must run early on every page (not only on /account routes) for signed-in shoppers
 * to be recognised everywhere.
 *
 * `session.synced` is the synced account state (cart items, wishlist, version; see
 * ./synced-state.ts). Entering LOGGED_IN attaches it to the user (server state fetched and merged
 * with the local one); entering LOGGED_OUT after a signed-in session empties it.
 *
 * `accountUpdating$` / `isAccountUpdating()` say whether a signed-in shopper's account is being
 * written right now (no order while an account update is loading): true while the synced
 * state is being saved to the server (sync result SYNCING: a cart or wishlist write, the merge on
 * login) or while an update marked with `trackAccountUpdate(work)` runs (the account remote's
 * PUT /api/account and address book changes). A guest's writes are local and never count.
 * Added compatibly: a remote that may run on an older shell should check that they exist.
 */
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { bus as defaultBus, type Bus } from './bus';
import {
  createApiSyncedBackend,
  createSyncedStore,
  type SyncedStateBackend,
  type SyncedStore,
} from './synced-state';
import { sessionState, type sessionStatuses } from './topics';

export type SessionStatus = (typeof sessionStatuses)[number];

export interface SessionUser {
  id: string;
  email: string;
}

export interface AuthUser extends SessionUser {
  /** A currently valid ID token for API calls (the provider refreshes it as needed). */
  idToken: string;
}

/** What the session needs from an identity library (aws-amplify in the account remote). */
export interface AuthProvider {
  /** The signed-in user with a valid ID token, or null when there is none. May reject. */
  currentUser(): Promise<AuthUser | null>;
  signOut(): Promise<void>;
}

export interface SessionState {
  status: SessionStatus;
  user?: SessionUser;
}

export interface Session {
  /** Current state first, then every change. */
  readonly state$: Observable<SessionState>;
  getState(): SessionState;
  /** Validate the stored session. Idempotent: later calls share the first validation. */
  start(): Promise<SessionState>;
  /**
   * Run a sign-in (performed by the account remote with its identity library) while the status
   * is LOGGING_IN, then re-validate through the provider. Rejects with `perform`'s error.
   */
  signIn<T>(perform: () => Promise<T>): Promise<T>;
  /** LOGGING_OUT, provider sign-out (its failure is logged), then LOGGED_OUT. */
  signOut(): Promise<void>;
  /** The ID token when logged in, else null. A failed check signs the user out. */
  getIdToken(): Promise<string | null>;
  /** Replace the provider; re-validates if the session was already started. */
  setAuthProvider(provider: AuthProvider): Promise<SessionState>;
  /** The synced account state: cart items and wishlist (guest: local; signed in: the server's). */
  readonly synced: SyncedStore;
  /**
   * Whether the signed-in account is being written (a synced-state save, or an update marked with
   * `trackAccountUpdate`): the current value first, then every change.
   */
  readonly accountUpdating$: Observable<boolean>;
  /** The current value of `accountUpdating$`. */
  isAccountUpdating(): boolean;
  /** Marks an account update (e.g. PUT /api/account) as running until `work` settles; returns `work`. */
  trackAccountUpdate<T>(work: Promise<T>): Promise<T>;
}

export interface SessionOptions {
  authProvider: AuthProvider;
  /** Defaults to the page's bus. */
  bus?: Bus;
  warn?: (message: string, error?: unknown) => void;
  /** The synced-state store; defaults to one on localStorage. */
  synced?: SyncedStore;
  /** The signed-in backend of the synced state; defaults to the API (/api/account/state). */
  syncedBackend?: (getIdToken: () => Promise<string | null>) => SyncedStateBackend;
}

/** Reports no user: everyone is a guest until a real provider is registered. */
export const guestAuthProvider: AuthProvider = {
  currentUser: () => Promise.resolve(null),
  signOut: () => Promise.resolve(),
};

const sameState = (a: SessionState, b: SessionState): boolean =>
  a.status === b.status && a.user?.id === b.user?.id && a.user?.email === b.user?.email;

export function createSession(options: SessionOptions): Session {
  const bus = options.bus ?? defaultBus;
  const warn = options.warn ?? ((message: string, error?: unknown) => console.warn(message, error));
  let provider = options.authProvider;
  const state = new BehaviorSubject<SessionState>({ status: 'INITIALISING' });
  /** Incremented by every operation; a stale async result (older operation) is ignored. */
  let operation = 0;
  let started: Promise<SessionState> | undefined;
  /** The running start or sign-in, which getIdToken waits for. */
  let pending: Promise<unknown> | undefined;
  const synced = options.synced ?? createSyncedStore({ bus, warn });
  const makeBackend =
    options.syncedBackend ?? ((getIdToken: () => Promise<string | null>) => createApiSyncedBackend({ getIdToken }));
  /** The user the synced state is attached to. */
  let attachedUser: string | undefined;
  /** Account updates marked with trackAccountUpdate that have not settled yet. */
  let runningUpdates = 0;
  const accountUpdating = new BehaviorSubject<boolean>(false);
  const recomputeUpdating = (): void => {
    const next = runningUpdates > 0 || synced.getSyncResult() === 'SYNCING';
    if (next !== accountUpdating.value) accountUpdating.next(next);
  };
  synced.syncResult$.subscribe(recomputeUpdating);
  // eslint-disable-next-line prefer-const -- assigned once the session object exists
  let getIdToken: () => Promise<string | null>;

  const set = (next: SessionState): void => {
    if (sameState(state.value, next)) return;
    const value: SessionState = next.user
      ? { status: next.status, user: { id: next.user.id, email: next.user.email } }
      : { status: next.status };
    state.next(value);
    bus.publish(sessionState, value, { source: 'session' });
    if (value.status === 'LOGGED_IN' && value.user && attachedUser !== value.user.id) {
      attachedUser = value.user.id;
      void synced.attach(value.user.id, makeBackend(() => getIdToken()));
    } else if (value.status === 'LOGGED_OUT' && attachedUser !== undefined) {
      attachedUser = undefined;
      synced.detach();
    } else if (value.status === 'LOGGED_OUT') {
      synced.forgetUser();
    }
  };

  const validate = async (): Promise<SessionState> => {
    const mine = ++operation;
    let user: AuthUser | null = null;
    try {
      user = await provider.currentUser();
    } catch (error) {
      warn('[session] session check failed; signing out', error);
      await provider.signOut().catch((signOutError: unknown) => warn('[session] sign-out failed', signOutError));
    }
    if (mine === operation) {
      set(user ? { status: 'LOGGED_IN', user } : { status: 'LOGGED_OUT' });
    }
    return state.value;
  };

  const track = <T>(promise: Promise<T>): Promise<T> => {
    pending = promise;
    const clear = () => {
      if (pending === promise) pending = undefined;
    };
    promise.then(clear, clear);
    return promise;
  };

  const signOut = async (): Promise<void> => {
    const mine = ++operation;
    set({ ...state.value, status: 'LOGGING_OUT' });
    try {
      await provider.signOut();
    } catch (error) {
      warn('[session] provider sign-out failed; signed out locally', error);
    }
    if (mine === operation) set({ status: 'LOGGED_OUT' });
  };

  // Late bus subscribers see INITIALISING until start() has run.
  bus.publish(sessionState, state.value, { source: 'session' });

  const api: Session = {
    state$: state.asObservable(),

    getState: () => state.value,

    start() {
      started ??= track(validate());
      return started.then(() => state.value);
    },

    async signIn<T>(perform: () => Promise<T>): Promise<T> {
      ++operation;
      set({ status: 'LOGGING_IN' });
      const attempt = (async () => {
        try {
          return await perform();
        } finally {
          await validate();
        }
      })();
      track(attempt).catch(() => {});
      return attempt;
    },

    signOut,

    async getIdToken() {
      if (pending && (state.value.status === 'INITIALISING' || state.value.status === 'LOGGING_IN')) {
        await pending.catch(() => {});
      }
      if (state.value.status !== 'LOGGED_IN') return null;
      const mine = operation;
      let user: AuthUser | null = null;
      try {
        user = await provider.currentUser();
      } catch (error) {
        warn('[session] session check failed', error);
      }
      if (mine !== operation) return state.value.status === 'LOGGED_IN' ? (user?.idToken ?? null) : null;
      if (!user) {
        await signOut();
        return null;
      }
      set({ status: 'LOGGED_IN', user });
      return user.idToken;
    },

    setAuthProvider(next) {
      provider = next;
      return started ? track(validate()) : Promise.resolve(state.value);
    },

    synced,

    accountUpdating$: accountUpdating.pipe(distinctUntilChanged()),

    isAccountUpdating: () => accountUpdating.value,

    trackAccountUpdate<T>(work: Promise<T>): Promise<T> {
      runningUpdates++;
      recomputeUpdating();
      const done = () => {
        runningUpdates--;
        recomputeUpdating();
      };
      work.then(done, done);
      return work;
    },
  };
  getIdToken = () => api.getIdToken();
  return api;
}

/** The page's session, a guest until the account remote calls `session.setAuthProvider(provider)`. */
export const session: Session = createSession({ authProvider: guestAuthProvider });
