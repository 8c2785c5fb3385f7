/**
 * The edge's page renderer: status, head, chrome and the route's remote, from the
 * deployed builds named by the registry. See render.ts for the pieces and docs/architecture.md for
 * the request flow.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { MarketSettings } from '@store/contracts';
import type { PageHead, RouteData, ServerAnswer, ServerApi } from '@store/contracts/ssr';
import { CHROME_DATA_PATH, headOf, jsonForScript, ROUTE_DATA_INLINE_MAX_CHARS, routePayloadUrl } from '@store/contracts/ssr';
import type { FastifyBaseLogger } from 'fastify';
import { ByteLru } from '../../platform/cache/byte-lru';
import type { SsrMetrics } from '../../platform/http/metrics';
import { nonceMeta, stampNonces, type CspNonces } from '../../platform/http/security';
import { NONCE_MARKS, PageCache, PageTemplate, type PageInputs } from './page-cache';
import { headHtml, regionHtml, routeDataScript, scriptsOnIntent, splitShellTemplate, stylesHtml, type Rendered, type RemoteRegion, type ShellTemplate } from './render';
import type { Loaded, ShellInfo } from './renderer';
import type { RendererPool } from './renderers';

/**
 * The page's `<html lang>` set to the market's locale (en-NZ on the New Zealand site, en-AU on the
 * Australian one): the shell's index.html is one file for both sites and declares a lang, which
 * this replaces (a template without one is left as it is).
 */
export function withHtmlLang(html: string, locale: string): string {
  return html.replace(/<html\b[^>]*>/i, (tag) => tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, ` lang="${locale}"`));
}

export interface SsrRemote {
  name: string;
  version: string;
  manifest?: string;
  routes: string[];
}

export interface SsrOptions {
  deployDir: string;
  /** Loader plus render of the route's remote, in ms (SSR_BUDGET_MS, default 150). */
  budgetMs: number;
  /** Remotes rendered in the browser only (SSR_DISABLED_REMOTES; '*' for all). */
  disabled: Set<string>;
  siteName: string;
  log: FastifyBaseLogger;
  /** Called with every server-render failure (logged and counted). */
  onFailure?: (remote: string, error: unknown) => void;
  /** Render times and outcomes, page-cache lookups (Prometheus, api/src/platform/http/metrics.ts). */
  metrics?: SsrMetrics;
  /** The renderer processes that run the server bundles (renderers.ts). */
  renderers: RendererPool;
  /**
   * Told of each region the renderer loaded and rendered afresh: the time it took as the edge waited
   * (ms) and the CPU time the renderer spent on it (cpuMs).
   */
  onRegionRender?: (remote: string, version: string, time: { ms: number; cpuMs?: number }) => void;
}

export interface PageRequest {
  /** absolute URL of the page */
  url: string;
  pathname: string;
  search: string;
  owner: SsrRemote | null;
  shellVersion: string;
  template: string;
  /** extra elements for the head (geo locale, registry, ...) */
  headExtra: string;
  /**
   * What else tells pages of the same URL apart in headExtra (the visitor's geo locale element):
   * part of the kept page's key, so visitors from two countries do not replace each other's page.
   */
  variant?: string;
  api: ServerApi;
  /** the request's market (its host): the loaders' API calls and the renders use it */
  market: MarketSettings;
  /**
   * The query keys the owner's render reads (its registry entry's `query`), named in the route data
   * element so the browser compares its location by them (`search` is already reduced to them).
   */
  query?: string[];
  /** whether a page without a server bundle exists (the edge's older product and content checks) */
  exists: () => Promise<boolean>;
  /**
   * This response's CSP nonces: put on every <script> and <style> the page carries (the template's,
   * the data blocks, emotion's <style data-emotion>) and exposed to the browser's emotion caches by
   * `<meta property="csp-nonce">`. Rendered HTML is cached without them and stamped per response.
   */
  nonces?: CspNonces | null;
}

