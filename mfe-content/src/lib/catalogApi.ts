import type { ProductTile } from '@store/contracts';

/** What the home page's product rails read of a catalogue listing (GET lib/api-urls railApiUrl). */
export interface Listing {
  items: ProductTile[];
  total: number;
}
