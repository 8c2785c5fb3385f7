/**
 * Root config. No UI framework here: it reads the runtime registry, registers the remotes with the
 * federation runtime and hands routing to single-spa. The chrome (header, footer, overlays) and the
 * error page are shell applications written in React and loaded like any other application.
 */
import { getInstance, loadRemote } from '@module-federation/enhanced/runtime';
import { bus, topics } from '@store/shared-events';
import { configureAnalytics } from '@store/shared-events/analytics';
import { setModuleLoader, warmWhenIdle } from '@store/shared-events/remote';
import {
  getAppStatus,
  getMountedApps,
  NOT_MOUNTED,
  registerApplication,
  start,
  triggerAppChange,
  unloadApplication,
} from 'single-spa';
import {
  applyOverrides,
  OVERRIDE_STORAGE_PREFIX,
  ownerOf,
  parseRegistry,
  parseStoredOverride,
  resolveOverrides,
  serializeStoredOverride,
  type Registry,
  type StoredOverride,
} from './registry';
import { appLoaded, registerWithRuntime, remoteApplication } from './remoteLoader';
import { installScrollManager } from './scroll';
import { afterLoad, servicesWantedAtLoad, startServices } from './services';
import { forgetOtherPaths, markPageFailed, pageFailure } from './errorState';
import { createNotFoundState } from './notFoundState';
import { fetchRoutePayloadAnswer, setPrefetcher, setSiteLinkRules } from '@store/ui/link';
import { LINK_RULES } from '../lib/config/site';
import { watchReleases } from './liveUpdates';
import { DEFAULT_VITALS, scheduleVitals } from '../features/vitals/schedule';
import { handlePageRenderError } from './staleGuard';
import type { DevPanelData, ShareScopeMap } from './devPanel';

const REGISTRY_URL = '/registry.json';
/** Prefetches start after the load event once the browser is idle, or at most this long after it. */
const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The registry the edge embedded in a server-rendered page (saves a request before anything starts). */
function embeddedRegistry(): Registry | null {
  const text = document.getElementById('shell-registry')?.textContent;
  if (!text) return null;
  try {
    return parseRegistry(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The live registry; `forPath`: the page about to be shown (the edge pins a shopper entering checkout to their versions). */
async function fetchRegistry(forPath?: string): Promise<Registry> {
  const response = await fetch(forPath ? `${REGISTRY_URL}?for=${encodeURIComponent(forPath)}` : REGISTRY_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`GET ${REGISTRY_URL} answered ${response.status}`);
  return parseRegistry(await response.json());
}

function storedOverrides(): Record<string, StoredOverride | null> {
  const stored: Record<string, StoredOverride | null> = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(OVERRIDE_STORAGE_PREFIX)) stored[key.slice(OVERRIDE_STORAGE_PREFIX.length)] = parseStoredOverride(localStorage.getItem(key));
    }
  } catch {
    // storage can be unavailable (privacy modes); overrides then come from the query only
  }
  return stored;
}

function persistOverrides(store: Record<string, StoredOverride | null>): void {
  try {
    for (const [name, value] of Object.entries(store)) {
      if (value === null) localStorage.removeItem(OVERRIDE_STORAGE_PREFIX + name);
      else localStorage.setItem(OVERRIDE_STORAGE_PREFIX + name, serializeStoredOverride(value));
    }
  } catch {
    // ignore: see storedOverrides
  }
}

function clearOverrides(): void {
  const stored = storedOverrides();
  persistOverrides(Object.fromEntries(Object.keys(stored).map((name) => [name, null])));
  const url = new URL(window.location.href);
  for (const key of [...url.searchParams.keys()]) if (key.startsWith('mf-override.')) url.searchParams.delete(key);
  window.location.replace(url.href);
}

/** Pages (pathname + search) that a remote reported as "no such page": the shell shows its 404 page there. */
const notFound = createNotFoundState();

/** Alt+Shift+D or ?store-dev=1: the developer panel (loaded on demand). */
function installDevPanelShortcut(collect: () => Omit<DevPanelData, 'shared'> & { shared: [] }): void {
  const toggle = () =>
    void import(/* webpackChunkName: "dev-panel" */ './devPanel').then(({ toggleDevPanel, sharedInUse }) =>
      toggleDevPanel(() => ({ ...collect(), shared: sharedInUse((getInstance()?.shareScopeMap ?? {}) as ShareScopeMap) })),
    );
  window.addEventListener('keydown', (event) => {
    if (event.altKey && event.shiftKey && event.code === 'KeyD') {
      event.preventDefault();
      toggle();
    }
  });
  if (new URLSearchParams(window.location.search).get('store-dev') === '1') toggle();
}

