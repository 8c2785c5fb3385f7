import type { ListingFacets, ProductTile as Tile } from '@store/contracts';
import { warmWhenIdle } from '@store/shared-events/remote';
import { preloadOverlay } from '@store/ui/lazy-overlay';
import { createContext, startTransition, Suspense, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactElement } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { NotFound } from '../../lib/NotFound';
import { pageHeadOptions } from '../../lib/head';
import { listingHead, listingTitle } from './head';
import { PageHead } from '@store/ui/page-head';
import { useListingPages } from './pages';
import { paramsFor, type ListingScope } from './scope';
import { activeFilterCount, AppliedFilters, Facets } from './Facets';
import { FiltersDrawer } from './FiltersDrawer';
import { useImpressions } from './impressions';
import { NoResults } from './NoResults';
import { takeResultsFocus } from '../../lib/resultsFocus';
import { productGrid } from './grid';
import { ProductTile } from './ProductTile';
import { SearchBox } from './SearchBox';
import { useScrollMemory } from './scrollMemory';
import { SORTS } from './sorts';
import { readListingUrl, writeListingUrl, type ListingUrlState } from './url';
import { Button } from '@store/ui/button';
import { VisuallyHidden, visuallyHidden } from '@store/ui/visually-hidden';

export type { ListingScope };

/** Below this width the filters are a drawer opened by the Filters button; from it up, the sidebar (CSS only: the server has no viewport). */
const DRAWER_MEDIA = '@media (max-width: 1023px)';
const SIDEBAR_MEDIA = '@media (min-width: 1024px)';
/** Load more and Load previous: busy (not disabled, which would drop focus) while their page loads. */
const pageButton = { fontWeight: 'inherit', padding: '.8rem 2rem', '&[aria-disabled="true"]': { cursor: 'progress', opacity: 0.7 } } as const;

export { paramsFor };

/**
 * On the server, a list item already rendered for another list (server/tiles.tsx): the element that
 * writes its kept HTML (keyed), the same bytes React writes for the tile, or null to render it. In
 * the browser there is none and every tile renders itself.
 */
export type KeptTiles = (item: Tile, eager: boolean, position: number) => ReactElement | null;
export const KeptTilesContext = createContext<KeptTiles | null>(null);
/**
 * On the server, the sidebar's facets as kept for another list with the same facets and filters
 * (server/facets.tsx): the element that writes their HTML, or null to render them. None in the browser.
 */
export type KeptFacets = (facets: ListingFacets, state: ListingUrlState) => ReactElement | null;
export const KeptFacetsContext = createContext<KeptFacets | null>(null);

