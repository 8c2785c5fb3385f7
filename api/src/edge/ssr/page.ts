/**
 * The edge's page renderer: status, head, chrome and the route's remote, from the
 * deployed builds named by the registry. See render.ts for the pieces, page-memos.ts for what is
 * kept between requests, bundles.ts for the deployed server bundles and docs/architecture.md for
 * the request flow.
 */
import type { MarketSettings } from '@store/contracts';
import type { PageHead, RouteData, ServerApi } from '@store/contracts/ssr';
import { CHROME_DATA_PATH, headOf, jsonForScript, ROUTE_DATA_INLINE_MAX_CHARS, routePayloadUrl } from '@store/contracts/ssr';
import { nonceMeta, stampNonces, type CspNonces } from '../../platform/http/security';
import { NONCE_MARKS, PageTemplate, type PageInputs } from './page-cache';
import { headHtml, regionStartTag, routeDataScript, scriptsOnIntent, type Rendered, type RemoteRegion } from './render';
import type { Loaded } from './renderer';
import { bundleFile, chromeDataFor, chromeVariant, hasServerBundle, shellOf } from './bundles';
import { dataForRenderCall } from './answer-body';
import { askedBefore, chromeJsonOf, keep, keptFor, pages, pageStyles, recording, renders, routeDataJson, templateOf, withAnswers, type Kept } from './page-memos';
import { browserOnly, type PageRequest, type SsrOptions, type SsrRemote } from './page-types';

export { chromeDataOf } from './bundles';
export { forgetRenders, pageCacheStats, routeDataJson } from './page-memos';
export type { PageRequest, SsrOptions, SsrRemote } from './page-types';

/**
 * The page's `<html lang>` set to the market's locale (en-NZ on the New Zealand site, en-AU on the
 * Australian one): the shell's index.html is one file for both sites and declares a lang, which
 * this replaces (a template without one is left as it is).
 */
export function withHtmlLang(html: string, locale: string): string {
  return html.replace(/<html\b[^>]*>/i, (tag) => tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]*)/i, ` lang="${locale}"`));
}

/**
 * How long the edge waits for a renderer's answer to a render of `budget` ms: the renderer keeps
 * the budget itself (renderer.ts); this only bounds a renderer that is stuck (a render that never
 * ends, a queue of them).
 */
const waitFor = (budget: number) => Math.max(1000, budget * 2);

/** The path a 404's error page and chrome are rendered for: none of the store's pages (no menu entry is current). */
const NOT_FOUND_PATH = '/404';

/**
 * A rendered page: a kept template and this response's nonces (the edge joins them, or sends the
 * template's compressed pieces), or the page's text; `texts` is the page with this response's
 * nonces in pieces, when it was just rendered (pageTexts).
 */
export type RenderedPage = { status: number; template: PageTemplate; nonces: CspNonces | null; texts?: readonly string[] } | { status: number; texts: readonly string[]; template?: undefined };

