import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import * as contracts from '@store/contracts';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CatalogService } from './store/catalog/service.js';
import type { Config } from './config.js';
import type { Database } from './platform/db/index.js';
import { errorHandler } from './platform/http/errors.js';
import { loadSecurityConfig, registerSecurityHeaders } from './platform/http/security.js';
import { cognitoRateLimit, DEFAULT_RATE_LIMITS, RateLimits } from './platform/http/rate-limit.js';
import { startCatalogSync } from './store/catalog/sync.js';
import { frameworkErrors, installInputRules, rewritePageUrl } from './platform/http/input.js';
import { loggerOptions } from './platform/http/logging.js';
import { ImageRenderer } from './stand-ins/image-cdn/render.js';
import { catalogRoutes } from './store/catalog/routes.js';
import { DEFAULT_CHECKOUT_CONFIG, registerCheckout } from './store/checkout/index.js';
import { SavedCards } from './store/payments/saved-cards.js';
import { BraintreePaymentGateway } from './store/payments/braintree.js';
import { braintreeWebhookRoutes } from './store/payments/webhooks.js';
import type { PayLaterGateway, PaymentGateway } from './store/payments/gateway.js';
import { AfterpayPayLater, afterpayReturnRoutes } from './store/payments/afterpay.js';
import { createTokenVerifier } from './store/auth/index.js';
import { SandboxGateway, SandboxPayLater } from './stand-ins/payments/sandbox.js';
import { registerAfterpaySandboxRoutes } from './stand-ins/payments/afterpay-sandbox.js';
import { buildPaymentClientOrigin, type PaymentClientOriginOptions } from './stand-ins/payments/client-origin.js';
import { loadOrCreateSigningKey } from './stand-ins/user-pool/keys.js';
import { LocalUserPool } from './stand-ins/user-pool/pool.js';
import { cognitoRoutes } from './stand-ins/user-pool/routes.js';
import { LOYALTY_DIRECTORY } from './stand-ins/loyalty/directory.js';
import { loadPaymentClientConfig, paymentClientConfigRoutes } from './store/payments/client-config.js';
import { registerReturns } from './store/returns/index.js';
import { DEFAULT_BOTCHECK, verifyBotCheck, type BotCheckResult } from './store/botcheck/index.js';
import { LocalBotCheck } from './stand-ins/botcheck/local.js';
import { botcheckRoutes } from './stand-ins/botcheck/routes.js';
import { DEFAULT_FRAUD, createFraudService } from './store/fraud/index.js';
import { LocalFraud, LocalFraudService } from './stand-ins/fraud/local.js';
import { fraudRoutes } from './stand-ins/fraud/routes.js';
import { fraudConfigRoutes } from './store/fraud/routes.js';
import { healthRoutes, Readiness } from './platform/http/health.js';
import { registerMetrics, type Metrics } from './platform/http/metrics.js';
import { requestIdOf } from './platform/http/request-id.js';
import { registerAccount, type LocalPoolFactory } from './store/account/index.js';
import type { AccountConfig } from './store/account/config.js';
import { imageRoutes } from './stand-ins/image-cdn/routes.js';
import { siteRoutes } from './store/site/routes.js';
import { DEFAULT_WEB_VITALS_SETTINGS, WebVitalsRecorder } from './edge/web-vitals.js';
import { storesRoutes } from './store/stores/routes.js';
import { contentRoutes } from './store/content/routes.js';
import { ContentService } from './store/content/service.js';
import { registerMarket } from './store/market/index.js';
import type { MailTransport } from './store/mail/port.js';
import { SmtpMailTransport } from './store/mail/smtp.js';
import { MailSender } from './store/mail/sender.js';
import { LocalSmtpTransport } from './stand-ins/mail/transport.js';
import type { MailConfig } from './config.js';

export interface BuildAppOptions {
  config: Pick<Config, 'searchIndexPrefix' | 'imageCacheDir'> & Partial<Pick<Config, 'logLevel' | 'logRequests' | 'botcheck' | 'checkout' | 'fraud' | 'trustProxy' | 'rateLimits' | 'security' | 'payments' | 'siteHosts' | 'metrics' | 'errorReports' | 'webVitals' | 'gateway' | 'payLater' | 'fraudUnavailable' | 'apiDocs' | 'mail'>>;
  db: Database;
  /** Defaults to a new CatalogService over `db`. */
  catalog?: CatalogService;
  /** Logger level (and a stream, for tests); false (default in tests) disables logging. Serializers and redaction: http/logging.ts. */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
  /** The clock Afterpay checkouts expire by (epoch ms); tests inject one. Defaults to Date.now. */
  now?: () => number;
}

