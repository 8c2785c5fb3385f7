import type { ApiData } from '@store/contracts/http';

/** What the home page's product rails read of a catalogue listing (GET lib/apiUrls railApiUrl). */
export type Listing = Pick<ApiData<'get', '/api/catalog/listing'>, 'items' | 'total'>;
