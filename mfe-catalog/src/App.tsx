import { ReportNotFound } from '@store/shared-events/remote';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { CategoryPage } from './features/listing/CategoryPage';
import { ProductPage } from './features/product/ProductPage';

export function NotFound() {
  return <ReportNotFound source="catalog" path={useLocation().pathname} />;
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/categories/*" element={<CategoryPage />} />
        <Route path="/products/*" element={<ProductPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
