/**
 * Server composition: the edge renders a page from the deployed shell template, the
 * shell's server bundle (header, footer, error page) and the route's remote server bundle (its data
 * loader and its React tree), each loaded at run time from the registry's versions (modules.ts).
 *
 * The document is written as it is ready: head and header first, then the remote's region (after
 * its loader and render, within the budget), then the footer and the rest. A remote whose loader or
 * render throws or exceeds the budget gets an empty region the browser renders (`data-ssr="failed"`);
 * a remote without a server bundle (or a personal page) gets a stable frame (`data-ssr="frame"`).
 */
import { Writable } from 'node:stream';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { MarketSettings } from '@store/contracts';
import type { PageHead, RemoteServerModule, RouteData, ServerApi } from '@store/contracts/ssr';
import { documentTitle, jsonForScript, ROUTE_DATA_INLINE_MAX_CHARS, routePayloadUrl, SSR_DATA_ELEMENT_ID } from '@store/contracts/ssr';
import type { ReactElement } from 'react';
import { createElement, EARLY_CLICKS_GLOBAL, ENGAGED_EVENT, ENGAGED_GLOBAL, renderToPipeableStream, renderToString, SERVER_STYLES_KEY } from './singletons';

export interface ShellServerModule {
  load(ctx: { api: ServerApi }): Promise<Record<string, unknown>>;
  renderHeader(ctx: { url: string; data: Record<string, unknown>; market?: MarketSettings }): ReactElement;
  renderFooter(ctx: { url: string; market?: MarketSettings }): ReactElement;
  renderErrorPage(ctx: { url: string; status: number; market?: MarketSettings }): ReactElement;
  errorTitle(status: number): string;
  CHROME_DATA_ELEMENT_ID: string;
  /** true: the shell's browser side fetches `{"src"}` chrome data (CHROME_DATA_PATH); older shells read it embedded only */
  CHROME_DATA_BY_URL?: boolean;
  /**
   * The paths the header and footer mark when the page is at or under one of them; apart from
   * that they are the same on every page of a market. Older shells have none: their chrome is
   * rendered per URL.
   */
  chromePaths?(data: Record<string, unknown>): string[];
}

export class RenderTimeoutError extends Error {
  constructor(ms: number) {
    super(`server render took longer than ${ms} ms`);
    this.name = 'RenderTimeoutError';
  }
}

/** A root's server render: its HTML and the emotion rules it uses, by emotion id, in insertion order. */
export interface Rendered {
  html: string;
  styles: [id: string, rules: string][];
}

/**
 * No vendor prefixes (the browsers the store supports read the standard properties): the same
 * options as the browser's page cache (shared-events remote.tsx). One array for every render:
 * emotion keeps the compiled rules of a style on the server per plugin array (and emotion id), so
 * each render compiles only styles no render compiled before (a content hash names each style).
 */
const STYLIS_PLUGINS: NonNullable<Parameters<typeof createCache>[0]['stylisPlugins']> = [];

/**
 * One React root to HTML: as a string when nothing in it suspends, else streamed and collected once
 * everything is ready, aborted after `ms`. Emotion runs in compat mode (its "extract critical" mode): the rules are collected from the
 * cache instead of written as `<style>` elements between the nodes, and the page writes them once,
 * in the head (`stylesHtml`). The browser's cache adopts them by their ids.
 */
export function renderRoot(element: ReactElement, ms: number): Promise<Rendered> {
  // No CSP nonce here: rendered HTML is cached across requests; page.ts stamps each response's
  // nonce as it writes it. A cache per render: its rules are this render's (STYLIS_PLUGINS).
  const cache = createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
  cache.compat = true;
  // A tree whose data is all there (the loader ran first) renders in one pass: as a string, without
  // the stream's encoding to bytes and back (about a tenth of a listing's render). Anything that
  // suspends or fails in it (a boundary the string render leaves to the browser, `<!--$!`, or a
  // shell that throws) is rendered again as a stream, which waits for it or says what failed.
  try {
    const html = renderToString(createElement(CacheProvider, { value: cache }, element));
    if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return Promise.resolve({ html, styles: stylesOf(cache) });
  } catch {
    // the stream below renders it again and reports the error
  }
  return streamRoot(element, ms);
}

