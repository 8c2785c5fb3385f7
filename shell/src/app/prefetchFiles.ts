/**
 * Network-only prefetch of a remote's page code (visible links are prefetched).
 *
 * A remote whose `./app` is not running yet is not loaded to prefetch a link to it: that would
 * evaluate its whole app (tens of KB of script on a phone's main thread) while the shopper is still
 * reading this page. Instead its remote entry and the `./app` module's own files (from its
 * `mf-manifest.json`) go into the HTTP cache as `<link rel="prefetch">`, at the browser's lowest
 * priority, and nothing runs until the shopper follows the link. Shared modules are not listed:
 * the shell provides them.
 */

interface ManifestLike {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ name?: unknown; path?: unknown; assets?: { js?: { sync?: unknown } } }>;
}

/** The files to prefetch for one expose of a remote, as absolute URLs (empty for a manifest of another shape). */
export function exposeFiles(manifest: unknown, manifestUrl: string, expose = 'app'): string[] {
  const m = manifest as ManifestLike | null;
  const entry = m?.metaData?.remoteEntry;
  if (!entry || typeof entry.name !== 'string' || entry.name === '') return [];
  const base = new URL('.', manifestUrl);
  const join = (dir: unknown, file: string) => new URL(`${typeof dir === 'string' && dir ? `${dir.replace(/\/+$/, '')}/` : ''}${file}`, base).href;
  const files = [join(entry.path, entry.name)];
  const exposed = m?.exposes?.find((e) => e.name === expose || e.path === `./${expose}`);
  const sync = exposed?.assets?.js?.sync;
  if (Array.isArray(sync)) for (const file of sync) if (typeof file === 'string' && file) files.push(join(entry.path, file));
  return files;
}

const requested = new Set<string>();
const manifests = new Map<string, Promise<string[]>>();

/** Adds `<link rel="prefetch">` for each URL not asked for yet on this page. */
export function prefetchUrls(urls: string[], doc: Document = document): void {
  for (const href of urls) {
    if (requested.has(href)) continue;
    requested.add(href);
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = href;
    doc.head.append(link);
  }
}

/** Prefetches (network only) the remote entry and `./app` files of the remote whose manifest is `manifestUrl`. */
export function prefetchRemoteApp(manifestUrl: string, load: typeof fetch = fetch): Promise<void> {
  const absolute = new URL(manifestUrl, window.location.href).href;
  // Same origin only: the page's CSP checks prefetches against default-src 'self'; a developer's
  // override served from elsewhere is loaded when it is visited.
  if (new URL(absolute).origin !== window.location.origin) return Promise.resolve();
  let files = manifests.get(absolute);
  if (!files) {
    files = load(absolute, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.json() : null))
      .then((manifest: unknown) => exposeFiles(manifest, absolute))
      .catch(() => []);
    manifests.set(absolute, files);
  }
  return files.then((urls) => prefetchUrls(urls));
}

/** For tests: forget what this page prefetched. */
export function resetPrefetchedFiles(): void {
  requested.clear();
  manifests.clear();
}
