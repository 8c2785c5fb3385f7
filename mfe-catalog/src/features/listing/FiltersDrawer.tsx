import type { ListingFacets } from '@store/contracts';
import { Button } from '@store/ui/button';
import { LazyOverlay } from '@store/ui/lazy-overlay';
import { Facets } from './Facets';
import type { ListingUrlState } from './url';

/**
 * The filters below 1024 px: a drawer opened by the list's Filters button, its facets scrolling
 * above "Show N products" (`total`; null while the list has no first page).
 */
export function FiltersDrawer({
  open,
  onClose,
  id,
  facets,
  state,
  onChange,
  total,
}: {
  open: boolean;
  onClose: () => void;
  id: string;
  facets: ListingFacets | undefined;
  state: ListingUrlState;
  onChange: (next: Partial<ListingUrlState>) => void;
  total: number | null;
}) {
  return (
    <LazyOverlay open={open} onClose={onClose} title="Filters" position="right" width="sm" id={id} watchRoute>
      {facets ? (
        // the facets scroll; "Show N products" stays below them, covering none of them
        <div css={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
          <div css={{ flex: 1, minHeight: 0, overflowY: 'auto', paddingRight: 4 }} data-testid="drawer-facets">
            <Facets facets={facets} state={state} onChange={onChange} variant="drawer" />
          </div>
          <div css={{ flex: 'none', background: '#fff', padding: '.75rem 0 0', borderTop: '1px solid var(--line)' }}>
            <Button data-testid="filters-done" onClick={onClose} css={{ width: '100%', padding: '.8rem 1rem' }}>
              {total !== null ? `Show ${total} ${total === 1 ? 'product' : 'products'}` : 'Show products'}
            </Button>
          </div>
        </div>
      ) : null}
    </LazyOverlay>
  );
}