/** Named contract schemas become components in the OpenAPI document. */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [contracts.Product, 'Product'],
  [contracts.ProductTile, 'ProductTile'],
  [contracts.Overlay, 'Overlay'],
  [contracts.Variant, 'Variant'],
  [contracts.GalleryImage, 'GalleryImage'],
  [contracts.ImageRef, 'ImageRef'],
  [contracts.CategoryRef, 'CategoryRef'],
  [contracts.Brand, 'Brand'],
  [contracts.ErrorBody, 'ErrorBody'],
  [contracts.ValidationErrorBody, 'ValidationErrorBody'],
];
for (const [schema, id] of NAMED_SCHEMAS) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

/** Routes served by the edge (api/src/edge/edge.ts) are not part of the API document. */
const SKIP_IN_DOCS = ['/registry.json', '/sw.js', '/manifest.webmanifest', '/*', '/cdn/*', '/cdn/', '/api/docs', '/api/docs/*'];

/**
 * The fastify application: /api routes, OpenAPI at /api/docs, and the image endpoint. It does
 * not listen; server.ts adds the edge and listens.
 */
export function buildApp({ config, db, catalog = new CatalogService(db), logger, now }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: logger ? loggerOptions(logger === true ? 'info' : logger.level, logger === true ? undefined : logger.stream) : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // a hop count is accepted at run time (proxy-addr) though not in the type
    trustProxy: (config.trustProxy ?? false) as boolean | string | string[],
    frameworkErrors,
    // a store page's address whose escapes do not decode: the store's 404 page, not a JSON 400
    rewriteUrl: rewritePageUrl,
    // x-request-id: a valid incoming one is kept (a proxy's), else a new UUID; on every log line of the request (reqId) and every response
    genReqId: requestIdOf,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  installInputRules(app);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.code(404).send({ error: 'NotFound', message: `Page not found: ${pathname}` });
  });
  app.decorate('catalog', catalog);
  // Prometheus metrics at /metrics (request rate and latency by route, server renders, page cache, pool, process)
  app.decorate('metrics', registerMetrics(app, db, config.metrics ?? { token: null, enabled: true }));
  // the request's market (NZ or AU) from its host: request.market
  registerMarket(app, config.siteHosts, config.checkout?.afterpayMaxCents);

  // security headers (CSP with per-request nonces, frame-ancestors, nosniff, ...) on every response
  registerSecurityHeaders(app, config.security ?? loadSecurityConfig({}, config.botcheck?.scriptUrl, config.fraud?.scriptUrl));
  // brotli quality 5 (the plugin's default is 4): the category page's HTML 10% smaller (17.4 -> 15.7
  // KB) for about 0.2 ms more per response; static builds are precompressed at 11 (deploy-local)
  app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
  });
  app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Fernleaf storefront API',
        description: 'Catalogue, search objects and image CDN for the Fernleaf bags and accessories store (NZD, prices include 15% GST, integer cents).',
        version: '0.1.0',
      },
      tags: [
        { name: 'catalog', description: 'Categories, listings and products' },
        { name: 'search', description: 'Search index objects' },
        { name: 'images', description: 'Image CDN' },
        { name: 'botcheck', description: 'Bot check (local reCAPTCHA v3 stand-in)' },
        { name: 'fraud', description: 'Fraud analytics (local Forter-like stand-in: script, token, decisions)' },
        { name: 'stores', description: 'Stores, store stock and localities, per country (store locator, pickup, find in store)' },
        { name: 'content', description: 'Home page, articles and the journal (blog)' },
        { name: 'site', description: 'Navigation, marketing subscribe and the error-report collector' },
        { name: 'checkout', description: 'Cart pricing, promotions, gift cards and order placement' },
        { name: 'orders', description: 'Placed orders and guest order lookup' },
        { name: 'payments', description: 'Sandbox payment gateway (card tokenisation, wallets, Afterpay approval)' },
        { name: 'account', description: 'Customer account, synced cart and wishlist state, addresses, loyalty link (bearer ID token)' },
        { name: 'health', description: 'Readiness' },
      ],
    },
    transform: createJsonSchemaTransform({ skipList: SKIP_IN_DOCS }),
    transformObject: jsonSchemaTransformObject,
  });
  // the document and its UI at /api/docs: on outside production, in production only with API_DOCS=1
  if (config.apiDocs ?? true) app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Rate limits shared by every process (in the database); sign-in and code confirmation are
  // limited by a preHandler added to the user pool's POST route from here (not inside api/src/stand-ins/user-pool).
  const rateLimitSettings = config.rateLimits ?? DEFAULT_RATE_LIMITS;
  const rateLimits = new RateLimits(db);
  app.decorate('rateLimits', rateLimits);
  const cognitoLimit = cognitoRateLimit(rateLimits, rateLimitSettings);
  app.addHook('onRoute', (route) => {
    if (route.url === '/api/cognito' && route.method === 'POST') route.preHandler = [cognitoLimit, ...(route.preHandler ? [route.preHandler].flat() : [])];
  });
  // Listing cache and in-memory indexes follow stock and product changes made by other processes (PostgreSQL LISTEN/NOTIFY).
  startCatalogSync(app, db, catalog);
  registerAccount(app, { db, config: (config as { account?: AccountConfig }).account, localPool: localUserPool(db), loyaltyDirectory: LOYALTY_DIRECTORY });
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.register(healthRoutes, { db, readiness });
  const botcheck = config.botcheck ?? DEFAULT_BOTCHECK;
  const localBotCheck = new LocalBotCheck(botcheck, db);
  app.decorate('verifyBotCheck', (token: string, expectedAction: string) => verifyBotCheck(botcheck, localBotCheck, token, expectedAction));
  app.register(botcheckRoutes, { config: botcheck, local: localBotCheck });
  app.register(catalogRoutes, { catalog, searchIndexPrefix: config.searchIndexPrefix, botcheck, localBotCheck });
  app.register(imageRoutes, { catalog, renderer: new ImageRenderer(config.imageCacheDir) });
  // field Web Vitals, counted in memory and added to web_vitals every few seconds (and on close)
  const webVitals = new WebVitalsRecorder(db, config.webVitals ?? DEFAULT_WEB_VITALS_SETTINGS, { onError: (error) => app.log.warn({ err: error }, 'web vitals: counting failed') });
  app.decorate('webVitals', webVitals);
  app.addHook('onClose', async () => webVitals.flush());
  app.register(siteRoutes, { db, errorReports: config.errorReports, webVitals: { recorder: webVitals, perMinute: (config.webVitals ?? DEFAULT_WEB_VITALS_SETTINGS).perMinute } });
  app.register(storesRoutes, { db });
  const content = new ContentService(db);
  app.decorate('content', content);
  app.register(contentRoutes, { content });
  const fraud = config.fraud ?? DEFAULT_FRAUD;
  const localFraud = new LocalFraud(fraud);
  app.register(fraudConfigRoutes, { config: fraud });
  app.register(fraudRoutes, { config: fraud, local: localFraud });
  const fraudService = createFraudService(fraud, new LocalFraudService(localFraud), (message, orderNumber) => app.log.warn({ orderNumber, reason: message, policy: config.fraudUnavailable ?? 'hold' }, 'fraud decision unavailable'));
  const checkoutConfig = config.checkout ?? DEFAULT_CHECKOUT_CONFIG;
  // the payment stand-ins keep their state in the database (src/platform/db/schema-stand-in-payments.ts): every process sees the same
  // eslint-disable-next-line prefer-const -- the gateway and the saved cards need each other
  let savedCards: SavedCards;
  const sandbox = new SandboxGateway(db, {
    duplicateWindowMs: checkoutConfig.paymentDuplicateWindowSeconds * 1000,
    acceptedCardTypes: checkoutConfig.acceptedCardTypes,
    loadVaulted: (token) => savedCards.vaulted(token),
  });
  // PAYMENT_GATEWAY=braintree: Braintree through its SDK (the sandbox stays for the stand-in origin's tests only)
  const gatewayConfig = config.gateway ?? { kind: 'sandbox' };
  const braintreeGateway =
    gatewayConfig.kind === 'braintree'
      ? new BraintreePaymentGateway({ ...gatewayConfig, acceptedCardTypes: checkoutConfig.acceptedCardTypes })
      : null;
  const gateway: PaymentGateway = braintreeGateway ?? sandbox;
  savedCards = new SavedCards(db, gateway);
  if (braintreeGateway) app.register(braintreeWebhookRoutes, { gateway: braintreeGateway });
  // PAYLATER_GATEWAY=afterpay: Afterpay's API (its own pages); else the sandbox and its approval page
  const payLaterConfig = config.payLater ?? { kind: 'sandbox' };
  const sandboxPayLater = payLaterConfig.kind === 'sandbox' ? new SandboxPayLater(db, { ttlMs: checkoutConfig.afterpayCheckoutTtlMinutes * 60_000, now }) : null;
  const payLater: PayLaterGateway = sandboxPayLater ?? new AfterpayPayLater({ ...(payLaterConfig as Extract<typeof payLaterConfig, { kind: 'afterpay' }>), now });
  if (!sandboxPayLater) app.register(afterpayReturnRoutes);
  app.decorate('paymentGateway', sandbox);
  registerCheckout(
    app,
    db,
    { gateway, payLater, savedCards, payLaterPages: sandboxPayLater ? (scope, orders) => registerAfterpaySandboxRoutes(scope, { orders, payLater: sandboxPayLater }) : undefined },
    config.checkout,
    { fraud: fraudService, fraudUnavailable: config.fraudUnavailable ?? 'hold', now, rateLimits: rateLimitSettings },
  );
  // the payment clients the checkout loads (read per request: the stand-in's port may be chosen at start)
  const payments = config.payments ?? loadPaymentClientConfig({}, 8080);
  app.register(paymentClientConfigRoutes, { config: () => payments });
  startMail(app, db, config.mail);
  registerReturns(app, db, { lookupsPerMinute: config.rateLimits?.lookupsPerMinute ?? config.checkout?.voucherLookupsPerMinute, windowDays: config.checkout?.returnWindowDays, now });
  return app;
}

