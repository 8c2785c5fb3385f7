/**
 * The request's market: New Zealand or Australia, from the request's host through
 * SITE_HOSTS (`host[:port]=NZ|AU`, comma-separated; hosts not listed are NZ). Every route reads
 * `request.market`; the edge writes it into the page for the browser.
 */
import { DEFAULT_MARKET, MARKET_IDS, MARKETS, marketForHost, parseSiteHosts, type MarketId, type MarketSettings, type SiteHosts } from '@store/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** SITE_HOSTS when unset: `au.localhost:<PORT>` is the Australian store. */
export function siteHostsFromEnv(env: NodeJS.ProcessEnv, port: number): SiteHosts {
  const raw = env.SITE_HOSTS?.trim();
  return parseSiteHosts(raw ? raw : `au.localhost:${port}=AU`);
}

/** In tests (buildApp without a config): au.localhost on any port. */
export const DEFAULT_SITE_HOSTS: SiteHosts = parseSiteHosts('au.localhost=AU');

/**
 * The market settings with the deployment's Afterpay limits applied: each market gets the limit of
 * its own currency (AFTERPAY_MAX_CENTS_NZD, AFTERPAY_MAX_CENTS_AUD), in cents of that currency.
 */
export function marketsWith(afterpayMaxCents: Partial<Record<MarketSettings['currency'], number>> | undefined): Record<string, MarketSettings> {
  if (afterpayMaxCents === undefined) return MARKETS;
  return Object.fromEntries(Object.entries(MARKETS).map(([id, m]) => [id, { ...m, afterpayMaxCents: afterpayMaxCents[m.currency] ?? m.afterpayMaxCents }]));
}

/**
 * This deployment's site of each market, as seen from a request (the region selector and the
 * change-country prompt link to them): a market's first SITE_HOSTS entry (the request's port when
 * the entry has none); NZ, the market of every other host, is this host when the request is for NZ,
 * else the AU host without its leading `au.` (au.localhost:8080 → localhost:8080).
 */
export function siteUrls(request: Pick<FastifyRequest, 'protocol' | 'host'>, siteHosts: SiteHosts): Partial<Record<MarketId, string>> {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(request.host.toLowerCase());
  const name = m?.[1] ?? 'localhost';
  const port = m?.[2] ? `:${m[2]}` : '';
  const out: Partial<Record<MarketId, string>> = {};
  for (const id of MARKET_IDS) {
    const entry = siteHosts.find((e) => e.market === id);
    if (entry) out[id] = `${request.protocol}://${entry.host}${entry.port ? `:${entry.port}` : port}`;
  }
  if (!out.NZ) {
    const here = marketForHost(request.host, siteHosts).id;
    const base = here === 'NZ' ? name : name.startsWith('au.') ? name.slice(3) : 'localhost';
    out.NZ = `${request.protocol}://${base}${port}`;
  }
  return out;
}

/**
 * The host a page is rendered and kept for. When SITE_HOSTS names the default market's (NZ) site, as
 * a production deployment does, that is the request's host if SITE_HOSTS lists it, else the NZ
 * site: a Host header that is none of the sites (a junk one, an IP address, a load balancer's
 * probe) gets the NZ page as that site serves it, not cache entries of its own. Without an NZ
 * entry every host not listed is the NZ site (development, tests): the request's host as it is.
 */
export function pageHost(request: Pick<FastifyRequest, 'protocol' | 'host'>, siteHosts: SiteHosts): string {
  const host = request.host.toLowerCase();
  const own = siteHosts.find((entry) => entry.market === DEFAULT_MARKET.id);
  if (!own) return host;
  const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(host);
  const name = m?.[1] ?? '';
  const port = m?.[2] ?? null;
  if (siteHosts.some((entry) => entry.host === name && (entry.port === null || entry.port === port))) return host;
  return own.port ? `${own.host}:${own.port}` : own.host;
}

export function registerMarket(app: FastifyInstance, siteHosts: SiteHosts = DEFAULT_SITE_HOSTS, afterpayMaxCents?: Partial<Record<MarketSettings['currency'], number>>): void {
  const markets = marketsWith(afterpayMaxCents);
  app.decorateRequest('market', null as unknown as MarketSettings);
  app.decorate('marketOf', (request: FastifyRequest) => markets[marketForHost(request.host, siteHosts).id] ?? DEFAULT_MARKET);
  app.decorate('siteUrls', (request: FastifyRequest) => siteUrls(request, siteHosts));
  app.decorate('pageHost', (request: FastifyRequest) => pageHost(request, siteHosts));
  app.addHook('onRequest', async (request) => {
    request.market = app.marketOf(request);
  });
  app.get('/api/site/market', { schema: { tags: ['site'], summary: "This site's market (chosen by the request's host): currency, GST, locale, time zone, links, address rules" } }, async (request, reply) =>
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Host').send({ ...request.market, sites: app.siteUrls(request) }),
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The market this request is for (its host; see api/src/store/market). */
    market: MarketSettings;
  }
  interface FastifyInstance {
    marketOf(request: FastifyRequest): MarketSettings;
    /** This deployment's NZ and AU sites' origins as seen from the request. */
    siteUrls(request: FastifyRequest): Partial<Record<MarketId, string>>;
    /** The host the edge renders and keeps this request's page for (pageHost). */
    pageHost(request: FastifyRequest): string;
  }
}

export interface AddressIssue {
  field: string;
  reason: string;
}

/**
 * Addresses of another market refused: the NZ site takes New Zealand addresses, the
 * Australian site Australian ones. One issue per address whose country is not the market's.
 */
export function addressMarketIssues(market: MarketSettings, addresses: [field: string, address: { country: string } | undefined | null][]): AddressIssue[] {
  const issues: AddressIssue[] = [];
  for (const [field, address] of addresses) {
    if (address && address.country !== market.country) {
      issues.push({ field: `${field}.country`, reason: `This is the ${market.countryName} store: enter an address in ${market.countryName}` });
    }
  }
  return issues;
}

/** The 400 body for address issues, as the framework's validation errors look. */
export function addressIssuesBody(issues: AddressIssue[], context: 'body' = 'body') {
  const first = issues[0]!;
  return { error: 'ValidationError' as const, message: `Invalid ${context}: ${first.field}: ${first.reason}.`, issues };
}
