/**
 * Markets: one deployment serves New Zealand and Australia, chosen per request by its
 * host (SITE_HOSTS, read by the API and the edge). This module is the market data (currency, GST,
 * locale, time zone, customer-service and social links, Afterpay limit, address rules, shipping
 * free-delivery threshold) and the helpers that format money and split GST with a market's
 * settings. Zod-free and dependency-free: every remote bundles it.
 *
 * The browser never decides the market: the edge writes the request's market settings into the
 * page (`<script id="site-market" type="application/json">`), and `pageMarket()` reads them.
 */
import { formatNzd } from './money';

export type MarketId = 'NZ' | 'AU';
export const MARKET_IDS: readonly MarketId[] = ['NZ', 'AU'];

export interface MarketState {
  code: string;
  name: string;
}

export interface MarketSettings {
  id: MarketId;
  /** ISO 3166 alpha-2 country of the market's addresses, stores and visitors. */
  country: MarketId;
  countryName: string;
  /** ISO 4217. */
  currency: 'NZD' | 'AUD';
  /** BCP 47 locale for numbers and dates. */
  locale: string;
  /** IANA time zone dates are shown in. */
  timeZone: string;
  /** Short name of the zone in copy ("NZ time"). */
  timeZoneLabel: string;
  /** GST percent included in prices; the GST part of an inclusive amount is rate / (100 + rate). */
  gstPercent: number;
  /** Pay-later (Afterpay) is offered for amounts from 0 up to this, in cents of the market's currency. */
  afterpayMaxCents: number;
  /** Where the customer-service team answering this market works (footer copy). */
  supportCity: string;
  customerService: { supportUrl: string; supportDelivery: string; supportWarranty: string; supportReturns: string };
  social: { instagram: string; facebook: string };
  /** The market's terms of use and privacy policy (the footer's links): each country's law and currency. */
  legal: { termsUrl: string; privacyUrl: string };
  /** This deployment's site of each market it serves (written by the edge per request). */
  sites?: Partial<Record<MarketId, string>>;
  address: {
    postcodePattern: string;
    postcodeMessage: string;
    /** Label of the state/region field. */
    stateLabel: string;
    /** Required states (AU); null: free text, optional (NZ regions). */
    states: MarketState[] | null;
  };
}

export const AU_STATES: MarketState[] = [
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NSW', name: 'New South Wales' },
  { code: 'NT', name: 'Northern Territory' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'WA', name: 'Western Australia' },
];

/**
 * New Zealand's settings, the default market. Each market is its own constant: code that only reads
 * the page's market (`pageMarket`) or the default one carries neither Australia's settings nor its
 * states into its bundle.
 */
const NZ: MarketSettings = {
  id: 'NZ',
  country: 'NZ',
  countryName: 'New Zealand',
  currency: 'NZD',
  locale: 'en-NZ',
  timeZone: 'Pacific/Auckland',
  timeZoneLabel: 'NZ time',
  gstPercent: 15,
  afterpayMaxCents: 200_000,
  supportCity: 'Auckland',
  customerService: {
    supportUrl: '/articles/help-centre',
    supportDelivery: '/articles/shipping',
    supportWarranty: '/articles/warranty',
    supportReturns: '/articles/returns',
  },
  social: { instagram: 'https://www.instagram.com/fernleaf.nz', facebook: 'https://www.facebook.com/fernleafgoods' },
  legal: { termsUrl: '/articles/terms-of-use', privacyUrl: '/articles/privacy-policy' },
  address: { postcodePattern: '^\\d{4}$', postcodeMessage: 'Enter a 4-digit New Zealand postcode.', stateLabel: 'Region', states: null },
};

const AU: MarketSettings = {
  id: 'AU',
  country: 'AU',
  countryName: 'Australia',
  currency: 'AUD',
  locale: 'en-AU',
  timeZone: 'Australia/Sydney',
  timeZoneLabel: 'Sydney time',
  gstPercent: 10,
  afterpayMaxCents: 200_000,
  supportCity: 'Sydney',
  customerService: {
    supportUrl: '/articles/help-centre-australia',
    supportDelivery: '/articles/shipping-australia',
    supportWarranty: '/articles/warranty-australia',
    supportReturns: '/articles/returns-australia',
  },
  social: { instagram: 'https://www.instagram.com/fernleaf', facebook: 'https://www.facebook.com/fernleafgoods' },
  legal: { termsUrl: '/articles/terms-of-use-australia', privacyUrl: '/articles/privacy-policy-australia' },
  address: { postcodePattern: '^\\d{4}$', postcodeMessage: 'Enter a 4-digit Australian postcode.', stateLabel: 'State', states: AU_STATES },
};

