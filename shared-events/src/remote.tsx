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
import { replayEarlyClicks } from './engagement';
import { fetchRouteData, readEmbeddedRouteData, routeDataSource, takeServerRendered } from './route-data';

export { EARLY_CLICKS_GLOBAL, ENGAGED_EVENT, ENGAGED_GLOBAL, isEngaged, replayEarlyClicks, warmWhenIdle } from './engagement';
export { FragmentLoadError, loadExposed, RemoteFragment, setModuleLoader, type ModuleLoader, type RemoteFragmentProps } from './fragments';
export { readEmbeddedRouteData, takeServerRendered } from './route-data';

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
