import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { matchRoute, type MarketSettings } from '@store/contracts';
import { canonicalSearch, CHROME_DATA_PATH } from '@store/contracts/ssr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { productExists } from '../store/catalog/pages';
import { cspNonces, nonceMeta } from '../platform/http/security';
import { problemBody } from '../platform/http/input';
import { pickEncoding } from '../platform/http/send';
import { registerMarket } from '../store/market';
import { chromeDataOf, pageCacheStats, pageTexts, renderPage, routePayload, withHtmlLang, type SsrOptions } from './ssr/page';
import { brotliPage } from './ssr/page-cache';
import { markWarmUpRequests } from './warm-up';
import { defaultRenderers, RendererPool } from './ssr/renderers';
import type { RegistryFollower } from './registry-follower';
import type { RenderHealthRecorder } from './release-health';
import { inProcessApi } from './in-process-api';
import { remoteWarmer } from './remote-warm';
import { registerCdn } from './cdn';
import { registryLoader, type LoadedRegistry, type RegistryFile } from './registry-file';
import { DEFAULT_GEO_COUNTRY_HEADER, geoLocaleFor, geoLocaleScript, marketScript, registryScript, type EdgeAnalytics } from './shell-page';
import { bucketOf, COHORT_COOKIE, COHORT_MAX_AGE_S, cookieValue, formatPin, newBucket, parsePin, PIN_COOKIE, PIN_MAX_AGE_S, pinAction, setCookie, viewOf, type RegistryRemote } from './cohort';

/**
 * The "edge": serves the shell, the runtime registry and the deployed remote builds from the same
 * origin as the API (what a CDN in front of the API does in production).
 *
 * - /registry.json: the runtime registry, no-cache (a release changes it atomically).
 * - /cdn/<name>/<version>/...: immutable deployed builds; manifests no-cache; precompressed br/gz.
 * - every other GET: the shell's index.html, 200 when a remote owns the path, else 404 (the shell
 *   then renders its "Page Not Found" page), with the visitor's geo locale embedded before
 *   `</head>` as `<script id="geo-locale" type="application/json">{"country":"AU","result":"SUCCESS"}</script>`
 *   (country from the request header `geoCountryHeader`; see `geoLocaleFor`).
 */
export interface EdgeOptions {
  /** Folder holding registry.json and cdn/ (written by tools/deploy-local.mjs; with `registry`, its cache folder). */
  deployDir: string;
  /**
   * The PostgreSQL registry's follower (REGISTRY=postgres): the edge serves its cache folder instead
   * of `deployDir` and reloads the registry as soon as it switches.
   */
  registry?: RegistryFollower;
  /**
   * Origins developer overrides may use; replaces the registry's list when set (env OVERRIDE_ORIGINS;
   * [] in production when it is unset: overrides off, see overrideOriginsFromEnv).
   */
  overrideOrigins?: string[];
  /** Request header carrying the visitor's ISO 3166 alpha-2 country (env GEO_COUNTRY_HEADER, default cloudfront-viewer-country). */
  geoCountryHeader?: string;
  /** Error-reporting settings served in the registry for the shell (env ERROR_REPORT_ENDPOINT, ERROR_SAMPLE_RATE, TRACE_SAMPLE_RATE). */
  analytics?: EdgeAnalytics;
  /** Server rendering (default on): false serves the browser-only shell. */
  ssr?: boolean;
  /** Budget of a remote's loader plus render in ms (env SSR_BUDGET_MS, default 150). */
  ssrBudgetMs?: number;
  /** Remotes the edge leaves to the browser (env SSR_DISABLED_REMOTES, comma-separated; '*' for all). */
  ssrDisabled?: string[];
  /** Renderer processes running the server bundles (env SSR_RENDERERS; default one per core, at most 2). */
  ssrRenderers?: number;
  /** The renderer's script (dist/renderer.cjs; default: renderer.ts, bundled on first use). */
  ssrRendererScript?: string;
  /** A renderer still busy with a render this long after it started is killed and replaced (ms, default 4 budgets, at least 2000). */
  ssrHangMs?: number;
  /** A remote's versions that go live after start-up are warmed in the background at most once per this many ms (default 600,000: ten minutes). */
  remoteWarmIntervalMs?: number;
  /** Counts each render's outcome per remote version in the database (release_health), for the canary judge. */
  health?: RenderHealthRecorder;
  /** Serve the builds' source maps (*.map; env SERVE_SOURCE_MAPS, default on outside production). Default true. */
  sourceMaps?: boolean;
  /** Told of each region rendered afresh: wall and renderer CPU time (the release gate measures a new bundle with it). */
  onRegionRender?: SsrOptions['onRegionRender'];
  /** Told why a region's server render failed (the release gate prints it). */
  onRenderFailure?: (remote: string, error: unknown) => void;
}

