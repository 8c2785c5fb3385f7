import { fetchListing, prefetchProduct } from '../lib/api';
import { paramsFor } from '../features/listing/scope';
import { loadRouteModuleFor } from './routeModules';
import { listingScope, screenAt } from './routes';
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
  const { pathname, search, searchParams } = new URL(url, window.location.origin);
  const screen = screenAt(pathname);
  if (screen?.id === 'product') return prefetchProduct(screen.rest);
  if (screen?.id !== 'listing') return Promise.resolve();
  const scope = listingScope(screen);
  const state = readListingUrl(searchParams);
  if (scope === 'invalid') return Promise.resolve();
  // a category through its route payload; a search only with a term; a brand page's data is left to the visit
  if (scope.kind === 'category') return fetchListing(paramsFor(scope, state, 1), `${pathname}${search}`);
  if (scope.kind === 'search') return state.q ? fetchListing(paramsFor(scope, state, 1)) : Promise.resolve();
  return Promise.resolve();
}
