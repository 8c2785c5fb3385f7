/**
 * The synced account state: the cart items
 * and the wishlist, with a version. One store per page, reached as `session.synced`.
 *
 * Guest: the state lives in localStorage (`fernleaf.synced.guest`) and follows other tabs through
 * the `storage` event. Signed in: the server holds it (GET/PUT /api/account/state with
 * syncableStateVersion); writes run one at a time, a 409 fetches the latest state and re-applies
 * the change, any other failure restores the previous state and sets the sync result to ERROR.
 * A copy is cached in localStorage (`fernleaf.synced.user`, with the user's id) so other tabs and
 * the next page load show it at once; the server copy replaces it as soon as it arrives.
 *
 * On login (`attach`) the server state is fetched and merged with the local (guest) state: cart
 * items with the same product and variant keep the earlier createdAt; wishlist items per product
 * keep the later createdAt. If the merge differs from the server state it is written back
 * ('Unable to put merged syncable state.' and ERROR when that fails). On logout (`detach`) cart
 * and wishlist are emptied, the version and sync result reset.
 *
 * The wishlist holds at most one item per product (qty 1). Every change publishes
 * `wishlist.quantity` on the bus. The cart remote owns the cart rules; this store only keeps its
 * items (deduplicated by id).
 *
 * Kept dependency-light (rxjs primitives, fetch): it is part of the shared singleton. The store is
 * here; the state's shape, parsing and merge are in ./synced-state-model.ts and the API backend in
 * ./synced-state-api.ts, both re-exported from here.
 */
import { BehaviorSubject, type Observable } from 'rxjs';
import type { Bus } from './bus';
import {
  emptySyncedState,
  isRecord,
  mergeSyncedStates,
  normaliseSyncedState,
  sameContent,
  structuredCloneState,
  SyncConflictError,
  type SyncedChange,
  type SyncedState,
  type SyncedStateBackend,
  type SyncResult,
} from './synced-state-model';
import { wishlistQuantity } from './topics';

export {
  emptySyncedState,
  mergeSyncedStates,
  normaliseSyncedState,
  SyncConflictError,
  type CartItem,
  type SyncedChange,
  type SyncedState,
  type SyncedStateBackend,
  type SyncResult,
  type WishlistItem,
} from './synced-state-model';
export { createApiSyncedBackend } from './synced-state-api';

export interface SyncedStore {
  /** Current state first, then every change. */
  readonly state$: Observable<SyncedState>;
  getState(): SyncedState;
  readonly syncResult$: Observable<SyncResult>;
  getSyncResult(): SyncResult;
  /**
   * Apply a change. Guest: saved locally. Signed in: written to the server one at a time (409:
   * refetch and re-apply; other failure: previous state restored, ERROR, and the promise rejects).
   */
  update(change: SyncedChange): Promise<SyncedState>;
  /** Adds the product (max 1 per product) or removes it. Resolves true when it is now in. */
  toggleWishlist(productId: string, variantId?: string): Promise<boolean>;
  /** Signed in as `userId`: fetch, merge with the local state, write back if different. */
  attach(userId: string, backend: SyncedStateBackend): Promise<SyncedState>;
  /** Logged out: cart and wishlist emptied, version and sync result reset, guest mode. */
  detach(): void;
  /** A guest whose earlier session ended without a sign-out here: drop the cached signed-in copy. */
  forgetUser(): void;
  /** Stop listening to other tabs (tests). */
  dispose(): void;
}

export interface SyncedStoreOptions {
  bus: Bus;
  /** Defaults to window.localStorage when available. */
  storage?: Storage | null;
  /** Defaults to window (for the cross-tab `storage` event). */
  eventTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  now?: () => Date;
  warn?: (message: string, error?: unknown) => void;
  /** Retries after a 409 before giving up (default 5). */
  maxConflictRetries?: number;
}

export const GUEST_STORAGE_KEY = 'fernleaf.synced.guest';
export const USER_STORAGE_KEY = 'fernleaf.synced.user';
export const MERGE_FAILED_MESSAGE = 'Unable to put merged syncable state.';

const defaultStorage = (): Storage | null => {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
};