const bundleFile = (deployDir: string, name: string, version: string) => path.join(deployDir, 'cdn', name, version, 'server', 'server.js');

/** Whether a deployed build has a server bundle: deployed versions are immutable, so asked once per version. */
const bundles = new Map<string, boolean>();
function hasServerBundle(deployDir: string, name: string, version: string): boolean {
  const file = bundleFile(deployDir, name, version);
  let known = bundles.get(file);
  if (known === undefined) {
    known = fs.existsSync(file);
    bundles.set(file, known);
    if (bundles.size > 256) bundles.delete(bundles.keys().next().value as string);
  }
  return known;
}

/** What the shell's server bundle of a version tells (asked of a renderer once per version), or null when the build has none. */
const shells = new Map<string, Promise<ShellInfo>>();
function shellOf(options: Pick<SsrOptions, 'deployDir' | 'renderers'>, version: string): { file: string; info: Promise<ShellInfo> } | null {
  if (!hasServerBundle(options.deployDir, 'shell', version)) return null;
  const file = bundleFile(options.deployDir, 'shell', version);
  let info = shells.get(file);
  if (info === undefined) {
    info = options.renderers.call<ShellInfo>({ op: 'shell', file }, 2000);
    shells.set(file, info);
    info.catch(() => shells.delete(file));
    if (shells.size > 8) shells.delete(shells.keys().next().value as string);
  }
  return { file, info };
}

/**
 * How long the edge waits for a renderer's answer to a render of `budget` ms: the renderer keeps
 * the budget itself (renderer.ts); this only bounds a renderer that is stuck (a render that never
 * ends, a queue of them).
 */
const waitFor = (budget: number) => Math.max(1000, budget * 2);

/** The API by plain URL: the URLs a renderer asks for are those its loader asked for, typed there. */
const untyped = (api: ServerApi) => api as unknown as (url: string) => Promise<ServerAnswer<unknown>>;
/**
 * A loader's result and the API answers it was made from, by release, market and URL. A loader is
 * a function of its URL, market and answers: when the edge's API gives the very same answer objects
 * again (its memo hands out the same object until an answer changes), the kept result is used and
 * the renderer is not asked (a kept page then costs no IPC).
 */
interface Kept {
  calls: [url: string, status: number, body: unknown][];
  loaded: Loaded;
}
/** At most this many kept loader results, and this many bytes of them (their data's JSON, counted twice: the copy from the renderer and the answers it was made from). */
const KEPT_ENTRIES = 1024;
const KEPT_BYTES = 16 * 1024 * 1024;
const kept = new ByteLru<string, Kept>(KEPT_BYTES, KEPT_ENTRIES);

function keep(key: string, entry: Kept): void {
  const bytes = key.length + entry.calls.reduce((sum, [url]) => sum + url.length, 0) + 2 * routeDataJson(entry.loaded.data ?? {}).length;
  kept.set(key, entry, bytes);
}

/** The kept loader result for `key` when every answer it was made from is the same object again. */
async function keptFor(key: string, api: ServerApi): Promise<Kept | undefined> {
  const entry = kept.get(key);
  if (!entry) return undefined;
  for (const [url, status, body] of entry.calls) {
    const answer = await untyped(api)(url);
    if (answer.status !== status || answer.body !== body) return undefined;
  }
  return entry;
}

/** The API for a renderer's loader, noting each call and its answer. */
const recording = (api: ServerApi, calls: Kept['calls']): ServerApi =>
  (async (url: string) => {
    const answer = await untyped(api)(url);
    calls.push([url, answer.status, answer.body]);
    return answer;
  }) as ServerApi;

const templates = new Map<string, ShellTemplate | null>();
function templateOf(version: string, html: string): ShellTemplate | null {
  if (!templates.has(version)) {
    templates.set(version, splitShellTemplate(html));
    if (templates.size > 8) templates.delete(templates.keys().next().value as string);
  }
  return templates.get(version)!;
}

