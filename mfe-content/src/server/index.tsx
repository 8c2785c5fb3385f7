/**
 * The content remote's server entry, built to dist/server/server.js and released with the
 * browser build. The edge (api/src/edge/ssr) loads it from the registry at run time and calls:
 * - load(ctx): the route's data, from the API in-process (ctx.api), keyed by the API URL the browser
 *   code asks for (lib/api-urls.ts: the hydrating page finds the same answers and does not fetch),
 *   with the status (404 for unknown articles, posts, journal tags and pages, and stores) and the
 *   page head (lib/head.ts);
 * - render(ctx): the content routes under a static router.
 *
 * Pages: home (/), articles (/articles/*), the journal (/blog?tag=&page=, /blog/*), the store
 * locator (/stores?q= or lat&lng) and store pages (/stores/{path}). Browser-only parts (the store
 * map, the clock's open or closed, a hidden tab pausing the slider) are left to the browser.
 */
import type { ApiData, ApiPath, ApiUrl } from '@store/contracts/http';
import type { LoadContext, LoadResult, RemoteServerModule, RenderContext, RouteData, ServerApi } from '@store/contracts/ssr';
import { MarketProvider } from '@store/ui/market';
import { StaticRouter } from 'react-router';
import type { Listing } from '../lib/catalogApi';
import { ContentRoutes } from '../app/App';
import { screenAt, type ScreenMatch } from '../app/routes';
import type { ScreenId } from '../app/screens';
import { articleApiUrl, blogListApiUrl, blogPostApiUrl, contentPath, HOME_API_URL, railApiUrl, readBlogListQuery, storeApiUrl, storePath, storesApiUrl } from '../lib/apiUrls';
import { articleHead, blogListHead, blogPostHead, homeHead, parentPaths, storeHead, storeLocatorHead, type Crumb } from '../lib/head';

const NOT_FOUND: LoadResult = { status: 404, data: {} };

class LoadError extends Error {
  constructor(key: string, status: number) {
    super(`GET ${key} answered ${status}`);
    this.name = 'LoadError';
  }
}

/** The answer for `key` when 200; null for a 404; throws otherwise (the edge then leaves the region to the browser). */
async function getOrNull<P extends ApiPath<'get'>>(api: ServerApi, key: ApiUrl<P>): Promise<ApiData<'get', P> | null> {
  const answer = await api(key);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw new LoadError(key, answer.status);
  return answer.body;
}

/** A path segment as the router hands it to the page (decoded); null when it is not valid percent-encoding. */
function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

async function loadHome(api: ServerApi, origin: string): Promise<LoadResult> {
  const home = await getOrNull(api, HOME_API_URL);
  // the home page always exists: no content yet is a failure, left to the browser
  if (!home) throw new LoadError(HOME_API_URL, 404);
  const data: RouteData = { [HOME_API_URL]: home };
  // the product rails: what each shows (its first `limit` products), so the page does not carry
  // whole listing answers; a rail whose listing fails is fetched by the browser
  const limits = new Map<ApiUrl<'/api/catalog/listing'>, number>();
  for (const rail of home.rails) {
    const key = railApiUrl(rail.category, rail.sort);
    limits.set(key, Math.max(limits.get(key) ?? 0, rail.limit));
  }
  await Promise.all(
    [...limits].map(async ([key, limit]) => {
      const answer = await api(key);
      if (answer.status === 200) data[key] = { items: answer.body.items.slice(0, limit), total: answer.body.total } satisfies Listing;
    }),
  );
  return { status: 200, data, head: homeHead(home, origin) };
}

async function loadArticle(api: ServerApi, splat: string, origin: string): Promise<LoadResult> {
  const decoded = decode(splat);
  const path = decoded === null ? null : contentPath(decoded);
  if (path === null) return NOT_FOUND;
  const key = articleApiUrl(path);
  // the parent articles that exist name the breadcrumbs (help-centre for help-centre/gift-cards)
  const [article, ...parents] = await Promise.all([getOrNull(api, key), ...parentPaths(path).map((parent) => api(articleApiUrl(parent)))]);
  if (!article) return NOT_FOUND;
  const crumbs: Crumb[] = parents.flatMap((answer) => (answer.status === 200 ? [{ path: answer.body.path, title: answer.body.title }] : []));
  return { status: 200, data: { [key]: article }, head: articleHead(article, origin, crumbs) };
}

