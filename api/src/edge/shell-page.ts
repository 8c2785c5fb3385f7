// What the edge embeds in the shell's page: the registry, the visitor's geo locale and the
// request's market as JSON script elements; and the analytics settings the registry carries.
import { MARKET_ELEMENT_ID, type MarketSettings } from '@store/contracts';
import { jsonForScript } from '@store/contracts/ssr';

/** The registry embedded in the page, so the shell starts without fetching it. */
export function registryScript(registryJson: string): string {
  return `<script type="application/json" id="shell-registry">${registryJson.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}</script>`;
}

export interface EdgeAnalytics {
  errorEndpoint?: string;
  errorSampleRate?: number;
  traceSampleRate?: number;
  /** Share of page views whose field Web Vitals are measured (checkout always). */
  vitalsSampleRate?: number;
}

/** The error-reporting settings from the environment (unset variables keep the shell's defaults). */
export function analyticsFromEnv(env: NodeJS.ProcessEnv = process.env): EdgeAnalytics | undefined {
  const out: EdgeAnalytics = {};
  if (env.ERROR_REPORT_ENDPOINT?.trim()) out.errorEndpoint = env.ERROR_REPORT_ENDPOINT.trim();
  for (const [key, name] of [['errorSampleRate', 'ERROR_SAMPLE_RATE'], ['traceSampleRate', 'TRACE_SAMPLE_RATE'], ['vitalsSampleRate', 'VITALS_SAMPLE_RATE']] as const) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    if (!(value >= 0 && value <= 1)) throw new Error(`${name} must be a number from 0 to 1 (got "${raw}")`);
    out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export const DEFAULT_GEO_COUNTRY_HEADER = 'cloudfront-viewer-country';
/** The site's own country: the geo locale falls back to it when the request says nothing usable. */
export const GEO_FALLBACK_COUNTRY = 'NZ';

export interface GeoLocale {
  country: string;
  result: 'SUCCESS' | 'NOT_FOUND' | 'ERROR';
}

/** The visitor's country from a request header value: missing → NOT_FOUND, not two letters → ERROR (both fall back to NZ). */
export function geoLocaleFor(value: string | string[] | undefined): GeoLocale {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return { country: GEO_FALLBACK_COUNTRY, result: 'NOT_FOUND' };
  if (!/^[A-Za-z]{2}$/.test(raw)) return { country: GEO_FALLBACK_COUNTRY, result: 'ERROR' };
  return { country: raw.toUpperCase(), result: 'SUCCESS' };
}

/** The script element embedding a geo locale; JSON with `<`, `>`, `&` and line separators escaped, safe inside HTML. */
export function geoLocaleScript(geo: GeoLocale): string {
  const json = JSON.stringify({ country: geo.country, result: geo.result }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script id="geo-locale" type="application/json">${json}</script>`;
}

/**
 * The request's market settings embedded in the page: the frontends format money, dates
 * and addresses from it (`pageMarket()` in @store/contracts/market), never from a build constant.
 */
export function marketScript(market: MarketSettings): string {
  return `<script id="${MARKET_ELEMENT_ID}" type="application/json">${jsonForScript(market)}</script>`;
}

/** The shell HTML split where the geo locale goes (before `</head>`, else before `<body`, else at the start). */
export function splitForGeo(html: string): [string, string] {
  let at = html.search(/<\/head\s*>/i);
  if (at < 0) at = html.search(/<body[\s>]/i);
  if (at < 0) at = 0;
  return [html.slice(0, at), html.slice(at)];
}
