import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { bus, topics } from '@store/shared-events';
import type { AppProps, LifeCycles } from 'single-spa';
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
  'load-timeout': 'This part of the store is taking longer than usual to load.',
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

export interface RemoteAppOptions {
  remote: RemoteEntry;
  timeoutMs: number;
  /** Where application containers go (the shell's <main>). */
  mountPoint: () => HTMLElement;
  /** Called when the remote failed, so the root config can unload it once it is left (retry on return). */
  onFailure: (name: string) => void;
  /** Reload this remote now (the fallback's "Try again"). */
  onRetry: (name: string) => void;
}

function report(remote: string, reason: FailureReason, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[shell] remote "${remote}" failed (${reason}): ${message}`);
  bus.publish(topics.remoteFailed, { remote, reason, message: message.slice(0, 500) }, { source: 'shell' });
}

/**
 * The single-spa loading function for one remote. It never rejects: a remote that is down, slow or
 * throws yields lifecycles that render a fallback in its place, so single-spa keeps routing.
 */
export function remoteApplication(options: RemoteAppOptions): () => Promise<LifeCycles> {
  const { remote, timeoutMs } = options;
  return async () => {
    let lifecycles: RemoteLifecycles | null = null;
    let failure: { reason: FailureReason; error: unknown } | null = null;
    try {
      const module = await withTimeout(loadRemote<RemoteLifecycles>(`${remote.name}/app`), timeoutMs, `Loading ${remote.name}`);
      if (!module || typeof module.mount !== 'function' || typeof module.unmount !== 'function') {
        throw new Error(`${remote.name}/app does not expose single-spa lifecycles`);
      }
      lifecycles = module;
    } catch (error) {
      failure = { reason: error instanceof TimeoutError ? 'load-timeout' : 'load-error', error };
      report(remote.name, failure.reason, error);
      options.onFailure(remote.name);
    }

    let container: HTMLElement | null = null;
    let mounted = false;
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
        container = adoptServerRegion(options.mountPoint(), remote);
        if (!container) {
          container = document.createElement('div');
          container.id = `app-${remote.name}`;
          container.dataset.remote = remote.name;
          container.dataset.remoteVersion = remote.version;
          options.mountPoint().append(container);
        }
        if (!lifecycles || failure) {
          renderFallback(container, remote.name, failure?.reason ?? 'load-error', retry);
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
        }
      },
      unmount: async (props: AppProps) => {
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

/** Register (or replace) remotes with the federation runtime. `force` drops cached entries. */
export function registerWithRuntime(remotes: RemoteEntry[], force = false): void {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: new URL(remote.manifest, window.location.href).href })),
    { force },
  );
}
