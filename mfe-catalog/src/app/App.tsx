import type { RouteData } from '@store/contracts/ssr';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { listingModule, productModule, WithRouteModule } from './routeModules';
import { RouteDataProvider } from '@store/ui/route-data';
import { NotFound } from '../lib/NotFound';

function CategoryRoute() {
  const path = useLocation().pathname.replace(/^\/categories\/?/, '').replace(/\/+$/, '');
  return <WithRouteModule module={listingModule} render={({ ListingPage }) => <ListingPage key={`c:${path}`} scope={{ kind: 'category', path }} />} />;
}

function BrandRoute() {
  const [slug = '', ...rest] = useLocation().pathname.replace(/^\/brands\/?/, '').replace(/\/+$/, '').split('/');
  const category = rest.join('/') || undefined;
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return <NotFound />;
  return <WithRouteModule module={listingModule} render={({ ListingPage }) => <ListingPage key={`b:${slug}/${category ?? ''}`} scope={{ kind: 'brand', slug, category }} />} />;
}

/** The catalog's routes, under whichever router the caller provides (browser, or static on the server). */
export function CatalogRoutes({ data = null }: { data?: RouteData | null }) {
  return (
    <RouteDataProvider data={data}>
      <Routes>
        <Route path="/categories/*" element={<CategoryRoute />} />
        <Route path="/search" element={<WithRouteModule module={listingModule} render={({ ListingPage }) => <ListingPage scope={{ kind: 'search' }} />} />} />
        <Route path="/brands/*" element={<BrandRoute />} />
        <Route path="/products/*" element={<WithRouteModule module={productModule} render={({ ProductPage }) => <ProductPage />} />} />
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
