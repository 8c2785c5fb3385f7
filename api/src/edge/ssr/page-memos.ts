// What the page renderer keeps between requests: loader results with the answers they were made
// from, shell templates, the JSON of answers and chrome data, page styles, rendered regions and
// assembled pages.
import type { RouteData, ServerAnswer, ServerApi } from '@store/contracts/ssr';
import { jsonForScript } from '@store/contracts/ssr';
import { ByteLru } from '../../platform/cache/byte-lru';
import { AnswerBody, jsonTextForScript } from './answer-body';
import { PageCache } from './page-cache';
import { splitShellTemplate, stylesHtml, type Rendered, type ShellTemplate } from './render';
import type { Loaded } from './renderer';

/** The API by plain URL: the URLs a renderer asks for are those its loader asked for, typed there. */
export const untyped = (api: ServerApi) => api as unknown as (url: string) => Promise<ServerAnswer<unknown>>;
/**
 * A loader's result and the API answers it was made from, by release, market and URL. A loader is
 * a function of its URL, market and answers: when the edge's API gives the very same answer objects
 * again (its memo hands out the same object until an answer changes), the kept result is used and
 * the renderer is not asked (a kept page then costs no IPC).
 */
export interface Kept {
  calls: [url: string, status: number, body: unknown][];
  loaded: Loaded;
}
/** At most this many kept loader results, and this many bytes of them (their data's JSON, counted twice: the copy from the renderer and the answers it was made from). */
const KEPT_ENTRIES = 1024;
const KEPT_BYTES = 16 * 1024 * 1024;
export const kept = new ByteLru<string, Kept>(KEPT_BYTES, KEPT_ENTRIES);

export function keep(key: string, entry: Kept): void {
  const bytes = key.length + entry.calls.reduce((sum, [url]) => sum + url.length, 0) + 2 * routeDataJson(entry.loaded.data ?? {}).length;
  kept.set(key, entry, bytes);
}

/** The kept loader result for `key` when every answer it was made from is the same object again. */
export async function keptFor(key: string, api: ServerApi): Promise<Kept | undefined> {
  const entry = kept.get(key);
  if (!entry) return undefined;
  for (const [url, status, body] of entry.calls) {
    const answer = await untyped(api)(url);
    if (answer.status !== status || answer.body !== body) return undefined;
  }
  return entry;
}

/** The API for a renderer's loader, noting each call and its answer. */
export const recording = (api: ServerApi, calls: Kept['calls']): ServerApi =>
  (async (url: string) => {
    const answer = await untyped(api)(url);
    calls.push([url, answer.status, answer.body]);
    return answer;
  }) as ServerApi;

/**
 * A renderer's loader result with the data it sent by reference (`dataFrom`: key -> the API URL
 * whose answer body it is) put back as this process's own answer objects: their JSON is memoised
 * (routeDataJson) and nothing of them was copied twice.
 */
export function withAnswers(loaded: Loaded & { dataFrom?: Record<string, string> }, calls: Kept['calls']): Loaded {
  const { dataFrom, ...rest } = loaded;
  if (!dataFrom) return loaded;
  const data: RouteData = { ...rest.data };
  for (const [key, url] of Object.entries(dataFrom)) {
    // the last answer to that URL (a loader that asked twice got the same answer or a newer one)
    let found: Kept['calls'][number] | undefined;
    for (const call of calls) if (call[0] === url) found = call;
    if (!found) throw new Error(`the renderer named an answer to ${url} that it was not given`);
    data[key] = found[2];
  }
  return { ...rest, data };
}

const templates = new Map<string, ShellTemplate | null>();
export function templateOf(version: string, html: string): ShellTemplate | null {
  if (!templates.has(version)) {
    templates.set(version, splitShellTemplate(html));
    if (templates.size > 8) templates.delete(templates.keys().next().value as string);
  }
  return templates.get(version)!;
}

const chromeJsons = new WeakMap<object, string>();

/** jsonForScript of each API answer object, kept while the object lives (the edge's API memo hands out the same object until the answer changes). */
const answerJson = new WeakMap<object, string>();

/**
 * jsonForScript(data) for a loader's data (API URL -> answer), built from each answer's memoised
 * JSON: the same string, without serialising an unchanged 30 KB listing on every request.
 */
