/**
 * Security headers on every response, with @fastify/helmet:
 *
 * - Content-Security-Policy with a fresh nonce per request (`reply.cspNonce`: one for scripts, one
 *   for styles). script-src is the nonce plus 'strict-dynamic': the page's own script elements
 *   carry the nonce (the edge writes it, `stampNonces`), and every script those create at run time
 *   (webpack and Module Federation chunk loading, the bot-check and fraud scripts) is trusted
 *   through them. No 'unsafe-inline', no 'unsafe-eval'. style-src is 'self' plus the style nonce,
 *   which the edge puts on the template's <style> and emotion's server-rendered <style
 *   data-emotion> and exposes to the browser's emotion cache (`<meta property="csp-nonce">`).
 *   style-src-attr allows 'unsafe-inline': React's `style` props in server-rendered HTML.
 * - frame-ancestors 'none' and X-Frame-Options DENY (the checkout cannot be framed), nosniff,
 *   Referrer-Policy strict-origin-when-cross-origin, Cross-Origin-Opener-Policy
 *   same-origin-allow-popups (pay-later and wallet popups), Permissions-Policy, and HSTS only when
 *   HSTS_MAX_AGE is set (the site is served over TLS).
 *
 * The origins of configured third parties (bot check, fraud script, payment pages, the error
 * endpoint) and, when developer overrides are enabled, the override origins are added to the
 * directives that need them. See docs/architecture.md "Security headers and CSP".
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface SecurityConfig {
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); 0: no HSTS header (plain HTTP). */
  hstsMaxAge: number;
  /** Bot-check script URL (BOTCHECK_SCRIPT_URL): its origin may serve scripts, frames and answer fetches. */
  botcheckScriptUrl?: string;
  /** Fraud script URL (FRAUD_SCRIPT_URL). */
  fraudScriptUrl?: string;
  /** Payment provider origins (PAYMENT_ORIGINS, comma-separated): scripts, frames, fetches, form posts. */
  paymentOrigins: string[];
  /**
   * The payment clients' origins (the card fields' and wallets' scripts and frames, from
   * PAYMENT_FIELDS_ORIGIN, PAYMENT_CLIENT_SCRIPT_URL, GOOGLE_PAY_SCRIPT_URL): script-src, frame-src, connect-src.
   */
  paymentClientOrigins?: string[];
  /** Error-report endpoint (ERROR_REPORT_ENDPOINT): a path, or an https URL whose origin gets connect-src. */
  errorReportEndpoint?: string;
  /** Origins developer overrides may load from (see overrideOriginsFromEnv); [] when overrides are off. */
  overrideOrigins: string[];
}

export const DEFAULT_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'];

/**
 * The origins developer overrides may use: OVERRIDE_ORIGINS when set
 * (comma-separated); else none in production (NODE_ENV=production) and the localhost defaults
 * elsewhere. `undefined` when unset outside production: the registry's own list stands.
 */
export function overrideOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const raw = env.OVERRIDE_ORIGINS?.trim();
  if (raw) return raw.split(',').map((s) => s.trim()).filter(Boolean);
  return env.NODE_ENV === 'production' ? [] : undefined;
}

export function loadSecurityConfig(env: NodeJS.ProcessEnv = process.env, botcheckScriptUrl?: string, fraudScriptUrl?: string): SecurityConfig {
  const hsts = env.HSTS_MAX_AGE?.trim() ?? '';
  const hstsMaxAge = hsts === '' ? 0 : Number(hsts);
  if (!Number.isInteger(hstsMaxAge) || hstsMaxAge < 0) throw new Error(`HSTS_MAX_AGE must be a whole number of seconds, got "${hsts}"`);
  const paymentOrigins = (env.PAYMENT_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of paymentOrigins) {
    // http:// only outside production (a local provider stand-in)
    const https = /^https:\/\//i.test(origin);
    if (originOf(origin) === null || (env.NODE_ENV === 'production' && !https)) throw new Error(`PAYMENT_ORIGINS must list https:// origins, got "${origin}"`);
  }
  return {
    hstsMaxAge,
    botcheckScriptUrl: botcheckScriptUrl ?? env.BOTCHECK_SCRIPT_URL,
    fraudScriptUrl: fraudScriptUrl ?? env.FRAUD_SCRIPT_URL,
    paymentOrigins,
    errorReportEndpoint: env.ERROR_REPORT_ENDPOINT?.trim() || undefined,
    overrideOrigins: overrideOriginsFromEnv(env) ?? DEFAULT_OVERRIDE_ORIGINS,
  };
}

/** The origin of an absolute http(s) URL; null for a path (same origin) or anything else. */
export function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** An override origin pattern ("http://localhost:*") as CSP sources for fetches: itself and its WebSocket twin (hot updates). */
function withWebSocket(origin: string): string[] {
  const ws = origin.replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
  return ws === origin ? [origin] : [origin, ws];
}