export function ListingPage({ scope }: { scope: ListingScope }) {
  const kept = useContext(KeptTilesContext);
  const keptFacets = useContext(KeptFacetsContext);
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = readListingUrl(params);
  const { page } = state;
  const base = paramsFor(scope, state, 1);
  const key = JSON.stringify({ ...base, page: 0 });
  const route = `${location.pathname}${location.search}`;
  const { status, pages, start, loadPrevious, loadingEarlier } = useListingPages(scope, state, key, route);
  // the list on screen (none after a failure): kept while another filter combination or sort of it loads
  const [shown, setShown] = useState({ key, pages, start });
  if (status !== 'loading' && (shown.key !== key || shown.pages !== pages)) setShown({ key, pages, start });
  const sortId = useId();
  const headingId = useId();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the filter drawer's code, once the page is idle after hydration and the shopper has shown
  // intent: the first tap on Filters does not wait for it
  useEffect(() => warmWhenIdle(preloadOverlay, 3000), []);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // Load more and Load previous: the index of the first tile asked for, focused once the list is longer than it was
  const focusTileAt = useRef<{ index: number; longerThan: number } | null>(null);

  useScrollMemory(status === 'ready');

  // A search submitted from the header's search overlay: focus goes to the results heading once they are shown.
  useEffect(() => {
    if (status !== 'ready') return undefined;
    return takeResultsFocus(`${location.pathname}${location.search}`, () => headingRef.current);
  }, [status, location.pathname, location.search]);

  const first = pages[0];
  // While a new filter combination loads, the filters stay on screen (the previous answer's options).
  const facetSource = first ?? shown.pages[0];
  const items: Tile[] = useMemo(() => pages.flatMap((p) => p.items), [pages]);
  // While another filter combination or sort of the same list loads, the tiles shown stay on screen
  // (the list is marked busy) instead of being taken down and put back: a tap on a filter does not
  // unmount 48 tiles. Another category, brand or search starts from an empty list.
  const sameList = useMemo(() => {
    try {
      const before = JSON.parse(shown.key) as Partial<typeof base>;
      return before.category === base.category && before.brand === base.brand && before.q === base.q;
    } catch {
      return false;
    }
  }, [shown.key, base.category, base.brand, base.q]);
  const previousItems: Tile[] = useMemo(() => (sameList ? shown.pages.flatMap((p) => p.items) : []), [shown, sameList]);
  const showingPrevious = items.length === 0 && status === 'loading';
  const shownItems = showingPrevious ? previousItems : items;
  // a tile's position in the whole list (the list on screen may start at a later page)
  const pageSize = (first ?? shown.pages[0])?.pageSize ?? 0;
  const productsBefore = (start - 1) * pageSize;
  const offset = showingPrevious ? (shown.start - 1) * pageSize : productsBefore;
  const shownTo = productsBefore + items.length;
  // the heading and count of the list on screen (the previous answer's while the next loads)
  const shownFirst = first ?? (sameList && status === 'loading' ? shown.pages[0] : undefined);
  const title = listingTitle(scope, state, shownFirst);
  const total = first?.total ?? 0;
  const nothingToFilter = Boolean(first && total === 0 && activeFilterCount(state) === 0);
  const listName = scope.kind === 'search' ? 'search' : scope.kind === 'brand' ? `brand:${scope.slug}` : `category:${scope.path}`;
  useImpressions(listName, key, items, productsBefore);
  // Load more keeps the keyboard where the shopper was reading: the button keeps focus while the
  // next page loads (it is not disabled, which would drop focus to the page), then focus moves to
  // the first newly loaded tile's link (whether or not more remain).
  useEffect(() => {
    const wanted = focusTileAt.current;
    if (wanted === null) return;
    if (status === 'error' || status === 'not-found') focusTileAt.current = null;
    if (status !== 'ready' || items.length <= wanted.longerThan || items.length <= wanted.index) return;
    focusTileAt.current = null;
    listRef.current?.children[wanted.index]?.querySelector<HTMLElement>('a[href]')?.focus();
  });
  // another filter combination or sort is another list: a pending Load more focus is dropped
  useEffect(() => {
    focusTileAt.current = null;
  }, [key]);
  // A filter ticked low in the desktop sidebar: once its results are shown, their heading and count
  // come into view (below the sticky header) when the page is scrolled past them; focus stays on the
  // filter, and the count is announced by its live region.
  const revealResults = useRef(false);
  useEffect(() => {
    if (!revealResults.current || status === 'loading') return;
    revealResults.current = false;
    const heading = headingRef.current;
    if (!heading) return;
    const top = heading.getBoundingClientRect().top;
    const covered = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--sticky-offset-list-controls')) || 0;
    if (top >= covered && top < window.innerHeight / 2) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    window.scrollTo({ top: Math.max(0, window.scrollY + top - covered - 8), behavior: still ? 'auto' : 'smooth' });
  }, [status, key]);

  // the page head (rendered while there is a first page); made again when the list changes
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const head = useCallback((origin: string) => listingHead(scope, state, first!, items, location.pathname, origin), [key, pages.length, first]);

  if (status === 'not-found') return <NotFound />;

  const update = (next: Partial<ListingUrlState>, replace = false) => {
    setParams(writeListingUrl({ ...state, ...next, page: 1 }, params), { replace, preventScrollReset: true });
  };

  return (
    <div css={{ maxWidth: 1280, margin: '0 auto', padding: '2rem 1.25rem' }}>
      {scope.kind === 'category' ? (
        <nav aria-label="Breadcrumb" css={{ fontSize: 14, color: 'var(--muted)', marginBottom: '.5rem', minHeight: '1.5em' }}>
          {first?.category?.breadcrumbs.map((crumb, index) => (
            <span key={crumb.path}>
              {index > 0 ? ' / ' : ''}
              <Link to={`/categories/${crumb.path}`} aria-current={index === first.category!.breadcrumbs.length - 1 ? 'page' : undefined}>
                {crumb.name}
              </Link>
            </span>
          ))}
        </nav>
      ) : null}
      <h1 id={headingId} ref={headingRef} tabIndex={-1} css={{ fontFamily: 'Georgia, serif', fontWeight: 400, fontSize: 36, margin: 0, outline: 'none', '@media (max-width: 599px)': { fontSize: 28 } }}>
        {title || '\u00a0'}
      </h1>
      {scope.kind === 'search' ? <SearchBox q={state.q} /> : null}
      {/* the product-list controls stay in view below the sticky header (offsets from the shell) */}
      <div
        data-sticky="list-controls"
        css={{
          position: 'sticky',
          top: 'var(--sticky-offset-list-controls, 0px)',
          zIndex: 4,
          background: 'var(--paper, #f7f3ec)',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '.5rem 1rem',
          padding: '.6rem 0',
          marginBottom: '1rem',
          borderBottom: '1px solid var(--line)',
        }}
      >
        <div>
          <p css={{ margin: 0, color: 'var(--muted)' }} aria-live="polite" data-testid="listing-total">
            {first ? `${total} ${total === 1 ? 'product' : 'products'}` : '\u00a0'}
          </p>
          {first?.correctedQuery ? (
            <p css={{ margin: '.25rem 0 0' }} data-testid="corrected-query">
              No exact matches for “{first.q}”. Showing results for “{first.correctedQuery}”.
            </p>
          ) : null}
          {first?.anyWord ? (
            <p css={{ margin: '.25rem 0 0' }} data-testid="any-word">
              No products match all of these words; showing products that match any of them.
            </p>
          ) : null}
        </div>
        {/* nothing to filter or sort when nothing matched and no filter is applied */}
        <div css={{ display: nothingToFilter ? 'none' : 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {/* the filter drawer's button: rendered always (server and browser alike), shown below 1024 px */}
          <Button
            variant="secondary"
            type="button"
            data-testid="filters-button"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? drawerId : undefined}
            // as a transition: the tap's frame paints at once, the drawer a frame or two later
            onClick={() => startTransition(() => setDrawerOpen(true))}
            onPointerEnter={preloadOverlay}
            onFocus={preloadOverlay}
            css={{
              display: 'none',
              [DRAWER_MEDIA]: { display: 'inline-flex' },
              alignItems: 'center',
              gap: 6,
              fontWeight: 'inherit',
              minHeight: 36,
              padding: '.4rem 1rem',
            }}
          >
            Filters
            {activeFilterCount(state) > 0 ? (
              <span data-testid="filters-count" css={{ minWidth: 22, height: 22, borderRadius: 11, background: 'var(--forest)', color: '#fff', fontSize: 12, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', padding: '0 6px' }}>
                {activeFilterCount(state)}
                <VisuallyHidden> applied</VisuallyHidden>
              </span>
            ) : null}
          </Button>
          {/* on a phone the select says what it sorts by; the label stays for screen readers */}
          {/* (one line: e2e 07 and 61 edit the label's text in a copy of this file) */}
          <label htmlFor={sortId} css={{ '@media (max-width: 599px)': visuallyHidden }}>Sort by</label>
          <select
            id={sortId}
            value={state.sort}
            // Changing the sort clears page and replaces the history entry.
            onChange={(event) => update({ sort: event.target.value }, true)}
            css={{ font: 'inherit', padding: '.45rem .6rem', borderRadius: 8, border: '1px solid #b9b2a3', background: '#fff' }}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div css={{ display: 'grid', gridTemplateColumns: '1fr', gap: '2rem', [SIDEBAR_MEDIA]: { gridTemplateColumns: nothingToFilter ? '1fr' : '240px minmax(0, 1fr)' } }}>
        {/* the sidebar from 1024 px (hidden by CSS below it, where the drawer holds the filters);
            none when nothing matched and no filter is applied (a price range of nothing filters nothing) */}
        <div data-testid="facets-sidebar" css={{ display: nothingToFilter ? 'none' : undefined, [DRAWER_MEDIA]: { display: 'none' } }}>
          <Suspense fallback={null}>
            {facetSource ? (
              keptFacets?.(facetSource.facets, state) ?? <Facets
                facets={facetSource.facets}
                state={state}
                onChange={(next) => {
                  revealResults.current = true;
                  update(next);
                }}
              />
            ) : null}
          </Suspense>
        </div>
        <div>
          <AppliedFilters state={state} facets={facetSource?.facets} onChange={(next) => update(next)} />
          {/* a list opened at a later page: the pages before it, one at a time, above it */}
          {start > 1 && status === 'ready' && items.length > 0 ? (
            <div css={{ textAlign: 'center', marginBottom: '1.5rem' }}>
              <Button
                variant="secondary"
                aria-disabled={loadingEarlier ? true : undefined}
                data-testid="load-previous"
                onClick={() => {
                  if (loadingEarlier) return;
                  focusTileAt.current = { index: 0, longerThan: items.length };
                  loadPrevious();
                }}
                css={pageButton}
              >
                {loadingEarlier ? 'Loading…' : 'Load previous'}
              </Button>
            </div>
          ) : null}
          {status === 'error' ? (
            <p role="alert">We couldn't load these products just now. Please refresh the page to try again.</p>
          ) : first && total === 0 ? (
            scope.kind === 'search' && state.q && activeFilterCount(state) === 0 ? (
              <NoResults q={state.q} corrected={first.correctedQuery} />
            ) : (
              <div role="status">
                <p>{scope.kind === 'search' && state.q ? `We couldn't find anything for “${state.q}” with these filters. Try removing one.` : 'No products match these filters. Try removing one.'}</p>
              </div>
            )
          ) : (
            <ul
              ref={listRef}
              aria-labelledby={headingId}
              aria-busy={status === 'loading'}
              css={productGrid}
            >
              {shownItems.map(
                (item, index) =>
                  kept?.(item, index < 4, offset + index + 1) ?? (
                    <li key={item.id}>
                      {/* each tile hydrates on its own (selective hydration: short tasks, not one long one) */}
                      <Suspense fallback={null}>
                        <ProductTile item={item} eager={index < 4} position={offset + index + 1} />
                      </Suspense>
                    </li>
                  ),
              )}
            </ul>
          )}
          {shownTo < total ? (
            <div css={{ textAlign: 'center', marginTop: '2.5rem' }}>
              <p css={{ color: 'var(--muted)' }}>
                Showing {start > 1 ? `${productsBefore + 1}–${shownTo}` : items.length} of {total}
              </p>
              <Button
                variant="secondary"
                aria-disabled={status === 'loading' ? true : undefined}
                data-testid="load-more"
                onClick={() => {
                  if (status === 'loading') return;
                  focusTileAt.current = { index: items.length, longerThan: items.length };
                  // The URL keeps the page (reload and back show the same list); no new history entry.
                  setParams(writeListingUrl({ ...state, page: page + 1 }, params), { replace: true, preventScrollReset: true });
                }}
                css={pageButton}
              >
                {status === 'loading' ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <FiltersDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        id={drawerId}
        facets={facetSource?.facets}
        state={state}
        onChange={(next) => update(next)}
        total={first ? total : null}
      />
      {first ? <PageHead head={head} {...pageHeadOptions} /> : null}
    </div>
  );
}
