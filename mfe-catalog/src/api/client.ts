import type { Listing, Product } from '@store/contracts';

export class NotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'NotFoundError';
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (response.status === 404) throw new NotFoundError(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

export function fetchListing(params: { category: string; page: number; sort: string }, signal?: AbortSignal): Promise<Listing> {
  const query = new URLSearchParams({ category: params.category, page: String(params.page) });
  if (params.sort) query.set('sort', params.sort);
  return getJson<Listing>(`/api/catalog/listing?${query}`, signal);
}

export function fetchProduct(path: string, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(`/api/products/by-path?path=${encodeURIComponent(path)}`, signal);
}