export type { SandboxGateway };

/**
 * The payment gateway stand-in's own origin (hosted card fields, its client script, wallets), a
 * second listener of the process (server.ts starts it before buildApp, so a free port is known
 * before the CSP is built); its nonces are minted in the sandbox gateway buildApp creates
 * (`app.paymentGateway`).
 */
export function buildPaymentStandIn(options: PaymentClientOriginOptions): FastifyInstance {
  return buildPaymentClientOrigin(options);
}

/**
 * E-mail: SMTP_URL's server through the SMTP adapter, else the local SMTP stand-in (each message it
 * receives is logged). The sender delivers the outbox the store writes (api/src/store/mail).
 */
function startMail(app: FastifyInstance, db: Database, config: MailConfig | undefined): void {
  const mail = config ?? { kind: 'stand-in', from: 'Fernleaf <orders@fernleaf.localhost>', intervalSeconds: 5, maxAttempts: 10, retryBaseSeconds: 30 };
  const transport: MailTransport =
    mail.kind === 'smtp'
      ? new SmtpMailTransport({ url: mail.url, from: mail.from, requireTls: mail.requireTls, timeoutMs: mail.timeoutMs })
      : new LocalSmtpTransport(mail.from, { onMessage: (m) => app.log.info({ subject: m.subject }, 'e-mail received by the local SMTP stand-in') });
  const sender = new MailSender(db, { transport, maxAttempts: mail.maxAttempts, baseDelayMs: mail.retryBaseSeconds * 1000, log: (level, fields, message) => app.log[level](fields, message) });
  const stop = mail.intervalSeconds > 0 ? sender.start(mail.intervalSeconds * 1000) : null;
  app.addHook('onClose', async () => {
    await stop?.();
    await transport.close?.();
  });
}

