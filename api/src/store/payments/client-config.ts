/**
 * Where the storefront's payment clients come from: the card fields' and wallets'
 * client script (Braintree's web SDK shape), its tokenization key, the Google Pay script and
 * settings, and the Apple Pay display name. By default they are the local stand-in's, served from
 * its own origin (api/src/stand-ins/payments/client-origin.ts, PAYMENT_FIELDS_PORT); the same storefront
 * code runs against the real provider's scripts when these point at them. The page reads them
 * from GET /api/payments/client-config; the CSP allows exactly their origins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PaymentClientConfigResponse } from '@store/contracts';

export interface PaymentClientConfig {
  /** Port of the stand-in's own origin (0: a free port chosen at start); null: no stand-in origin is started. */
  standInPort: number | null;
  /** The origin browsers reach the stand-in at (PAYMENT_FIELDS_ORIGIN). */
  standInOrigin: string;
  /** The client script(s), loaded in order (PAYMENT_CLIENT_SCRIPT_URL, comma-separated); empty: the stand-in's /js/client.js. */
  clientScriptUrls: string[];
  /** Tokenization key (PAYMENT_CLIENT_AUTHORIZATION). Public: it can only tokenise. */
  authorization: string;
  /** scriptUrl empty: the stand-in's /google-pay/pay.js. */
  googlePay: { scriptUrl: string; environment: 'TEST' | 'PRODUCTION'; merchantId: string; gatewayMerchantId: string };
  applePay: { displayName: string };
}

export const DEFAULT_PAYMENT_AUTHORIZATION = 'sandbox_fernleaf_localstandin';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function httpUrl(value: string, name: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // below
  }
  throw new Error(`${name} must be an http(s) URL, got "${value}"`);
}

/** Reads the PAYMENT_* / GOOGLE_PAY_* / APPLE_PAY_* variables (the README's configuration table). */
export function loadPaymentClientConfig(env: NodeJS.ProcessEnv, port: number): PaymentClientConfig {
  const rawPort = (env.PAYMENT_FIELDS_PORT ?? '').trim();
  let standInPort: number | null;
  if (rawPort === 'off') standInPort = null;
  else if (rawPort === '') standInPort = port > 0 && port < 65535 ? port + 1 : 0;
  else {
    standInPort = Number(rawPort);
    if (!Number.isInteger(standInPort) || standInPort < 0 || standInPort > 65535) throw new Error(`PAYMENT_FIELDS_PORT must be a port number or "off", got "${rawPort}"`);
  }
  const standInOrigin = env.PAYMENT_FIELDS_ORIGIN?.trim() ? new URL(httpUrl(env.PAYMENT_FIELDS_ORIGIN.trim(), 'PAYMENT_FIELDS_ORIGIN')).origin : `http://localhost:${standInPort ?? 0}`;
  return {
    standInPort,
    standInOrigin,
    clientScriptUrls: list(env.PAYMENT_CLIENT_SCRIPT_URL).map((u) => httpUrl(u, 'PAYMENT_CLIENT_SCRIPT_URL')),
    authorization: env.PAYMENT_CLIENT_AUTHORIZATION?.trim() || DEFAULT_PAYMENT_AUTHORIZATION,
    googlePay: {
      scriptUrl: env.GOOGLE_PAY_SCRIPT_URL?.trim() ? httpUrl(env.GOOGLE_PAY_SCRIPT_URL.trim(), 'GOOGLE_PAY_SCRIPT_URL') : '',
      environment: googlePayEnvironment(env.GOOGLE_PAY_ENVIRONMENT),
      merchantId: env.GOOGLE_PAY_MERCHANT_ID?.trim() ?? '',
      gatewayMerchantId: env.PAYMENT_MERCHANT_ID?.trim() || 'fernleaf-sandbox',
    },
    applePay: { displayName: env.APPLE_PAY_DISPLAY_NAME?.trim() || 'Fernleaf' },
  };
}

function googlePayEnvironment(value: string | undefined): 'TEST' | 'PRODUCTION' {
  const v = (value ?? '').trim();
  if (v === '' || v === 'TEST') return 'TEST';
  if (v === 'PRODUCTION') return v;
  throw new Error(`GOOGLE_PAY_ENVIRONMENT must be TEST or PRODUCTION, got "${v}"`);
}

/** The scripts the page loads: the configured ones, else the stand-in's (when it runs). */
export function resolvedScripts(config: PaymentClientConfig): { clientScriptUrls: string[]; googlePayScriptUrl: string } {
  const standIn = config.standInPort !== null;
  return {
    clientScriptUrls: config.clientScriptUrls.length > 0 ? config.clientScriptUrls : standIn ? [`${config.standInOrigin}/js/client.js`] : [],
    googlePayScriptUrl: config.googlePay.scriptUrl || (standIn ? `${config.standInOrigin}/google-pay/pay.js` : ''),
  };
}

/** The origins the store's CSP allows for the payment clients (script-src, frame-src, connect-src). */
export function paymentClientOrigins(config: PaymentClientConfig): string[] {
  const scripts = resolvedScripts(config);
  const origins = [config.standInPort !== null ? config.standInOrigin : null, ...scripts.clientScriptUrls, scripts.googlePayScriptUrl]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  return [...new Set(origins)];
}

/** GET /api/payments/client-config: what the payment step loads. */
export const paymentClientConfigRoutes: FastifyPluginAsyncZod<{ config: () => PaymentClientConfig }> = async (app, { config }) => {
  app.get(
    '/api/payments/client-config',
    { schema: { tags: ['payments'], summary: "The payment clients the checkout loads: card fields' and wallets' script, tokenization key, Google Pay and Apple Pay settings", response: { 200: PaymentClientConfigResponse } } },
    async (_request, reply) => {
      const c = config();
      const scripts = resolvedScripts(c);
      return reply
        .header('cache-control', 'public, max-age=60')
        .send({ clientScriptUrls: scripts.clientScriptUrls, authorization: c.authorization, googlePay: { ...c.googlePay, scriptUrl: scripts.googlePayScriptUrl }, applePay: c.applePay });
    },
  );
};
