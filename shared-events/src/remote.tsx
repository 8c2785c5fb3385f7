/**
 * `@store/shared-events/remote`: the runtime contract between the shell and a remote's `./app`
 * module. A remote builds its single-spa lifecycles with `defineRemoteApp`, which renders into the
 * element the shell passes, catches render errors with a fallback and reports them on the bus, and
 * tells the shell about routes it owns but has no page for with `<ReportNotFound />`.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import React, { useEffect, type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { AppProps } from 'single-spa';
// Through the package name, not relative paths: see react.ts (one bus per page).
import { bus, topics } from '@store/shared-events';

/**
 * What a remote's root component receives: single-spa's props, plus `routeData` when the mount
 * hydrates server-rendered HTML (the answers the edge's loader fetched, keyed by API URL; see
 * contracts/src/ssr.ts).
 */
export type RemoteRootProps = AppProps & { routeData?: Record<string, unknown> | null };

export interface RemoteAppOptions {
  /** Federation name of the remote (as in the registry). */
  name: string;
  /** The remote's root; it receives single-spa's props, which it may ignore. */
  rootComponent: ComponentType<RemoteRootProps>;
}

/** The element the edge embeds the hydrating remote's route data in (contracts/src/ssr.ts). */
const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * This page's path and query as the edge rendered it: with the element's `query` (the keys the
 * remote's server render reads), only those parameters, each once, sorted by name (the edge drops
 * campaign tags and unknown parameters before it renders); without it, the location as it is.
 */
function renderedPath(doc: Document, query: unknown): string {
  if (!Array.isArray(query)) return `${doc.location.pathname}${doc.location.search}`;
  const params = new URLSearchParams(doc.location.search);
  const out = new URLSearchParams();
  for (const key of [...new Set(query.filter((k): k is string => typeof k === 'string'))].sort()) {
    const value = params.get(key);
    if (value !== null) out.append(key, value);
  }
  const search = out.toString();
  return `${doc.location.pathname}${search ? `?${search}` : ''}`;
}

/**
 * The route data embedded by the edge for `remote` and the page shown now; null when the page was
 * not server-rendered by it (or the data is for another URL: a client navigation happened since).
 */