export const MARKETS: Record<MarketId, MarketSettings> = { NZ, AU };

export const DEFAULT_MARKET: MarketSettings = NZ;

export function isMarketId(value: unknown): value is MarketId {
  return value === 'NZ' || value === 'AU';
}

/** The market of a currency (orders, gift cards and prices are per currency). */
export function marketOfCurrency(currency: string): MarketSettings | undefined {
  return Object.values(MARKETS).find((m) => m.currency === currency);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats integer cents in a market's currency and locale: NZ 12900 → "$129.00", AU 11495 →
 * "$114.95", -550 → "-$5.50", 123456 → "$1,234.56". The currency code is not repeated: each site is
 * one currency. en-NZ/NZD and en-AU/AUD print alike and are written out (formatNzd), not through
 * Intl: the first Intl.NumberFormat of a page loads its locale data during hydration.
 */
export function formatMoney(cents: number, market: Pick<MarketSettings, 'locale' | 'currency'> = DEFAULT_MARKET): string {
  if ((market.locale === 'en-NZ' && market.currency === 'NZD') || (market.locale === 'en-AU' && market.currency === 'AUD')) return formatNzd(cents);
  const key = `${market.locale}|${market.currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(market.locale, { style: 'currency', currency: market.currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  return f.format(cents / 100);
}

/** A date in the market's zone and locale ("25 Nov 2026"); options as Intl.DateTimeFormat's. */
export function formatMarketDate(value: string | number | Date, market: Pick<MarketSettings, 'locale' | 'timeZone'> = DEFAULT_MARKET, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  return new Date(value).toLocaleString(market.locale, { timeZone: market.timeZone, ...options });
}

/** The element the edge writes the request's market settings into. */
export const MARKET_ELEMENT_ID = 'site-market';

let fromPage: MarketSettings | null = null;

/**
 * The market the page was served for (browser): the settings the edge embedded, else NZ (a page
 * served without them, e.g. a unit test). Read once per bundle.
 */
export function pageMarket(): MarketSettings {
  if (fromPage) return fromPage;
  if (typeof document === 'undefined') return DEFAULT_MARKET;
  const el = document.getElementById(MARKET_ELEMENT_ID);
  let parsed: MarketSettings | null = null;
  try {
    const value = el?.textContent ? (JSON.parse(el.textContent) as Partial<MarketSettings>) : null;
    // the edge writes a market's whole settings
    if (value && isMarketId(value.id)) parsed = value as MarketSettings;
  } catch {
    parsed = null;
  }
  fromPage = parsed ?? DEFAULT_MARKET;
  return fromPage;
}

/** Tests: forget the market read from the page. */
export function resetPageMarket(): void {
  fromPage = null;
}

/** Whether an address's postcode and state are valid for a market (the caller checks the country). */
export function addressProblem(market: MarketSettings, address: { postcode: string; state?: string }): { field: 'postcode' | 'state'; message: string } | null {
  if (!new RegExp(market.address.postcodePattern).test(address.postcode.trim())) return { field: 'postcode', message: market.address.postcodeMessage };
  if (market.address.states) {
    const state = (address.state ?? '').trim().toUpperCase();
    if (!market.address.states.some((s) => s.code === state)) return { field: 'state', message: `Choose a ${market.address.stateLabel.toLowerCase()}: ${market.address.states.map((s) => s.code).join(', ')}.` };
  }
  return null;
}

/**
 * SITE_HOSTS: comma-separated `host=MARKET` pairs (`au.localhost:8080=AU,www.fernleaf.com.au=AU`).
 * A host without a port matches any port. Hosts not listed are the primary market (NZ).
 */
export type SiteHosts = { host: string; port: string | null; market: MarketId }[];

export function parseSiteHosts(value: string): SiteHosts {
  const out: SiteHosts = [];
  for (const part of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9.-]+)(?::(\d{1,5}))?=([a-z]{2})$/i.exec(part);
    const market = m?.[3]?.toUpperCase();
    if (!m || !isMarketId(market)) throw new Error(`SITE_HOSTS: "${part}" is not host[:port]=NZ|AU`);
    out.push({ host: m[1]!.toLowerCase(), port: m[2] ?? null, market });
  }
  return out;
}

/** The market of a request host ("au.localhost:8080"); NZ when no entry matches. */
export function marketForHost(host: string | undefined, siteHosts: SiteHosts): MarketSettings {
  if (!host) return DEFAULT_MARKET;
  const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(host.trim().toLowerCase());
  const name = m?.[1] ?? '';
  const port = m?.[2] ?? null;
  const hit = siteHosts.find((entry) => entry.host === name && (entry.port === null || entry.port === port));
  return hit ? MARKETS[hit.market] : DEFAULT_MARKET;
}
