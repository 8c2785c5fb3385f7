import { metricsAccess, type MetricsAccess } from './http/metrics.js';
import fs from 'node:fs';
import path from 'node:path';
import { loadAccountConfig, type AccountConfig } from '../store/account/config.js';
import type { RateLimitSettings } from './http/rate-limit.js';
import { DEFAULT_ERROR_REPORT_SETTINGS, type ErrorReportSettings } from '../store/site/error-reports.js';
import { loadSecurityConfig, type SecurityConfig } from './http/security.js';
import { loadPaymentClientConfig, paymentClientOrigins, type PaymentClientConfig } from '../store/payments/client-config.js';
import { siteHostsFromEnv } from '../store/market/index.js';
import type { AfterpayLimits, CheckoutConfig } from '../store/checkout/index.js';
import type { SiteHosts } from '@store/contracts';

export interface Config {
  port: number;
  host: string;
  /** Repository root (folder of the workspace package.json). */
  repoRoot: string;
  /** PGlite data directory ("memory://" for an in-memory database). Ignored when databaseUrl is set. */
  dataDir: string;
  /** postgres://... to use a PostgreSQL server through node-postgres instead of PGlite. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process may open (DATABASE_POOL_MAX, 10): several processes open this many each. */
  databasePoolMax: number;
  /** Index names are `${searchIndexPrefix}_products`. */
  searchIndexPrefix: string;
  deployDir: string;
  /**
   * Where the edge reads the live registry (REGISTRY): "file", registry.json and cdn/ in deployDir
   * (default); "postgres", the release_* tables at REGISTRY_DATABASE_URL or DATABASE_URL, with the
   * builds cached in edgeCacheDir (EDGE_CACHE_DIR, default var/edge-cache). docs/deploying.md.
   */
  registry: { kind: 'file' } | { kind: 'postgres'; url: string };
  edgeCacheDir: string;
  imageCacheDir: string;
  /** Products seeded into an empty database. */
  seedProducts: number;
  /** Folder holding the drizzle-kit migrations. */
  migrationsDir: string;
  logLevel: string;
  logRequests: boolean;
  /** Identity (user pool) and account settings. See api/src/store/account/config.ts. */
  account: AccountConfig;
  /** Cart & checkout (docs/checkout.md). */
  checkout: CheckoutConfig;

  /** /metrics: METRICS_TOKEN (a bearer token it then requires); without one, served outside production only. */
  metrics: MetricsAccess;
  /** fastify trustProxy (TRUST_PROXY): whose X-Forwarded-For gives the client address. */
  trustProxy: boolean | number | string[];
  /** Shared rate limits (api/src/platform/http/rate-limit.ts). */
  rateLimits: RateLimitSettings;
  /** Browser error reports: per client and minute, days kept, rows kept at most. */
  errorReports: ErrorReportSettings;
  /** Bot check (reCAPTCHA v3 protocol; the local stand-in by default). See api/src/store/botcheck. */
  botcheck: { siteKey: string; secret: string; scriptUrl: string; verifyUrl: string; minScore: number; mintOpen: boolean };
  /** Fraud analytics (Forter-like protocol; the local stand-in by default). See api/src/store/fraud. */
  fraud: { siteId: string; scriptUrl: string; decisionUrl: string; secret: string; testTokens: boolean };
  /** Security headers and the CSP's third-party origins (api/src/platform/http/security.ts). */
  security: SecurityConfig;
  /** The payment clients (card fields, wallets) and the stand-in's own origin (api/src/store/payments/client-config.ts). */
  payments: PaymentClientConfig;
  /** Which request hosts are which market (SITE_HOSTS; unlisted hosts are NZ). See api/src/store/market. */
  siteHosts: SiteHosts;
}

