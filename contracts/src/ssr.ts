/**
 * The server-rendering contract between the edge (api/src/edge/ssr) and each project's server bundle
 * (`<project>/src/server/index.tsx`, the shell's too, built to dist/server/server.js and released with the browser build).
 * Zod-free: the remotes bundle none of it at run time, it is types plus one tiny helper.
 *
 * A remote's server module exports:
 *   load(ctx)    the route's data loader, run by the edge in-process (ctx.api answers /api/... calls
 *                without a network hop). Returns the status, the data keyed by the API URL the
 *                browser code would ask for (so the hydrating page reads the same answers), and
 *                the page head.
 *   render(ctx)  the remote's React tree for that URL and data (a static router, no effects).
 */
import type { ReactElement } from 'react';
import type { ApiData, ApiPath, ApiUrl } from './http';
import type { MarketSettings } from './market';

/**
 * An in-process API call: GET only, typed by the OpenAPI document like the browser client. The
 * URL is made by `apiUrl(path, params)` (the same key the browser code reads the answer by); the
 * answer is the status and the parsed JSON body, which is the path's 2xx body when the status is
 * 200 (an error body otherwise: check the status first).
 */
export type ServerApi = <P extends ApiPath<'get'>>(url: ApiUrl<P>) => Promise<ServerAnswer<ApiData<'get', P>>>;

export interface ServerAnswer<T> {
  status: number;
  body: T;
}

export interface LoadContext {
  /** The page URL, absolute (origin from the request). */
  url: string;
  api: ServerApi;
  /** The request's market (absent from an older edge: NZ). */
  market?: MarketSettings;
}

/** Route data: API URL (path + query, as the browser code builds it) → that call's JSON answer. */
export type RouteData = Record<string, unknown>;

export interface PageHead {
  /** Without the site name; the edge appends " | <site>" (unless it starts with "<site> |", as the home page's does). */
  title: string;
  description?: string;
  /** Absolute URL. */
  canonical?: string;
  noindex?: boolean;
  /** Open Graph: og:type (website, product, article) and the image (absolute URL). */
  ogType?: string;
  ogImage?: string;
  /** schema.org objects, each rendered as one application/ld+json script. */
  jsonLd?: object[];
}

/**
 * The document title of a page head: " | <site>" after the title, unless the title is the site
 * name or starts with "<site> |" (the home page's). The edge writes it into the server HTML and
 * the remotes' <PageHead> use it in the browser, so the two agree.
 */
export function documentTitle(title: string, siteName: string): string {
  return title === siteName || title.startsWith(`${siteName} |`) ? title : `${title} | ${siteName}`;
}

export interface LoadResult {
  status: 200 | 404;
  data: RouteData;
  /**
   * The page head, or a function that makes it: the edge calls it only when it assembles the page
   * (not when it sends a page it keeps for the same URL, market and data), so a head built from the
   * data (the listings' JSON-LD of 48 items) costs nothing per request. Either way it must follow
   * from the URL, the market and the data alone.
   */
  head?: PageHead | (() => PageHead);
}

/** A loader's head, made if it is a function. */
export function headOf(result: Pick<LoadResult, 'head'>): PageHead | undefined {
  return typeof result.head === 'function' ? result.head() : result.head;
}

export interface RenderContext {
  url: string;
  data: RouteData;
  /** The request's market: wrap the tree in @store/ui/market's MarketProvider with it. */
  market?: MarketSettings;
}

export interface WarmContext {
  api: ServerApi;
  /** The default market (the one a page without a site host is rendered for). */
  market?: MarketSettings;
}

export interface RemoteServerModule {
  load(ctx: LoadContext): Promise<LoadResult>;
  render(ctx: RenderContext): ReactElement;
  /**
   * Optional: called in every renderer process as the edge's process starts, before it is ready
   * (and with a time limit): the remote may fill what its renders keep (the catalog renders its
   * product tiles). It must not change what a render produces, only how fast.
   */
  warm?(ctx: WarmContext): Promise<void>;
}

/**
 * The data of the hydrating remote (`<script id="ssr-data" type="application/json">`): the data
 * itself, or, when it is large, where to fetch it (`src`: the route's `_payload.json`, the same
 * loader's answer), so the page's HTML stays small and the data is fetched only when the page is
 * hydrated.
 */
export interface EmbeddedRouteData {
  remote: string;
  /** pathname + search the data belongs to. */
  path: string;
  data?: RouteData;
  src?: string;
}

/** Route data up to this many characters of JSON is embedded in the page; larger data is referenced by its payload URL. */
export const ROUTE_DATA_INLINE_MAX_CHARS = 8000;

/** The route's payload URL (`<path>/_payload.json[?query]`) for a page's pathname and search. */
export function routePayloadUrl(pathname: string, search: string): string {
  return `${pathname === '/' ? '' : pathname.replace(/\/$/, '')}/_payload.json${search}`;
}

export const SSR_DATA_ELEMENT_ID = 'ssr-data';

/**
 * The chrome's data (the header's navigation) for the page's market, as JSON: a server-rendered
 * page whose shell reads it by URL names this path in its chrome data element (`{"src": ...}`)
 * instead of embedding the navigation, which every page would otherwise carry in its first round trip.
 */
export const CHROME_DATA_PATH = '/_chrome.json';

/** JSON safe inside an HTML <script> element (no `</script>`, no HTML comment openers, no line separators). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A page's query as its server render reads it: only the parameters its remote declares (the
 * registry entry's `query`), each once (its first value: loaders read `searchParams.get`), sorted by
 * name; '' when none is left, else starting with '?'. The edge renders and keeps pages by it, so
 * campaign tags and junk parameters neither change a page nor make a new cached one; the browser
 * compares its own location the same way before it takes the embedded route data.
 */
export function canonicalSearch(search: string, keys: readonly string[]): string {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of [...new Set(keys)].sort()) {
    const value = params.get(key);
    if (value !== null) out.append(key, value);
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}
