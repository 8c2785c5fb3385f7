/**
 * Route data from the server render: the answers the edge's loader fetched, keyed by the
 * API URL the remote's browser code asks for (its src/server/index.tsx loader keys them so). The page that
 * hydrates server HTML must render exactly what the server rendered, so it reads these instead of
 * fetching. One implementation for every remote (bundled into each, like the rest of @store/ui: the
 * context is the remote's own).
 *
 * They belong to the history entry the page was loaded on: the location key the router had when
 * this provider first rendered ("default" on the server's static router and on a fresh visit; the
 * entry's own key when the shopper reloads a page reached by a client-side navigation). A later
 * navigation fetches as before.
 */
import type { ApiData, ApiPath, ApiUrl } from '@store/contracts/http';
import type { RouteData } from '@store/contracts/ssr';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const RouteDataContext = createContext<{ data: RouteData; key: string } | null>(null);

export function RouteDataProvider({ data, children }: { data: RouteData | null; children: ReactNode }) {
  const { key } = useLocation();
  // the entry the data belongs to: the one shown when the page (and this provider) started
  const [value] = useState(() => (data ? { data, key } : null));
  return <RouteDataContext.Provider value={value}>{children}</RouteDataContext.Provider>;
}

/** The server render's data, on the history entry the page was loaded on; null otherwise. */
export function useRouteDataMap(): RouteData | null {
  const value = useContext(RouteDataContext);
  const location = useLocation();
  return value && location.key === value.key ? value.data : null;
}

/**
 * The server's answer for `apiUrl` (made by `apiUrl`; null: none asked), typed by its API path,
 * on the page's first history entry; undefined otherwise.
 */
export function useRouteData<P extends ApiPath<'get'>>(apiUrl: ApiUrl<P> | null): ApiData<'get', P> | undefined {
  const data = useRouteDataMap();
  return apiUrl === null ? undefined : (data?.[apiUrl] as ApiData<'get', P> | undefined);
}
