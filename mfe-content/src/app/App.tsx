import type { RouteData } from '@store/contracts/ssr';
import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ArticlePage } from '../features/articles/ArticlePage';
import { BlogListPage } from '../features/blog/BlogListPage';
import { BlogPostPage } from '../features/blog/BlogPostPage';
import { HomePage } from '../features/home/HomePage';
import { StoreLocatorPage } from '../features/stores/StoreLocatorPage';
import { StorePage } from '../features/stores/StorePage';
import { ContentNotFound } from '../lib/ContentNotFound';
import { RouteDataProvider } from '@store/ui/route-data';
import { SCREEN_ROUTES } from './routes';
import type { ScreenId } from './screens';

/** Each screen's page (screens.ts); all in the remote's main chunk. */
const PAGES: Record<ScreenId, ComponentType> = {
  home: HomePage,
  article: ArticlePage,
  journal: BlogListPage,
  post: BlogPostPage,
  storeLocator: StoreLocatorPage,
  store: StorePage,
};

/** The content remote's routes (screens.ts), under whichever router the caller provides (browser, or static on the server). */
export function ContentRoutes({ data = null }: { data?: RouteData | null }) {
  return (
    <RouteDataProvider data={data}>
      <Routes>
        {SCREEN_ROUTES.map(({ id, pattern }) => {
          const Page = PAGES[id];
          return <Route key={pattern} path={pattern} element={<Page />} />;
        })}
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