/** The CSP directives (without the per-request nonces, which @fastify/helmet appends to script-src and style-src). */
export function cspDirectives(config: SecurityConfig): Record<string, string[]> {
  const unique = (list: (string | null)[]) => [...new Set(list.filter((s): s is string => !!s))];
  const botcheck = originOf(config.botcheckScriptUrl);
  const fraud = originOf(config.fraudScriptUrl);
  const errors = originOf(config.errorReportEndpoint);
  const payments = config.paymentOrigins.map((o) => originOf(o));
  const clients = config.paymentClientOrigins ?? [];
  const overrides = config.overrideOrigins;
  return {
    'default-src': ["'self'"],
    // 'strict-dynamic' with the nonce: browsers that know it ignore the host list, which stays for older ones
    'script-src': unique(["'strict-dynamic'", "'self'", botcheck, fraud, ...clients, ...payments, ...overrides]),
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // React `style` props in server-rendered HTML are attributes: allowed (not scripts, no nonce possible)
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', fraud, ...payments]),
    'font-src': ["'self'"],
    'connect-src': unique(["'self'", botcheck, fraud, errors, ...clients, ...payments, ...overrides.flatMap(withWebSocket)]),
    'frame-src': unique(["'self'", botcheck, ...clients, ...payments]),
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': unique(["'self'", ...payments]),
    'frame-ancestors': ["'none'"],
  };
}

export const PERMISSIONS_POLICY = [
  // the store locator and find-in-store ask for the shopper's position
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  // the wallets' clients (Google Pay's pay.js, Apple Pay JS) run in the store's own document
  'payment=(self)',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

/**
 * Headers that govern a document (or a worker) and nothing else: browsers ignore them on a script,
 * stylesheet, font or image. (A service worker's script is not served immutable and keeps them.
 * HSTS stays: it holds for the host whatever the response. Referrer-Policy stays on a stylesheet,
 * whose own requests follow it.)
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
  'permissions-policy',
];

/** Registers the headers on `app` (before the routes: buildApp calls it first). */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  app.register(fastifyHelmet, {
    global: true,
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // the deployed builds are served with Access-Control-Allow-Origin: * (hosted shells, dev servers)
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // obsolete: IE8's download prompt and Flash/Acrobat cross-domain policies (every byte of a
    // page's headers counts against its first round trip)
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    strictTransportSecurity: config.hstsMaxAge > 0 ? { maxAge: config.hstsMaxAge, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
  // A deployed script, stylesheet, font or image (immutable, under /cdn/) is not a document: the
  // document-only headers mean nothing on it, and over HTTP/1.1 they cost about 1.3 KB per file on a
  // phone (a page starts 20-30 scripts). nosniff, CORS and caching stay.
  app.addHook('onSend', async (_request, reply, payload) => {
    const cacheControl = reply.getHeader('cache-control');
    const type = reply.getHeader('content-type');
    if (typeof cacheControl !== 'string' || !cacheControl.includes('immutable')) return payload;
    if (typeof type === 'string' && (type.startsWith('text/html') || type.includes('xml'))) return payload;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    // a script's own requests follow the document's Referrer-Policy (a stylesheet's follow its own)
    if (typeof type === 'string' && type.includes('javascript')) reply.removeHeader('referrer-policy');
    // a content-hashed file never changes and is kept for a year: nothing to revalidate it by
    reply.removeHeader('last-modified');
    reply.removeHeader('etag');
    // nor to ask support about: its request id stays in the log line, not in 54 bytes per file
    reply.removeHeader('x-request-id');
    return payload;
  });
  // HTML the API writes as a string (the sandbox payment pages, the local user pool's outbox, the
  // edge's browser-only shell): its own <script> and <style> elements get this response's nonces.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !reply.cspNonce) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    return stampNonces(payload, reply.cspNonce);
  });
}

export interface CspNonces {
  script: string;
  style: string;
}

/** The response's nonces (set by @fastify/helmet for every request). */
export function cspNonces(reply: FastifyReply): CspNonces | null {
  return reply.cspNonce ? { script: reply.cspNonce.script, style: reply.cspNonce.style } : null;
}

const START_TAG = /<(script|style)\b([^>]*)>/gi;

/** A data block (`type="application/json"`, `application/ld+json`): never run, so CSP does not govern it. */
const DATA_BLOCK = /\stype=["']?application\/(?:ld\+)?json["'\s>]/i;

/**
 * Server-written HTML with this response's nonce on every <script> and <style> start tag that has
 * none, except data blocks (JSON in a script element is not run, and each nonce is 32 bytes a
 * cached page's compressed bytes cannot hold: see ssr/page-cache.ts). Only markup the server wrote
 * can contain such a tag: text and attribute values are escaped (`<` as an entity) and JSON in
 * script elements has `<` as \u003c.
 */
export function stampNonces(html: string, nonces: CspNonces): string {
  return html.replace(START_TAG, (match, tag: string, attributes: string) =>
    /\snonce=/i.test(attributes) || (tag.toLowerCase() === 'script' && DATA_BLOCK.test(`${attributes}>`))
      ? match
      : `<${tag}${attributes} nonce="${tag.toLowerCase() === 'script' ? nonces.script : nonces.style}">`,
  );
}

/** The element through which the browser's emotion caches learn the style nonce (read its `.nonce`). */
export function nonceMeta(nonces: CspNonces): string {
  return `<meta property="csp-nonce" nonce="${nonces.style}">`;
}
