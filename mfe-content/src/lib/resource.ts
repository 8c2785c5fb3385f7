import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { routePayloadData } from '@store/ui/link';
import { useRouteData } from '@store/ui/route-data';
import type { ApiData, ApiPath, ApiUrl } from '@store/contracts/http';
import { api, isNotFound } from './api';

export type Resource<T> =
  | { status: 'loading'; data?: undefined }
  | { status: 'ok'; data: T }
  | { status: 'notFound'; data?: undefined; message: string }
  | { status: 'error'; data?: undefined };

/** GET a JSON API answer by its URL (made by lib/apiUrls); a non-2xx answer rejects with ApiError (isNotFound: 404). */
export function getJson<P extends ApiPath<'get'>>(url: ApiUrl<P>, signal?: AbortSignal): Promise<ApiData<'get', P>> {
  return api.getUrl(url, { signal });
}

/**
 * The answer for `url` on the page `route` (pathname + search): from the route's payload
 * (`<route>/_payload.json`: a client-side navigation asks the edge for every answer of the
 * page in one request, shared by all of the page's resources and with a link prefetch of the page),
 * else from the API. A payload that lacks the answer (a 404 page, a route without a server bundle,
 * a failed request) falls back to the API call, which then decides.
 */
export async function getJsonViaPayload<P extends ApiPath<'get'>>(route: string, url: ApiUrl<P>, signal?: AbortSignal): Promise<ApiData<'get', P>> {
  const { data } = await routePayloadData(route);
  signal?.throwIfAborted();
  if (data && Object.prototype.hasOwnProperty.call(data, url)) return data[url] as ApiData<'get', P>;
  return getJson(url, signal);
}

/**
 * Loads `url` (null: nothing to load) and re-loads when it changes; `retry` loads it again. On a
 * server-rendered page the first answer comes from the route data (@store/ui/route-data): no fetch,
 * and the first render is the server's.
 */
export function useResource<P extends ApiPath<'get'>>(url: ApiUrl<P> | null): Resource<ApiData<'get', P>> & { retry(): void } {
  type T = ApiData<'get', P>;
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}:${url ?? ''}`;
  const seeded = useRouteData<T>(url);
  const [state, setState] = useState<{ key: string; value: Resource<T> } | null>(() => (seeded !== undefined ? { key, value: { status: 'ok', data: seeded } } : null));
  // the answer for this key is here (from the server, or fetched before): nothing to fetch
  const have = state !== null && state.key === key;
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  useEffect(() => {
    if (url === null || have) return;
    const controller = new AbortController();
    // the first load of a page goes through its route payload; Try again asks the API itself
    (attempt === 0 ? getJsonViaPayload(route, url, controller.signal) : getJson(url, controller.signal)).then(
      (data) => setState({ key, value: { status: 'ok', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isNotFound(error)) setState({ key, value: { status: 'notFound', message: error.message } });
        else {
          console.error(error);
          setState({ key, value: { status: 'error' } });
        }
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the route is read when the URL changes
  }, [url, key, have]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current: Resource<T> = state && state.key === key ? state.value : { status: 'loading' };
  return { ...current, retry };
}
