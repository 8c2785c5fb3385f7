import { bus, topics } from '@store/shared-events';
import { useEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { HomePage } from './features/home/HomePage';

/** Routes this remote does not have a page for yet are reported to the shell, which shows its 404 page. */
function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    bus.publish(topics.shellNotFound, { path: pathname }, { source: 'content' });
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </BrowserRouter>
  );
}
