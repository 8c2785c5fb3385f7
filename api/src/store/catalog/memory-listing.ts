/** A listing's ids, total and facet counts from the in-memory facet and text indexes (the SQL twin is `queryListing` in ./listing.ts). */
import { PRODUCT_LIST_PAGE_SIZE } from '@store/contracts';
import type { Database } from '../../platform/db/index.js';
import type { CategoryIndex } from './categories.js';
import { FacetIndex, type TextRows } from './facet-index.js';
import type { FacetRows, ListingFilters } from './listing.js';
import type { Currency } from './prices.js';
import { TextIndex } from './text-index.js';

/** The in-memory facet and text indexes (text null when the search vectors cannot be ranked in memory). */
export interface MemoryIndexes {
  facets: FacetIndex;
  text: TextIndex | null;
}

/** Loads the in-memory indexes; null when the catalogue does not fit the facet index's bit masks (SQL is used then). */
export async function loadMemoryIndexes(db: Database, index: CategoryIndex, currency: Currency): Promise<MemoryIndexes | null> {
  const memory = await FacetIndex.load(
    db,
    (categoryId) => {
      const chain: number[] = [];
      for (let c = index.byId.get(categoryId); c; c = c.parentId === null ? undefined : index.byId.get(c.parentId)) chain.push(c.id);
      return chain;
    },
    currency,
  );
  if (!memory) return null;
  const text = await TextIndex.load(db, (id) => memory.rowById.get(id), memory.size);
  return { facets: memory, text };
}

const NOTHING: () => FacetRows = () => ({ total: 0, ids: [], categories: [], features: [], colours: [], price: null });

/** `text`: the full-text matches as index rows (null: no search text). */
export function memoryListing(memory: FacetIndex, filters: ListingFilters, text: TextRows | null): FacetRows {
  const scopeMask = filters.scopeCategoryId ? memory.categoryMaskOf([filters.scopeCategoryId]) : 0;
  if (filters.scopeCategoryId && scopeMask === 0) return NOTHING();
  const result = memory.query({
    scopeMask,
    categoryMask: filters.filterCategoryIds ? memory.categoryMaskOf(filters.filterCategoryIds) : 0,
    featureMask: filters.featureIds ? memory.featureMaskOf(filters.featureIds) : 0,
    colourMask: filters.colourNames ? memory.colourMaskOf(filters.colourNames) : 0,
    brandId: filters.brandId,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    sort: filters.sort,
    offset: (filters.page - 1) * PRODUCT_LIST_PAGE_SIZE,
    limit: PRODUCT_LIST_PAGE_SIZE,
    text,
    boostColourMask: memory.colourMaskOf(filters.boostColourNames ?? []),
  });
  // A filter naming only unknown values matches nothing (the masks would be 0 = no filter).
  const none = (ids: unknown[] | null, mask: number) => ids !== null && ids.length > 0 && mask === 0;
  if (
    none(filters.filterCategoryIds, filters.filterCategoryIds ? memory.categoryMaskOf(filters.filterCategoryIds) : 0) ||
    none(filters.featureIds, filters.featureIds ? memory.featureMaskOf(filters.featureIds) : 0) ||
    none(filters.colourNames, filters.colourNames ? memory.colourMaskOf(filters.colourNames) : 0)
  ) {
    return NOTHING();
  }
  return {
    total: result.total,
    ids: result.ids,
    categories: result.categories.map((n, b) => ({ id: memory.categoryBits[b]!, n })),
    features: result.features.map((n, b) => ({ id: memory.featureBits[b]!, n })),
    colours: result.colours.map((n, b) => ({ name: memory.colourBits[b]!, n })),
    price: result.price,
  };
}
