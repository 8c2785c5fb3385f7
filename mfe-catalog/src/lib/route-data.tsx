/**
 * Route data from the server render (issue 17): the answers the edge's loader fetched, keyed by the
 * API URL this remote's code asks for. The page that hydrates server HTML must render exactly what
 * the server rendered, so it reads these instead of fetching. They belong to the page's first
 * history entry only (react-router's location key "default", the same on the server's static
 * router): a later navigation fetches as before.
 */
import type { RouteData } from '@store/contracts/ssr';
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';

const RouteDataContext = createContext<RouteData | null>(null);

export function RouteDataProvider({ data, children }: { data: RouteData | null; children: ReactNode }) {
  return <RouteDataContext.Provider value={data}>{children}</RouteDataContext.Provider>;
}

/** The server render's data, on the page's first history entry; null otherwise. */
export function useRouteDataMap(): RouteData | null {
  const data = useContext(RouteDataContext);
  const location = useLocation();
  return data && location.key === 'default' ? data : null;
}

/** The server's answer for `apiUrl`, on the page's first history entry; undefined otherwise. */
export function useRouteData<T>(apiUrl: string): T | undefined {
  return useRouteDataMap()?.[apiUrl] as T | undefined;
}
