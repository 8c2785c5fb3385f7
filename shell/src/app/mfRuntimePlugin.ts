import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Federation runtime plugin of the shell: one quick retry for a manifest or a remote entry that
 * failed to load (a blip during a deploy), then give up so the shell shows the remote's fallback.
 *
 * - The manifest is fetched (`fetch` hook): a failed request or a 5xx is asked for once more,
 *   bypassing the HTTP cache.
 * - The remote entry (`remoteEntry.<hash>.js`) is a script element, which the runtime reports as
 *   RUNTIME_008 and hands to `loadEntryError`: the entry is loaded once more from the same URL
 *   with a cache-busting query (`?mf-retry=<stamp>`). The new URL matters: Chromium reuses a failed
 *   script (or script preload) for every later `<script>` of the same URL in the document, and the
 *   runtime would find and wait on the failed element. If the retry fails too, the runtime throws
 *   the original error and the shell shows the remote's fallback.
 *
 * (The official `@module-federation/retry-plugin` does the same; the registry here only has its
 * 0.x line, built against the 0.x federation SDK, while the shell runs @module-federation/enhanced
 * 2.9.2, so this plugin keeps to the runtime's own hooks.)
 */
export const RETRY_DELAY_MS = 300;
/** Query parameter marking a retried remote entry (the server ignores it: the file is immutable). */
export const RETRY_PARAM = 'mf-retry';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `url` with `mf-retry=<stamp>` added to its query (before any fragment). */
export function withRetryQuery(url: string, stamp: string = Date.now().toString(36)): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${RETRY_PARAM}=${stamp}${hash}`;
}

const isRetry = (url: string) => new RegExp(`[?&]${RETRY_PARAM}=`).test(url);

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-retry-once',
    async fetch(url: string, init?: RequestInit) {
      try {
        const response = await fetch(url, init);
        if (response.ok || response.status === 404) return response;
        throw new Error(`${url} answered ${response.status}`);
      } catch {
        await pause(RETRY_DELAY_MS);
        return fetch(url, { ...init, cache: 'no-cache' });
      }
    },
    // Called by the runtime when a remote entry script failed to load (network error, 404, 5xx;
    // not when it loaded and threw). The getRemoteEntry it passes does not call this hook again,
    // so this is one retry at most; returning undefined lets the runtime throw the original error.
    loadEntryError({ getRemoteEntry, origin, remoteInfo }) {
      if (isRetry(remoteInfo.entry)) return Promise.resolve(undefined);
      const retried = pause(RETRY_DELAY_MS)
        .then(() => getRemoteEntry({ origin, remoteInfo: { ...remoteInfo, entry: withRetryQuery(remoteInfo.entry) }, remoteEntryExports: undefined }))
        .then((exports) => exports || undefined, () => undefined);
      // the hook's declared type nests the promise; the runtime awaits whatever it gets
      return retried as unknown as ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>;
    },
  };
}
