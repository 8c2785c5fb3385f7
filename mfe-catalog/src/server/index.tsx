/**
 * The catalog's server entry, built to dist/server/server.js and released with the
 * browser build. The edge (api/src/edge/ssr) loads it from the registry at run time and calls:
 * - load(ctx): the route's data, from the API in-process, keyed by the API URL the browser code
 *   asks for (the hydrating page finds the same answers), with the status and the page head;
 * - render(ctx): the catalog's routes under a static router (a list's tiles and facets from those
 *   kept: tiles.tsx, facets.tsx);
 * - warm(ctx): as the edge's process starts, the catalogue's first tiles and its categories'
 *   facets rendered and kept.
 */
import { withEmotionCache } from '@emotion/react';
import type { MarketSettings } from '@store/contracts';
import type { ReactNode } from 'react';
import type { LoadContext, LoadResult, RemoteServerModule, RenderContext, RouteData, WarmContext } from '@store/contracts/ssr';
import { MarketProvider } from '@store/ui/market';
import { StaticRouter } from 'react-router';
import { listingUrl, productApiUrl } from '../lib/api';
import { CatalogRoutes } from '../app/App';
import { provideRouteModules } from '../app/routeModules';
import { listingScope, screenAt } from '../app/routes';
import * as listing from '../features/listing/ListingPage';
import * as product from '../features/product/ProductPage';
import { paramsFor } from '../features/listing/scope';
import { readListingUrl } from '../features/listing/url';
import { listingHead } from '../features/listing/head';
import { productHead } from '../features/product/head';
import { keptFacetsFor, warmFacets } from './facets';
import { keptTilesFor, warmTiles } from './tiles';

provideRouteModules({ listing, product });

const NOT_FOUND: LoadResult = { status: 404, data: {} };

export async function load({ url, api, market }: LoadContext): Promise<LoadResult> {
  const { pathname, searchParams, origin } = new URL(url);
  // the screen of the path (app/screens.ts), by the registry's rule
  const screen = screenAt(pathname);
  if (screen?.id === 'product') {
    const key = productApiUrl(screen.rest);
    const answer = await api(key);
    if (answer.status === 404) return NOT_FOUND;
    if (answer.status !== 200) throw new Error(`GET ${key} answered ${answer.status}`);
    return { status: 200, data: { [key]: answer.body }, head: () => productHead(answer.body, origin, market?.currency ?? 'NZD') };
  }
  if (screen?.id !== 'listing') return NOT_FOUND;
  const scope = listingScope(screen);
  if (scope === 'invalid') return NOT_FOUND;
  const state = readListingUrl(searchParams);
  // the URL's page alone (features/listing/pages.ts): a page past the end of the list is not found
  const key = listingUrl(paramsFor(scope, state, state.page));
  const answer = await api(key);
  if (answer.status === 404) return NOT_FOUND;
  if (answer.status !== 200) throw new Error(`GET ${key} answered ${answer.status}`);
  const body = answer.body;
  if (state.page > Math.max(1, body.pageCount)) return NOT_FOUND;
  const data: RouteData = { [key]: body };
  // made only when the edge assembles the page (not for a page it keeps)
  return { status: 200, data, head: () => listingHead(scope, state, body, body.items, pathname, origin, market?.countryName ?? 'New Zealand') };
}

/** A list's kept tiles and facets for this render: their lookups, given the page's emotion cache once. */
const ProvideKept = withEmotionCache(
  ({ tiles, market, children }: { tiles: ReturnType<typeof keptTilesFor>; market: MarketSettings | undefined; children: ReactNode }, cache) => (
    <listing.KeptTilesContext.Provider value={tiles?.(cache) ?? null}>
      <listing.KeptFacetsContext.Provider value={keptFacetsFor(market, cache)}>{children}</listing.KeptFacetsContext.Provider>
    </listing.KeptTilesContext.Provider>
  ),
);

export function render({ url, data, market }: RenderContext) {
  const { pathname, search } = new URL(url, 'http://localhost');
  // a list's tiles and facets from those kept (tiles.tsx, facets.tsx), new ones rendered now
  const tiles = keptTilesFor(data, market);
  return (
    <MarketProvider market={market}>
    <StaticRouter location={`${pathname}${search}`}>
      <ProvideKept tiles={tiles} market={market}>
        <CatalogRoutes data={data} />
      </ProvideKept>
    </StaticRouter>
    </MarketProvider>
  );
}

export async function warm({ api, market }: WarmContext): Promise<void> {
  await warmTiles(api, market);
  await warmFacets(api, market);
}

// the shape the edge expects (checked at build time)
const _module: RemoteServerModule = { load, render, warm };
void _module;