const NAV_TTL_MS = 30_000;
/** By market id (a handful: the markets are the contracts' list, not the Host header). */
const chromeData = new Map<string, { at: number; version: string; data: Record<string, unknown> }>();

/** The chrome data of the live shell for a market (kept NAV_TTL_MS), or null when no shell server bundle is deployed. */
export async function chromeDataOf(options: Pick<SsrOptions, 'deployDir' | 'renderers'>, shellVersion: string, api: ServerApi, market: string): Promise<Record<string, unknown> | null> {
  const shell = shellOf(options, shellVersion);
  if (!shell) return null;
  await shell.info;
  return chromeDataFor(options, shell.file, shellVersion, api, market);
}

async function chromeDataFor(options: Pick<SsrOptions, 'renderers'>, file: string, version: string, api: ServerApi, market: string): Promise<Record<string, unknown>> {
  const now = Date.now();
  const hit = chromeData.get(market);
  if (hit && hit.version === version && now - hit.at < NAV_TTL_MS) return hit.data;
  const data = await options.renderers.call<Record<string, unknown>>({ op: 'shellData', file }, 2000, api);
  chromeData.set(market, { at: now, version, data });
  return data;
}

const chromeJsons = new WeakMap<object, string>();

/** jsonForScript of each API answer object, kept while the object lives (the edge's API memo hands out the same object until the answer changes). */
const answerJson = new WeakMap<object, string>();

/**
 * jsonForScript(data) for a loader's data (API URL -> answer), built from each answer's memoised
 * JSON: the same string, without serialising an unchanged 30 KB listing on every request.
 */
