import type { RouteData } from '@store/contracts/ssr';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ArticlePage } from '../features/articles/ArticlePage';
import { BlogListPage } from '../features/blog/BlogListPage';
import { BlogPostPage } from '../features/blog/BlogPostPage';
import { HomePage } from '../features/home/HomePage';
import { StoreLocatorPage } from '../features/stores/StoreLocatorPage';
import { StorePage } from '../features/stores/StorePage';
import { ContentNotFound } from '../lib/ContentNotFound';
import { RouteDataProvider } from '@store/ui/route-data';

/** The content remote's routes, under whichever router the caller provides (browser, or static on the server). */
export function ContentRoutes({ data = null }: { data?: RouteData | null }) {
  return (
    <RouteDataProvider data={data}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/articles/*" element={<ArticlePage />} />
        <Route path="/blog" element={<BlogListPage />} />
        <Route path="/blog/*" element={<BlogPostPage />} />
        <Route path="/stores" element={<StoreLocatorPage />} />
        <Route path="/stores/:path" element={<StorePage />} />
        {/* paths this remote has no page for: the shell shows its 404 page */}
        <Route path="*" element={<ContentNotFound />} />
      </Routes>
    </RouteDataProvider>
  );
}

/** The browser root: the server render's data (when the page was server-rendered) for the first page. */
export function App({ routeData = null }: { routeData?: RouteData | null }) {
  return (
    <BrowserRouter>
      <ContentRoutes data={routeData} />
    </BrowserRouter>
  );
}
