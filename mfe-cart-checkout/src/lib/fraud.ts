/**
 * Fraud-prevention analytics: a fraud-prevention script is loaded with a site id; its token is
 * sent as fraudAnalytics.token (from the script's event or a cookie); the cookie is checked 5, 10,
 * 15, 30 and 60 seconds after the script loads; the cookie lives 400 days.
 *
 * Once per page, when checkout starts (`startFraudAnalytics()`, called by the checkout steps, not
 * by the service that runs on every page):
 * 1. `GET /api/fraud/config` → `{ siteId, scriptUrl }`;
 * 2. the script `${scriptUrl}?siteId=${encodeURIComponent(siteId)}` is added to the page;
 * 3. the token is taken from the script's `ftr:tokenReady` document event (`detail` = the token),
 *    or else from the `forterToken` cookie (which the script sets for 400 days), read 5, 10, 15,
 *    30 and 60 seconds after the script has loaded; the checks stop once a token is known.
 *
 * A failed config or script load is only logged: checkout goes on and the order is sent without
 * `fraudAnalytics`. `fraudToken()` is what `order/place` carries as `fraudAnalytics.token`.
 */

import { createApiClient, type ApiData } from '@store/contracts/http';

export const FRAUD_CONFIG_URL = '/api/fraud/config' as const;
export const FRAUD_TOKEN_EVENT = 'ftr:tokenReady';
export const FRAUD_TOKEN_COOKIE = 'forterToken';
/** When the cookie is read, counted from the script's load. */
export const FRAUD_COOKIE_CHECKS_MS: readonly number[] = [5_000, 10_000, 15_000, 30_000, 60_000];
/** The script keeps its cookie this long (it sets the cookie itself; kept here for reference). */
export const FRAUD_COOKIE_MAX_AGE_DAYS = 400;
/** `fraudAnalytics.token` is at most 500 characters (contracts/src/checkout.ts). */
export const FRAUD_TOKEN_MAX_LENGTH = 500;

/** GET /api/fraud/config's answer (the OpenAPI document's generated type). */
export type FraudConfig = ApiData<'get', typeof FRAUD_CONFIG_URL>;

export interface FraudAnalytics {
  /** Load the config and the script (first call only; later calls do nothing). Never throws. */
  start(): void;
  /** The token once known, else null. */
  token(): string | null;
  /** Settles when the config and script load has finished or failed (tests). */
  loaded(): Promise<void>;
}

export interface FraudAnalyticsOptions {
  fetch?: typeof fetch;
  document?: Document;
  checksMs?: readonly number[];
  warn?: (message: string, error?: unknown) => void;
}

const usableToken = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const token = value.trim();
  return token && token.length <= FRAUD_TOKEN_MAX_LENGTH ? token : null;
};

/** The value of cookie `name` in a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function createFraudAnalytics(options: FraudAnalyticsOptions = {}): FraudAnalytics {
  const checks = options.checksMs ?? FRAUD_COOKIE_CHECKS_MS;
  const warn = options.warn ?? ((message: string, error?: unknown) => console.warn(message, error));
  let token: string | null = null;
  let loading: Promise<void> | null = null;
  const timers: ReturnType<typeof setTimeout>[] = [];

  const stopChecks = () => {
    for (const timer of timers.splice(0)) clearTimeout(timer);
  };
  const accept = (value: unknown): boolean => {
    const usable = usableToken(value);
    if (!usable) return false;
    token = usable;
    stopChecks();
    return true;
  };

  const load = async (doc: Document): Promise<void> => {
    const config = (await createApiClient({ fetch: options.fetch }).get(FRAUD_CONFIG_URL)) as Partial<FraudConfig> | null;
    if (!config || typeof config.siteId !== 'string' || !config.siteId || typeof config.scriptUrl !== 'string' || !config.scriptUrl) {
      throw new Error(`GET ${FRAUD_CONFIG_URL}: no siteId or scriptUrl`);
    }
    const src = `${config.scriptUrl}?siteId=${encodeURIComponent(config.siteId)}`;
    await new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.fraudAnalytics = '';
      script.addEventListener('load', () => resolve(), { once: true });
      script.addEventListener('error', () => reject(new Error(`fraud script failed to load: ${src}`)), { once: true });
      doc.head.appendChild(script);
    });
    if (token) return;
    for (const delay of checks) {
      timers.push(
        setTimeout(() => {
          if (!token) accept(readCookie(doc.cookie, FRAUD_TOKEN_COOKIE));
        }, delay),
      );
    }
  };

  return {
    start() {
      if (loading) return;
      const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
      if (!doc) {
        loading = Promise.resolve();
        return;
      }
      // listen first: the script may announce its token as soon as it runs
      doc.addEventListener(FRAUD_TOKEN_EVENT, (event) => accept((event as CustomEvent<unknown>).detail));
      loading = load(doc).catch((error: unknown) => warn('[fraud] fraud-prevention script not loaded; orders go without its token', error));
    },
    token: () => token,
    loaded: () => loading ?? Promise.resolve(),
  };
}

/** The page's fraud analytics. */
export const fraudAnalytics: FraudAnalytics = createFraudAnalytics();
export const startFraudAnalytics = (): void => fraudAnalytics.start();
export const fraudToken = (): string | null => fraudAnalytics.token();
