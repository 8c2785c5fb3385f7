/**
 * Stale script guard: when a chunk or a remote entry fails to load because a
 * newer deploy replaced it, reload to the target path, at most once per path per 10 s (remembered
 * in sessionStorage across the reloads).
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'fernleaf.stale-reload';

/** Errors that mean "the script this page references is gone": webpack chunk and federation entry failures. */
export function isStaleScriptError(message: string): boolean {
  return /ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed|RUNTIME-00[1-8]|remoteEntry[^ ]* (failed|error)|Failed to fetch dynamically imported module|error loading dynamically imported module|ScriptExternalLoadError/i.test(message);
}

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Whether to reload to `path` now (and records it): not if it reloaded there less than 10 s ago. */
export function shouldReload(path: string, storage: GuardStorage, now = Date.now()): boolean {
  let seen: Record<string, number> = {};
  try {
    seen = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}') as Record<string, number>;
  } catch {
    seen = {};
  }
  const last = seen[path];
  if (typeof last === 'number' && now - last < RELOAD_GUARD_MS) return false;
  const kept = Object.fromEntries(Object.entries(seen).filter(([, at]) => now - at < RELOAD_GUARD_MS));
  kept[path] = now;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(kept));
  } catch {
    return false; // without storage the guard cannot hold: do not risk a reload loop
  }
  return true;
}

/** Reloads to `path` when the guard allows it; returns whether it did. */
export function guardedReload(
  path: string = window.location.pathname + window.location.search,
  storage: GuardStorage = window.sessionStorage,
  assign: (url: string) => void = (url) => window.location.assign(url),
): boolean {
  if (!shouldReload(path, storage)) return false;
  assign(path);
  return true;
}

/**
 * A page's render error: a lazy chunk that a newer deploy replaced fails inside React (a `lazy()`
 * import), so it arrives as a render error, not a load error. That one reloads to the path (guarded);
 * any other render error, or a stale one inside the guard window, marks the page failed (error page).
 */
export function handlePageRenderError(
  message: string,
  markFailed: () => void,
  reload: () => boolean = () => guardedReload(),
): 'reloaded' | 'failed' {
  if (isStaleScriptError(message) && reload()) return 'reloaded';
  markFailed();
  return 'failed';
}
