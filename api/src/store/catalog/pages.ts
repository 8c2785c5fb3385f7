/**
 * What server rendering asks the catalogue for, answered by the catalogue itself: the same answers
 * the catalog routes send (api/src/store/catalog/routes.ts), without a request. The edge
 * (api/src/edge/edge.ts) calls these and nothing else of the catalogue.
 */
import querystring from 'node:querystring';
import { ListingQuery, ProductByPathQuery } from '@store/contracts';
import { CachedBody } from '../../platform/http/cached-body.js';
import type { Currency } from './prices.js';
import type { CatalogService } from './service.js';

/**
 * `GET /api/catalog/listing?<query>` in a currency's catalogue: its query validated by the route's
 * own schema (ListingQuery), the same cached answer and ETag the route sends. Null for anything
 * else than a 200 (an invalid query, an unknown category or brand): those are the route's to answer.
 */
export async function listingAnswer(catalog: CatalogService, query: string, currency: Currency): Promise<CachedBody | null> {
  const parsed = ListingQuery.safeParse(querystring.parse(query));
  if (!parsed.success) return null;
  const body = await catalog.forCurrency(currency).listing(parsed.data);
  return body instanceof CachedBody ? body : null;
}

/** `GET /api/products/by-path?<query>` in a currency's catalogue: the route's JSON, or null (invalid query, unknown product). */
export async function productAnswer(catalog: CatalogService, query: string, currency: Currency): Promise<string | null> {
  const parsed = ProductByPathQuery.safeParse(querystring.parse(query));
  if (!parsed.success) return null;
  return catalog.forCurrency(currency).productByPath(parsed.data.path);
}

/** Whether a product page's path (`/products/<slug>-p<id>`) names a product. */
export async function productExists(catalog: CatalogService, pathname: string): Promise<boolean> {
  return (await catalog.productByPath(pathname)) !== null;
}
