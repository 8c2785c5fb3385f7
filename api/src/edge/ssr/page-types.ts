// What the page renderer is given: the deployed remotes, its options and one page request.
import type { MarketSettings } from '@store/contracts';
import type { ServerApi } from '@store/contracts/ssr';
import type { FastifyBaseLogger } from 'fastify';
import type { SsrMetrics } from '../../platform/http/metrics';
import type { CspNonces } from '../../platform/http/security';
import type { RendererPool } from './renderers';

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

/** Whether `remote` is rendered in the browser only (named in SSR_DISABLED_REMOTES, or all are). */
export function browserOnly(options: Pick<SsrOptions, 'disabled'>, remote: string): boolean {
  return options.disabled.has(remote) || options.disabled.has('*');
}