/** The local user pool (Cognito protocol) and the verifier of the ID tokens it signs. */
function localUserPool(db: Database): LocalPoolFactory {
  return async (config) => {
    const pool = new LocalUserPool({ db, config, key: await loadOrCreateSigningKey(db) });
    return {
      verifier: createTokenVerifier({ config, jwks: pool.jwks, isRevoked: (jti) => pool.isRevoked(jti) }),
      register: (scope) => scope.register(cognitoRoutes, { pool, config }),
    };
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox gateway: the payment stand-in's own origin mints its nonces here (api/src/stand-ins/payments/client-origin.ts). */
    paymentGateway: SandboxGateway;
    /** Site content (home, articles, blog) and whether a content page exists (the edge's 404s). */
    content: ContentService;
    catalog: CatalogService;
    /** Prometheus metrics of this app (api/src/platform/http/metrics.ts); the edge reports its renders here. */
    metrics: Metrics;
    /** What /api/health/ready reports besides the database: catalogue loaded, draining (set by server.ts). */
    readiness: Readiness;
    /** Rate limits shared by every API process (api/src/platform/http/rate-limit.ts). */
    rateLimits: RateLimits;
    /** Field Web Vitals counted per minute, remote, version and metric (api/src/edge/web-vitals.ts). */
    webVitals: WebVitalsRecorder;
    /** Verifies a bot-check (reCAPTCHA v3 protocol) token for an action, e.g. product_challenge_verify. */
    verifyBotCheck(token: string, expectedAction: string): Promise<BotCheckResult>;
  }
}
