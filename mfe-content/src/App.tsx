import { ReportNotFound } from '@store/shared-events/remote';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { HomePage } from './features/home/HomePage';

/** Routes this remote does not have a page for yet are reported to the shell, which shows its 404 page. */
function NotFound() {
  return <ReportNotFound source="content" path={useLocation().pathname} />;
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
