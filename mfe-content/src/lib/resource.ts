import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { routePayloadData } from '@store/ui/link';
import { useRouteData } from '@store/ui/route-data';

export type Resource<T> =
  | { status: 'loading'; data?: undefined }
  | { status: 'ok'; data: T }
  | { status: 'notFound'; data?: undefined; message: string }
  | { status: 'error'; data?: undefined };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string } | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

/** GET a JSON API answer; non-2xx answers throw HttpError with the parsed error body. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) {
    let body: { error?: string; message?: string } | null = null;
    try {
      body = (await response.json()) as { error?: string; message?: string };
    } catch {
      body = null;
    }
    throw new HttpError(response.status, body);
  }
  return (await response.json()) as T;
}

/**
 * The answer for `url` on the page `route` (pathname + search): from the route's payload (spec §7
 * `<route>/_payload.json`, issue 17: a client-side navigation asks the edge for every answer of the
 * page in one request, shared by all of the page's resources and with a link prefetch of the page),
 * else from the API. A payload that lacks the answer (a 404 page, a route without a server bundle,
 * a failed request) falls back to the API call, which then decides.
 */
export async function getJsonViaPayload<T>(route: string, url: string, signal?: AbortSignal): Promise<T> {
  const { data } = await routePayloadData(route);
  signal?.throwIfAborted();
  if (data && Object.prototype.hasOwnProperty.call(data, url)) return data[url] as T;
  return getJson<T>(url, signal);
}

/**
 * Loads `url` (null: nothing to load) and re-loads when it changes; `retry` loads it again. On a
 * server-rendered page the first answer comes from the route data (@store/ui/route-data): no fetch,
 * and the first render is the server's.
 */
export function useResource<T>(url: string | null): Resource<T> & { retry(): void } {
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
    (attempt === 0 ? getJsonViaPayload<T>(route, url, controller.signal) : getJson<T>(url, controller.signal)).then(
      (data) => setState({ key, value: { status: 'ok', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 404) setState({ key, value: { status: 'notFound', message: error.message } });
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
