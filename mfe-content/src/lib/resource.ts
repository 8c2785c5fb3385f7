import { useLocation } from 'react-router';
import { routePayloadData } from '@store/ui/link';
import { useLoad, type Load, type LoadState } from '@store/ui/load';
import { useRouteData } from '@store/ui/route-data';
import type { ApiData, ApiPath, ApiUrl } from '@store/contracts/http';
import { api, isNotFound, type ApiError } from './api';

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
 * Loads `url` (null: nothing to load) with `useLoad` (@store/ui/load: status loading, ready or
 * error; `isNotFound(error)` for a 404) and re-loads when it changes; `reload` loads it again. On a
 * server-rendered page the first answer comes from the route data (@store/ui/route-data): no
 * fetch, and the first render is the server's. The first load of a page goes through its route
 * payload; Try again asks the API itself.
 */
export function useResource<P extends ApiPath<'get'>>(url: ApiUrl<P> | null): Load<ApiData<'get', P>> {
  const initialData = useRouteData(url);
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  return useLoad(
    url,
    (signal, attempt) =>
      (attempt === 0 ? getJsonViaPayload(route, url!, signal) : getJson(url!, signal)).catch((error: unknown) => {
        if (!isNotFound(error) && !signal.aborted) console.error(error);
        throw error;
      }),
    { initialData },
  );
}

/** The 404 of a load (an unknown page, post, store or place), else null. */
export const notFoundOf = (load: LoadState<unknown>): ApiError | null => (load.status === 'error' && isNotFound(load.error) ? load.error : null);

/** A load that failed otherwise (the page offers Try again). */
export const failed = (load: LoadState<unknown>): boolean => load.status === 'error' && !isNotFound(load.error);
