import { ReportNotFound } from '@store/shared-events/remote';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ArticlePage } from './features/articles/ArticlePage';
import { BlogListPage } from './features/blog/BlogListPage';
import { BlogPostPage } from './features/blog/BlogPostPage';
import { HomePage } from './features/home/HomePage';
import { StoreLocatorPage } from './features/stores/StoreLocatorPage';
import { StorePage } from './features/stores/StorePage';

/** Paths this remote has no page for are reported to the shell, which shows its 404 page. */
function NotFound() {
  return <ReportNotFound source="content" path={useLocation().pathname} />;
}

export function ContentRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/articles/*" element={<ArticlePage />} />
      <Route path="/blog" element={<BlogListPage />} />
      <Route path="/blog/*" element={<BlogPostPage />} />
      <Route path="/stores" element={<StoreLocatorPage />} />
      <Route path="/stores/:path" element={<StorePage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ContentRoutes />
    </BrowserRouter>
  );
}
