import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { bus, topics } from '@store/shared-events';
import type { AppProps, LifeCycles } from 'single-spa';
type LocalNetworkModule = typeof import('./localNetwork');
import type { RemoteEntry } from './registry';

/** What every remote's `./app` module exposes: single-spa lifecycles (built with single-spa-react). */
export interface RemoteLifecycles {
  bootstrap?: (props: AppProps) => Promise<unknown>;
  mount: (props: AppProps & { domElement: HTMLElement }) => Promise<unknown>;
  unmount: (props: AppProps & { domElement: HTMLElement }) => Promise<unknown>;
}

type FailureReason = 'load-timeout' | 'load-error' | 'render-error';

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const FALLBACK_COPY: Record<FailureReason, string> = {
  'load-timeout': 'This part of the store is taking far longer than usual to load.',
  'load-error': 'This part of the store is unavailable right now.',
  'render-error': 'Something went wrong while showing this part of the store.',
};

/** Plain DOM: the root config stays free of UI frameworks. */
export function renderFallback(container: HTMLElement, remote: string, reason: FailureReason, onRetry: () => void): void {
  container.replaceChildren();
  const section = document.createElement('section');
  section.className = 'remote-fallback';
  section.setAttribute('role', 'alert');
  section.dataset.remoteFallback = remote;
  const heading = document.createElement('h2');
  heading.textContent = 'Sorry, we hit a snag';
  const text = document.createElement('p');
  text.textContent = `${FALLBACK_COPY[reason]} The rest of the store still works: try again in a moment.`;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.addEventListener('click', onRetry);
  section.append(heading, text, button);
  container.append(section);
}

/** The loading state in a region the browser renders: a status the screen reader announces, the region busy. */
export function renderLoading(container: HTMLElement, remote: string): void {
  container.replaceChildren();
  container.setAttribute('aria-busy', 'true');
  container.classList.add('remote-loading');
  const status = document.createElement('div');
  status.setAttribute('role', 'status');
  status.dataset.remoteLoading = remote;
  status.className = 'remote-loading-status';
  status.textContent = 'Loading…';
  container.append(status);
}

/**
 * Past the registry's loadTimeoutMs: the shopper hears it is taking longer than usual and may try
 * again, but the shell keeps waiting and shows the page as soon as the remote arrives.
 */
export function renderSlow(container: HTMLElement, remote: string, onRetry: () => void): void {
  container.replaceChildren();
  container.setAttribute('aria-busy', 'true');
  const section = document.createElement('section');
  section.className = 'remote-fallback';
  section.setAttribute('role', 'alert');
  section.dataset.remoteFallback = remote;
  section.dataset.remoteSlow = '';
  const heading = document.createElement('h2');
  heading.textContent = 'Still loading…';
  const text = document.createElement('p');
  text.textContent = 'This part of the store is taking longer than usual to load. It will appear here as soon as it arrives, or you can try again.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.addEventListener('click', onRetry);
  section.append(heading, text, button);
  container.append(section);
}

/** How long a slow remote is waited for before the error fallback: much longer than loadTimeoutMs (a phone on a poor connection). */
export function slowLimitMs(timeoutMs: number): number {
  return Math.max(timeoutMs * 6, 30_000);
}

export interface RemoteAppOptions {
  remote: RemoteEntry;
  /** The registry's loadTimeoutMs: past it a loading region says it is taking longer than usual (and keeps waiting). */
  timeoutMs: number;
  /** Give up loading (the error fallback) after this long; default slowLimitMs(timeoutMs). */
  giveUpMs?: number;
  /** Whether the remote's routes match this location (a loading state is dropped once the shopper left). */
  isActive?: (location: Location) => boolean;
  /** Where application containers go (the shell's <main>). */
  mountPoint: () => HTMLElement;
  /** Called when the remote failed, so the root config can unload it once it is left (retry on return). */
  onFailure: (name: string) => void;
  /** Reload this remote now (the fallback's "Try again"). */
  onRetry: (name: string) => void;
  /** The page's URL (default: the window's), to tell a public page from a local one. */
  pageUrl?: () => string;
}

