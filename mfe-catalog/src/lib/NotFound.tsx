import { ReportNotFound } from '@store/shared-events/remote';
import { useLocation } from 'react-router';

/** A catalog path with no page: the shell shows its 404 page. */
export function NotFound() {
  return <ReportNotFound source="catalog" path={useLocation().pathname} />;
}
