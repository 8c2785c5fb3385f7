import { BrowserRouter, Route, Routes } from 'react-router';
import { ArticlePage } from './features/articles/ArticlePage';
import { BlogListPage } from './features/blog/BlogListPage';
import { BlogPostPage } from './features/blog/BlogPostPage';
import { HomePage } from './features/home/HomePage';
import { StoreLocatorPage } from './features/stores/StoreLocatorPage';
import { StorePage } from './features/stores/StorePage';
import { ContentNotFound } from './lib/not-found';


export function ContentRoutes() {
  return (
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
  );
}

export function App() {
  return (
    <BrowserRouter>
      <ContentRoutes />
    </BrowserRouter>
  );
}
