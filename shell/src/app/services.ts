/**
 * Background services: a remote flagged `service` in the registry exposes `./service` with a
 * `start()` function (the cart keeps the header badge and handles `cart.add`; the account
 * registers the identity provider with the session). They never compete with the first render,
 * and a page pays for them only when the shopper uses what they keep (`servicesWantedAtLoad`).
 * A service that fails to load or start is reported on the bus (remote.failed) and the page
 * carries on without it.
 */
import { bus, session, topics, USER_STORAGE_KEY } from '@store/shared-events';
import type { RemoteEntry } from './registry';

export interface ServiceModule {
  start(): void | Promise<void>;
}

export type ServiceLoader = (id: string) => Promise<unknown>;

function isService(value: unknown): value is ServiceModule {
  return typeof value === 'object' && value !== null && typeof (value as ServiceModule).start === 'function';
}

function report(remote: string, reason: 'load-timeout' | 'load-error' | 'render-error', error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[shell] service of "${remote}" failed: ${message}`);
  bus.publish(topics.remoteFailed, { remote, reason, message: `service: ${message}`.slice(0, 500) }, { source: 'shell' });
}

/** Load and start every flagged remote's service; resolves when all have started or failed. */
export async function startServices(remotes: RemoteEntry[], load: ServiceLoader, timeoutMs: number): Promise<string[]> {
  const started: string[] = [];
  await Promise.all(
    remotes
      .filter((remote) => remote.service)
      .map(async (remote) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          const module = await Promise.race([
            load(`${remote.name}/service`),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`loading ${remote.name}/service took longer than ${timeoutMs} ms`)), timeoutMs);
            }),
          ]);
          if (!isService(module)) throw new Error(`${remote.name}/service does not export start()`);
          await module.start();
          started.push(remote.name);
        } catch (error) {
          report(remote.name, /longer than/.test(String((error as Error)?.message)) ? 'load-timeout' : 'load-error', error);
        } finally {
          clearTimeout(timer);
        }
      }),
  );
  return started;
}

/** Run `task` after the window's load event, when the browser is idle (at most `maxWaitMs` later). */
export function afterLoad(task: () => void, maxWaitMs = 1000): void {
  const idle = () => {
    const w = window as Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number };
    if (w.requestIdleCallback) w.requestIdleCallback(task, { timeout: maxWaitMs });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Whether the services start as soon as the page is loaded and idle, rather than on the shopper's
 * first intent (a touch, a key, the pointer: the edge's loader marks the page engaged). They do
 * when they have something to show or keep on this page: the route belongs to a service's remote
 * (cart, checkout, account), the device holds a cart or wishlist (the header's badge), or a signed-in
 * shopper's state (the session to validate), or the landing address names a referrer (`ref`, which
 * the cart's service keeps for the order even if the shopper never touches this page). A first visit to a catalogue or content page holds
 * none of these: its header shows no count, and the services wait for the shopper's first intent,
 * which every Add to cart, cart or account tap is (the cart's add waits for its service).
 */
export function servicesWantedAtLoad(
  remotes: RemoteEntry[],
  routeRemote: string | undefined,
  storage: Pick<Storage, 'getItem'> | null = safeLocalStorage(),
  search: string = typeof window !== 'undefined' ? window.location.search : '',
): boolean {
  if (routeRemote !== undefined && remotes.some((remote) => remote.service && remote.name === routeRemote)) return true;
  if (new URLSearchParams(search).has('ref')) return true;
  const state = session.synced.getState();
  if (state.cart.items.length > 0 || state.wishlist.items.length > 0) return true;
  try {
    return storage?.getItem(USER_STORAGE_KEY) != null;
  } catch {
    return true;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}