export { analyticsFromEnv, DEFAULT_GEO_COUNTRY_HEADER, GEO_FALLBACK_COUNTRY, geoLocaleFor, geoLocaleScript, marketScript, registryScript, type EdgeAnalytics, type GeoLocale } from './shell-page';

const NO_CACHE = 'no-cache';

export async function registerEdge(app: FastifyInstance, opts: EdgeOptions): Promise<void> {
  // the request's market (buildApp registers it; an edge on its own app gets the default hosts)
  if (!app.hasDecorator('marketOf')) registerMarket(app);
  if (opts.registry) opts = { ...opts, deployDir: opts.registry.deployDir };
  const registryFile = registryLoader(opts);
  const load = registryFile.load;
  const geoHeader = (opts.geoCountryHeader ?? (process.env.GEO_COUNTRY_HEADER?.trim() || DEFAULT_GEO_COUNTRY_HEADER)).toLowerCase();

  /**
   * The registry as this shopper sees it (cohort.ts): their cohort's canaries and their checkout
   * pin. Assigns a cohort while a canary runs, and starts or ends the pin for `pathname` (the page
   * or payload requested; for /registry.json the page the shell is going to).
   */
  const available = (name: string, version: string) => fs.existsSync(path.join(opts.deployDir, 'cdn', name, version, 'mf-manifest.json'));
  function cohortView(current: LoadedRegistry, request: FastifyRequest, reply: FastifyReply, pathname: string | null) {
    const cookies = request.headers.cookie;
    const secure = request.protocol === 'https';
    let bucket = bucketOf(cookieValue(cookies, COHORT_COOKIE));
    if (bucket === null && current.canaries) {
      bucket = newBucket();
      reply.header('Set-Cookie', setCookie(COHORT_COOKIE, String(bucket), COHORT_MAX_AGE_S, secure));
    }
    let pin = parsePin(cookieValue(cookies, PIN_COOKIE));
    const action = pathname === null ? null : pinAction(pathname);
    if (action === 'end' && pin.size > 0) {
      pin = new Map();
      reply.header('Set-Cookie', setCookie(PIN_COOKIE, '', 0, secure));
    }
    const seen = viewOf(current.registry.remotes, bucket ?? 99, request.market.id, pin, available);
    if (action === 'start' && pin.size === 0) reply.header('Set-Cookie', setCookie(PIN_COOKIE, formatPin(seen.remotes), PIN_MAX_AGE_S, secure));
    if (seen.key === '') return { key: '', remotes: seen.remotes, body: current.body, registryElement: current.registryElement };
    let known = current.views.get(seen.key);
    if (!known) {
      const body = JSON.stringify({ ...current.registry, remotes: seen.remotes });
      known = { remotes: seen.remotes, body, registryElement: registryScript(body) };
      current.views.set(seen.key, known);
    }
    return { key: seen.key, ...known };
  }
  if (opts.registry) {
    const unsubscribe = opts.registry.subscribe(() => {
      registryFile.forget();
    });
    app.addHook('onClose', async () => {
      unsubscribe();
    });
  }

  await registerCdn(app, opts);

  // `for`: the page the shell is about to show (a client-side navigation), so entering checkout pins
  // the shopper's versions and the order's success page ends the pin
  // (checked here, not by a route schema: the edge also runs on an app without the API's validator)
  app.get('/registry.json', async (request, reply) => {
    const forPath = (request.query as { for?: unknown }).for;
    if (forPath !== undefined && (typeof forPath !== 'string' || !forPath.startsWith('/') || forPath.startsWith('//') || forPath.length > 2048)) {
      return reply.code(400).header('Cache-Control', NO_CACHE).send(problemBody({ field: 'for', where: 'query', reason: 'must be a path of this site (starting with one "/", at most 2048 characters)' }));
    }
    const current = load();
    if (!current) return reply.code(503).header('Cache-Control', NO_CACHE).send({ error: 'NotDeployed', message: 'No registry has been deployed yet.' });
    const view = cohortView(current, request, reply, forPath ?? null);
    // the answer depends on the shopper's cookies: a shared cache must not keep it
    return reply.header('Cache-Control', view.key === '' && !current.canaries ? NO_CACHE : 'private, no-cache').type('application/json').send(view.body);
  });

  // at most 26 × 26 + 2 distinct scripts: build each once
  const scripts = new Map<string, string>();
  const scriptFor = (value: string | string[] | undefined) => {
    const geo = geoLocaleFor(value);
    const key = `${geo.country}:${geo.result}`;
    let script = scripts.get(key);
    if (script === undefined) {
      script = geoLocaleScript(geo);
      scripts.set(key, script);
    }
    return script;
  };

  const ssr: SsrOptions = {
    deployDir: opts.deployDir,
    budgetMs: opts.ssrBudgetMs ?? 150,
    disabled: new Set(opts.ssrDisabled ?? []),
    siteName: 'Fernleaf',
    log: app.log,
    metrics: opts.health ? opts.health.metrics(app.hasDecorator('metrics') ? app.metrics.ssr : undefined) : app.hasDecorator('metrics') ? app.metrics.ssr : undefined,
    onFailure: opts.onRenderFailure,
    onRegionRender: opts.onRegionRender,
    renderers: new RendererPool({
      size: opts.ssrRenderers ?? defaultRenderers(),
      deployDir: opts.deployDir,
      script: opts.ssrRendererScript ?? path.join(typeof __dirname === 'string' ? __dirname : process.cwd(), 'ssr', 'renderer.ts'),
      hangMs: opts.ssrHangMs ?? Math.max(2000, (opts.ssrBudgetMs ?? 150) * 4),
      log: app.log,
    }),
  };
  app.addHook('onClose', async () => ssr.renderers.close());
  // the start-up warm-up's own requests render as any other but count nowhere (warm-up.ts)
  markWarmUpRequests(app);
  const uncounted: SsrOptions = { ...ssr, metrics: undefined, onFailure: undefined, onRegionRender: undefined };
  if (opts.health) {
    const health = opts.health;
    app.addHook('onClose', async () => {
      await health.flush();
    });
  }
  if (app.hasDecorator('metrics')) app.metrics.pageCacheSize(pageCacheStats);
  const apiFor = inProcessApi(app);
  // each remote's own warm-up in every renderer: at start-up and for versions that go live later (remote-warm.ts)
  const warmer = remoteWarmer({
    ssr,
    deployDir: opts.deployDir,
    market: () => (opts.ssr === false || !app.hasDecorator('marketOf') ? null : app.marketOf({ host: '' } as FastifyRequest)),
    api: (market) => apiFor(undefined, market),
    log: app.log,
    intervalMs: opts.remoteWarmIntervalMs ?? 600_000,
  });
  app.decorate('warmRemotes', async (ms: number): Promise<number> => {
    const current = load();
    return current?.registry ? warmer.warmAll(current.registry, ms) : 0;
  });
  // the market with this deployment's NZ and AU site URLs as this request's site sees them, and
  // its script element: the same for every request of a market, protocol and site host (pageHost:
  // a Host header that is none of the sites counts as the default market's site), so built once for each
  const markets = new Map<string, { market: MarketSettings; script: string }>();
  const marketOf = (request: FastifyRequest) => {
    const host = app.pageHost(request);
    const key = `${request.market.id} ${request.protocol} ${host}`;
    let known = markets.get(key);
    if (known === undefined || known.market.id !== request.market.id) {
      const market = { ...request.market, sites: app.siteUrls({ protocol: request.protocol, host } as FastifyRequest) };
      known = { market, script: marketScript(market) };
      markets.set(key, known);
      if (markets.size > 64) markets.delete(markets.keys().next().value as string);
    }
    return known;
  };
  const marketFor = (request: FastifyRequest): MarketSettings => marketOf(request).market;

  /**
   * The query keys a remote's server render reads (its registry entry's `query`), with its developer
   * override parameter while overrides are on (the page then leaves out the manifest preload);
   * undefined for an entry that declares none (a registry written before the declaration: the whole
   * query is kept, as before).
   */
  const queryKeysOf = (owner: RegistryRemote, registry: RegistryFile): string[] | undefined => {
    const declared = Array.isArray(owner.query) ? owner.query.filter((key): key is string => typeof key === 'string') : undefined;
    if (!declared) return undefined;
    return (registry.overrideOrigins?.length ?? 0) > 0 ? [...declared, `mf-override.${owner.name}`] : declared;
  };
  /**
   * The URL a page or payload is rendered and kept for: the site's host (pageHost), the path as
   * asked, and the query its owner reads (canonicalSearch: unknown parameters dropped, the known
   * ones once each, sorted). Unknown parameters and Host headers neither change a page nor add one.
   */
  const pageUrlOf = (request: FastifyRequest, owner: RegistryRemote | null, registry: RegistryFile | null) => {
    const at = request.url.indexOf('?');
    const raw = at < 0 ? '' : request.url.slice(at);
    const keys = owner && registry ? queryKeysOf(owner, registry) : undefined;
    // a page no remote owns reads no query (its 404 page is the same for all)
    const search = owner === null ? '' : keys === undefined ? raw : canonicalSearch(raw, keys);
    return { host: app.pageHost(request), path: at < 0 ? request.url : request.url.slice(0, at), search };
  };

  /** Pages this process is answering now: more than one, and a page's first brotli response is made at the quality for busy times. */
  let pagesInFlight = 0;
  const page = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    pagesInFlight += 1;
    try {
      return await answerPage(pathname, request, reply);
    } finally {
      pagesInFlight -= 1;
    }
  };
  const answerPage = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    const current = load();
    if (!current?.html) {
      return reply.code(503).type('text/plain').send('The storefront has not been deployed yet: run `npm start`.');
    }
    if (current.registry) warmer.warmNew(current.registry);
    const view = cohortView(current, request, reply, pathname);
    const owner = view.remotes.find((remote) => remote.routes.some((pattern) => matchRoute(pattern, pathname))) ?? null;
    const { host, path: rawPath, search } = pageUrlOf(request, owner, current.registry);
    const { market, script: marketElement } = marketOf(request);
    const geoElement = scriptFor(request.headers[geoHeader]);
    if (current.registry.shell && current.template !== null && opts.ssr !== false) {
      let rendered: Awaited<ReturnType<typeof renderPage>> = null;
      try {
        rendered = await renderPage(request.uncounted ? uncounted : ssr, {
        url: `${request.protocol}://${host}${rawPath}${search}`,
        pathname,
        search,
        owner,
        shellVersion: current.registry.shell.version,
        template: current.template,
        headExtra: geoElement + marketElement + view.registryElement,
        // a kept page embeds the registry: one per cohort view
        variant: view.key === '' ? geoElement : `${geoElement} ${view.key}`,
        api: apiFor(host, market, request.id),
        market,
        query: owner ? queryKeysOf(owner, current.registry) : undefined,
        nonces: cspNonces(reply),
        exists: async () => {
          const missingProduct = matchRoute('/products/*', pathname) && app.hasDecorator('catalog') && !(await productExists(app.catalog, pathname));
          const missingContent = !missingProduct && app.hasDecorator('content') && !(await app.content.pageExists(pathname, search, market.id));
          return !missingProduct && !missingContent;
        },
        });
      } catch (error) {
        // the chrome itself could not be rendered: the browser-only shell still serves the page
        request.log.error({ err: error, path: pathname }, 'server composition failed: serving the browser-rendered shell');
        rendered = null;
      }
      if (rendered) {
        // while a canary runs the page depends on the shopper's cohort cookie
        reply.code(rendered.status).header('Cache-Control', current.canaries ? 'private, no-cache' : NO_CACHE).type('text/html; charset=utf-8');
        // a kept page's compressed pieces with this response's nonces (ssr/page-cache.ts): no
        // compression per response
        const brotli = pickEncoding(request.headers['accept-encoding']) === 'br';
        const compressed = brotli && rendered.template && rendered.nonces ? rendered.template.brotli(rendered.nonces) : null;
        if (compressed) return reply.header('Vary', `${geoHeader}, Host, Accept-Encoding`).header('Content-Encoding', 'br').send(compressed);
        // else the text: for brotli compressed here, at once (ssr/page-cache.ts brotliPage); otherwise by
        // @fastify/compress as it streams
        const texts = pageTexts(rendered);
        if (brotli) return reply.header('Vary', `${geoHeader}, Host, Accept-Encoding`).header('Content-Encoding', 'br').send(brotliPage(texts, pagesInFlight > 1));
        const body = new PassThrough();
        body.end(texts.join(''));
        return reply.header('Vary', `${geoHeader}, Host`).send(body);
      }
    }
    const owned = owner !== null;
    // An unknown product is a 404 too (the catalog remote then shows the shell's 404 page); 404s are not indexed.
    const missingProduct = owned && matchRoute('/products/*', pathname) && app.hasDecorator('catalog') && !(await productExists(app.catalog, pathname));
    // Unknown articles, blog posts and store pages too, and journal lists with an unknown tag or page
    // (the content remote shows the 404 page).
    const missingContent = owned && !missingProduct && app.hasDecorator('content') && !(await app.content.pageExists(pathname, search, market.id));
    const status = owned && !missingProduct && !missingContent ? 200 : 404;
    const nonces = cspNonces(reply);
    // (its <script> and <style> elements get the nonces from the security headers' onSend hook)
    return reply
      .code(status)
      .header('Cache-Control', NO_CACHE)
      .header('Vary', `${geoHeader}, Host`)
      .type('text/html; charset=utf-8')
      .send(withHtmlLang(current.html[0], market.locale) + (nonces ? nonceMeta(nonces) : '') + (status === 404 ? '<meta name="robots" content="noindex">' : '') + scriptFor(request.headers[geoHeader]) + marketScript(market) + current.html[1]);
  };

  /** `<route>/_payload.json[?query]`: the route's data for a client-side navigation (one request per route). */
  const payload = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    const current = load();
    const remotes = current ? cohortView(current, request, reply, pathname).remotes : [];
    const owner = remotes.find((remote) => remote.routes.some((pattern) => matchRoute(pattern, pathname))) ?? null;
    const { host, search } = pageUrlOf(request, owner, current?.registry ?? null);
    const none = () => reply.code(404).header('Cache-Control', NO_CACHE).send({ error: 'NoPayload', message: `No page data for ${pathname}` });
    if (!owner || opts.ssr === false) return none();
    try {
      const result = await routePayload(ssr, owner, `${request.protocol}://${host}${pathname}${search}`, apiFor(host, request.market, request.id), marketFor(request));
      if (!result) return none();
      return reply.code(result.status).header('Cache-Control', NO_CACHE).header('X-Remote-Version', owner.version).send(result);
    } catch (error) {
      request.log.error({ err: error, remote: owner.name, path: pathname }, 'route payload failed');
      return reply.code(503).header('Cache-Control', NO_CACHE).send({ error: 'PayloadFailed', message: 'This page could not be prepared just now.' });
    }
  };

  /** CHROME_DATA_PATH: the live shell's chrome data (the navigation) for this market, fetched by a page before its header hydrates. */
  const chromeData = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = load();
    const version = current?.registry.shell?.version;
    const none = () => reply.code(404).header('Cache-Control', NO_CACHE).send({ error: 'NoChromeData', message: 'No chrome data: the shell has no server build' });
    if (!version || opts.ssr === false) return none();
    try {
      const data = await chromeDataOf(ssr, version, apiFor(app.pageHost(request), request.market, request.id), request.market.id);
      if (!data) return none();
      return reply.header('Cache-Control', NO_CACHE).header('Vary', 'Host').header('X-Shell-Version', version).send(data);
    } catch (error) {
      request.log.error({ err: error }, 'chrome data failed');
      return reply.code(503).header('Cache-Control', NO_CACHE).send({ error: 'ChromeDataFailed', message: 'The navigation could not be loaded just now.' });
    }
  };
  app.get(CHROME_DATA_PATH, chromeData);

  // The shell's offline helper (service worker) and web app manifest, at the site root from the
  // deployed shell build, no-cache (an update is picked up on the next visit).
  const shellFile = (name: string, type: string) => async (_request: FastifyRequest, reply: FastifyReply) => {
    const html = load()?.registry.shell?.html;
    const base = html ? `${path.posix.dirname(html)}/` : null;
    let body: string | null = null;
    try {
      if (base) body = fs.readFileSync(path.join(opts.deployDir, base.replace(/^\//, ''), name), 'utf8');
    } catch {
      body = null;
    }
    if (!base || body === null) return reply.code(404).header('Cache-Control', NO_CACHE).send({ error: 'NotFound', message: `Page not found: /${name}` });
    return reply.header('Cache-Control', NO_CACHE).header('Service-Worker-Allowed', '/').type(type).send(body.replaceAll('__SHELL_BASE__', base));
  };
  app.get('/sw.js', shellFile('sw.js', 'text/javascript; charset=utf-8'));
  app.get('/manifest.webmanifest', shellFile('manifest.webmanifest', 'application/manifest+json; charset=utf-8'));

  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send({ error: 'NotFound', message: `Page not found: ${pathname}` });
    }
    if (pathname.endsWith('/_payload.json')) return payload(pathname.slice(0, -'/_payload.json'.length) || '/', request, reply);
    return page(pathname, request, reply);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each live remote's own warm-up in every renderer (registerEdge); how many ran. */
    warmRemotes?(ms: number): Promise<number>;
  }
}
