import type { ProductTile } from '@store/contracts';
import { getJson } from '../lib/resource';

export interface Listing {
  items: ProductTile[];
  total: number;
}

/** The content remote's own client for the catalogue listing (product rails on the home page). */
export function fetchListing(category: string, sort: string, signal?: AbortSignal): Promise<Listing> {
  const params = new URLSearchParams({ category });
  if (sort) params.set('sort', sort);
  return getJson<Listing>(`/api/catalog/listing?${params.toString()}`, signal);
}
