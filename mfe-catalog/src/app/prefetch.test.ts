import { fetchListing, fetchProduct, listingUrl } from '../lib/api';
import { paramsFor } from '../features/listing/ListingPage';
import { readListingUrl } from '../features/listing/url';
import { prefetchRoute } from './prefetch';

describe('prefetchRoute (data for a visible link)', () => {
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    global.fetch = jest.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const url = new URL(String(input), 'http://localhost');
      const body = { items: [], total: 0, id: 'p1' };
      // the edge's route payload: the answers keyed by the API URL the page asks for
      let payloadKey: string | null = null;
      if (url.pathname.startsWith('/products/')) payloadKey = `/api/products/by-path?path=${url.pathname.split('/')[2]}`;
      if (url.pathname.startsWith('/categories/')) {
        const path = url.pathname.replace(/^\/categories\//, '').replace(/\/_payload\.json$/, '');
        payloadKey = listingUrl(paramsFor({ kind: 'category', path }, readListingUrl(url.searchParams), 1));
      }
      if (payloadKey) return new Response(JSON.stringify({ status: 200, data: { [payloadKey]: body } }), { status: 200 });
      return new Response(JSON.stringify(body), { status: 200 });
    }) as unknown as typeof fetch;
  });

  it('warms the listing a category page then asks for: one request for both', async () => {
    await prefetchRoute('/categories/bags/backpacks?colour=black&sort=price-asc');
    // one request: the route's payload (_payload.json)
    expect(calls).toEqual(['/categories/bags/backpacks/_payload.json?colour=black&sort=price-asc']);
    // what ListingPage asks for on arrival is answered from the prefetch
    const state = readListingUrl(new URLSearchParams('colour=black&sort=price-asc'));
    await fetchListing(paramsFor({ kind: 'category', path: 'bags/backpacks' }, state, 1));
    expect(calls).toHaveLength(1);
  });

  it('warms a product once: the visit takes the prefetched answer, the next visit asks again', async () => {
    await prefetchRoute('/products/harbour-tote-p12');
    expect(calls).toEqual(['/products/harbour-tote-p12/_payload.json']);
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
