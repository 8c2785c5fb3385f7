import { metricsAccess, type MetricsAccess } from './platform/http/metrics.js';
import path from 'node:path';
import { loadAccountConfig, type AccountConfig } from './store/account/config.js';
import type { RateLimitSettings } from './platform/http/rate-limit.js';
import { DEFAULT_ERROR_REPORT_SETTINGS, type ErrorReportSettings } from './store/site/error-reports.js';
import { DEFAULT_WEB_VITALS_SETTINGS, type WebVitalsSettings } from './edge/web-vitals.js';
import { loadSecurityConfig, type SecurityConfig } from './platform/http/security.js';
import { loadPaymentClientConfig, paymentClientOrigins, type PaymentClientConfig } from './store/payments/client-config.js';
import { siteHostsFromEnv } from './store/market/index.js';
import type { AfterpayLimits, CheckoutConfig } from './store/checkout/index.js';
import type { SiteHosts } from '@store/contracts';
import { allowedStandIns, type StandInService } from './production.js';
import { ConfigError, configured, findRepoRoot, flagFrom, intFrom, isOn, numberFrom, oneOf, parseTrustProxy, resolveFrom } from './config-env.js';
import { afterpayLimitsFrom, gatewayFrom, mailFrom, payLaterFrom, registryFrom, type FraudUnavailablePolicy, type GatewayConfig, type MailConfig, type PayLaterConfig } from './config-services.js';

