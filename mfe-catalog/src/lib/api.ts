import type { BrandResponse, ChallengeVerifyRequest, ListingResponse, Product, StoresResponse } from '@store/contracts';
import { createObjectsClient } from '@store/contracts';
import { forgetRoutePayload, payloadUrl, routePayloadData } from '@store/ui/link';

export class NotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (response.status === 404) throw new NotFoundError(url);
  if (!response.ok) throw new ApiError(response.status, 'HttpError', `GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Route payloads (spec §7 `_payload.json`, issue 17): a client-side navigation asks the edge for the
 * route's data in one request (`<path>/_payload.json<query>`), the answers the server render would
 * embed, keyed by API URL. A route without a payload (404 NoPayload: no server bundle) falls back to
 * the API calls. Kept briefly, so a prefetch and the visit share one request.
 */
export { payloadUrl };

/** The data of a route (pathname + search): null when the edge has no payload for it; NotFoundError for an unknown page. */
export async function fetchRoutePayload(route: string): Promise<Record<string, unknown> | null> {
  const { data, notFound } = await routePayloadData(route);
  if (notFound) throw new NotFoundError(route);
  return data;
}

/** The answer for `apiUrl` from the route's payload, else from the API; `once`: the payload serves this one read. */
async function fromPayload<T>(route: string, apiUrl: string, signal?: AbortSignal, once = false): Promise<T> {
  const data = await fetchRoutePayload(route).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw error;
    return null;
  });
  if (once) forgetRoutePayload(route);
  const answer = data?.[apiUrl] as T | undefined;
  return answer ?? getJson<T>(apiUrl, signal);
}

/** What a listing page asks for (prices in cents). */
export interface ListingParams {
  category?: string;
  brand?: string;
  q?: string;
  categories?: string[];
  features?: string[];
  colours?: string[];
  minPrice?: number;
  maxPrice?: number;
  sort?: string;
  page: number;
}

export function listingUrl(params: ListingParams): string {
  const query = new URLSearchParams();
  if (params.category) query.set('category', params.category);
  if (params.brand) query.set('brand', params.brand);
  if (params.q) query.set('q', params.q);
  if (params.categories?.length) query.set('categories', params.categories.join(','));
  if (params.features?.length) query.set('features', params.features.join(','));
  if (params.colours?.length) query.set('colours', params.colours.join(','));
  if (params.minPrice !== undefined) query.set('minPrice', String(params.minPrice));
  if (params.maxPrice !== undefined) query.set('maxPrice', String(params.maxPrice));
  if (params.sort) query.set('sort', params.sort);
  query.set('page', String(params.page));
  return `/api/catalog/listing?${query}`;
}

/** Listing answers are kept for the page's life, so going back renders at once. */
const listingCache = new Map<string, Promise<ListingResponse>>();

/** A listing page; `route` (the page's pathname + search) asks for it through the route payload. */
export function fetchListing(params: ListingParams, route?: string): Promise<ListingResponse> {
  const url = listingUrl(params);
  let hit = listingCache.get(url);
  if (!hit) {
    hit = route ? fromPayload<ListingResponse>(route, url) : getJson<ListingResponse>(url);
    listingCache.set(url, hit);
    hit.catch(() => listingCache.delete(url));
    if (listingCache.size > 200) listingCache.delete(listingCache.keys().next().value as string);
  }
  return hit;
}

/** Products fetched ahead of a visit (a prefetch), taken once by the page that shows them. */
const prefetchedProducts = new Map<string, Promise<Product>>();

/** The API URL of a product (also the key of the server render's data). */
export function productApiUrl(path: string): string {
  return `/api/products/by-path?path=${encodeURIComponent(path)}`;
}

export function prefetchProduct(path: string): Promise<Product> {
  let hit = prefetchedProducts.get(path);
  if (!hit) {
    hit = fromPayload<Product>(`/products/${path}`, productApiUrl(path));
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
  return fromPayload<Product>(`/products/${path}`, productApiUrl(path), signal, true);
}

export function fetchBrand(slug: string, signal?: AbortSignal): Promise<BrandResponse> {
  return getJson<BrandResponse>(`/api/catalog/brands/${encodeURIComponent(slug)}`, signal);
}

export function fetchStoresNear(where: { postcode: string } | { lat: number; lng: number }, variantId: string, radiusKm: number, signal?: AbortSignal): Promise<StoresResponse> {
  const query = new URLSearchParams({ variantId, radiusKm: String(radiusKm) });
  if ('postcode' in where) query.set('q', where.postcode);
  else {
    query.set('lat', String(where.lat));
    query.set('lng', String(where.lng));
  }
  return getJson<StoresResponse>(`/api/stores?${query}`, signal);
}

/** POST /api/product/challenge/verify: resolves on success, rejects with ApiError (code ChallengeFailed on a wrong answer). */
export async function verifyChallenge(body: ChallengeVerifyRequest): Promise<void> {
  const response = await fetch('/api/product/challenge/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.ok) return;
  let code = 'HttpError';
  let message = `The check answered ${response.status}`;
  try {
    const data = (await response.json()) as { error?: string; message?: string };
    code = data.error ?? code;
    message = data.message ?? message;
  } catch {
    // not JSON
  }
  throw new ApiError(response.status, code, message);
}

/** Products by id for enrichment (batched and cached). */
export const objects = createObjectsClient();