export function createSyncedStore(options: SyncedStoreOptions): SyncedStore {
  const { bus } = options;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const eventTarget = options.eventTarget === undefined ? (typeof window !== 'undefined' ? window : null) : options.eventTarget;
  const now = options.now ?? (() => new Date());
  const warn = options.warn ?? ((message: string, error?: unknown) => console.warn(message, error));
  const maxRetries = options.maxConflictRetries ?? 5;

  /** Signed-in user and backend, or null for a guest. */
  let remote: { userId: string; backend: SyncedStateBackend } | null = null;
  /** Bumped on attach/detach: an operation from an older mode must not touch the state. */
  let epoch = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const read = (key: string): unknown => {
    try {
      const text = storage?.getItem(key);
      return text ? (JSON.parse(text) as unknown) : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (key: string, value: unknown): void => {
    try {
      if (value === undefined) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(value));
    } catch (error) {
      warn('[synced] unable to save the state locally', error);
    }
  };

  const state = new BehaviorSubject<SyncedState>(normaliseSyncedState(read(GUEST_STORAGE_KEY)));
  const syncResult = new BehaviorSubject<SyncResult>('IDLE');

  const publishQuantity = (): void => {
    bus.publish(wishlistQuantity, { quantity: state.value.wishlist.items.length }, { source: 'session' });
  };

  /** Emit (when changed) and persist to the current mode's key. */
  const set = (next: SyncedState, persist = true): void => {
    const changed = next.version !== state.value.version || !sameContent(next, state.value);
    if (persist) {
      if (remote) write(USER_STORAGE_KEY, { userId: remote.userId, state: next });
      else write(GUEST_STORAGE_KEY, next);
    }
    if (changed) {
      state.next(next);
      publishQuantity();
    }
  };

  const onStorage = (event: Event): void => {
    const { key, newValue } = event as StorageEvent;
    if (remote && key === USER_STORAGE_KEY) {
      const cached = newValue ? (JSON.parse(newValue) as unknown) : undefined;
      if (isRecord(cached) && cached.userId === remote.userId) {
        const next = normaliseSyncedState(cached.state);
        if (next.version >= state.value.version) set(next, false);
      }
    } else if (!remote && key === GUEST_STORAGE_KEY) {
      set(newValue ? normaliseSyncedState(JSON.parse(newValue)) : emptySyncedState(), false);
    }
  };
  eventTarget?.addEventListener('storage', onStorage);
  publishQuantity();

  const enqueue = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => {});
    return run;
  };

  const applyLocal = (change: SyncedChange, base: SyncedState): SyncedState => {
    const next = normaliseSyncedState(change(structuredCloneState(base)));
    return { ...next, version: base.version };
  };

  /** Signed-in write: PUT, on 409 refetch and re-apply, on failure restore and ERROR. */
  const writeRemote = async (change: SyncedChange, mine: number): Promise<SyncedState> => {
    const previous = state.value;
    let base = previous;
    syncResult.next('SYNCING');
    for (let attempt = 0; ; attempt++) {
      const next = applyLocal(change, base);
      if (mine !== epoch || !remote) throw new Error('Signed out while saving.');
      set(next);
      try {
        const saved = normaliseSyncedState(await remote.backend.put(next));
        if (mine !== epoch) throw new Error('Signed out while saving.');
        set(saved);
        syncResult.next('SUCCESS');
        return saved;
      } catch (putError) {
        if (mine !== epoch) throw putError;
        let error: unknown = putError;
        if (putError instanceof SyncConflictError && attempt < maxRetries && remote) {
          try {
            base = normaliseSyncedState(await remote.backend.fetch());
            continue;
          } catch (fetchError) {
            error = fetchError;
          }
        }
        set(previous);
        syncResult.next('ERROR');
        warn('[synced] unable to save the synced state', error);
        throw error instanceof Error ? error : new Error(String(error));
      }
    }
  };

  const update = (change: SyncedChange): Promise<SyncedState> => {
    const mine = epoch;
    return enqueue(async () => {
      if (mine !== epoch) throw new Error('The session changed before the update ran.');
      if (!remote) {
        const next = applyLocal(change, state.value);
        set(next);
        return next;
      }
      return writeRemote(change, mine);
    });
  };

  const toggleWishlist = async (productId: string, variantId?: string): Promise<boolean> => {
    let added = false;
    await update((current) => {
      const present = current.wishlist.items.some((item) => item.productId === productId);
      added = !present;
      const items = present
        ? current.wishlist.items.filter((item) => item.productId !== productId)
        : [
            ...current.wishlist.items,
            { productId, ...(variantId ? { variantId } : {}), qty: 1 as const, createdAt: now().toISOString() },
          ];
      return { ...current, wishlist: { items } };
    });
    return added;
  };

  const attach = (userId: string, backend: SyncedStateBackend): Promise<SyncedState> => {
    const mine = ++epoch;
    const guest = normaliseSyncedState(read(GUEST_STORAGE_KEY));
    remote = { userId, backend };
    const cached = read(USER_STORAGE_KEY);
    if (isRecord(cached) && cached.userId === userId) {
      set(mergeSyncedStates(normaliseSyncedState(cached.state), guest), false);
    } else {
      write(USER_STORAGE_KEY, undefined);
      set({ ...guest, version: 0 }, false);
    }
    return enqueue(async () => {
      if (mine !== epoch) return state.value;
      syncResult.next('SYNCING');
      try {
        const server = normaliseSyncedState(await backend.fetch());
        if (mine !== epoch) return state.value;
        const merged = mergeSyncedStates(server, guest);
        if (sameContent(merged, server)) {
          set(server);
          write(GUEST_STORAGE_KEY, undefined);
          syncResult.next('SUCCESS');
          return server;
        }
        try {
          const saved = normaliseSyncedState(await backend.put(merged));
          if (mine !== epoch) return state.value;
          set(saved);
          write(GUEST_STORAGE_KEY, undefined);
          syncResult.next('SUCCESS');
          return saved;
        } catch (error) {
          if (mine !== epoch) return state.value;
          warn(MERGE_FAILED_MESSAGE, error);
          // Keep showing what the shopper had; the guest copy stays for the next attempt.
          set({ ...merged, version: server.version });
          syncResult.next('ERROR');
          return state.value;
        }
      } catch (error) {
        if (mine !== epoch) return state.value;
        warn('[synced] unable to load the synced state', error);
        syncResult.next('ERROR');
        return state.value;
      }
    });
  };

  const detach = (): void => {
    epoch++;
    remote = null;
    queue = Promise.resolve();
    write(USER_STORAGE_KEY, undefined);
    set(emptySyncedState());
    syncResult.next('IDLE');
  };

  const forgetUser = (): void => {
    if (!remote) write(USER_STORAGE_KEY, undefined);
  };

  return {
    state$: state.asObservable(),
    getState: () => state.value,
    forgetUser,
    syncResult$: syncResult.asObservable(),
    getSyncResult: () => syncResult.value,
    update,
    toggleWishlist,
    attach,
    detach,
    dispose: () => eventTarget?.removeEventListener('storage', onStorage),
  };
}