export { ConfigError, findRepoRoot, intSetting, parseTrustProxy } from './config-env.js';
export { afterpayLimitsFrom, type FraudUnavailablePolicy, type GatewayConfig, type MailConfig, type PayLaterConfig } from './config-services.js';
export type { AfterpayLimits };

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
  /** Field Web Vitals: reports per client and minute, days kept, rows kept at most. */
  webVitals: WebVitalsSettings;
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
  /** The card gateway the orders are charged at (PAYMENT_GATEWAY, BRAINTREE_*). */
  gateway: GatewayConfig;
  /** The pay-later provider (PAYLATER_GATEWAY, AFTERPAY_*). */
  payLater: PayLaterConfig;
  /** What an order gets when the fraud decision service cannot answer (FRAUD_UNAVAILABLE). */
  fraudUnavailable: FraudUnavailablePolicy;
  /** The stand-ins ALLOW_STAND_INS accepts in production (api/src/production.ts). */
  allowedStandIns: ReadonlySet<StandInService>;
  /** Serve the OpenAPI document and its UI at /api/docs (API_DOCS; on outside production). */
  apiDocs: boolean;
  /** Serve the front-end builds' source maps (SERVE_SOURCE_MAPS; on outside production). */
  sourceMaps: boolean;
  /** E-mail: the SMTP server (SMTP_URL, MAIL_FROM) or the local SMTP stand-in, and the outbox sender. */
  mail: MailConfig;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Reads the configuration from the environment. Default paths are relative to the repository
 * root, found by walking up from `startDir` (the entry file's folder), so the server behaves the
 * same whatever the working directory.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, startDir: string = process.cwd()): Config {
  const repoRoot = findRepoRoot(startDir);
  const databaseUrl = env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  if (env.DATABASE_URL && !databaseUrl) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const prefix = env.SEARCH_INDEX_PREFIX || 'nz';
  if (!/^[a-z0-9_-]{1,40}$/i.test(prefix)) throw new ConfigError('SEARCH_INDEX_PREFIX must be 1-40 letters, digits, _ or -');
  const production = env.NODE_ENV === 'production';
  const port = intFrom(env.PORT, 8080, 'PORT', 0, 65535);
  const standIns = configured(() => allowedStandIns(env.ALLOW_STAND_INS));
  const payments = configured(() => loadPaymentClientConfig(env, port));
  if (production && payments.standInPort !== null) {
    // the payment stand-in's own origin (card fields, wallets) runs in production only when its stand-in is allowed, at an origin named for it
    // (without PAYMENT_FIELDS_ORIGIN production refuses to start: production.ts)
    if (!standIns.has('payments')) payments.standInPort = null;
  }
  const gateway = gatewayFrom(env);
  // the stand-in's card fields mint nonces only the sandbox knows: with Braintree the page loads Braintree's clients
  if (gateway.kind === 'braintree') payments.standInPort = null;
  const security = configured(() => loadSecurityConfig(env, env.BOTCHECK_SCRIPT_URL || '/api/botcheck/recaptcha/api.js', env.FRAUD_SCRIPT_URL || '/api/fraud/script.js'));
  security.paymentClientOrigins = paymentClientOrigins(payments);
  const account = configured(() => loadAccountConfig(env));
  return {
    port,
    host: env.HOST || '0.0.0.0',
    repoRoot,
    dataDir: resolveFrom(repoRoot, env.DATA_DIR, 'var/pgdata'),
    databaseUrl,
    databasePoolMax: intFrom(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX', 1, 1000),
    searchIndexPrefix: prefix,
    deployDir: resolveFrom(repoRoot, env.DEPLOY_DIR, 'var/deploy'),
    registry: configured(() => registryFrom(env)),
    edgeCacheDir: resolveFrom(repoRoot, env.EDGE_CACHE_DIR, 'var/edge-cache'),
    imageCacheDir: resolveFrom(repoRoot, env.IMAGE_CACHE_DIR, 'var/image-cache'),
    seedProducts: intFrom(env.SEED_PRODUCTS, 600, 'SEED_PRODUCTS', 0, 1_000_000),
    migrationsDir: path.join(repoRoot, 'api', 'drizzle'),
    logLevel: oneOf(env.LOG_LEVEL, LOG_LEVELS, 'info', 'LOG_LEVEL'),
    logRequests: flagFrom(env.LOG_REQUESTS, false, 'LOG_REQUESTS'),
    account,
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
    webVitals: {
      perMinute: intFrom(env.VITALS_PER_MINUTE, DEFAULT_WEB_VITALS_SETTINGS.perMinute, 'VITALS_PER_MINUTE', 1, 10_000),
      retentionDays: intFrom(env.VITALS_RETENTION_DAYS, DEFAULT_WEB_VITALS_SETTINGS.retentionDays, 'VITALS_RETENTION_DAYS', 1, 3650),
      maxRows: intFrom(env.VITALS_MAX_ROWS, DEFAULT_WEB_VITALS_SETTINGS.maxRows, 'VITALS_MAX_ROWS', 100, 100_000_000),
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
      minScore: numberFrom(env.BOTCHECK_MIN_SCORE, 0.5, 'BOTCHECK_MIN_SCORE', 0, 1),
      // the stand-in's token mint: not in production, even with the bot-check stand-in allowed, unless automated
      // tests also ask for it by name (BOTCHECK_OPEN_MINT=1; src/production.ts)
      mintOpen: !production || (standIns.has('botcheck') && isOn(env.BOTCHECK_OPEN_MINT)),
    },
    fraud: {
      siteId: env.FRAUD_SITE_ID || 'local-fraud-site',
      scriptUrl: env.FRAUD_SCRIPT_URL || '/api/fraud/script.js',
      decisionUrl: env.FRAUD_DECISION_URL || '',
      secret: env.FRAUD_SECRET || 'local-fraud-secret',
      // test tokens (?test=decline) only outside production
      testTokens: flagFrom(env.FRAUD_TEST_TOKENS, !production, 'FRAUD_TEST_TOKENS'),
    },
    security,
    payments,
    siteHosts: configured(() => siteHostsFromEnv(env, port)),
    gateway,
    payLater: payLaterFrom(env),
    fraudUnavailable: oneOf(env.FRAUD_UNAVAILABLE, ['hold', 'block', 'allow'] as const, 'hold', 'FRAUD_UNAVAILABLE'),
    allowedStandIns: standIns,
    apiDocs: flagFrom(env.API_DOCS, !production, 'API_DOCS'),
    sourceMaps: flagFrom(env.SERVE_SOURCE_MAPS, !production, 'SERVE_SOURCE_MAPS'),
    mail: mailFrom(env),
  };
}
