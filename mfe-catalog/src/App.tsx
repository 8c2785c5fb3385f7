import { bus, topics } from '@store/shared-events';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { CategoryPage } from './features/listing/CategoryPage';
import { ProductPage } from './features/product/ProductPage';

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    bus.publish(topics.shellNotFound, { path: pathname }, { source: 'catalog' });
  }, [pathname]);
  return null;
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
