import { ReportNotFound } from '@store/shared-events/remote';
import { PageHead } from '@store/ui/page-head';
import { useLocation } from 'react-router';
import { notFoundHead, pageHeadOptions } from './head';

/**
 * The page the shopper is on, exactly as the shell sees it: pathname (still percent-encoded, with
 * any trailing slash) + search. The shell keys its 404 state by this, so a report built from route
 * params (decoded, trimmed) or a re-serialised query would not match and the page would stay blank.
 */
export function useCurrentPage(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}

/**
 * This remote has no page here: the shell shows its 404 page. Until it does, the document says
 * "Page Not Found" rather than keeping the previous page's title (pages render no head of their own then).
 */
export function ContentNotFound() {
  const page = useCurrentPage();
  return (
    <>
      <PageHead head={(origin) => notFoundHead(page, origin)} {...pageHeadOptions} />
      <ReportNotFound source="content" path={page} />
    </>
  );
}