/** Resolves once single-spa has mounted the first page's applications (its first routing event). */
const firstRoute = new Promise<void>((resolve) => window.addEventListener('single-spa:routing-event', () => resolve(), { once: true }));

async function main(): Promise<void> {
  const main = document.getElementById('shell-main')!;
  let registry: Registry;
  try {
    registry = embeddedRegistry() ?? (await fetchRegistry());
  } catch (error) {
    console.error('[shell] cannot read the registry', error);
    registry = parseRegistry({ remotes: [] });
  }
  // this deployment's error reporting (endpoint, sampling); every bundle reads it from window
  if (registry.analytics) configureAnalytics(registry.analytics);

  const { decisions, store } = resolveOverrides(registry, {
    search: window.location.search,
    stored: storedOverrides(),
    pageUrl: window.location.href,
    now: Date.now(),
  });
  persistOverrides(store);
  for (const rejected of decisions.filter((d) => !d.accepted)) {
    console.warn(`[shell] override for "${rejected.name}" ignored: ${rejected.reason}`);
  }
  const accepted = decisions.filter((d) => d.accepted);
  registry = applyOverrides(registry, decisions);
  // (the banner's code is loaded only on a page with overrides)
  if (accepted.length > 0) void import(/* webpackChunkName: "override-banner" */ './overrideBanner').then(({ showOverrideBanner }) => showOverrideBanner(accepted, clearOverrides));

  registerWithRuntime(registry.remotes);
  // Fragments (RemoteFragment) and services load other remotes' modules through the one runtime.
  setModuleLoader((id) => loadRemote(id));
  (window as unknown as { __SHELL_REGISTRY__: Registry }).__SHELL_REGISTRY__ = registry;

  const failed = new Set<string>();
  const retry = (name: string) => {
    const remote = registry.remotes.find((r) => r.name === name);
    if (!remote) return;
    failed.delete(name);
    registerWithRuntime([remote], true);
    void unloadApplication(name, { waitForUnmount: false });
  };

  // A failed remote is unloaded once the shopper leaves it, so coming back loads it afresh.
  window.addEventListener('single-spa:routing-event', () => {
    for (const name of [...failed]) {
      if (getAppStatus(name) === NOT_MOUNTED) {
        failed.delete(name);
        const remote = registry.remotes.find((r) => r.name === name);
        if (remote) registerWithRuntime([remote], true);
        void unloadApplication(name);
      }
    }
    // forget "not found" marks for other pages (another path or another query)
    notFound.forgetOthers(window.location);
    forgetOtherPaths(window.location.pathname);
  });

  // A page whose React tree fails while rendering (reported by the remote's or the chrome's own error
  // boundary, not a fragment's, not a failed mount: that one keeps its retry fallback) shows the error page.
  bus.subscribeEnvelope(topics.remoteFailed, ({ payload, source }) => {
    if (payload.reason !== 'render-error' || source !== payload.remote) return;
    const message = payload.message ?? 'Render error';
    handlePageRenderError(message, () => {
      markPageFailed(window.location.pathname, { message, source: payload.remote });
      void triggerAppChange();
    });
  });
  // Visible links prefetch their route's remote code and data (@store/ui/link; at most 4 at once).
  // Every SmartLink on the page (shell or remote) follows the site's link rules.
  setSiteLinkRules(LINK_RULES);
  // A remote may export `prefetch(url)` from its ./app module to warm its own data for a route.
  // Prefetches wait until the page has loaded and the main thread is idle: started at once, the
  // header's, tiles' and footer's links loaded and evaluated up to three other remotes while the
  // page itself was still loading (slower largest paint, more blocking time on a phone).
  // And a page nobody touches prefetches nothing: they wait for the shopper's first intent too.
  const pageSettled = firstRoute.then(() => new Promise<void>((resolve) => afterLoad(() => warmWhenIdle(resolve, PREFETCH_IDLE_TIMEOUT_MS), PREFETCH_IDLE_TIMEOUT_MS)));
  // A remote already running on this page warms the route's data itself (its `prefetch`). Another
  // remote's code is only fetched into the HTTP cache (prefetchFiles.ts), not evaluated; the route's
  // `_payload.json` goes into the page-wide payload cache (@store/ui/link) that remote reads from.
  // A link the shopper is about to follow (a pointer down on it, a hover, focus) is that intent: it
  // starts at once, not after the page's next idle moment (which the navigation would push back).
  setPrefetcher(async (path, { intent } = { intent: false }) => {
    if (!intent) await pageSettled;
    else await firstRoute;
    const owner = ownerOf(registry, new URL(path, window.location.href).pathname);
    if (!owner) return;
    if (!appLoaded(owner.name)) {
      // the data too, when the remote reads it from the route's payload (the registry says so)
      if (owner.payloads) void fetchRoutePayloadAnswer(path).catch(() => undefined);
      const { prefetchRemoteApp } = await import(/* webpackChunkName: "prefetch-files" */ './prefetchFiles');
      return prefetchRemoteApp(owner.manifest);
    }
    const app = await loadRemote<{ prefetch?: (url: string) => unknown }>(`${owner.name}/app`);
    if (typeof app?.prefetch === 'function') await app.prefetch(path);
  });

  bus.subscribeEnvelope(topics.shellNotFound, ({ payload: { path }, source }) => {
    // Only the remote that owns the page shown now may say it does not exist: a remote still
    // mounted while the shopper leaves it sees the new URL first and would report that page.
    if (!notFound.report(path, window.location, { source, owner: ownerOf(registry, window.location.pathname)?.name })) return;
    void triggerAppChange();
  });

  // A server-rendered 404 (an unknown product, category, article...): the error page is shown at
  // once (it takes over the server's copy), the owning remote is not loaded to find out again.
  // Not when the owner is overridden: the server answered for the deployed build, the developer's
  // build decides for itself.
  const owner = ownerOf(registry, window.location.pathname);
  if (main.querySelector(':scope > #app-error-page[data-ssr]') && !(owner && accepted.some((d) => d.name === owner.name))) {
    notFound.report(window.location.pathname, window.location);
  }

  const isNotFound = (location: Location) =>
    notFound.isNotFound(location) || !ownerOf(registry, location.pathname) || pageFailure(location.pathname) !== undefined;

  registerApplication({
    name: 'chrome',
    app: () => import(/* webpackChunkName: "chrome" */ './chrome/lifecycles'),
    activeWhen: () => true,
    customProps: { domElement: document.getElementById('shell-overlays')! },
  });

  for (const remote of registry.remotes) {
    const activeWhen = (location: Location) => !notFound.isNotFound(location) && !pageFailure(location.pathname) && ownerOf({ remotes: [remote] }, location.pathname) !== undefined;
    registerApplication({
      name: remote.name,
      app: remoteApplication({
        remote,
        timeoutMs: registry.loadTimeoutMs,
        mountPoint: () => main,
        onFailure: (name) => failed.add(name),
        onRetry: retry,
        isActive: activeWhen,
      }),
      activeWhen,
    });
  }

  registerApplication({
    name: 'error-page',
    app: () => import(/* webpackChunkName: "error-page" */ './error-page/lifecycles'),
    activeWhen: isNotFound,
  });

  watchReleases({
    registry,
    fetchLive: fetchRegistry,
    reregister: (remote) => registerWithRuntime([remote], true),
    overridden: new Set(accepted.map((d) => d.name)),
  });
  // a new page starts at the top; Back and Forward restore where the shopper was (after the remote rendered)
  installScrollManager();
  start({ urlRerouteOnly: true });
  installDevPanelShortcut(() => ({
    shellVersion: document.querySelector<HTMLScriptElement>('script[src*="/cdn/shell/"]')?.src.match(/\/cdn\/shell\/([^/]+)\//)?.[1] ?? 'local',
    remotes: registry.remotes.map((r) => ({
      name: r.name,
      version: r.version,
      manifest: r.manifest,
      status: getAppStatus(r.name) ?? 'NOT_REGISTERED',
      override: accepted.some((d) => d.name === r.name),
      service: Boolean(r.service),
    })),
    shared: [],
  }));
  // Background services (cart, account) start once the page is interactive (its remote mounted, the
  // load event passed, the main thread idle) when they have something to show or keep here, else on
  // the shopper's first intent (servicesWantedAtLoad). Never in the critical path.
  let servicesStarted = false;
  const startAllServices = () => {
    if (servicesStarted) return;
    servicesStarted = true;
    void startServices(registry.remotes, (id) => loadRemote(id), registry.loadTimeoutMs);
  };
  void firstRoute.then(() => {
    if (servicesWantedAtLoad(registry.remotes, ownerOf(registry, window.location.pathname)?.name)) afterLoad(startAllServices);
    else warmWhenIdle(startAllServices, PREFETCH_IDLE_TIMEOUT_MS);
  });
  // Field Web Vitals: a sampled page view loads the reporter after its first intent or a quiet while
  const vitals = { ...DEFAULT_VITALS, sampleRate: registry.analytics?.vitalsSampleRate ?? DEFAULT_VITALS.sampleRate };
  void firstRoute.then(() =>
    scheduleVitals(vitals, () => void import(/* webpackChunkName: "vitals" */ '../features/vitals/report').then(({ startReporting }) => startReporting(vitals.endpoint)).catch(() => undefined)),
  );
  (window as unknown as { __SHELL_MOUNTED__: () => string[] }).__SHELL_MOUNTED__ = getMountedApps;
}

void main();