export function readEmbeddedRouteData(remote: string, doc: Document = document): Record<string, unknown> | null {
  const element = doc.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const embedded = JSON.parse(element.textContent) as { remote?: unknown; path?: unknown; query?: unknown; data?: unknown };
    const here = renderedPath(doc, embedded.query);
    if (embedded.remote !== remote || embedded.path !== here || !embedded.data || typeof embedded.data !== 'object') return null;
    return embedded.data as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Where to fetch the route data of a server render whose data the edge did not embed (large data
 * is referenced by the route's `_payload.json`); null when it is embedded or not for this page.
 */
function routeDataSource(remote: string, doc: Document = document): string | null {
  const element = doc.getElementById(SSR_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const embedded = JSON.parse(element.textContent) as { remote?: unknown; path?: unknown; query?: unknown; src?: unknown };
    const here = renderedPath(doc, embedded.query);
    return embedded.remote === remote && embedded.path === here && typeof embedded.src === 'string' && embedded.src.startsWith('/') ? embedded.src : null;
  } catch {
    return null;
  }
}

/** The referenced route data (the payload's `data`); null when it cannot be had (the page then renders what it can). */
async function fetchRouteData(src: string): Promise<Record<string, unknown> | null> {
  try {
    // (no custom headers: the request must match the preload the page's loader started)
    const response = await fetch(src, { credentials: 'same-origin' });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: unknown };
    return body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A container the edge filled with this remote's server render (`data-ssr="rendered"`): hydrate it once. */
export function takeServerRendered(element: Element | null | undefined): boolean {
  if (!element || element.getAttribute('data-ssr') !== 'rendered') return false;
  element.removeAttribute('data-ssr');
  return true;
}

/** Where the edge's script loader keeps the buttons tapped before the page was hydrated. */
export const EARLY_CLICKS_GLOBAL = '__storeEarlyClicks';

/**
 * Whether the shopper has shown intent on this page (a touch, a press, a key, focus, a wheel, a
 * mouse moving): the edge's script loader sets it false when it writes the page and true on the
 * first intent, and then fires ENGAGED_EVENT on the window. Unset (a page without the loader): engaged.
 */
export const ENGAGED_GLOBAL = '__storeEngaged';
export const ENGAGED_EVENT = 'store:engaged';

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** True once the shopper has shown intent on this page (always on a page without the edge's loader). */
export function isEngaged(): boolean {
  return typeof window === 'undefined' || (window as unknown as Record<string, unknown>)[ENGAGED_GLOBAL] !== false;
}

/**
 * Work that only makes what the shopper may do next faster (loading an overlay's code, prefetching
 * a link's route): run at the browser's next idle moment (at most `timeoutMs` later) once the
 * shopper has shown intent on this page, at once if they already have. A page nobody touches (its
 * scripts started because it was quiet) pays only for what it shows. Returns a cancel function.
 */
export function warmWhenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const w = window as IdleWindow;
  let cancelled = false;
  let cancelIdle: () => void = () => undefined;
  const idle = () => {
    if (cancelled) return;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => w.cancelIdleCallback?.(id);
    } else {
      const id = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (isEngaged()) idle();
  else w.addEventListener(ENGAGED_EVENT, idle, { once: true });
  return () => {
    cancelled = true;
    w.removeEventListener(ENGAGED_EVENT, idle);
    cancelIdle();
  };
}

/**
 * Taps the shopper made on buttons of a server-rendered region before its scripts arrived (the
 * edge's script loader records them: scriptsOnIntent in api/src/edge/ssr/render.ts) are clicked
 * again once the region's React root exists (React hydrates the tapped part first and runs its
 * handler), instead of being lost. Call right after hydrateRoot for `container`.
 */
export function replayEarlyClicks(container: Element): void {
  if (typeof window === 'undefined') return;
  const queue = (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
  if (!Array.isArray(queue) || queue.length === 0) return;
  const mine = queue.filter((target): target is HTMLElement => target instanceof HTMLElement && container.contains(target));
  if (mine.length === 0) return;
  for (const target of mine) queue.splice(queue.indexOf(target), 1);
  setTimeout(() => {
    for (const target of mine) if (target.isConnected) target.click();
  }, 0);
}

/**
 * The page's CSP style nonce: the edge writes `<meta property="csp-nonce" nonce="…">`.
 * Browsers hide a nonce attribute's value once the element is in the document, so it is read from
 * the element's `nonce` property (the attribute is the fallback for environments without it).
 */
export function cspNonce(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string | undefined {
  const meta = doc?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  if (!meta) return undefined;
  return meta.nonce || meta.getAttribute('nonce') || undefined;
}

/**
 * The emotion key under which the edge writes a page's server-rendered rules, once, in the head
 * (`<style data-emotion="css-ssr id1 id2 …" data-s>`): a key emotion does not hydrate, so that
 * element is never moved (which would restyle the whole page); pageEmotionCache takes its ids.
 */
export const SERVER_STYLES_KEY = 'css-ssr';

let emotionCache: EmotionCache | null = null;

/**
 * The page's emotion cache in the browser: key 'css' like the edge's renders (so the server-rendered
 * rules, `<style data-emotion="css-ssr …">` in the head, are not inserted again) and the CSP nonce on every
 * `<style>` it inserts. One per page (shared-events is a page-wide singleton), used by every
 * React root through `EmotionRoot`.
 */
export function pageEmotionCache(): EmotionCache {
  if (!emotionCache) {
    // no vendor prefixes, like the edge's renders: every supported browser reads the standard
    // properties, and the server's style tag is a fifth smaller
    emotionCache = createCache({ key: 'css', nonce: cspNonce(), stylisPlugins: [] });
    // the server render's rules are in the page already (SERVER_STYLES_KEY)
    if (typeof document !== 'undefined') {
      for (const node of document.querySelectorAll(`style[data-emotion^="${SERVER_STYLES_KEY} "]`)) {
        for (const id of (node.getAttribute('data-emotion') ?? '').split(' ').slice(1)) if (id) emotionCache.inserted[id] = true;
      }
    }
  }
  return emotionCache;
}

/** Wraps a React root's tree so its styles go through the page's nonce-carrying emotion cache. */
export function EmotionRoot({ children }: { children?: ReactNode }) {
  return <CacheProvider value={pageEmotionCache()}>{children}</CacheProvider>;
}

function RenderFallback() {
  return (
    <section role="alert" className="remote-fallback">
      <h2>Sorry, we hit a snag</h2>
      <p>Something went wrong while showing this page. The rest of the store still works.</p>
    </section>
  );
}

/**
 * single-spa lifecycles for a remote, plus `replaceRootComponent` for hot updates in development:
 *
 *   const app = defineRemoteApp({ name: 'catalog', rootComponent: App });
 *   export const { bootstrap, mount, unmount } = app;
 *   import.meta.webpackHot?.accept('./App', () => app.replaceRootComponent(App));
 */
export function defineRemoteApp({ name, rootComponent }: RemoteAppOptions) {
  let current = rootComponent;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const snapshot = () => current;
  function HotRoot(props: RemoteRootProps) {
    // an external store: a replacement between render and subscription is still picked up
    const Component = React.useSyncExternalStore(subscribe, snapshot, snapshot);
    return <EmotionRoot>{React.createElement(Component, props)}</EmotionRoot>;
  }
  // single-spa-react asks for the render type (no arguments) while mounting: hydrate the mount
  // whose container holds this remote's server render, create a root for every other.
  let hydrateNext = false;
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: HotRoot as ComponentType<AppProps>,
    renderType: () => (hydrateNext ? 'hydrateRoot' : 'createRoot'),
    errorBoundary: (error: Error) => {
      bus.publish(topics.remoteFailed, { remote: name, reason: 'render-error', message: String(error?.message ?? error).slice(0, 500) }, { source: name });
      return <RenderFallback />;
    },
  });
  return {
    ...lifecycles,
    mount(props: AppProps & { domElement?: HTMLElement }) {
      const hydrate = takeServerRendered(props.domElement);
      const embedded = hydrate ? readEmbeddedRouteData(name) : null;
      const run = (routeData: Record<string, unknown> | null) => {
        hydrateNext = hydrate;
        try {
          if (!hydrate) return lifecycles.mount({ ...props, routeData } as AppProps);
          // Hydration in a transition (single-spa-react calls hydrateRoot synchronously inside
          // mount): React then hydrates in slices that yield to the browser every few ms instead
          // of one long task, and an interaction hydrates the part it touches first.
          let mounted!: Promise<unknown>;
          React.startTransition(() => {
            mounted = lifecycles.mount({ ...props, routeData } as AppProps);
          });
          if (props.domElement) replayEarlyClicks(props.domElement);
          return mounted;
        } finally {
          hydrateNext = false;
        }
      };
      // large route data is not in the page: fetched (the edge's loader loaded it from the route's payload) before hydrating
      const src = hydrate && !embedded ? routeDataSource(name) : null;
      if (src) return fetchRouteData(src).then(run);
      return run(embedded);
    },
    /** Re-render every mounted root with a new root component (hot module replacement). */
    replaceRootComponent(next: ComponentType<RemoteRootProps>): void {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * Rendered by a remote for a path it owns but has no page for: the shell shows its 404 page.
 * `path` is the page as the router sees it, `location.pathname + location.search` (percent-encoded,
 * trailing slash kept; not rebuilt from route params): the shell keys its 404 state by pathname +
 * search and ignores reports for any other URL. A remote whose pages never depend on the query may
 * report the pathname alone; the shell then marks the URL shown now.
 */
export function ReportNotFound({ source, path }: { source: string; path: string }) {
  useEffect(() => {
    bus.publish(topics.shellNotFound, { path }, { source });
  }, [source, path]);
  return null;
}

/** Loads an exposed module ("remote/./Module" ids as the federation runtime takes them). */
export type ModuleLoader = (id: string) => Promise<unknown>;

let moduleLoader: ModuleLoader | null = null;
const loaded = new Map<string, Promise<unknown>>();

/**
 * The shell registers the federation runtime's `loadRemote` here at start-up (shared-events is a
 * page-wide singleton), so remotes load each other's fragments without bundling the runtime.
 */
export function setModuleLoader(loader: ModuleLoader | null): void {
  moduleLoader = loader;
  loaded.clear();
}

export class FragmentLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FragmentLoadError';
  }
}

/**
 * Load `module` (e.g. "./CartDrawer") exposed by `remote` (e.g. "cart_checkout"), with a timeout.
 * A success is cached for the page; a failure is reported on the bus (remote.failed) and not
 * cached, so the next attempt tries again.
 */
export function loadExposed<T = unknown>(remote: string, module: string, { timeoutMs = 5000 }: { timeoutMs?: number } = {}): Promise<T> {
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const cached = loaded.get(id);
  if (cached) return cached as Promise<T>;
  const attempt = new Promise<unknown>((resolve, reject) => {
    if (!moduleLoader) {
      reject(new FragmentLoadError(`No module loader registered (is the shell running?) for ${id}`));
      return;
    }
    const timer = setTimeout(() => reject(new FragmentLoadError(`Loading ${id} took longer than ${timeoutMs} ms`)), timeoutMs);
    moduleLoader(id).then(
      (value) => {
        clearTimeout(timer);
        if (value === undefined || value === null) reject(new FragmentLoadError(`${id} was not found`));
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new FragmentLoadError(String(error)));
      },
    );
  });
  loaded.set(id, attempt);
  attempt.catch((error: unknown) => {
    loaded.delete(id);
    const timeout = error instanceof FragmentLoadError && /longer than/.test(error.message);
    bus.publish(
      topics.remoteFailed,
      { remote, reason: timeout ? 'load-timeout' : 'load-error', message: `${id}: ${String((error as Error)?.message ?? error)}`.slice(0, 500) },
      { source: 'fragment' },
    );
  });
  return attempt as Promise<T>;
}

interface FragmentBoundaryProps {
  remote: string;
  fallback: React.ReactNode;
  children: React.ReactNode;
}

class FragmentBoundary extends React.Component<FragmentBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: Error): void {
    bus.publish(topics.remoteFailed, { remote: this.props.remote, reason: 'render-error', message: String(error?.message ?? error).slice(0, 500) }, { source: 'fragment' });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteFragmentProps<P> {
  /** Federation name of the remote that exposes the fragment. */
  remote: string;
  /** Exposed module, e.g. "./CartDrawer"; its default export is a React component. */
  module: string;
  props?: P;
  /** Shown when the fragment cannot be loaded or throws while rendering. */
  fallback: React.ReactNode;
  /** Shown while loading (default: nothing). */
  loading?: React.ReactNode;
  timeoutMs?: number;
}

type Loaded<P> = { id: string } & ({ status: 'ready'; Component: ComponentType<P> } | { status: 'failed' });

/**
 * Another remote's React component, loaded at run time through the federation runtime, with a
 * timeout, a fallback and an error boundary. Cross-remote UI without build-time imports.
 */
export function RemoteFragment<P extends object>({ remote, module, props, fallback, loading = null, timeoutMs }: RemoteFragmentProps<P>) {
  const id = `${remote}/${module}`;
  const [state, setState] = React.useState<Loaded<P> | null>(null);
  useEffect(() => {
    let live = true;
    loadExposed<{ default?: ComponentType<P> } | ComponentType<P>>(remote, module, { timeoutMs }).then(
      (value) => {
        const Component = (typeof value === 'function' ? value : value.default) as ComponentType<P> | undefined;
        if (live) setState(typeof Component === 'function' ? { id, status: 'ready', Component } : { id, status: 'failed' });
      },
      () => {
        if (live) setState({ id, status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [id, remote, module, timeoutMs]);
  if (!state || state.id !== id) return <>{loading}</>;
  if (state.status === 'failed') return <>{fallback}</>;
  return (
    <FragmentBoundary key={id} remote={remote} fallback={fallback}>
      {React.createElement(state.Component, (props ?? {}) as P)}
    </FragmentBoundary>
  );
}