/** Walks up from `startDir` to the folder whose package.json declares workspaces. */
export function findRepoRoot(startDir: string): string {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { workspaces?: unknown };
        if (pkg.workspaces) return dir;
      } catch {
        // unreadable package.json: keep walking
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (package.json with "workspaces") above ${startDir}`);
    dir = parent;
  }
}

export type { AfterpayLimits };

/**
 * AFTERPAY_MAX_CENTS_NZD (NZ$, default 200000 = NZ$2,000; AFTERPAY_MAX_CENTS is its older name and
 * sets the NZD limit only) and AFTERPAY_MAX_CENTS_AUD (A$, default 200000 = A$2,000).
 */
export function afterpayLimitsFrom(env: NodeJS.ProcessEnv): AfterpayLimits {
  const nzdRaw = env.AFTERPAY_MAX_CENTS_NZD !== undefined && env.AFTERPAY_MAX_CENTS_NZD !== '' ? env.AFTERPAY_MAX_CENTS_NZD : env.AFTERPAY_MAX_CENTS;
  return {
    NZD: intFrom(nzdRaw, 200_000, env.AFTERPAY_MAX_CENTS_NZD ? 'AFTERPAY_MAX_CENTS_NZD' : 'AFTERPAY_MAX_CENTS', 0, 10_000_000),
    AUD: intFrom(env.AFTERPAY_MAX_CENTS_AUD, 200_000, 'AFTERPAY_MAX_CENTS_AUD', 0, 10_000_000),
  };
}

function intFrom(value: string | undefined, fallback: number, name: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  return n;
}

/** TRUST_PROXY: unset/false = none; true = any; a number = that many hops; else comma-separated addresses, CIDRs or loopback/linklocal/uniquelocal. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
}
const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';

function resolveFrom(root: string, value: string | undefined, fallback: string): string {
  if (!value) return path.join(root, fallback);
  if (value.startsWith('memory://')) return value;
  return path.resolve(value);
}

function registryFrom(env: NodeJS.ProcessEnv): Config['registry'] {
  const kind = env.REGISTRY?.trim() || 'file';
  if (kind === 'file') return { kind };
  if (kind !== 'postgres') throw new Error(`REGISTRY must be "file" or "postgres" (got "${kind}")`);
  const url = (env.REGISTRY_DATABASE_URL ?? env.DATABASE_URL ?? '').trim();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('REGISTRY=postgres needs REGISTRY_DATABASE_URL or DATABASE_URL (postgres://...)');
  return { kind, url };
}

/**
 * Reads the configuration from the environment. Default paths are relative to the repository
 * root, found by walking up from `startDir` (the entry file's folder), so the server behaves the
 * same whatever the working directory.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, startDir: string = process.cwd()): Config {
  const repoRoot = findRepoRoot(startDir);
  const databaseUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  if (env.DATABASE_URL && !databaseUrl) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  const prefix = env.SEARCH_INDEX_PREFIX || 'nz';
  if (!/^[a-z0-9_-]{1,40}$/i.test(prefix)) throw new Error('SEARCH_INDEX_PREFIX must be 1-40 letters, digits, _ or -');
  const port = intFrom(env.PORT, 8080, 'PORT', 0, 65535);
  const payments = loadPaymentClientConfig(env, port);
  const security = loadSecurityConfig(env, env.BOTCHECK_SCRIPT_URL || '/api/botcheck/recaptcha/api.js', env.FRAUD_SCRIPT_URL || '/api/fraud/script.js');
  security.paymentClientOrigins = paymentClientOrigins(payments);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    repoRoot,
    dataDir: resolveFrom(repoRoot, env.DATA_DIR, 'var/pgdata'),
    databaseUrl,
    databasePoolMax: intFrom(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX', 1, 1000),
    searchIndexPrefix: prefix,
    deployDir: resolveFrom(repoRoot, env.DEPLOY_DIR, 'var/deploy'),
    registry: registryFrom(env),
    edgeCacheDir: resolveFrom(repoRoot, env.EDGE_CACHE_DIR, 'var/edge-cache'),
    imageCacheDir: resolveFrom(repoRoot, env.IMAGE_CACHE_DIR, 'var/image-cache'),
    seedProducts: intFrom(env.SEED_PRODUCTS, 600, 'SEED_PRODUCTS', 0, 1_000_000),
    migrationsDir: path.join(repoRoot, 'api', 'drizzle'),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS === '1' || env.LOG_REQUESTS === 'true',
    account: loadAccountConfig(env),
    checkout: {
      maxAppliedPromotions: intFrom(env.CHECKOUT_MAX_APPLIED_PROMOTIONS, 3, 'CHECKOUT_MAX_APPLIED_PROMOTIONS', 1, 20),
      afterpayMaxCents: afterpayLimitsFrom(env),
      paymentDuplicateWindowSeconds: intFrom(env.PAYMENT_DUPLICATE_WINDOW_SECONDS, 30, 'PAYMENT_DUPLICATE_WINDOW_SECONDS', 0, 3600),
      acceptedCardTypes: (env.PAYMENT_ACCEPTED_CARD_TYPES || 'Visa,MasterCard,American Express').split(',').map((s) => s.trim()).filter(Boolean),
      voucherLookupsPerMinute: intFrom(env.VOUCHER_LOOKUPS_PER_MINUTE, 10, 'VOUCHER_LOOKUPS_PER_MINUTE', 1, 10_000),
      voucherMaxPinAttempts: intFrom(env.VOUCHER_MAX_PIN_ATTEMPTS, 5, 'VOUCHER_MAX_PIN_ATTEMPTS', 1, 100),
      voucherLockMinutes: intFrom(env.VOUCHER_LOCK_MINUTES, 30, 'VOUCHER_LOCK_MINUTES', 1, 100_000),
      afterpayCheckoutTtlMinutes: intFrom(env.AFTERPAY_CHECKOUT_TTL_MINUTES, 60, 'AFTERPAY_CHECKOUT_TTL_MINUTES', 1, 7 * 24 * 60),
      afterpayExpirySweepSeconds: intFrom(env.AFTERPAY_EXPIRY_SWEEP_SECONDS, 60, 'AFTERPAY_EXPIRY_SWEEP_SECONDS', 0, 86_400),
      returnWindowDays: intFrom(env.RETURN_WINDOW_DAYS, 60, 'RETURN_WINDOW_DAYS', 1, 3650),
      idempotencyLeaseSeconds: intFrom(env.IDEMPOTENCY_LEASE_SECONDS, 30, 'IDEMPOTENCY_LEASE_SECONDS', 1, 86_400),
      pendingOrderTimeoutSeconds: intFrom(env.PENDING_ORDER_TIMEOUT_SECONDS, 300, 'PENDING_ORDER_TIMEOUT_SECONDS', 1, 86_400),
      pendingOrderSweepSeconds: intFrom(env.PENDING_ORDER_SWEEP_SECONDS, 60, 'PENDING_ORDER_SWEEP_SECONDS', 0, 86_400),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metrics: metricsAccess(env),
    errorReports: {
      perMinute: intFrom(env.ERROR_REPORTS_PER_MINUTE, DEFAULT_ERROR_REPORT_SETTINGS.perMinute, 'ERROR_REPORTS_PER_MINUTE', 1, 10_000),
      retentionDays: intFrom(env.ERROR_REPORT_RETENTION_DAYS, DEFAULT_ERROR_REPORT_SETTINGS.retentionDays, 'ERROR_REPORT_RETENTION_DAYS', 1, 3650),
      maxRows: intFrom(env.ERROR_REPORT_MAX_ROWS, DEFAULT_ERROR_REPORT_SETTINGS.maxRows, 'ERROR_REPORT_MAX_ROWS', 100, 100_000_000),
    },
    rateLimits: {
      lookupsPerMinute: intFrom(env.VOUCHER_LOOKUPS_PER_MINUTE, 10, 'VOUCHER_LOOKUPS_PER_MINUTE', 1, 10_000),
      promoCodesPerHour: intFrom(env.RATE_LIMIT_PROMO_CODES_PER_HOUR, 30, 'RATE_LIMIT_PROMO_CODES_PER_HOUR', 1, 100_000),
      signInPerMinute: intFrom(env.RATE_LIMIT_SIGNIN_PER_MINUTE, 30, 'RATE_LIMIT_SIGNIN_PER_MINUTE', 1, 100_000),
      codeConfirmationsPerMinute: intFrom(env.RATE_LIMIT_CODE_CONFIRMATIONS_PER_MINUTE, 20, 'RATE_LIMIT_CODE_CONFIRMATIONS_PER_MINUTE', 1, 100_000),
    },
    botcheck: {
      siteKey: env.BOTCHECK_SITE_KEY || 'local-botcheck-site-key',
      secret: env.BOTCHECK_SECRET || 'local-botcheck-secret',
      scriptUrl: env.BOTCHECK_SCRIPT_URL || '/api/botcheck/recaptcha/api.js',
      verifyUrl: env.BOTCHECK_VERIFY_URL || '',
      minScore: Number(env.BOTCHECK_MIN_SCORE || '0.5'),
      // the stand-in's token mint: not in production, even with ALLOW_STAND_INS=1, unless automated
      // tests also ask for it by name (BOTCHECK_OPEN_MINT=1; src/platform/production.ts)
      mintOpen: env.NODE_ENV !== 'production' || (isOn(env.ALLOW_STAND_INS) && isOn(env.BOTCHECK_OPEN_MINT)),
    },
    fraud: {
      siteId: env.FRAUD_SITE_ID || 'local-fraud-site',
      scriptUrl: env.FRAUD_SCRIPT_URL || '/api/fraud/script.js',
      decisionUrl: env.FRAUD_DECISION_URL || '',
      secret: env.FRAUD_SECRET || 'local-fraud-secret',
      // test tokens (?test=decline) only outside production
      testTokens: env.FRAUD_TEST_TOKENS ? env.FRAUD_TEST_TOKENS === '1' || env.FRAUD_TEST_TOKENS === 'true' : env.NODE_ENV !== 'production',
    },
    security,
    payments,
    siteHosts: siteHostsFromEnv(env, port),
  };
}