/** The start of a Suspense boundary React left for the browser to render (it suspended or threw on the server). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

const stylesOf = (cache: ReturnType<typeof createCache>): Rendered['styles'] =>
  Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0);

/** renderRoot as a stream: waits for whatever suspends, up to `ms`. */
export function streamRoot(element: ReactElement, ms: number): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failed: unknown = null;
    const cache = createCache({ key: 'css', stylisPlugins: STYLIS_PLUGINS });
    cache.compat = true;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        callback();
        if (failed) reject(failed);
        else resolve({ html: Buffer.concat(chunks).toString('utf8'), styles: stylesOf(cache) });
      },
    });
    const stream = renderToPipeableStream(createElement(CacheProvider, { value: cache }, element), {
      // every Suspense boundary inline, in place: the page holds several roots (their outlined
      // boundaries' ids, B:0..., would collide) and no inline script is needed to reveal them
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failed ??= error;
      },
    });
    const timer = setTimeout(() => {
      stream.abort(new RenderTimeoutError(ms));
      reject(new RenderTimeoutError(ms));
    }, ms);
  });
}

/**
 * The emotion rules of a page's roots as one `<style data-emotion="css-ssr id1 id2 …">` for the
 * head: each id once (the roots share rules), in the order the roots used them. The browser's page
 * emotion cache (key 'css') marks those ids inserted and does not insert the rules again.
 */
