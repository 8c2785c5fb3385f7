/**
 * The list page's URL: page, q (the configured search parameter), sort, category,
 * feature, colour, minPrice, maxPrice. Multi-select facets are comma-separated; prices are whole
 * dollars (price step 1) and become cents for the API.
 */
import { catalogConfig } from '../../lib/config';
import { normalisePage, normaliseSort } from './sorts';

export interface ListingUrlState {
  q: string;
  sort: string;
  page: number;
  categories: string[];
  features: string[];
  colours: string[];
  /** Whole dollars. */
  minPrice: number | null;
  maxPrice: number | null;
}

const list = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => /^[a-z0-9][a-z0-9/-]*$/.test(v))
    .slice(0, 50);

const dollars = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? Math.floor(n) : null;
};

export function readListingUrl(params: URLSearchParams): ListingUrlState {
  let minPrice = dollars(params.get('minPrice'));
  let maxPrice = dollars(params.get('maxPrice'));
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    q: (params.get(catalogConfig.searchQueryParam) ?? '').trim().slice(0, 200),
    sort: normaliseSort(params.get('sort')),
    page: normalisePage(params.get('page')),
    categories: list(params.get('category')),
    features: list(params.get('feature')),
    colours: list(params.get('colour')),
    minPrice,
    maxPrice,
  };
}

/** The URL parameters for a state (empty values left out; page 1 left out). */
export function writeListingUrl(state: ListingUrlState, keep?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  // Unknown parameters (campaign tags and the like) survive.
  const ours = new Set([catalogConfig.searchQueryParam, 'sort', 'page', 'category', 'feature', 'colour', 'minPrice', 'maxPrice']);
  keep?.forEach((value, key) => {
    if (!ours.has(key)) next.append(key, value);
  });
  if (state.q) next.set(catalogConfig.searchQueryParam, state.q);
  if (state.categories.length) next.set('category', state.categories.join(','));
  if (state.features.length) next.set('feature', state.features.join(','));
  if (state.colours.length) next.set('colour', state.colours.join(','));
  if (state.minPrice !== null) next.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) next.set('maxPrice', String(state.maxPrice));
  if (state.sort) next.set('sort', state.sort);
  if (state.page > 1) next.set('page', String(state.page));
  return next;
}

export function toggle(values: string[], value: string): string[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}