function report(remote: string, reason: FailureReason, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[shell] remote "${remote}" failed (${reason}): ${message}`);
  bus.publish(topics.remoteFailed, { remote, reason, message: message.slice(0, 500) }, { source: 'shell' });
}

/** Remotes whose `./app` this page has loaded (their code runs; a prefetch may call into it). */
const loadedApps = new Set<string>();
export function appLoaded(name: string): boolean {
  return loadedApps.has(name);
}

/**
 * The single-spa loading function for one remote. It never rejects: a remote that is down, slow or
 * throws yields lifecycles that render a fallback in its place, so single-spa keeps routing.
 */
export function remoteApplication(options: RemoteAppOptions): () => Promise<LifeCycles> {
  const { remote, timeoutMs } = options;
  const giveUpMs = options.giveUpMs ?? slowLimitMs(timeoutMs);
  const pageUrl = options.pageUrl ?? (() => window.location.href);
  return async () => {
    let lifecycles: RemoteLifecycles | null = null;
    let failure: { reason: FailureReason; error: unknown } | null = null;
    /** The help's code, when a developer's local build was blocked by Local Network Access (loaded only then). */
    let localNetworkBlocked: LocalNetworkModule | null = null;
    // While the code loads: a server-rendered region keeps its HTML (readable at once); any other
    // region shows a loading state, then past loadTimeoutMs "taking longer than usual" with Try
    // again, and the page replaces it as soon as the remote arrives.
    const placeholder = loadingRegion(options.mountPoint(), remote);
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const dropIfLeft = () => {
      if (placeholder && options.isActive && !options.isActive(window.location)) placeholder.remove();
    };
    const startSlowTimer = () => {
      clearTimeout(slowTimer);
      slowTimer = setTimeout(() => {
        if (placeholder?.isConnected) renderSlow(placeholder, remote.name, tryAgain);
      }, timeoutMs);
    };
    let attempts = 0;
    let settle: (module: RemoteLifecycles | null | undefined) => void = () => undefined;
    let reject: (error: unknown) => void = () => undefined;
    const loaded = new Promise<RemoteLifecycles | null | undefined>((resolve, fail) => {
      settle = resolve;
      reject = fail;
    });
    const attempt = () => {
      attempts += 1;
      loadRemote<RemoteLifecycles>(`${remote.name}/app`).then((module) => {
        if (module) loadedApps.add(remote.name);
        settle(module);
      }, (error: unknown) => {
        attempts -= 1;
        if (attempts === 0) reject(error);
      });
    };
    /** Try again while waiting: a fresh request races the pending one (whichever arrives first shows). */
    function tryAgain() {
      if (placeholder?.isConnected) renderLoading(placeholder, remote.name);
      registerWithRuntime([remote], true);
      attempt();
      startSlowTimer();
    }
    if (placeholder) {
      startSlowTimer();
      window.addEventListener('single-spa:routing-event', dropIfLeft);
    }
    attempt();
    try {
      const module = await withTimeout(loaded, giveUpMs, `Loading ${remote.name}`);
      if (!module || typeof module.mount !== 'function' || typeof module.unmount !== 'function') {
        throw new Error(`${remote.name}/app does not expose single-spa lifecycles`);
      }
      lifecycles = module;
    } catch (error) {
      failure = { reason: error instanceof TimeoutError ? 'load-timeout' : 'load-error', error };
      report(remote.name, failure.reason, error);
      options.onFailure(remote.name);
      // a developer's local build that the browser's Local Network Access blocked: say so, and how to allow it
      if (remote.version === OVERRIDE_VERSION) {
        const localNetwork = await import(/* webpackChunkName: "local-network" */ './localNetwork').catch(() => null);
        if (localNetwork?.blockedByLocalNetworkAccess(pageUrl(), remote.manifest, error)) {
          localNetworkBlocked = localNetwork;
          console.error(`[shell] ${localNetwork.localNetworkHelp(remote.name, remote.manifest, pageUrl()).join('\n')}`);
        }
      }
    } finally {
      clearTimeout(slowTimer);
      window.removeEventListener('single-spa:routing-event', dropIfLeft);
    }

    let container: HTMLElement | null = null;
    let mounted = false;
    /** shows this build's region in place of an outdated server-rendered one now (when it has not drawn yet) */
    let swap: () => void = () => undefined;
    const retry = () => options.onRetry(remote.name);

    return {
      bootstrap: async (props: AppProps) => {
        if (lifecycles?.bootstrap) {
          try {
            await withTimeout(lifecycles.bootstrap(props), timeoutMs, `Bootstrapping ${remote.name}`);
          } catch (error) {
            failure = { reason: 'render-error', error };
            report(remote.name, 'render-error', error);
            options.onFailure(remote.name);
          }
        }
      },
      mount: async (props: AppProps) => {
        // a server-rendered region of another build (a developer override, a newer release) stays
        // on screen until this build has drawn its own in a hidden region beside it
        const outdated = outdatedServerRegion(options.mountPoint(), remote);
        container = adoptServerRegion(options.mountPoint(), remote);
        if (!container && placeholder?.isConnected) container = placeholder;
        if (container && container === placeholder) {
          // the loading state's region: the remote (or its fallback) takes its place
          container.replaceChildren();
          container.classList.remove('remote-loading');
        }
        container?.removeAttribute('aria-busy');
        if (!container) {
          container = document.createElement('div');
          container.id = `app-${remote.name}`;
          container.dataset.remote = remote.name;
          container.dataset.remoteVersion = remote.version;
          if (outdated) {
            container.hidden = true;
            outdated.after(container);
          } else options.mountPoint().append(container);
        }
        swap = outdated ? swapOnFirstDraw(outdated, container) : () => undefined;
        if (!lifecycles || failure) {
          if (localNetworkBlocked) localNetworkBlocked.renderLocalNetworkHelp(container, remote.name, remote.manifest, pageUrl(), retry);
          else renderFallback(container, remote.name, failure?.reason ?? 'load-error', retry);
          swap();
          return;
        }
        try {
          await withTimeout(lifecycles.mount({ ...props, domElement: container }), timeoutMs, `Mounting ${remote.name}`);
          mounted = true;
        } catch (error) {
          failure = { reason: 'render-error', error };
          report(remote.name, 'render-error', error);
          options.onFailure(remote.name);
          try {
            await lifecycles.unmount({ ...props, domElement: container });
          } catch {
            // the remote is already broken; its fallback replaces whatever it left behind
          }
          renderFallback(container, remote.name, 'render-error', retry);
          swap();
        }
      },
      unmount: async (props: AppProps) => {
        swap();
        const element = container;
        container = null;
        if (element && lifecycles && mounted) {
          mounted = false;
          try {
            await withTimeout(lifecycles.unmount({ ...props, domElement: element }), timeoutMs, `Unmounting ${remote.name}`);
          } catch (error) {
            report(remote.name, 'render-error', error);
            options.onFailure(remote.name);
          }
        }
        element?.remove();
      },
    };
  };
}

/**
 * Where the loading state goes while a remote's code loads: null for a server-rendered region of
 * this release (its HTML stays); else the region (a server frame, or a new one), showing "Loading…".
 */
export function loadingRegion(mountPoint: HTMLElement, remote: RemoteEntry): HTMLElement | null {
  const existing = mountPoint.querySelector<HTMLElement>(`:scope > #app-${CSS.escape(remote.name)}`);
  // of this release it is hydrated; of another (an override, a newer release) it stays until the new build draws
  if (existing?.dataset.ssr === 'rendered') return null;
  if (existing && existing.dataset.ssr === undefined) return null; // mounted or being mounted already
  if (existing && existing.dataset.remoteVersion !== remote.version) existing.remove(); // another release's server region
  let region = existing && existing.dataset.remoteVersion === remote.version ? existing : null;
  if (!region) {
    region = document.createElement('div');
    region.id = `app-${remote.name}`;
    region.dataset.remote = remote.name;
    region.dataset.remoteVersion = remote.version;
    mountPoint.append(region);
  }
  renderLoading(region, remote.name);
  return region;
}