/** The page's text in pieces, in order (joined, the page; brotliPage compresses them without joining). */
export const pageTexts = (page: RenderedPage): readonly string[] => (page.template === undefined ? page.texts : (page.texts ?? page.template.texts(page.nonces)));

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
  // the region's rendered HTML as the renderer (or the render memo) gave it
  let regionRendered: Rendered | null = null;
  let regionStyles: Rendered['styles'] = [];
  // the region's render and the page are kept from the URL's second request on (askedBefore)
  let keepPage = false;
  const wanted = owner !== null && !browserOnly(options, owner.name);
  const hasBundle = wanted && hasServerBundle(options.deployDir, owner.name, owner.version);
  if (owner && hasBundle) {
    const started = performance.now();
    try {
      // the loader and render run in a renderer process (renderers.ts), unless the kept result's answers are unchanged
      const file = bundleFile(options.deployDir, owner.name, owner.version);
      const key = `${file} ${market.id} ${request.url}`;
      keepPage = askedBefore(key);
      let entry = await keptFor(key, request.api);
      let fresh: Rendered | undefined;
      let cpuMs: number | undefined;
      if (!entry) {
        const calls: Kept['calls'] = [];
        const result = await options.renderers.call<{ loaded: Loaded & { dataFrom?: Record<string, string> }; rendered?: Rendered; cpuMs?: number }>({ op: 'region', file, url: request.url, market, ms: budget, cpu: options.onRegionRender !== undefined }, waitFor(budget), recording(request.api, calls));
        entry = { calls, loaded: withAnswers(result.loaded, calls) };
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
          rendered = await options.renderers.call<Rendered>({ op: 'render', file, url: request.url, market, ...dataForRenderCall(loaded.data), ms }, waitFor(ms));
        }
        if (keepPage) renders.set(key, dataJson, rendered);
        region = { name: owner.name, version: owner.version, kind: 'rendered', html: rendered.html, data: loaded.data, dataJson };
        options.metrics?.render(owner.name, owner.version, 'rendered', (performance.now() - started) / 1000);
        if (fresh) options.onRegionRender?.(owner.name, owner.version, { ms: performance.now() - started, cpuMs });
        regionStyles = rendered.styles;
        regionRendered = rendered;
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
  const notFoundInputs = async (): Promise<PageInputs> => ({ status, dataJson: '', chromeJson: chromeJsonOf((await chrome).data), headExtra: request.headExtra });
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
    regionRendered = errorPage;
    const errorHead: PageHead = { title: shell.errorTitle404, noindex: true };
    head = () => errorHead;
  }

  const { data, paths: chromePaths } = await chrome;
  const chromeJson = chromeJsonOf(data);
  // the same release, market, URL, data, chrome data and head extras assemble the same page, but
  // for its nonces: a server-rendered region's page is kept as a template (page-cache.ts), from the
  // URL's second request on (the 404 page, shared by every unknown path, at once). The head is not
  // compared: a loader's head is a function of its URL, market and answers, as its render is.
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
  // header and footer: one renderer call for both, kept per market and per what of the path they
  // show (chromeVariant), for pages that exist (a 404's path is whatever was asked for: every junk
  // path would be an entry; with the shell's chrome paths it would not, but a 404 is kept whole above)
  const chromeKey = `shell@${request.shellVersion} ${market.id} ${chromeVariant(request.pathname, request.search, chromePaths)}`;
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

  const pageHead = head?.() ?? null;
  // The page in pieces: the template's and the edge's own short pieces get the nonces on their
  // <script> and <style> start tags (stampNonces); the rendered header, region and footer are
  // passed through unless they hold such a tag themselves (renderedPiece), and the route data is a
  // data block (no nonce). So no pass over the whole page per response, and a kept page's parts
  // share the rendered strings instead of copying them.
  const pieces: PagePiece[] = [
    withHtmlLang(template.start, market.locale),
    (nonces) => (nonces ? nonceMeta(nonces) : ''),
    (pageHead ? headHtml(pageHead, options.siteName) : template.defaultHead) +
      // the registry is in the page: no preload of it
      template.headRest.replace(/<link\s+rel="?preload"?\s+href="?\/registry\.json"?[^>]*>/i, '') +
      // the emotion rules of the header, the region and the footer, once each (renderRoot)
      pageStyles(header.styles, regionStyles, footer.styles) +
      request.headExtra +
      preloads +
      `<script type="application/json" id="${shell.CHROME_DATA_ELEMENT_ID}">${chromeBy ? jsonForScript({ src: chromeBy }) : chromeJson}</script>` +
      template.toHeader.replace(/<\/head\s*>/i, '</head>') +
      '<header id="shell-header" data-ssr="rendered">',
    renderedPiece(header),
    '</header>' + template.toMain + '<main id="shell-main" tabindex="-1">' + (region ? regionStartTag(region) : ''),
    ...(regionRendered ? [renderedPiece(regionRendered)] : []),
    ...(region ? ['</div>'] : []),
    ...(region?.kind === 'rendered' && region.dataJson ? [dataBlock(routeDataScript(region.name, `${request.pathname}${request.search}`, region.dataJson, request.query))] : []),
    '</main>' + template.toFooter + '<footer id="shell-footer" data-ssr="rendered">',
    renderedPiece(footer),
    '</footer>' + end,
  ];
  const nonces = request.nonces ?? null;
  const texts = pieces.map((piece) => textOf(piece, nonces));
  if (pageKey && inputs && (keepPage || notFoundKey)) {
    const built = PageTemplate.fromPieces(pieces.map((piece) => textOf(piece, NONCE_MARKS)));
    if (built) {
      pages.set(pageKey, inputs, built);
      return { status, template: built, nonces, texts };
    }
  }
  return { status, texts };
}

/**
 * A piece of a page: text the edge wrote (its <script> and <style> start tags get the nonces), a
 * rendered root's HTML (the same unless it holds such a tag), a data block (never stamped), or the
 * text for the response's nonces.
 */
type PagePiece = string | { rendered: string; tagged: boolean } | { data: string } | ((nonces: CspNonces | null) => string);

/** Whether rendered HTML holds a <script> or <style> start tag, kept per rendered object (the render memo hands out the same one). */
const taggedRenders = new WeakMap<object, boolean>();
const START_TAG = /<(?:script|style)\b/i;
function renderedPiece(rendered: { html: string }): PagePiece {
  let tagged = taggedRenders.get(rendered);
  if (tagged === undefined) {
    tagged = START_TAG.test(rendered.html);
    taggedRenders.set(rendered, tagged);
  }
  return { rendered: rendered.html, tagged };
}
const dataBlock = (html: string): PagePiece => ({ data: html });

function textOf(piece: PagePiece, nonces: CspNonces | null): string {
  if (typeof piece === 'string') return nonces ? stampNonces(piece, nonces) : piece;
  if (typeof piece === 'function') return piece(nonces);
  if ('data' in piece) return piece.data;
  return nonces && piece.tagged ? stampNonces(piece.rendered, nonces) : piece.rendered;
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
  if (browserOnly(options, owner.name)) return null;
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