export function routeDataJson(data: RouteData): string {
  // kept per data object too: a cold page asks twice (the kept result's size, the render's key)
  const known = dataJsons.get(data);
  if (known !== undefined) return known;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    let json: string | undefined;
    if (value !== null && typeof value === 'object') {
      json = answerJson.get(value);
      if (json === undefined) {
        // an in-process answer's own text, escaped (not parsed and serialised again)
        json = value instanceof AnswerBody ? jsonTextForScript(value.json) : jsonForScript(value);
        answerJson.set(value, json);
      }
    } else json = jsonForScript(value);
    parts.push(`${jsonForScript(key)}:${json}`);
  }
  const json = `{${parts.join(',')}}`;
  dataJsons.set(data, json);
  return json;
}
/** routeDataJson by loader data object (a loader result's data is not changed once made). */
const dataJsons = new WeakMap<RouteData, string>();

/** stylesHtml of a page's three roots, kept per region render (the same cached render, header and footer give the same style). */
const stylesByRegion = new WeakMap<object, { header: object; footer: object; html: string }>();
export function pageStyles(header: Rendered['styles'], region: Rendered['styles'], footer: Rendered['styles']): string {
  const hit = stylesByRegion.get(region);
  if (hit && hit.header === header && hit.footer === footer) return hit.html;
  const html = stylesHtml([header, region, footer]);
  stylesByRegion.set(region, { header, footer, html });
  return html;
}

/**
 * Rendered HTML by release, URL and the JSON of the data it was rendered from (LRU, bounded by
 * bytes): a hit needs the same data, so nothing stale is served.
 */
class RenderCache {
  private readonly entries: ByteLru<string, { json: string; rendered: Rendered }>;
  constructor(maxBytes: number) {
    this.entries = new ByteLru(maxBytes);
  }
  /** Forgets the entries whose key `drop` accepts. */
  clear(drop: (key: string) => boolean = () => true): void {
    for (const key of [...this.entries.keys()]) if (drop(key)) this.entries.delete(key);
  }
  get(key: string, json: string): Rendered | undefined {
    const hit = this.entries.get(key);
    return hit && hit.json === json ? hit.rendered : undefined;
  }
  set(key: string, json: string, rendered: Rendered): void {
    const bytes = key.length + json.length + rendered.html.length + rendered.styles.reduce((sum, [id, rules]) => sum + id.length + rules.length, 0);
    this.entries.set(key, { json, rendered }, bytes);
  }
}
/** Rendered regions, headers and footers, 32 MB. */
export const renders = new RenderCache(32 * 1024 * 1024);
/** The chrome data object is kept for NAV_TTL_MS: its JSON too. */
export function chromeJsonOf(data: Record<string, unknown>): string {
  let json = chromeJsons.get(data);
  if (json === undefined) {
    json = jsonForScript(data);
    chromeJsons.set(data, json);
  }
  return json;
}
/** Assembled pages without their nonces (page-cache.ts), 64 MB. */
export const pages = new PageCache(64 * 1024 * 1024);
/**
 * The URLs (per release and market) asked for once lately, LRU: a region's render and its page are
 * kept from a URL's second request on (`askedBefore`). A large catalogue has far more URLs than are
 * asked for twice in a while (every category, sort and page; crawlers): kept at once, each cold
 * page's 100-200 KB stayed in memory until evicted, pushed out pages asked for often, and made the
 * garbage collector copy and mark it (about 0.4 ms of API CPU per cold listing). A loader's result
 * is still kept at once: it is small (the API's own answer objects) and the route payload the
 * browser may fetch next reads it.
 */
const askedOnce = new ByteLru<string, true>(2 * 1024 * 1024, 16_384);
/** Whether `key` was asked for lately; notes that it is now. */
export function askedBefore(key: string): boolean {
  if (askedOnce.get(key)) return true;
  askedOnce.set(key, true, key.length);
  return false;
}

/**
 * Forgets every kept loader result, region render and page: the next request of a page runs its
 * remote's loader and render again (the release gate times renders this way; the API's answers and
 * the shell's header and footer stay kept).
 */
export function forgetRenders(): void {
  kept.clear();
  renders.clear((key) => !key.startsWith('header ') && !key.startsWith('footer '));
  pages.clear();
  askedOnce.clear();
}
/** The assembled-page cache's size (metrics). */
export const pageCacheStats = () => pages.stats();