/**
 * The region the edge wrote for this remote in a server-rendered page (`#app-<name>[data-ssr]`),
 * taken over by the first mount: `data-ssr="rendered"` stays for the remote's lifecycles to hydrate
 * (defineRemoteApp); a frame or a failed server render is rendered by the browser. A region of
 * another release (the registry changed since the page was rendered) is replaced.
 */
export function adoptServerRegion(mountPoint: HTMLElement, remote: RemoteEntry): HTMLElement | null {
  // a server-rendered error page (unknown page) gives way to whatever mounts in its place
  mountPoint.querySelector(':scope > #app-error-page[data-ssr]')?.remove();
  const region = mountPoint.querySelector<HTMLElement>(`:scope > #app-${CSS.escape(remote.name)}[data-ssr]`);
  if (!region) return null;
  if (region.dataset.ssr !== 'rendered' || region.dataset.remoteVersion !== remote.version) {
    region.removeAttribute('data-ssr');
    if (region.dataset.remoteVersion !== remote.version) {
      region.remove();
      return null;
    }
  }
  region.classList.remove('remote-loading');
  return region;
}

/** The version a developer override's registry entry carries (registry.ts applyOverrides). */
const OVERRIDE_VERSION = 'override';

/**
 * A server-rendered region of another build of this remote (the page was rendered with the live
 * release; a developer override or a newer release mounts): it cannot be hydrated, but it stays on
 * screen, without its id, until the new build has drawn (swapOnFirstDraw).
 */
export function outdatedServerRegion(mountPoint: HTMLElement, remote: RemoteEntry): HTMLElement | null {
  const region = mountPoint.querySelector<HTMLElement>(`:scope > #app-${CSS.escape(remote.name)}[data-ssr="rendered"]`);
  if (!region || region.dataset.remoteVersion === remote.version) return null;
  region.removeAttribute('id');
  region.dataset.outdated = '';
  return region;
}

/** How long an outdated server region waits for the new build's first render before it goes anyway. */
export const SWAP_WAIT_MS = 10_000;

/**
 * Replaces `outdated` with the hidden `region` as soon as the new build has drawn its page there:
 * something is rendered and nothing in it is still loading (`aria-busy="true"`, as a page waiting
 * for its data marks itself). Checked at each change, before the browser paints: no blank frame.
 * After SWAP_WAIT_MS it swaps anyway. Returns a function that swaps at once.
 */
export function swapOnFirstDraw(outdated: HTMLElement, region: HTMLElement): () => void {
  let done = false;
  const swap = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    outdated.remove();
    region.hidden = false;
  };
  const drawn = () => region.childNodes.length > 0 && region.querySelector('[aria-busy="true"]') === null;
  const observer = new MutationObserver(() => {
    if (drawn()) swap();
  });
  observer.observe(region, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  const timer = setTimeout(swap, SWAP_WAIT_MS);
  if (drawn()) swap();
  return swap;
}

/** Register (or replace) remotes with the federation runtime. `force` drops cached entries. */
export function registerWithRuntime(remotes: RemoteEntry[], force = false): void {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: new URL(remote.manifest, window.location.href).href })),
    { force },
  );
}
