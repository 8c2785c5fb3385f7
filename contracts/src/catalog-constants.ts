/**
 * Catalogue constants (challenge answer, ChallengeFailed, page size, sorts, facet
 * options) and the objects client. No zod here: the catalog remote's pages import these
 * without the schemas (./catalog re-exports them).
 */
import type { paths } from './api-types';
import type { Product } from './catalog';

/** The objects route's bodies, from the OpenAPI document's generated types (types only). */
type ObjectsRoute = paths['/api/search/indexes/{index}/objects']['post'];
type ObjectsRequest = NonNullable<ObjectsRoute['requestBody']>['content']['application/json'];
type ObjectsAnswer = ObjectsRoute['responses'][200]['content']['application/json'];

export const PRODUCT_LIST_PAGE_SIZE = 48;

/** The sorts, Recommended (empty value) first. */
export const SORT_OPTIONS = [
  { value: '', label: 'Recommended' },
  { value: 'name-asc', label: 'Name A to Z' },
  { value: 'name-desc', label: 'Name Z to A' },
  { value: 'price-asc', label: 'Price Lowest First' },
  { value: 'price-desc', label: 'Price Highest First' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]['value'];

/** Initial facet options shown before "show more". */
export const FACET_INITIAL = { categories: 10, features: 10, colours: 14 } as const;

/** The challenge answer is required, at most 100 characters. */
export const CHALLENGE_ANSWER_MAX = 100;

/** The error code of a wrong challenge answer (ChallengeFailed -> productChallengeAnswerInvalid). */
export const CHALLENGE_FAILED = 'ChallengeFailed';

/**
 * Client of POST /api/search/indexes/{prefix}_products/objects: `get(id)` calls made
 * within `delayMs` of each other are batched into one request (at most 1000 ids), and results
 * (null for a missing product) are cached for the page. The cart and wishlist enrich their items
 * with it. Pure: pass `fetch` in tests.
 */
export interface ObjectsClientOptions {
  indexPrefix?: string;
  delayMs?: number;
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function createObjectsClient({ indexPrefix = 'nz', delayMs = 20, fetch: fetchImpl, baseUrl = '' }: ObjectsClientOptions = {}) {
  const cache = new Map<string, Promise<Product | null>>();
  let queue: { id: string; resolve: (p: Product | null) => void; reject: (e: unknown) => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const batch = queue.splice(0, 1000);
    if (queue.length > 0) timer = setTimeout(flush, 0);
    const ids = [...new Set(batch.map((b) => b.id))];
    const doFetch = fetchImpl ?? globalThis.fetch.bind(globalThis);
    doFetch(`${baseUrl}/api/search/indexes/${indexPrefix}_products/objects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ objectIds: ids } satisfies ObjectsRequest),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`objects answered ${response.status}`);
        const body = (await response.json()) as ObjectsAnswer;
        const byId = new Map(ids.map((id, i) => [id, body.data.results[i] ?? null]));
        for (const item of batch) item.resolve(byId.get(item.id) ?? null);
      })
      .catch((error: unknown) => {
        for (const item of batch) {
          cache.delete(item.id);
          item.reject(error);
        }
      });
  };
  const get = (id: string): Promise<Product | null> => {
    let hit = cache.get(id);
    if (!hit) {
      hit = new Promise<Product | null>((resolve, reject) => {
        queue.push({ id, resolve, reject });
        if (!timer) timer = setTimeout(flush, delayMs);
      });
      cache.set(id, hit);
    }
    return hit;
  };
  return {
    get,
    getMany: (ids: string[]) => Promise.all(ids.map(get)),
    clear: () => {
      cache.clear();
      queue = [];
    },
  };
}

export type ObjectsClient = ReturnType<typeof createObjectsClient>;
