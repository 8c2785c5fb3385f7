import type { ProductTile } from '@store/contracts';

export interface Listing {
  items: ProductTile[];
  total: number;
}

/** The content remote's own client for the catalogue listing (featured products on the home page). */
export async function fetchListing(category: string, signal?: AbortSignal): Promise<Listing> {
  const response = await fetch(`/api/catalog/listing?category=${encodeURIComponent(category)}`, { signal });
  if (!response.ok) throw new Error(`listing ${category}: ${response.status}`);
  return (await response.json()) as Listing;
}