export function routeDataJson(data: RouteData): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    let json: string | undefined;
    if (value !== null && typeof value === 'object') {
      json = answerJson.get(value);
      if (json === undefined) {
        json = jsonForScript(value);
        answerJson.set(value, json);
      }
    } else json = jsonForScript(value);
    parts.push(`${jsonForScript(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}

/** stylesHtml of a page's three roots, kept per region render (the same cached render, header and footer give the same style). */
const stylesByRegion = new WeakMap<object, { header: object; footer: object; html: string }>();
function pageStyles(header: Rendered['styles'], region: Rendered['styles'], footer: Rendered['styles']): string {
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
const renders = new RenderCache(32 * 1024 * 1024);
/** The path a 404's error page and chrome are rendered for: none of the store's pages (no menu entry is current). */
const NOT_FOUND_PATH = '/404';
/** The chrome data object is kept for NAV_TTL_MS: its JSON too. */
function chromeJsonOf(data: Record<string, unknown>): string {
  let json = chromeJsons.get(data);
  if (json === undefined) {
    json = jsonForScript(data);
    chromeJsons.set(data, json);
  }
  return json;
}
/** Assembled pages without their nonces (page-cache.ts), 64 MB. */
const pages = new PageCache(64 * 1024 * 1024);
/**
 * Forgets every kept loader result, region render and page: the next request of a page runs its
 * remote's loader and render again (the release gate times renders this way; the API's answers and
 * the shell's header and footer stay kept).
 */
export function forgetRenders(): void {
  kept.clear();
  renders.clear((key) => !key.startsWith('header ') && !key.startsWith('footer '));
  pages.clear();
}
/** The assembled-page cache's size (metrics). */
export const pageCacheStats = () => pages.stats();

/**
 * A rendered page: a kept template and this response's nonces (the edge joins them, or sends the
 * template's compressed pieces), or the page's text.
 */
export type RenderedPage = { status: number; template: PageTemplate; nonces: CspNonces | null; html?: undefined } | { status: number; html: string; template?: undefined };

/**
 * Renders a page, or null when the deployed shell has no server bundle or template (the edge then
 * serves the browser-only shell as before).
 */
export async function renderPage(options: SsrOptions, request: PageRequest): Promise<RenderedPage | null> {
  const template = templateOf(request.shellVersion, request.template);
  const shellBundle = shellOf(options, request.shellVersion);
  if (!template || !shellBundle) return null;
  const shell = await shellBundle.info;
  const { owner } = request;
  const budget = options.budgetMs;
  const { market } = request;
  const chrome = chromeDataFor(options, shellBundle.file, request.shellVersion, request.api, market.id);
  // not awaited yet: a failure here is the page's failure, not an unhandled rejection meanwhile
  chrome.catch(() => {});

  let status = owner ? 200 : 404;
  // the loader's head: made only when the page is assembled (a kept page has it already)
  let head: (() => PageHead | null) | null = null;
  let region: RemoteRegion | null = null;
  let regionStyles: Rendered['styles'] = [];
  const wanted = owner !== null && !options.disabled.has(owner.name) && !options.disabled.has('*');
  const hasBundle = wanted && hasServerBundle(options.deployDir, owner.name, owner.version);
  if (owner && hasBundle) {
    const started = performance.now();
    try {
      // the loader and render run in a renderer process (renderers.ts), unless the kept result's answers are unchanged
      const file = bundleFile(options.deployDir, owner.name, owner.version);
      const key = `${file} ${market.id} ${request.url}`;
      let entry = await keptFor(key, request.api);
      let fresh: Rendered | undefined;
      let cpuMs: number | undefined;
      if (!entry) {
        const calls: Kept['calls'] = [];
        const result = await options.renderers.call<{ loaded: Loaded; rendered?: Rendered; cpuMs?: number }>({ op: 'region', file, url: request.url, market, ms: budget }, waitFor(budget), recording(request.api, calls));
        entry = { calls, loaded: result.loaded };
        fresh = result.rendered;
        cpuMs = result.cpuMs;
        keep(key, entry);
      }
      const { loaded } = entry;
      if (loaded.status === 404) {
        status = 404;
        options.metrics?.render(owner.name, owner.version, 'not_found', (performance.now() - started) / 1000);
      } else {
        // the same release, URL and data render the same HTML: reuse it (a listing's data is the
        // API's cached answer; a product's changes with its stock, and so renders again)
        const dataJson = routeDataJson(loaded.data);
        let rendered = fresh ?? renders.get(key, dataJson);
        if (rendered === undefined) {
          const ms = Math.max(1, budget - (performance.now() - started));
          rendered = await options.renderers.call<Rendered>({ op: 'render', file, url: request.url, market, data: loaded.data, ms }, waitFor(ms));
        }
        renders.set(key, dataJson, rendered);
        region = { name: owner.name, version: owner.version, kind: 'rendered', html: rendered.html, data: loaded.data, dataJson };
        options.metrics?.render(owner.name, owner.version, 'rendered', (performance.now() - started) / 1000);
        if (fresh) options.onRegionRender?.(owner.name, owner.version, { ms: performance.now() - started, cpuMs });
        regionStyles = rendered.styles;
        head = () => headOf(loaded) ?? null;
      }
    } catch (error) {
      options.log.error({ err: error, remote: owner.name, version: owner.version, path: request.pathname }, 'server render failed: the browser renders this region');
      options.onFailure?.(owner.name, error);
      options.metrics?.render(owner.name, owner.version, 'failed', (performance.now() - started) / 1000);
      region = { name: owner.name, version: owner.version, kind: 'failed', html: '' };
    }
  } else if (owner) {
    if (!(await request.exists())) status = 404;
    else region = { name: owner.name, version: owner.version, kind: 'frame', html: '' };
  }
  // A 404 is the same page whatever path was asked for (the error page and the chrome are rendered
  // for NOT_FOUND_PATH): kept once per release, market and cohort view, so junk paths neither
  // render again nor make entries.
  const notFoundKey = status === 404 && request.nonces ? `${request.shellVersion} 404 ${market.id} ${request.variant ?? ''}` : null;
  const notFoundInputs = async (): Promise<PageInputs> => ({ status, dataJson: '', chromeJson: chromeJsonOf(await chrome), headExtra: request.headExtra });
  if (notFoundKey) {
    const hit = pages.get(notFoundKey, await notFoundInputs());
    options.metrics?.pageCacheLookup(hit !== undefined);
    if (hit) {
      hit.compressInBackground(pages.compressing, (error) => options.log.warn({ err: error, path: request.pathname }, 'page compression failed'));
      return { status, template: hit, nonces: request.nonces ?? null };
    }
  }
  if (status === 404) {
    const errorPage = await options.renderers.call<Rendered>({ op: 'errorPage', file: shellBundle.file, url: new URL(NOT_FOUND_PATH, request.url).href, market, status: 404, ms: 1000 }, 1000);
    region = { name: 'error-page', version: request.shellVersion, kind: 'error-page', html: errorPage.html };
    regionStyles = errorPage.styles;
    const errorHead: PageHead = { title: shell.errorTitle404, noindex: true };
    head = () => errorHead;
  }

  const data = await chrome;
  const chromeJson = chromeJsonOf(data);
  // the same release, market, URL, data, chrome data and head extras assemble the same page, but
  // for its nonces: a server-rendered region's page is kept as a template (page-cache.ts). The head
  // is not compared: a loader's head is a function of its URL, market and answers, as its render is.
  const pageKey = region?.kind === 'rendered' && owner && request.nonces ? `${request.shellVersion} ${owner.name}@${owner.version} ${market.id} ${request.url} ${request.variant ?? ''}` : notFoundKey;
  const inputs: PageInputs | null = pageKey ? { status, dataJson: region?.dataJson ?? '', chromeJson, headExtra: request.headExtra } : null;
  if (pageKey && inputs && !notFoundKey) {
    const hit = pages.get(pageKey, inputs);
    options.metrics?.pageCacheLookup(hit !== undefined);
    if (hit) {
      // compressed from its second request on: a page asked for once is not worth it
      hit.compressInBackground(pages.compressing, (error) => options.log.warn({ err: error, path: request.pathname }, 'page compression failed'));
      return { status, template: hit, nonces: request.nonces ?? null };
    }
  }
  const chromeKey = `shell@${request.shellVersion} ${market.id} ${request.pathname}${request.search}`;
  // header and footer: one renderer call for both; kept for pages that exist (a 404's path is
  // whatever was asked for: every junk path would be an entry)
  let header = status === 404 ? undefined : renders.get(`header ${chromeKey}`, chromeJson);
  let footer = status === 404 ? undefined : renders.get(`footer ${chromeKey}`, chromeJson);
  if (header === undefined || footer === undefined) {
    ({ header, footer } = await options.renderers.call<{ header: Rendered; footer: Rendered }>({ op: 'chrome', file: shellBundle.file, url: status === 404 ? new URL(NOT_FOUND_PATH, request.url).href : request.url, data, market, ms: 1000 }, 1000));
    if (status !== 404) {
      renders.set(`header ${chromeKey}`, chromeJson, header);
      renders.set(`footer ${chromeKey}`, chromeJson, footer);
    }
  }

  // preload the hydrating remote's manifest (a fetch). Not its scripts: Chromium reuses a failed
  // script preload for every later <script> of that URL in the document, so a remote that was
  // down at page load could not be loaded again on the shopper's next visit to it (e2e 03).
  // (nor for a remote the page's query overrides: the browser loads the developer's build instead)
  const manifest = owner?.manifest && region && region.kind !== 'error-page' && !new URLSearchParams(request.search).has(`mf-override.${owner.name}`) ? owner.manifest : null;
  // A server-rendered region: the scripts (and the manifest preload) start on the shopper's first
  // intent or once the page is quiet (scriptsOnIntent). Any other page starts them as the template says.
  const onIntent = region?.kind === 'rendered';
  const preloads = manifest && !onIntent ? `<link rel="preload" href="${manifest}" as="fetch" crossorigin="anonymous">` : '';
  // route data too large to embed is fetched when the page hydrates: preloaded with the scripts
  const dataSrc = region?.kind === 'rendered' && (region.dataJson?.length ?? 0) > ROUTE_DATA_INLINE_MAX_CHARS ? routePayloadUrl(request.pathname, request.search) : null;
  // the navigation is not in the page when the shell reads it by URL: fetched (preloaded with the
  // scripts) before the header hydrates. Kept in the key above, so a changed navigation renders again.
  const chromeBy = onIntent && shell.CHROME_DATA_BY_URL === true ? CHROME_DATA_PATH : null;
  const end = onIntent ? scriptsOnIntent(template.end, [...(manifest ? [manifest] : []), ...(dataSrc ? [dataSrc] : []), ...(chromeBy ? [chromeBy] : [])]) : template.end;
  const main = region ? regionHtml(region) + (region.kind === 'rendered' && region.dataJson ? routeDataScript(region.name, `${request.pathname}${request.search}`, region.dataJson, request.query) : '') : '';

  const pageHead = head?.() ?? null;
  // the page with these nonces on every <script> and <style> start tag (none: not stamped)
  const assemble = (nonces: CspNonces | null) =>
    (nonces ? (html: string) => stampNonces(html, nonces) : (html: string) => html)(
      withHtmlLang(template.start, market.locale) +
        (nonces ? nonceMeta(nonces) : '') +
        (pageHead ? headHtml(pageHead, options.siteName) : template.defaultHead) +
        // the registry is in the page: no preload of it
        template.headRest.replace(/<link\s+rel="?preload"?\s+href="?\/registry\.json"?[^>]*>/i, '') +
        // the emotion rules of the header, the region and the footer, once each (renderRoot)
        pageStyles(header.styles, regionStyles, footer.styles) +
        request.headExtra +
        preloads +
        `<script type="application/json" id="${shell.CHROME_DATA_ELEMENT_ID}">${chromeBy ? jsonForScript({ src: chromeBy }) : chromeJson}</script>` +
        template.toHeader.replace(/<\/head\s*>/i, '</head>') +
        `<header id="shell-header" data-ssr="rendered">${header.html}</header>` +
        template.toMain +
        `<main id="shell-main" tabindex="-1">${main}</main>` +
        template.toFooter +
        `<footer id="shell-footer" data-ssr="rendered">${footer.html}</footer>` +
        end,
    );
  if (pageKey && inputs) {
    const built = PageTemplate.from(assemble(NONCE_MARKS));
    if (built) {
      pages.set(pageKey, inputs, built);
      return { status, template: built, nonces: request.nonces ?? null };
    }
  }
  return { status, html: assemble(request.nonces ?? null) };
}

export interface RoutePayload {
  status: 200 | 404;
  data: RouteData;
  head?: PageHead;
}

/**
 * A route's data as one payload (`<path>/_payload.json`) for client-side
 * navigations: the owner's loader (in a renderer, or its kept result), the same answers a server render embeds. Null
 * when the owner has no server bundle (the browser then asks the API itself).
 */
export async function routePayload(options: SsrOptions, owner: SsrRemote, url: string, api: ServerApi, market: MarketSettings): Promise<RoutePayload | null> {
  if (options.disabled.has(owner.name) || options.disabled.has('*')) return null;
  if (!hasServerBundle(options.deployDir, owner.name, owner.version)) return null;
  const key = `${bundleFile(options.deployDir, owner.name, owner.version)} ${market.id} ${url}`;
  let loaded = (await keptFor(key, api))?.loaded;
  if (!loaded) {
    const calls: Kept['calls'] = [];
    loaded = await options.renderers.call<Loaded>({ op: 'load', file: bundleFile(options.deployDir, owner.name, owner.version), url, market }, Math.max(options.budgetMs * 4, 1000), recording(api, calls));
    keep(key, { calls, loaded });
  }
  if (loaded.status === 404) return { status: 404, data: {} };
  const head = headOf(loaded);
  return { status: 200, data: loaded.data, ...(head ? { head } : {}) };
}
