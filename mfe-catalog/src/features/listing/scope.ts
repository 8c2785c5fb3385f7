import type { ListingParams } from '../../lib/api';
import type { ListingUrlState } from './url';

export type ListingScope = { kind: 'category'; path: string } | { kind: 'search' } | { kind: 'brand'; slug: string; category?: string };

/** The listing request for a scope, URL state and page (also what a prefetch asks for). */
export function paramsFor(scope: ListingScope, state: ListingUrlState, page: number): ListingParams {
  return {
    category: scope.kind === 'category' ? scope.path : scope.kind === 'brand' ? scope.category : undefined,
    brand: scope.kind === 'brand' ? scope.slug : undefined,
    q: state.q || undefined,
    categories: state.categories,
    features: state.features,
    colours: state.colours,
    minPrice: state.minPrice === null ? undefined : state.minPrice * 100,
    maxPrice: state.maxPrice === null ? undefined : state.maxPrice * 100,
    sort: state.sort,
    page,
  };
}

