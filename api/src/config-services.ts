// The settings of the hosted services the API talks to: mail, the payment and pay-later gateways,
// and the release registry.
import type { AfterpayLimits } from './store/checkout/index.js';
import type { Config } from './config.js';
import { ConfigError, intFrom, oneOf } from './config-env.js';

/**
 * `smtp`: the mail provider at SMTP_URL (smtps:// TLS from the start; smtp:// STARTTLS, required
 * unless the host is this machine); `stand-in`: the local SMTP stand-in (no SMTP_URL). The sender
 * delivers the outbox every `intervalSeconds` (0: this process does not send).
 */
export type MailConfig = ({ kind: 'smtp'; url: string; requireTls: boolean; timeoutMs: number } | { kind: 'stand-in' }) & {
  /** MAIL_FROM; empty when unset in production with SMTP_URL (production then refuses to start). */
  from: string;
  intervalSeconds: number;
  maxAttempts: number;
  retryBaseSeconds: number;
};

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DEFAULT_MAIL_FROM = 'Fernleaf <orders@fernleaf.localhost>';

export function mailFrom(env: NodeJS.ProcessEnv): MailConfig {
  const production = env.NODE_ENV === 'production';
  const from = (env.MAIL_FROM ?? '').trim() || (production ? '' : DEFAULT_MAIL_FROM);
  if (from && !/^[^\r\n<>]*<?[^\s@<>]+@[^\s@<>]+>?$/.test(from)) throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${from}"`);
  const sender = {
    from,
    intervalSeconds: intFrom(env.MAIL_SEND_INTERVAL_SECONDS, 5, 'MAIL_SEND_INTERVAL_SECONDS', 0, 3600),
    maxAttempts: intFrom(env.MAIL_MAX_ATTEMPTS, 10, 'MAIL_MAX_ATTEMPTS', 1, 100),
    retryBaseSeconds: intFrom(env.MAIL_RETRY_BASE_SECONDS, 30, 'MAIL_RETRY_BASE_SECONDS', 1, 86_400),
  };
  const raw = (env.SMTP_URL ?? '').trim();
  // the stand-in reaches nobody: its sender address needs no setting
  if (!raw) return { kind: 'stand-in', ...sender, from: from || DEFAULT_MAIL_FROM };
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // below
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) throw new ConfigError('SMTP_URL must be smtps://user:password@host:465 or smtp://user:password@host:587');
  return { kind: 'smtp', url: raw, requireTls: url.protocol === 'smtp:' && !LOOPBACK.has(url.hostname), timeoutMs: intFrom(env.SMTP_TIMEOUT_MS, 20_000, 'SMTP_TIMEOUT_MS', 100, 120_000), ...sender };
}

/**
 * `sandbox`: the local payment stand-in (api/src/stand-ins/payments). `braintree`: Braintree through
 * its Node SDK; `environment` is `production`, `sandbox` (Braintree's own sandbox) or the https URL
 * of a gateway speaking its protocol (the local protocol stand-in in tests).
 */
export type GatewayConfig =
  | { kind: 'sandbox' }
  | { kind: 'braintree'; environment: string; merchantId: string; publicKey: string; privateKey: string; timeoutMs: number; /** Refuse the sandbox's fake nonces (production). */ refuseTestNonces: boolean };

/** `sandbox`: the local pay-later stand-in; `afterpay`: Afterpay's online API at `apiUrl`. */
export type PayLaterConfig = { kind: 'sandbox' } | { kind: 'afterpay'; apiUrl: string; merchantId: string; secretKey: string; timeoutMs: number };

export function payLaterFrom(env: NodeJS.ProcessEnv): PayLaterConfig {
  const kind = oneOf(env.PAYLATER_GATEWAY, ['sandbox', 'afterpay'] as const, 'sandbox', 'PAYLATER_GATEWAY');
  if (kind === 'sandbox') return { kind };
  const required = (name: string) => {
    const v = (env[name] ?? '').trim();
    if (!v) throw new ConfigError(`${name} must be set with PAYLATER_GATEWAY=afterpay`);
    return v;
  };
  const apiUrl = required('AFTERPAY_API_URL');
  let url: URL | null = null;
  try {
    url = new URL(apiUrl);
  } catch {
    // below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new ConfigError(`AFTERPAY_API_URL must be an http(s) URL, got "${apiUrl}"`);
  return { kind, apiUrl, merchantId: required('AFTERPAY_MERCHANT_ID'), secretKey: required('AFTERPAY_SECRET_KEY'), timeoutMs: intFrom(env.AFTERPAY_TIMEOUT_MS, 20_000, 'AFTERPAY_TIMEOUT_MS', 100, 120_000) };
}

/**
 * FRAUD_UNAVAILABLE: `hold` (default) records the order as held for review with nothing taken or
 * charged, and asks the shopper to try again; `block` refuses it as a fraud decline; `allow` places
 * it, flagged for review.
 */
export type FraudUnavailablePolicy = 'hold' | 'block' | 'allow';

export function gatewayFrom(env: NodeJS.ProcessEnv): GatewayConfig {
  const kind = oneOf(env.PAYMENT_GATEWAY, ['sandbox', 'braintree'] as const, 'sandbox', 'PAYMENT_GATEWAY');
  if (kind === 'sandbox') return { kind };
  const environment = (env.BRAINTREE_ENVIRONMENT ?? '').trim() || 'sandbox';
  if (environment !== 'sandbox' && environment !== 'production') {
    let url: URL | null = null;
    try {
      url = new URL(environment);
    } catch {
      // below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`BRAINTREE_ENVIRONMENT must be production, sandbox or an http(s) URL, got "${environment}"`);
  }
  const required = (name: string) => {
    const v = (env[name] ?? '').trim();
    if (!v) throw new ConfigError(`${name} must be set with PAYMENT_GATEWAY=braintree`);
    return v;
  };
  return {
    kind,
    environment,
    merchantId: required('BRAINTREE_MERCHANT_ID'),
    publicKey: required('BRAINTREE_PUBLIC_KEY'),
    privateKey: required('BRAINTREE_PRIVATE_KEY'),
    timeoutMs: intFrom(env.BRAINTREE_TIMEOUT_MS, 20_000, 'BRAINTREE_TIMEOUT_MS', 100, 120_000),
    refuseTestNonces: env.NODE_ENV === 'production',
  };
}

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

export function registryFrom(env: NodeJS.ProcessEnv): Config['registry'] {
  const kind = env.REGISTRY?.trim() || 'file';
  if (kind === 'file') return { kind };
  if (kind !== 'postgres') throw new Error(`REGISTRY must be "file" or "postgres" (got "${kind}")`);
  const url = (env.REGISTRY_DATABASE_URL ?? env.DATABASE_URL ?? '').trim();
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('REGISTRY=postgres needs REGISTRY_DATABASE_URL or DATABASE_URL (postgres://...)');
  return { kind, url };
}
