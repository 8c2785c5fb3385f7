import { fetchListing, fetchProduct } from './api/client';
import { paramsFor } from './features/listing/ListingPage';
import { readListingUrl } from './features/listing/url';
import { prefetchRoute } from './prefetch';

describe('prefetchRoute (data for a visible link, spec §2 Links)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      // jsdom has no Response: the client reads status, ok and json()
      return { status: 200, ok: true, json: async () => ({ items: [], total: 0, id: 'p1' }) };
    }) as unknown as typeof fetch;
  });

  it('warms the listing a category page then asks for: one request for both', async () => {
    await prefetchRoute('/categories/bags/backpacks?colour=black&sort=price-asc');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('/api/catalog/listing?category=bags%2Fbackpacks');
    // what ListingPage asks for on arrival is answered from the prefetch
    const state = readListingUrl(new URLSearchParams('colour=black&sort=price-asc'));
    await fetchListing(paramsFor({ kind: 'category', path: 'bags/backpacks' }, state, 1));
    expect(calls).toHaveLength(1);
  });

  it('warms a product once: the visit takes the prefetched answer, the next visit asks again', async () => {
    await prefetchRoute('/products/harbour-tote-p12');
    expect(calls).toEqual(['/api/products/by-path?path=harbour-tote-p12']);
    await fetchProduct('harbour-tote-p12');
    expect(calls).toHaveLength(1);
    await fetchProduct('harbour-tote-p12');
    expect(calls).toHaveLength(2);
  });

  it('asks nothing for a search without a term or a route it does not own', async () => {
    await prefetchRoute('/search');
    await prefetchRoute('/cart');
    expect(calls).toEqual([]);
    await prefetchRoute('/search?q=tote');
    expect(calls[0]).toContain('q=tote');
  });
});