async function loadBlogList(api: ServerApi, params: URLSearchParams, origin: string): Promise<LoadResult> {
  const { tag, page, valid } = readBlogListQuery(params);
  if (!valid) return NOT_FOUND;
  const key = blogListApiUrl(tag, page);
  // an unknown tag or a page past the end: the API answers 404
  const list = await getOrNull(api, key);
  if (!list) return NOT_FOUND;
  return { status: 200, data: { [key]: list }, head: blogListHead(tag, page, list, origin) };
}

async function loadBlogPost(api: ServerApi, splat: string, origin: string): Promise<LoadResult> {
  const decoded = decode(splat);
  const path = decoded === null ? null : contentPath(decoded);
  if (path === null) return NOT_FOUND;
  const key = blogPostApiUrl(path);
  const post = await getOrNull(api, key);
  if (!post) return NOT_FOUND;
  return { status: 200, data: { [key]: post }, head: blogPostHead(post, origin) };
}

async function loadStoreLocator(api: ServerApi, params: URLSearchParams, origin: string, countryName: string): Promise<LoadResult> {
  const { url: key, searching } = storesApiUrl(params);
  const answer = await api(key);
  if (answer.status === 200) return { status: 200, data: { [key]: answer.body }, head: storeLocatorHead(answer.body, origin, countryName) };
  // a search the API refuses (a place it does not know, a bad query): the page exists and the
  // browser asks again and shows the message
  if (searching && answer.status >= 400 && answer.status < 500) return { status: 200, data: {}, head: storeLocatorHead(null, origin, countryName) };
  throw new LoadError(key, answer.status);
}

async function loadStore(api: ServerApi, rest: string, origin: string): Promise<LoadResult> {
  const decoded = decode(rest);
  const path = decoded === null ? null : storePath(decoded);
  if (path === null) return NOT_FOUND;
  const key = storeApiUrl(path);
  const store = await getOrNull(api, key);
  if (!store) return NOT_FOUND;
  return { status: 200, data: { [key]: store }, head: storeHead(store, origin) };
}

type Loader = (api: ServerApi, screen: ScreenMatch, url: URL, countryName: string) => Promise<LoadResult>;

/** Each screen's loader (app/screens.ts). */
const LOADERS: Record<ScreenId, Loader> = {
  home: (api, _screen, { origin }) => loadHome(api, origin),
  article: (api, { rest }, { origin }) => loadArticle(api, rest, origin),
  journal: (api, _screen, { searchParams, origin }) => loadBlogList(api, searchParams, origin),
  post: (api, { rest }, { origin }) => loadBlogPost(api, rest, origin),
  storeLocator: (api, _screen, { searchParams, origin }, countryName) => loadStoreLocator(api, searchParams, origin, countryName),
  store: (api, { rest }, { origin }) => loadStore(api, rest, origin),
};

export async function load({ url, api, market }: LoadContext): Promise<LoadResult> {
  const parsed = new URL(url);
  // the screen of the path, by the registry's rule (trailing slashes ignored: /blog/ is the journal)
  const screen = screenAt(parsed.pathname);
  return screen ? LOADERS[screen.id](api, screen, parsed, market?.countryName ?? 'New Zealand') : NOT_FOUND;
}

export function render({ url, data, market }: RenderContext) {
  const { pathname, search } = new URL(url, 'http://localhost');
  return (
    <MarketProvider market={market}>
    <StaticRouter location={`${pathname}${search}`}>
      <ContentRoutes data={data} />
    </StaticRouter>
    </MarketProvider>
  );
}

// the shape the edge expects (checked at build time)
const _module: RemoteServerModule = { load, render };
void _module;
