import type { FacetOption, ListingFacets } from '@store/contracts';
import { FACET_INITIAL } from '@store/contracts';
import { useState, type FormEvent } from 'react';
import type { ListingUrlState } from './url';
import { useMoney } from '@store/ui/market';
import { Button } from '@store/ui/button';
import { VisuallyHidden } from '@store/ui/visually-hidden';

type FacetKey = 'categories' | 'features' | 'colours';
type Variant = 'sidebar' | 'drawer';

/**
 * The facets' element ids: fixed per variant (a page shows one sidebar and at most one drawer), not
 * `useId`, so the server can keep the facets' HTML and write it into any list (server/facets.tsx).
 */
const idOf = (variant: Variant, name: string) => `facets-${variant}-${name}`;

const SWATCH = { width: 14, height: 14, borderRadius: '50%', border: '1px solid var(--line)' } as const;

const TITLES: Record<FacetKey, string> = { categories: 'Categories', features: 'Features', colours: 'Colours' };

function FacetGroup({ facet, variant, options: given, selected, onToggle }: { facet: FacetKey; variant: Variant; options: FacetOption[]; selected: string[]; onToggle: (value: string) => void }) {
  const [expanded, setExpanded] = useState(false);
  // Checked state follows the URL at once (the counts follow when the new answer arrives).
  const options = given.map((o) => ({ ...o, selected: selected.includes(o.value) }));
  const listId = idOf(variant, facet);
  const initial = FACET_INITIAL[facet];
  // Selected options always show, even beyond the initial count.
  const shown = expanded ? options : options.filter((o, i) => i < initial || o.selected);
  if (options.length === 0) return null;
  return (
    <fieldset css={{ border: 0, borderTop: '1px solid var(--line)', padding: '1rem 0 .5rem', margin: 0 }} data-facet={facet}>
      <legend css={{ fontWeight: 600, padding: 0, float: 'left', width: '100%', marginBottom: '.5rem' }}>{TITLES[facet]}</legend>
      <ul id={listId} css={{ listStyle: 'none', padding: 0, margin: 0, clear: 'both', display: 'grid', gap: 6 }}>
        {shown.map((option) => (
          <li key={option.value}>
            <label css={{ display: 'flex', alignItems: 'center', gap: 8, cursor: 'pointer', fontSize: 15 }}>
              <input type="checkbox" checked={option.selected} onChange={() => onToggle(option.value)} css={{ width: 24, height: 24, margin: 0, flex: 'none', accentColor: 'var(--forest)' }} />
              {/* the colour as a style attribute: one rule for every swatch, not one per colour */}
              {option.hex ? <span aria-hidden="true" css={SWATCH} style={{ background: option.hex }} /> : null}
              <span>{option.label}</span>
              <span css={{ color: 'var(--muted)', marginLeft: 'auto' }}>
                {option.count}
                <VisuallyHidden>{option.count === 1 ? ' product' : ' products'}</VisuallyHidden>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {options.length > initial ? (
        <Button
          variant="link"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((e) => !e)}
          css={{ marginTop: 8, minHeight: 24, fontSize: 14 }}
        >
          {expanded ? `Show fewer ${TITLES[facet].toLowerCase()}` : `Show all ${options.length} ${TITLES[facet].toLowerCase()}`}
        </Button>
      ) : null}
    </fieldset>
  );
}

function PriceFacet({ range, variant, state, onApply }: { range: ListingFacets['price']; variant: Variant; state: ListingUrlState; onApply: (min: number | null, max: number | null) => void }) {
  const money = useMoney();
  const minId = idOf(variant, 'min-price');
  const maxId = idOf(variant, 'max-price');
  const key = `${state.minPrice ?? ''}|${state.maxPrice ?? ''}`;
  const [draft, setDraft] = useState({ key, min: state.minPrice?.toString() ?? '', max: state.maxPrice?.toString() ?? '' });
  const values = draft.key === key ? draft : { key, min: state.minPrice?.toString() ?? '', max: state.maxPrice?.toString() ?? '' };
  const floorDollars = range ? Math.floor(range.min / 100) : 0;
  const ceilDollars = range ? Math.ceil(range.max / 100) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parse = (v: string) => (v.trim() === '' ? null : Math.max(0, Math.floor(Number(v))));
    let min = parse(values.min);
    let max = parse(values.max);
    if (min !== null && Number.isNaN(min)) min = null;
    if (max !== null && Number.isNaN(max)) max = null;
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    onApply(min, max);
  };
  const input = { width: '100%', font: 'inherit', padding: '.4rem .5rem', border: '1px solid #b9b2a3', borderRadius: 6 };
  return (
    <form onSubmit={submit} css={{ borderTop: '1px solid var(--line)', padding: '1rem 0' }} aria-label="Price" data-facet="price">
      <p css={{ fontWeight: 600, margin: '0 0 .5rem' }} aria-hidden="true">
        Price
      </p>
      {range ? (
        <p css={{ margin: '0 0 .5rem', color: 'var(--muted)', fontSize: 14 }}>
          {money(range.min)} to {money(range.max)}
        </p>
      ) : null}
      <div css={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
        <div>
          <label htmlFor={minId} css={{ fontSize: 14 }}>
            Min price ($)
          </label>
          <input id={minId} name="minPrice" type="number" inputMode="numeric" min={0} step={1} placeholder={String(floorDollars)} value={values.min} onChange={(e) => setDraft({ ...values, min: e.target.value })} css={input} />
        </div>
        <div>
          <label htmlFor={maxId} css={{ fontSize: 14 }}>
            Max price ($)
          </label>
          <input id={maxId} name="maxPrice" type="number" inputMode="numeric" min={0} step={1} placeholder={ceilDollars?.toString()} value={values.max} onChange={(e) => setDraft({ ...values, max: e.target.value })} css={input} />
        </div>
      </div>
      <Button variant="secondary" type="submit" css={{ marginTop: 8, fontWeight: 'inherit', padding: '.4rem 1rem' }}>
        Apply price
      </Button>
    </form>
  );
}

/** How many filters are applied (a price range counts as one). */
export function activeFilterCount(state: ListingUrlState): number {
  return state.categories.length + state.features.length + state.colours.length + (state.minPrice !== null || state.maxPrice !== null ? 1 : 0);
}

export const CLEARED: Partial<ListingUrlState> = { categories: [], features: [], colours: [], minPrice: null, maxPrice: null };

export interface AppliedFilter {
  key: string;
  label: string;
  /** The URL state without this filter. */
  without: Partial<ListingUrlState>;
}

/** The applied filters, labelled from the facets' options (the value itself when not listed). */
export function appliedFilters(state: ListingUrlState, facets: ListingFacets | undefined): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  for (const key of ['categories', 'features', 'colours'] as const) {
    for (const value of state[key]) {
      const label = facets?.[key].find((o) => o.value === value)?.label ?? value;
      out.push({ key: `${key}:${value}`, label, without: { [key]: state[key].filter((v) => v !== value) } });
    }
  }
  if (state.minPrice !== null || state.maxPrice !== null) {
    const label =
      state.minPrice !== null && state.maxPrice !== null
        ? `$${state.minPrice} to $${state.maxPrice}`
        : state.minPrice !== null
          ? `From $${state.minPrice}`
          : `Up to $${state.maxPrice}`;
    out.push({ key: 'price', label, without: { minPrice: null, maxPrice: null } });
  }
  return out;
}

/** The applied filters above the products: a chip per filter (removes it) and Clear all. */
export function AppliedFilters({ state, facets, onChange }: { state: ListingUrlState; facets: ListingFacets | undefined; onChange: (next: Partial<ListingUrlState>) => void }) {
  const applied = appliedFilters(state, facets);
  if (applied.length === 0) return null;
  const chip = {
    font: 'inherit',
    fontSize: 14,
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    minHeight: 32,
    padding: '.25rem .75rem',
    borderRadius: 999,
    border: '1px solid var(--forest)',
    background: '#fff',
    color: 'var(--forest)',
    cursor: 'pointer',
  } as const;
  return (
    <div data-testid="applied-filters" css={{ marginBottom: '1rem' }}>
      <VisuallyHidden as="h2">Applied filters</VisuallyHidden>
      <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        {applied.map((filter) => (
          <li key={filter.key}>
            <button type="button" onClick={() => onChange(filter.without)} css={chip} data-testid="filter-chip">
              <VisuallyHidden>Remove filter: </VisuallyHidden>
              {filter.label}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {applied.length > 1 ? (
          <li>
            <button type="button" onClick={() => onChange(CLEARED)} css={{ ...chip, border: 0, textDecoration: 'underline' }}>
              Clear all filters
            </button>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export function Facets({
  facets,
  state,
  onChange,
  variant = 'sidebar',
}: {
  facets: ListingFacets;
  state: ListingUrlState;
  onChange: (next: Partial<ListingUrlState>) => void;
  /** The sidebar (1024 px and up) is a complementary region with its heading; the drawer's title is the overlay's. */
  variant?: Variant;
}) {
  const active = activeFilterCount(state);
  const toggle = (key: FacetKey, value: string) => {
    const current = state[key];
    onChange({ [key]: current.includes(value) ? current.filter((v) => v !== value) : [...current, value] });
  };
  const Wrapper = variant === 'sidebar' ? 'aside' : 'div';
  return (
    <Wrapper aria-label={variant === 'sidebar' ? 'Filters' : undefined} css={{ fontSize: 15 }} data-facets={variant}>
      <div css={{ display: variant === 'drawer' && active === 0 ? 'none' : 'flex', justifyContent: variant === 'sidebar' ? 'space-between' : 'flex-end', alignItems: 'baseline', marginBottom: '.5rem' }}>
        {variant === 'sidebar' ? <h2 css={{ fontSize: 18, margin: 0 }}>Filters</h2> : null}
        {active > 0 ? (
          <Button
            variant="link"
            onClick={() => onChange(CLEARED)}
            css={{ fontSize: 14, minHeight: 24, padding: '1px 6px' }}
          >
            Clear all ({active})
          </Button>
        ) : null}
      </div>
      <FacetGroup facet="categories" variant={variant} options={facets.categories} selected={state.categories} onToggle={(v) => toggle('categories', v)} />
      <FacetGroup facet="features" variant={variant} options={facets.features} selected={state.features} onToggle={(v) => toggle('features', v)} />
      <FacetGroup facet="colours" variant={variant} options={facets.colours} selected={state.colours} onToggle={(v) => toggle('colours', v)} />
      <PriceFacet range={facets.price} variant={variant} state={state} onApply={(minPrice, maxPrice) => onChange({ minPrice, maxPrice })} />
    </Wrapper>
  );
}
