import type { RouteData } from '@store/contracts/ssr';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { PAGE_MODULES, WithRouteModule } from './routeModules';
import { listingScope, screenAt, SCREEN_ROUTES } from './routes';
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

/** The catalog's routes (screens.ts), under whichever router the caller provides (browser, or static on the server). */
export function CatalogRoutes({ data = null }: { data?: RouteData | null }) {
  return (
    <RouteDataProvider data={data}>
      <Routes>
        {SCREEN_ROUTES.map(({ id, pattern }) => (
          <Route key={pattern} path={pattern} element={SCREEN_ELEMENTS[id]} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
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
