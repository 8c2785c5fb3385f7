/**
 * The API URLs the content pages ask for, and how each page reads its URL. One place for the pages
 * (browser) and the loader (src/server.tsx): the route data the server embeds is keyed by exactly
 * these URLs, so the hydrating page finds its answers.
 */
import { STORE_SEARCH_RADIUS_KM } from '@store/contracts';
import { apiUrl, type ApiUrl } from '@store/contracts/http';

export const HOME_API_URL = apiUrl('/api/content/home');

/** A content path below /articles/ or /blog/: lower-case segments, no empty ones. */
const CONTENT_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** The content path of an /articles/* or /blog/* page from its splat (trailing slashes dropped); null when it cannot exist. */
export function contentPath(splat: string): string | null {
  const path = splat.replace(/\/+$/, '');
  return CONTENT_PATH.test(path) ? path : null;
}

export const articleApiUrl = (path: string) => apiUrl('/api/content/articles/by-path', { query: { path } });
export const blogPostApiUrl = (path: string) => apiUrl('/api/content/blog/by-path', { query: { path } });

export interface BlogListQuery {
  tag: string | null;
  page: number;
  /** false: a page parameter or tag that cannot exist (the 404 page) */
  valid: boolean;
}

/** /blog?tag=&page= as the journal reads it. */
export function readBlogListQuery(params: URLSearchParams): BlogListQuery {
  const tag = params.get('tag');
  const rawPage = params.get('page');
  const page = rawPage === null ? 1 : Number(rawPage);
  const validPage = Number.isInteger(page) && page >= 1 && page <= 10000;
  const validTag = tag === null || /^[a-z0-9-]{1,60}$/.test(tag);
  return { tag, page, valid: validPage && validTag };
}

export function blogListApiUrl(tag: string | null, page: number): ApiUrl<'/api/content/blog'> {
  return apiUrl('/api/content/blog', { query: { tag: tag || undefined, page } });
}

/** The store locator's search (q, or lat and lng from "Use my location") as its API URL; `searching` when it has an origin. */
export function storesApiUrl(params: URLSearchParams): { url: ApiUrl<'/api/stores'>; searching: boolean } {
  const q = params.get('q')?.trim();
  const lat = params.get('lat');
  const lng = params.get('lng');
  // lat and lng as given (the API validates them): the URL is the route data's key
  const origin = lat && lng ? { lat, lng } : q ? { q } : {};
  const query = { ...origin, radiusKm: STORE_SEARCH_RADIUS_KM } as { lat?: number; lng?: number; q?: string; radiusKm: number };
  return { url: apiUrl('/api/stores', { query }), searching: Object.keys(origin).length > 0 };
}

const STORE_PATH = /^[a-z0-9-]{1,80}$/;
/** A store page's path, or null when it cannot exist. */
export const storePath = (path: string): string | null => (STORE_PATH.test(path) ? path : null);
export const storeApiUrl = (path: string) => apiUrl('/api/stores/{path}', { path: { path } });

/** A home page product rail's listing (lib/catalogApi.ts: what the rail reads of it). */
export function railApiUrl(category: string, sort: string): ApiUrl<'/api/catalog/listing'> {
  return apiUrl('/api/catalog/listing', { query: { category, sort: sort || undefined } });
}
