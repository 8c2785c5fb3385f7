/**
 * Open tabs pick up releases (docs/deploying.md). Before each client-side navigation the shell
 * re-reads the registry (no-cache; a 304 when nothing changed) for at most `budgetMs`. A remote
 * whose version changed is re-registered with the federation runtime; if it is mounted, the
 * navigation is replayed after unloading it, so the page being navigated to runs the new release.
 * Earlier releases stay on the CDN, so a tab that keeps running the old one keeps working.
 */
import { getAppStatus, MOUNTED, navigateToUrl, NOT_LOADED, unloadApplication } from 'single-spa';
import type { Registry, RemoteEntry } from './registry';

export interface LiveUpdateOptions {
  /** The registry the page runs; entries are updated in place (closures hold these objects). */
  registry: Registry;
  /** Read the live registry (already parsed, overrides applied) for a navigation to `pathname`. */
  fetchLive: (pathname?: string) => Promise<Registry>;
  /** Re-register a remote with the federation runtime (force). */
  reregister: (remote: RemoteEntry) => void;
  /** Names the developer overrode: never replaced by the live registry. */
  overridden: Set<string>;
  budgetMs?: number;
}

/** Remotes whose live entry differs from the running one (version or manifest). */
export function changedRemotes(running: Registry, live: Registry, overridden: Set<string>): RemoteEntry[] {
  return live.remotes.filter((next) => {
    if (overridden.has(next.name)) return false;
    const current = running.remotes.find((r) => r.name === next.name);
    return current !== undefined && (current.version !== next.version || current.manifest !== next.manifest);
  });
}

type RoutingEvent = CustomEvent<{ newUrl: string; cancelNavigation?: (value?: boolean | Promise<boolean>) => void }>;

export function watchReleases(options: LiveUpdateOptions): () => void {
  const { registry, budgetMs = 400 } = options;
  let replaying = false;
  let first = true;

  const check = async (newUrl?: string): Promise<RemoteEntry[]> => {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), budgetMs));
    let pathname: string | undefined;
    try {
      pathname = newUrl ? new URL(newUrl, window.location.href).pathname : undefined;
    } catch {
      pathname = undefined;
    }
    const live = await Promise.race([options.fetchLive(pathname).catch(() => null), timeout]);
    if (!live) return [];
    const changed = changedRemotes(registry, live, options.overridden);
    for (const next of changed) {
      const current = registry.remotes.find((r) => r.name === next.name)!;
      current.version = next.version;
      current.manifest = next.manifest;
      options.reregister(current);
    }
    return changed;
  };

  const onBeforeRouting = (event: Event) => {
    const { cancelNavigation, newUrl } = (event as RoutingEvent).detail;
    if (first) {
      first = false; // the initial route: the registry was just read
      return;
    }
    if (!cancelNavigation || replaying) return;
    cancelNavigation(
      check(newUrl).then((changed) => {
        const mounted = changed.filter((r) => getAppStatus(r.name) === MOUNTED).map((r) => r.name);
        // not mounted: drop the loaded lifecycles so the next mount loads the new release
        for (const remote of changed) {
          const status = getAppStatus(remote.name);
          if (status && status !== NOT_LOADED && status !== MOUNTED) void unloadApplication(remote.name);
        }
        if (mounted.length === 0) return false;
        // mounted: cancel, unload it (unmounting the old release), then go where the shopper was going
        replaying = true;
        void Promise.all(mounted.map((name) => unloadApplication(name, { waitForUnmount: false })))
          .then(() => navigateToUrl(newUrl))
          .finally(() => {
            replaying = false;
          });
        return true;
      }),
    );
  };
  window.addEventListener('single-spa:before-routing-event', onBeforeRouting);
  return () => window.removeEventListener('single-spa:before-routing-event', onBeforeRouting);
}
