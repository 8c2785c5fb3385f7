/**
 * The API URLs the content pages ask for, and how each page reads its URL. One place for the pages
 * (browser) and the loader (src/server.tsx): the route data the server embeds is keyed by exactly
 * these URLs, so the hydrating page finds its answers.
 */
import { STORE_SEARCH_RADIUS_KM } from '@store/contracts';

export const HOME_API_URL = '/api/content/home';

/** A content path below /articles/ or /blog/: lower-case segments, no empty ones. */
const CONTENT_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** The content path of an /articles/* or /blog/* page from its splat (trailing slashes dropped); null when it cannot exist. */
export function contentPath(splat: string): string | null {
  const path = splat.replace(/\/+$/, '');
  return CONTENT_PATH.test(path) ? path : null;
}

export const articleApiUrl = (path: string) => `/api/content/articles/by-path?path=${encodeURIComponent(path)}`;
export const blogPostApiUrl = (path: string) => `/api/content/blog/by-path?path=${encodeURIComponent(path)}`;

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

export function blogListApiUrl(tag: string | null, page: number): string {
  return `/api/content/blog?${new URLSearchParams({ ...(tag ? { tag } : {}), page: String(page) }).toString()}`;
}

/** The store locator's search (q, or lat and lng from "Use my location") as its API URL; `searching` when it has an origin. */
export function storesApiUrl(params: URLSearchParams): { url: string; searching: boolean } {
  const q = params.get('q')?.trim();
  const lat = params.get('lat');
  const lng = params.get('lng');
  const query = new URLSearchParams();
  if (lat && lng) {
    query.set('lat', lat);
    query.set('lng', lng);
  } else if (q) query.set('q', q);
  query.set('radiusKm', String(STORE_SEARCH_RADIUS_KM));
  return { url: `/api/stores?${query.toString()}`, searching: query.has('q') || query.has('lat') };
}

const STORE_PATH = /^[a-z0-9-]{1,80}$/;
/** A store page's path, or null when it cannot exist. */
export const storePath = (path: string): string | null => (STORE_PATH.test(path) ? path : null);
export const storeApiUrl = (path: string) => `/api/stores/${path}`;

/** A home page product rail's listing (the content remote's own catalogue client, api/catalog.ts). */
export function railApiUrl(category: string, sort: string): string {
  const params = new URLSearchParams({ category });
  if (sort) params.set('sort', sort);
  return `/api/catalog/listing?${params.toString()}`;
}
