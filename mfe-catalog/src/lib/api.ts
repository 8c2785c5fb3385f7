import type { BrandResponse, ChallengeVerifyRequest, ListingResponse, Product, StoresResponse } from '@store/contracts';
import { ApiError, apiUrl, createApiClient, isNotFound, type ApiParams, type ApiUrl } from '@store/contracts/http';
import { forgetRoutePayload, payloadUrl, routePayloadData } from '@store/ui/link';

/** The API, typed by its OpenAPI document (@store/contracts/http): ApiError for non-2xx answers, isNotFound for a 404. */
export const api = createApiClient();

export { ApiError, isNotFound };

/**
 * Route payloads (`_payload.json`): a client-side navigation asks the edge for the
 * route's data in one request (`<path>/_payload.json<query>`), the answers the server render would
 * embed, keyed by API URL. A route without a payload (404 NoPayload: no server bundle) falls back to
 * the API calls. Kept briefly, so a prefetch and the visit share one request.
 */
export { payloadUrl };

/** The data of a route (pathname + search): null when the edge has no payload for it; a 404 ApiError for an unknown page. */
export async function fetchRoutePayload(route: string): Promise<Record<string, unknown> | null> {
  const { data, notFound } = await routePayloadData(route);
  if (notFound) throw new ApiError(404, 'NotFound', `${route} not found`);
  return data;
}

/** The answer keyed `key` (an API URL) from the route's payload, else `call()`s the API; `once`: the payload serves this one read. */
async function fromPayload<T>(route: string, key: string, call: () => Promise<T>, once = false): Promise<T> {
  const data = await fetchRoutePayload(route).catch((error: unknown) => {
    if (isNotFound(error)) throw error;
    return null;
  });
  if (once) forgetRoutePayload(route);
  const answer = data?.[key] as T | undefined;
  return answer ?? call();
}

type ListingQuery = NonNullable<ApiParams<'get', '/api/catalog/listing'>['query']>;

/** What a listing page asks for (GET /api/catalog/listing's query, prices in cents), its facet filters as lists. */
export type ListingParams = Omit<ListingQuery, 'categories' | 'features' | 'colours' | 'page'> & { categories?: string[]; features?: string[]; colours?: string[]; page: number };

const list = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);

/** The listing's query: empty values left out, the facet filters comma-separated. */
function listingQuery(params: ListingParams): ListingQuery {
  return {
    category: params.category || undefined,
    brand: params.brand || undefined,
    q: params.q || undefined,
    categories: list(params.categories),
    features: list(params.features),
    colours: list(params.colours),
    minPrice: params.minPrice,
    maxPrice: params.maxPrice,
    sort: params.sort || undefined,
    page: params.page,
  };
}

/** The API URL of a listing page (also the key of the server render's data). */
export function listingUrl(params: ListingParams): ApiUrl<'/api/catalog/listing'> {
  return apiUrl('/api/catalog/listing', { query: listingQuery(params) });
}

/** Listing answers are kept for the page's life, so going back renders at once. */
const listingCache = new Map<string, Promise<ListingResponse>>();

/** Keeps a listing answer for the page's life (a failed one is forgotten), the oldest of more than 200 dropped. */
function keep(url: string, answer: Promise<ListingResponse>): Promise<ListingResponse> {
  listingCache.set(url, answer);
  answer.catch(() => listingCache.delete(url));
  if (listingCache.size > 200) listingCache.delete(listingCache.keys().next().value as string);
  return answer;
}

/** A listing page; `route` (the page's pathname + search) asks for it through the route payload. */
export function fetchListing(params: ListingParams, route?: string): Promise<ListingResponse> {
  const url = listingUrl(params);
  const hit = listingCache.get(url);
  if (hit) return hit;
  const call = (): Promise<ListingResponse> => api.get('/api/catalog/listing', { params: { query: listingQuery(params) } });
  return keep(url, route ? fromPayload(route, url, call) : call());
}

/** Whether a listing page's answer is in memory (asked for in this page's life, not failed). */
export function isListingKept(params: ListingParams): boolean {
  return listingCache.has(listingUrl(params));
}

/** Keeps a listing page's answer that came another way (the server render's data) as if it had been asked for. */
export function keepListing(params: ListingParams, answer: ListingResponse): void {
  const url = listingUrl(params);
  if (!listingCache.has(url)) keep(url, Promise.resolve(answer));
}

/** Products fetched ahead of a visit (a prefetch), taken once by the page that shows them. */
const prefetchedProducts = new Map<string, Promise<Product>>();

/** The API URL of a product (also the key of the server render's data). */
export function productApiUrl(path: string): ApiUrl<'/api/products/by-path'> {
  return apiUrl('/api/products/by-path', { query: { path } });
}

const getProduct = (path: string, signal?: AbortSignal): Promise<Product> => api.get('/api/products/by-path', { params: { query: { path } }, signal });

export function prefetchProduct(path: string): Promise<Product> {
  let hit = prefetchedProducts.get(path);
  if (!hit) {
    hit = fromPayload(`/products/${path}`, productApiUrl(path), () => getProduct(path));
    prefetchedProducts.set(path, hit);
    hit.catch(() => prefetchedProducts.delete(path));
    if (prefetchedProducts.size > 50) prefetchedProducts.delete(prefetchedProducts.keys().next().value as string);
  }
  return hit;
}

export function fetchProduct(path: string, signal?: AbortSignal): Promise<Product> {
  const prefetched = prefetchedProducts.get(path);
  if (prefetched) {
    // stock moves: a prefetched answer serves one visit, the next visit asks again
    prefetchedProducts.delete(path);
    forgetRoutePayload(`/products/${path}`);
    return prefetched;
  }
  return fromPayload(`/products/${path}`, productApiUrl(path), () => getProduct(path, signal), true);
}

export function fetchBrand(slug: string, signal?: AbortSignal): Promise<BrandResponse> {
  return api.get('/api/catalog/brands/{slug}', { params: { path: { slug } }, signal });
}

export function fetchStoresNear(where: { postcode: string } | { lat: number; lng: number }, variantId: string, radiusKm: number, signal?: AbortSignal): Promise<StoresResponse> {
  const query = 'postcode' in where ? { variantId, radiusKm, q: where.postcode } : { variantId, radiusKm, lat: where.lat, lng: where.lng };
  return api.get('/api/stores', { params: { query }, signal });
}

/** POST /api/product/challenge/verify: resolves on success, rejects with ApiError (code ChallengeFailed on a wrong answer). */
export async function verifyChallenge(body: ChallengeVerifyRequest): Promise<void> {
  await api.post('/api/product/challenge/verify', { body });
}
