/**
 * The pages of a list on screen: a run of pages start..page of the URL's list.
 *
 * A list opened at `?page=N` (a link, a reload, a search engine) shows page N alone, with Load
 * previous above it: every page URL has its own 48 products, and no page is larger than one page.
 * Coming back to a list whose earlier pages are in memory (Back from a product) shows them all
 * again, so the scroll position lands where it was. Load more adds the next page and keeps it in
 * the URL (replacing the entry); Load previous adds the page before.
 */
import type { ListingResponse } from '@store/contracts';
import type { RouteData } from '@store/contracts/ssr';
import { useLoad } from '@store/ui/load';
import { useRouteDataMap } from '@store/ui/route-data';
import { useEffect, useMemo, useState } from 'react';
import { fetchListing, isListingKept, isNotFound, keepListing, listingUrl } from '../../lib/api';
import { paramsFor, type ListingScope } from './scope';
import type { ListingUrlState } from './url';

/** Pages start, start + 1, …; none while the list loads. */
interface ListingRun {
  start: number;
  pages: ListingResponse[];
}

/** Pages added before or after a list's first load, or the failure of one (which takes the list down, as a failed first load does). */
interface Added {
  key: string;
  pages: ListingResponse[];
  failure?: { error: unknown };
}

type ListingStatus = 'loading' | 'ready' | 'error' | 'not-found';

const NO_PAGES: ListingResponse[] = [];

/** The URL's page from the server render's data, when it has it and no page before it is in memory. */
function seededRun(data: RouteData | null, scope: ListingScope, state: ListingUrlState): ListingRun | null {
  const answer = data?.[listingUrl(paramsFor(scope, state, state.page))] as ListingResponse | undefined;
  return answer && firstPageKept(scope, state) === state.page ? { start: state.page, pages: [answer] } : null;
}

/** The first page of a list's first load: the URL's page, or an earlier one whose answers are all in memory. */
function firstPageKept(scope: ListingScope, state: ListingUrlState): number {
  let start = state.page;
  while (start > 1 && isListingKept(paramsFor(scope, state, start - 1))) start -= 1;
  return start;
}

/** A list of the page's URL state; `key` names the list (its page left out), `route` is the page's pathname + search. */
export function useListingPages(scope: ListingScope, state: ListingUrlState, key: string, route: string) {
  const { page } = state;
  // Server-rendered first visit: the page the edge fetched, while that list is shown (Load more's new URL has no route data)
  const data = useRouteDataMap();
  const [seed, setSeed] = useState(() => {
    const run = seededRun(data, scope, state);
    return run ? { key, run } : null;
  });
  if (seed && seed.key !== key) setSeed(null);
  // the seeded page is kept with those asked for, so coming back to the list finds it
  useEffect(() => {
    if (seed) keepListing(paramsFor(scope, state, seed.run.start), seed.run.pages[0]!);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seed]);
  // A list's first load: the URL's page as the route's payload (one request), with the pages before it kept in memory
  const firstLoad = useLoad<ListingRun>(
    key,
    async () => {
      const start = firstPageKept(scope, state);
      const pages = await Promise.all(Array.from({ length: page - start + 1 }, (_, i) => fetchListing(paramsFor(scope, state, start + i), route)));
      return { start, pages };
    },
    { initialData: seed?.key === key ? seed.run : undefined },
  );
  const [after, setAfter] = useState<Added>({ key, pages: [] });
  const [before, setBefore] = useState<Added & { loading?: boolean }>({ key, pages: [] });
  const later = after.key === key ? after : null;
  const earlier = before.key === key ? before : null;
  const failure = firstLoad.status === 'error' ? { error: firstLoad.error } : (later?.failure ?? earlier?.failure);
  const run = firstLoad.status === 'ready' && !failure ? firstLoad.data : null;
  const ready = run !== null;
  const pages = useMemo(() => (run ? [...(earlier?.pages ?? []), ...run.pages, ...(later?.pages ?? [])] : NO_PAGES), [run, earlier?.pages, later?.pages]);
  const start = run ? run.start - (earlier?.pages.length ?? 0) : page;
  const last = start + pages.length - 1;
  const pageCount = pages.at(-1)?.pageCount ?? 1;
  const status: ListingStatus = failure
    ? isNotFound(failure.error)
      ? 'not-found'
      : 'error'
    : last < page
      ? 'loading'
      : // a page past the end of the list is not a page of it
        page > Math.max(1, pageCount)
        ? 'not-found'
        : 'ready';

  // Load more: the pages after those loaded, one by one
  useEffect(() => {
    if (!ready || last >= page) return undefined;
    let live = true;
    const wanted = Array.from({ length: page - last }, (_, i) => last + i + 1);
    Promise.all(wanted.map((p) => fetchListing(paramsFor(scope, state, p)))).then(
      (next) => {
        if (live) setAfter((m) => ({ key, pages: [...(m.key === key ? m.pages : []), ...next] }));
      },
      (error: unknown) => {
        if (live) setAfter({ key, pages: [], failure: { error } });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, page, last, ready]);

  const loadingEarlier = Boolean(earlier?.loading);
  /** Load previous: the page before the first shown. */
  const loadPrevious = () => {
    if (!ready || loadingEarlier || start <= 1) return;
    setBefore({ key, pages: earlier?.pages ?? [], loading: true });
    fetchListing(paramsFor(scope, state, start - 1)).then(
      (answer) => setBefore((b) => (b.key === key ? { key, pages: [answer, ...b.pages] } : b)),
      (error: unknown) => setBefore((b) => (b.key === key ? { key, pages: [], failure: { error } } : b)),
    );
  };

  return { status, pages, start, loadPrevious, loadingEarlier };
}
