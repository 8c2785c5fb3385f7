import { fetchListing, prefetchProduct } from '../lib/api';
import { paramsFor } from '../features/listing/scope';
import { loadRouteModuleFor } from './routeModules';
import { readListingUrl } from '../features/listing/url';

/**
 * Warms the data of a catalog route before the shopper goes there (visible links
 * are prefetched, code and data). The shell calls it through this remote's ./app module; the
 * answers land in the same caches the pages read, so the page renders without waiting.
 */
export function prefetchRoute(url: string): Promise<unknown> {
  const { pathname } = new URL(url, window.location.origin);
  return Promise.all([loadRouteModuleFor(pathname), prefetchRouteData(url)]);
}

function prefetchRouteData(url: string): Promise<unknown> {
  const { pathname, searchParams } = new URL(url, window.location.origin);
  const state = readListingUrl(searchParams);
  if (pathname.startsWith('/categories/')) {
    const path = pathname.replace(/^\/categories\/?/, '').replace(/\/+$/, '');
    return path ? fetchListing(paramsFor({ kind: 'category', path }, state, 1), `${pathname}${new URL(url, window.location.origin).search}`) : Promise.resolve();
  }
  if (pathname === '/search') return state.q ? fetchListing(paramsFor({ kind: 'search' }, state, 1)) : Promise.resolve();
  if (pathname.startsWith('/products/')) {
    const path = pathname.replace(/^\/products\/?/, '').replace(/\/+$/, '');
    return path ? prefetchProduct(path) : Promise.resolve();
  }
  return Promise.resolve();
}
