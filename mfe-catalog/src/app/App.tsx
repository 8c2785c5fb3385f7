import type { RouteData } from '@store/contracts/ssr';
import type { ReactElement } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { PAGE_MODULES, WithRouteModule } from './routeModules';
import { listingScope, screenAt } from './routes';
import type { ScreenId } from './screens';
import { RouteDataProvider } from '@store/ui/route-data';
import { NotFound } from '../lib/NotFound';

/** Category, brand or search results: the listing the path names (screens.ts, routes.ts). */
function ListingRoute() {
  const screen = screenAt(useLocation().pathname);
  const scope = screen?.id === 'listing' ? listingScope(screen) : 'invalid';
  if (scope === 'invalid') return <NotFound />;
  // a new listing is a new page: its own state, scroll and focus
  const key = scope.kind === 'category' ? `c:${scope.path}` : scope.kind === 'brand' ? `b:${scope.slug}/${scope.category ?? ''}` : 's';
  return <WithRouteModule module={PAGE_MODULES.listing} render={({ ListingPage }) => <ListingPage key={key} scope={scope} />} />;
}

const SCREEN_ELEMENTS: Record<ScreenId, ReactElement> = {
  listing: <ListingRoute />,
  product: <WithRouteModule module={PAGE_MODULES.product} render={({ ProductPage }) => <ProductPage />} />,
};

/** The screen of the location's path by the registry's rule (routes.ts), the not-found page for a path no screen shows. */
function Screen() {
  const screen = screenAt(useLocation().pathname);
  return screen ? SCREEN_ELEMENTS[screen.id] : <NotFound />;
}

/**
 * The catalog's routes (screens.ts), under whichever router the caller provides (browser, or static
 * on the server). The screen is found by the same rule the shell and the edge use, once per render
 * (react-router's <Routes> would rank and compile every route pattern on every render); the pages
 * link by absolute paths and change only the search of their own path.
 */
export function CatalogRoutes({ data = null }: { data?: RouteData | null }) {
  return (
    <RouteDataProvider data={data}>
      <Screen />
    </RouteDataProvider>
  );
}

/** The browser root: the server render's data (when the page was server-rendered) for the first page. */
export function App({ routeData = null }: { routeData?: RouteData | null }) {
  return (
    <BrowserRouter>
      <CatalogRoutes data={routeData} />
    </BrowserRouter>
  );
}

export { NotFound };
