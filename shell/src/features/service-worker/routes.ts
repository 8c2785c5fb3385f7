/** Which requests the service worker may cache (pure, unit-tested). */

/** Immutable remote build files: /cdn/<name>/<version>/<file>, not manifests. */
export function isRemoteAsset(pathname: string): boolean {
  return /^\/cdn\/[a-z][a-z0-9_]*\/[0-9a-z._-]+\/.+/.test(pathname) && !pathname.endsWith('mf-manifest.json') && !pathname.endsWith('.html');
}

/** API GETs without personal data: catalogue, products, search listing, navigation, stores, content. */
export const PUBLIC_API_PREFIXES = ['/api/catalog/', '/api/products/', '/api/site/navigation', '/api/stores', '/api/content/'];

/** Everything else under /api (cart, checkout, account, orders, subscribe, errors) is never cached. */
export function isPublicApi(pathname: string): boolean {
  return PUBLIC_API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}
