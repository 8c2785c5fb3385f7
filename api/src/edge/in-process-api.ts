// The API in-process for the remotes' loaders on the server (page.ts): the same routes a browser
// calls, without a network hop, with the catalogue's listing and product answered directly.
import type { MarketSettings } from '@store/contracts';
import type { ServerAnswer, ServerApi } from '@store/contracts/ssr';
import type { FastifyInstance } from 'fastify';
import { ByteLru } from '../platform/cache/byte-lru';
import { AnswerBody } from './ssr/answer-body';
import { listingAnswer as catalogListing, productAnswer as catalogProduct } from '../store/catalog/pages';

/**
 * The API in-process for the remotes' loaders: the same routes a browser calls, without a network
 * hop, with the page request's host (the API answers in that host's market). Answers
 * that carry an ETag are kept (by page host and URL, at most API_MEMO_ENTRIES and API_MEMO_BYTES) and revalidated with
 * If-None-Match on every call, as a browser would: a 304 reuses the parsed body, so the same
 * object comes back and the page's data JSON and render are reused too (page.ts), while any
 * change of the answer is seen at once. Bounded by bytes (the answers' JSON) as well: a search
 * for every word an attacker can think of keeps at most API_MEMO_BYTES.
 */
/**
 * A 200 answer whose body is an AnswerBody: its JSON text, which a renderer is sent as it is (one
 * string to copy and parse there; renderers.ts) and which is parsed here only if something reads it.
 */
const withJson = (body: AnswerBody): ServerAnswer<never> => ({ status: 200, body: body as never });

export function inProcessApi(app: FastifyInstance): (host: string | undefined, market: MarketSettings, requestId?: string) => ServerApi {
  const API_MEMO_ENTRIES = 512;
  const API_MEMO_BYTES = 8 * 1024 * 1024;
  const answers = new ByteLru<string, { etag: string; body: unknown }>(API_MEMO_BYTES, API_MEMO_ENTRIES);
  const remember = (memo: string, etag: string, body: unknown, bytes: number) => {
    answers.set(memo, { etag, body }, memo.length + bytes);
  };
  /**
   * The catalogue listing (every category, brand and search page's loader asks for it) answered
   * without `inject`, by the catalogue's own function for it (api/src/store/catalog/pages.ts): the
   * route's query schema, the catalogue in the page's market, the same cached answer and ETag the
   * route sends. Anything else than a 200 (an invalid query, an unknown category or brand) goes
   * through the route, so its errors are the route's.
   */
  const LISTING = '/api/catalog/listing?';
  const listingAnswer = async (url: string, market: MarketSettings): Promise<{ etag: string; json: string } | null> => {
    if (!url.startsWith(LISTING) || !app.hasDecorator('catalog')) return null;
    return catalogListing(app.catalog, url.slice(LISTING.length), market.currency);
  };
  /**
   * A product by path (every product page's loader asks for it), the same way: the route's schema,
   * the page market's catalogue, the route's JSON. It has no ETag (stock changes it), so it is
   * asked for on every request; its parsed object is reused while the JSON is the same.
   */
  const PRODUCT = '/api/products/by-path?';
  const products = new ByteLru<string, AnswerBody>(API_MEMO_BYTES, API_MEMO_ENTRIES);
  const productAnswer = async (url: string, market: MarketSettings): Promise<string | null> => {
    if (!url.startsWith(PRODUCT) || !app.hasDecorator('catalog')) return null;
    return catalogProduct(app.catalog, url.slice(PRODUCT.length), market.currency);
  };
  return (host: string | undefined, market: MarketSettings, requestId?: string): ServerApi => async (url) => {
    const memo = `${host ?? ''} ${url}`;
    const product = await productAnswer(url, market);
    if (product !== null) {
      const seen = products.get(memo);
      if (seen && seen.json === product) return withJson(seen);
      const body = new AnswerBody(product);
      // the JSON, and its parsed object if something reads it
      products.set(memo, body, memo.length + product.length * 2);
      return withJson(body);
    }
    const known = answers.get(memo);
    const direct = await listingAnswer(url, market);
    if (direct) {
      if (known && known.etag === direct.etag && known.body instanceof AnswerBody) return withJson(known.body);
      const body = new AnswerBody(direct.json);
      remember(memo, direct.etag, body, direct.json.length);
      return withJson(body);
    }
    const headers: Record<string, string> = { accept: 'application/json', ...(host ? { host } : {}), ...(requestId ? { 'x-request-id': requestId } : {}) };
    if (known) headers['if-none-match'] = known.etag;
    const response = await app.inject({ method: 'GET', url, headers });
    if (known && response.statusCode === 304) return { status: 200, body: known.body as never };
    let body: unknown = null;
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      body = null;
    }
    const etag = response.headers.etag;
    answers.delete(memo);
    if (response.statusCode === 200 && typeof etag === 'string' && body !== null) remember(memo, etag, body, response.body.length);
    return { status: response.statusCode, body: body as never };
  };
}