export function stylesHtml(parts: Rendered['styles'][]): string {
  const seen = new Set<string>();
  const ids: string[] = [];
  let css = '';
  for (const styles of parts) {
    for (const [id, rules] of styles) {
      if (seen.has(id)) continue;
      seen.add(id);
      ids.push(id);
      css += rules;
    }
  }
  // SERVER_STYLES_KEY and data-s: emotion's own hydration (which re-appends every <style
  // data-emotion="css …"> to the head, a full style recalculation) leaves it alone; the page's
  // cache takes the ids from it (pageEmotionCache in @store/shared-events/remote)
  return ids.length ? `<style data-emotion="${SERVER_STYLES_KEY} ${ids.join(' ')}" data-s="">${css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
}

/** Resolves with `promise` or rejects with a RenderTimeoutError after `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new RenderTimeoutError(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The head elements of a page (the template's title and description are replaced). */
export function headHtml(head: PageHead, siteName: string): string {
  // a title that starts with the site name (the home page's "Fernleaf | ...") is kept as it is
  const title = documentTitle(head.title, siteName);
  const out = [`<title>${escapeHtml(title)}</title>`];
  if (head.description) out.push(`<meta name="description" content="${escapeHtml(head.description)}">`);
  if (head.noindex) out.push('<meta name="robots" content="noindex" data-page-meta>');
  if (head.canonical) out.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" data-page-meta>`);
  const og: [string, string | undefined][] = [
    ['og:site_name', siteName],
    ['og:title', head.title],
    ['og:description', head.description],
    ['og:type', head.ogType],
    ['og:url', head.canonical],
    ['og:image', head.ogImage],
  ];
  for (const [property, content] of og) if (content) out.push(`<meta property="${property}" content="${escapeHtml(content)}" data-page-meta>`);
  if (head.ogImage) out.push('<meta name="twitter:card" content="summary_large_image" data-page-meta>');
  for (const ld of head.jsonLd ?? []) out.push(`<script type="application/ld+json" data-page-meta>${jsonForScript(ld)}</script>`);
  return out.join('');
}

/** The shell's index.html cut at the places the edge fills. */
export interface ShellTemplate {
  /** up to the title (exclusive) */
  start: string;
  /** the template's own <title> and description meta (kept when the page has no head of its own) */
  defaultHead: string;
  /** from after the title/description to </head> (exclusive) */
  headRest: string;
  /** </head> ... <header id="shell-header" (exclusive of the element) */
  toHeader: string;
  /** between </header> and <main ...> */
  toMain: string;
  /** between </main> and <footer ...> */
  toFooter: string;
  /** after </footer> */
  end: string;
}

export function splitShellTemplate(html: string): ShellTemplate | null {
  const headEnd = html.search(/<\/head\s*>/i);
  const header = /<header\b[^>]*\bid="?shell-header"?[^>]*>\s*<\/header>/i.exec(html);
  const main = /<main\b[^>]*\bid="?shell-main"?[^>]*>\s*<\/main>/i.exec(html);
  const footer = /<footer\b[^>]*\bid="?shell-footer"?[^>]*>\s*<\/footer>/i.exec(html);
  if (headEnd < 0 || !header || !main || !footer || !(headEnd < header.index && header.index < main.index && main.index < footer.index)) return null;
  const head = html.slice(0, headEnd);
  const titleMatch = /<title>[\s\S]*?<\/title>/i.exec(head);
  const descriptionMatch = /<meta\s+name="?description"?[^>]*>/i.exec(head);
  let start = head;
  let defaultHead = '';
  let headRest = '';
  if (titleMatch) {
    start = head.slice(0, titleMatch.index);
    let rest = head.slice(titleMatch.index + titleMatch[0].length);
    defaultHead = titleMatch[0];
    if (descriptionMatch && descriptionMatch.index > titleMatch.index) {
      const at = rest.indexOf(descriptionMatch[0]);
      defaultHead += descriptionMatch[0];
      rest = rest.slice(0, at) + rest.slice(at + descriptionMatch[0].length);
    }
    headRest = rest;
  }
  return {
    start,
    defaultHead,
    headRest,
    toHeader: html.slice(headEnd, header.index),
    toMain: html.slice(header.index + header[0].length, main.index),
    toFooter: html.slice(main.index + main[0].length, footer.index),
    end: html.slice(footer.index + footer[0].length),
  };
}

export interface RemoteRegion {
  name: string;
  version: string;
  /** what the region holds: the server render, an empty region after a failed one, or a frame for the browser */
  kind: 'rendered' | 'failed' | 'frame' | 'error-page';
  html: string;
  /** route data for the hydrating remote */
  data?: RouteData;
  /** the same, as JSON safe inside a script element */
  dataJson?: string;
}

export function regionHtml(region: RemoteRegion): string {
  return `${regionStartTag(region)}${region.html}</div>`;
}

/** The start tag of a region's element (regionHtml: it ends with `</div>`). */
export function regionStartTag(region: Omit<RemoteRegion, 'html'>): string {
  if (region.kind === 'error-page') return '<div id="app-error-page" data-ssr="static">';
  const attrs = `id="app-${escapeHtml(region.name)}" data-remote="${escapeHtml(region.name)}" data-remote-version="${escapeHtml(region.version)}" data-ssr="${region.kind}"`;
  const loading = region.kind === 'rendered' ? '' : ' class="remote-loading"';
  return `<div ${attrs}${loading}>`;
}

/**
 * The route data element; `dataJson` is the data already as script-safe JSON (jsonForScript).
 * Data over ROUTE_DATA_INLINE_MAX_CHARS is not embedded: the element names the route's payload
 * URL instead, which the page fetches when it hydrates (a listing's 48 products would otherwise
 * push the HTML past what a phone's first round trip brings).
 */
export function routeDataScript(remote: string, path: string, dataJson: string, query?: string[]): string {
  // `query`: the keys `path`'s query was reduced to (canonicalSearch); the browser reduces its own location by them before comparing
  const keys = query ? { query } : {};
  if (dataJson.length > ROUTE_DATA_INLINE_MAX_CHARS) {
    const url = new URL(path, 'http://localhost');
    return `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${jsonForScript({ remote, path, ...keys, src: routePayloadUrl(url.pathname, url.search) })}</script>`;
  }
  const head = jsonForScript({ remote, path, ...keys });
  return `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${head.slice(0, -1)},"data":${dataJson}}</script>`;
}

export type { RemoteServerModule };

/**
 * A server-rendered page starts its scripts on the shopper's first sign of intent, or when the page
 * has been quiet this long after its load event (then at the browser's next idle moment).
 */
export const SCRIPTS_WHEN_QUIET_MS = 4000;
/**
 * The events that count as intent: a touch, a press, a key, focus moving in, a wheel, a mouse moving
 * (one that moves: the browser sends a still pointer a mousemove of its own when the layout under
 * it changes, with no movement).
 */
export const INTENT_EVENTS = ['touchstart', 'pointerdown', 'keydown', 'focusin', 'wheel', 'mousemove'] as const;

/**
 * The template's deferred shell script(s) (`<script defer src="…">`, HtmlWebpackPlugin's output)
 * replaced by one inline loader: a server-rendered page is complete HTML (text, images and links
 * work without JavaScript), so the phone pays for the store's scripts only when the shopper is
 * about to use them. The loader starts them on the first intent (INTENT_EVENTS: a finger touching
 * the screen to scroll or tap, a key, a mouse moving over the page), or once the page has been
 * quiet for SCRIPTS_WHEN_QUIET_MS after its load event and the browser is idle. A tap on a button
 * of a server-rendered region before it is hydrated is recorded (a submit button's native submit
 * and a summary's toggle are held back) and clicked again after the region's `hydrateRoot`
 * (replayEarlyClicks in @store/shared-events/remote). `preloads` (the route remote's manifest)
 * start with the scripts. Without a matching script tag the template is returned unchanged.
 */
const loaders = new Map<string, string>();
export function scriptsOnIntent(end: string, preloads: string[] = []): string {
  // the same per shell version and route remote: built once (a handful of entries)
  const key = `${preloads.join(' ')}\n${end}`;
  let built = loaders.get(key);
  if (built === undefined) {
    built = buildScriptLoader(end, preloads);
    loaders.set(key, built);
    if (loaders.size > 64) loaders.delete(loaders.keys().next().value as string);
  }
  return built;
}

function buildScriptLoader(end: string, preloads: string[]): string {
  const srcs: string[] = [];
  const rest = end.replace(/<script\s+defer(?:="defer")?\s+src="([^"<>]+)"\s*><\/script>/gi, (_tag, src: string) => {
    srcs.push(src);
    return '';
  });
  if (!srcs.length) return end;
  const loader =
    // w[ENGAGED_GLOBAL]: false until the shopper's first intent, then true with ENGAGED_EVENT fired
    // (work that only warms what the shopper may do next waits for it: warmWhenIdle)
    `(function(d,w,s,p,ev){var n=d.currentScript&&d.currentScript.nonce,done=0,o={capture:true,passive:true};w.${ENGAGED_GLOBAL}=false;` +
    `function engage(e){if(e&&e.type==="mousemove"&&!e.movementX&&!e.movementY)return;ev.forEach(function(t){w.removeEventListener(t,engage,o)});if(w.${ENGAGED_GLOBAL})return;w.${ENGAGED_GLOBAL}=true;go();w.dispatchEvent(new Event(${jsonForScript(ENGAGED_EVENT)}))}` +
    'function go(){if(done)return;done=1;' +
    'p.forEach(function(h){var l=d.createElement("link");l.rel="preload";l.as="fetch";l.crossOrigin="anonymous";l.href=h;d.head.appendChild(l)});' +
    's.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;if(n)e.nonce=n;d.body.appendChild(e)})}' +
    'ev.forEach(function(t){w.addEventListener(t,engage,o)});' +
    // taps on a server-rendered region's buttons before it is hydrated: kept for the page to
    // click again once its React root exists (replayEarlyClicks in @store/shared-events/remote);
    // a submit button's native submit is held back for the same reason
    `var q=w.${EARLY_CLICKS_GLOBAL}=[];d.addEventListener("click",function(e){engage();var t=e.target&&e.target.closest&&e.target.closest("button,[role=button],summary");` +
    'if(!t||!t.closest("[data-ssr=rendered]"))return;if(t.type==="submit"||t.tagName==="SUMMARY")e.preventDefault();q.push(t)},true);' +
    'function idle(){if(w.requestIdleCallback)w.requestIdleCallback(go,{timeout:2000});else go()}' +
    `function quiet(){w.setTimeout(idle,${SCRIPTS_WHEN_QUIET_MS})}` +
    'if(d.readyState==="complete")quiet();else w.addEventListener("load",quiet)' +
    `})(document,window,${jsonForScript(srcs)},${jsonForScript(preloads)},${jsonForScript(INTENT_EVENTS)})`;
  const at = rest.search(/<\/body\s*>/i);
  const tag = `<script>${loader}</script>`;
  return at < 0 ? rest + tag : rest.slice(0, at) + tag + rest.slice(at);
}
