/**
 * What production refuses to start with: with NODE_ENV=production the server exits before opening
 * the database while a secret is a public default, or a local stand-in is enabled, naming each
 * variable to set. ALLOW_STAND_INS names the stand-ins accepted anyway, one service at a time
 * (`ALLOW_STAND_INS=payments,botcheck`; `1` or `all`: every one, for development and demos only);
 * ALLOW_DEFAULT_SECRETS=1 accepts the public default secrets. Neither reopens the bot-check
 * stand-in's token mint, which is closed in production (botcheck/routes.ts); only the end-to-end
 * suite opens it, with the bot-check stand-in allowed and BOTCHECK_OPEN_MINT=1 together.
 */
import { DEFAULT_BOTCHECK } from './store/botcheck/index.js';
import type { Config } from './config.js';
import { DEFAULT_FRAUD } from './store/fraud/index.js';

export const ALLOW_STAND_INS = 'ALLOW_STAND_INS';
export const ALLOW_DEFAULT_SECRETS = 'ALLOW_DEFAULT_SECRETS';

/** The services a local stand-in can take the place of, as ALLOW_STAND_INS names them. */
export const STAND_IN_SERVICES = ['botcheck', 'fraud', 'payments', 'paylater', 'user-pool', 'mail'] as const;
export type StandInService = (typeof STAND_IN_SERVICES)[number];
const STAND_IN_ALIASES = new Map<string, StandInService>([
  ['captcha', 'botcheck'],
  ['recaptcha', 'botcheck'],
  ['afterpay', 'paylater'],
  ['cognito', 'user-pool'],
  ['smtp', 'mail'],
  ['email', 'mail'],
]);

/**
 * The stand-ins ALLOW_STAND_INS accepts: a comma-separated list of STAND_IN_SERVICES (or captcha,
 * recaptcha, afterpay, cognito, smtp, email); `1`, `true` or `all`: every one. Throws for an unknown name.
 */
export function allowedStandIns(value: string | undefined): ReadonlySet<StandInService> {
  const raw = (value ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false' || raw === 'none') return new Set();
  if (raw === '1' || raw === 'true' || raw === 'all') return new Set(STAND_IN_SERVICES);
  const out = new Set<StandInService>();
  for (const name of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const service = (STAND_IN_SERVICES as readonly string[]).includes(name) ? (name as StandInService) : STAND_IN_ALIASES.get(name);
    if (!service) throw new Error(`ALLOW_STAND_INS must be 1, all, or a comma-separated list of ${STAND_IN_SERVICES.join(', ')}; got "${name}"`);
    out.add(service);
  }
  return out;
}

export interface ProductionProblem {
  /** The variable (or variables) to set. */
  variable: string;
  /** secret: ALLOW_DEFAULT_SECRETS accepts it; stand-in: ALLOW_STAND_INS naming its service does; setting: nothing does. */
  kind: 'secret' | 'stand-in' | 'setting';
  /** The stand-in's service (stand-in problems). */
  service?: StandInService;
  /** What is wrong and what to set. */
  message: string;
}

const on = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';
const DEFAULT_POOL_ID = 'ap-southeast-2_FernleafLocal';
const DEFAULT_CLIENT_ID = 'fernleaf-web-local';

/** Every problem of a production configuration (none outside production). */
export function productionProblems(env: NodeJS.ProcessEnv, config: Pick<Config, 'botcheck' | 'fraud' | 'account' | 'gateway' | 'checkout' | 'payments' | 'payLater' | 'mail'>): ProductionProblem[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: ProductionProblem[] = [];
  const secret = (variable: string, value: string, fallback: string, what: string) => {
    if (value === fallback) problems.push({ variable, kind: 'secret', message: `${variable} is the public default "${fallback}": set it to ${what}` });
  };
  const standIn = (service: StandInService, variable: string, message: string) => problems.push({ variable, kind: 'stand-in', service, message });

  secret('BOTCHECK_SECRET', config.botcheck.secret, DEFAULT_BOTCHECK.secret, "the bot-check provider's secret key");
  secret('FRAUD_SECRET', config.fraud.secret, DEFAULT_FRAUD.secret, "the fraud provider's API key");

  if (!config.botcheck.verifyUrl) {
    standIn(
      'botcheck',
      'BOTCHECK_VERIFY_URL',
      'BOTCHECK_VERIFY_URL is empty: the local bot-check stand-in answers; set BOTCHECK_VERIFY_URL=https://www.google.com/recaptcha/api/siteverify with BOTCHECK_SCRIPT_URL, BOTCHECK_SITE_KEY and BOTCHECK_SECRET of a real reCAPTCHA v3',
    );
  }
  if (!config.fraud.decisionUrl) {
    standIn('fraud', 'FRAUD_DECISION_URL', 'FRAUD_DECISION_URL is empty: the local fraud stand-in approves the tokens it signs; set FRAUD_DECISION_URL with FRAUD_SCRIPT_URL, FRAUD_SITE_ID and FRAUD_SECRET of the fraud provider');
  }
  if (config.fraud.testTokens) standIn('fraud', 'FRAUD_TEST_TOKENS', 'FRAUD_TEST_TOKENS is on: the fraud script mints test tokens; set FRAUD_TEST_TOKENS=0 (or leave it unset)');
  if (config.gateway.kind === 'braintree' && config.gateway.environment !== 'production') {
    standIn('payments', 'PAYMENT_GATEWAY', `BRAINTREE_ENVIRONMENT is ${config.gateway.environment}, not Braintree's production: set BRAINTREE_ENVIRONMENT=production`);
  } else if (config.gateway.kind === 'sandbox') {
    standIn(
      'payments',
      'PAYMENT_GATEWAY',
      'PAYMENT_GATEWAY is the local sandbox (fake-valid-nonce and the test cards pay for real orders): set PAYMENT_GATEWAY=braintree with BRAINTREE_ENVIRONMENT, BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY',
    );
  }
  // the pay-later sandbox approves every checkout: Afterpay for real, or Afterpay off (limits 0)
  if (config.payLater.kind === 'afterpay' && !config.payLater.apiUrl.startsWith('https://')) {
    standIn('paylater', 'AFTERPAY_API_URL', `AFTERPAY_API_URL is ${config.payLater.apiUrl}, not Afterpay's https API: set it to Afterpay's API for the region`);
  } else if (config.payLater.kind === 'sandbox' && (config.checkout.afterpayMaxCents.NZD > 0 || config.checkout.afterpayMaxCents.AUD > 0)) {
    standIn(
      'paylater',
      'PAYLATER_GATEWAY',
      'PAYLATER_GATEWAY is the local pay-later sandbox (every checkout is approved): set PAYLATER_GATEWAY=afterpay with AFTERPAY_API_URL, AFTERPAY_MERCHANT_ID and AFTERPAY_SECRET_KEY, or AFTERPAY_MAX_CENTS_NZD=0 and AFTERPAY_MAX_CENTS_AUD=0 to turn Afterpay off',
    );
  }
  if (config.account.localPool) {
    standIn('user-pool', 'COGNITO_LOCAL_POOL', 'COGNITO_LOCAL_POOL is on: the local user pool runs inside the API; set COGNITO_LOCAL_POOL=0 with COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID (and COGNITO_REGION) of a real Cognito user pool');
  } else if (config.account.userPoolId === DEFAULT_POOL_ID || config.account.userPoolClientId === DEFAULT_CLIENT_ID) {
    standIn('user-pool', 'COGNITO_USER_POOL_ID', 'COGNITO_USER_POOL_ID / COGNITO_CLIENT_ID are the local pool\'s defaults: set them to the real Cognito user pool and app client');
  }
  if (config.payments.standInPort !== null && !env.PAYMENT_FIELDS_ORIGIN?.trim()) {
    problems.push({
      variable: 'PAYMENT_FIELDS_ORIGIN',
      kind: 'setting',
      message: 'PAYMENT_FIELDS_ORIGIN is empty while the payment stand-in runs: set it to the https origin browsers reach the stand-in at (the CSP would otherwise name http://localhost), or set PAYMENT_FIELDS_PORT=off',
    });
  }
  if (config.mail.kind === 'stand-in') {
    standIn('mail', 'SMTP_URL', 'SMTP_URL is empty: e-mail (order confirmations) goes to the local SMTP stand-in and reaches nobody; set SMTP_URL=smtps://user:password@host:465 and MAIL_FROM of the mail provider');
  }
  if (config.mail.kind === 'smtp' && !config.mail.from) problems.push({ variable: 'MAIL_FROM', kind: 'setting', message: 'MAIL_FROM is empty: set the address e-mail is sent from, e.g. MAIL_FROM="Fernleaf <orders@fernleaf.co.nz>"' });
  if (config.account.outbox) standIn('user-pool', 'AUTH_OUTBOX', 'AUTH_OUTBOX is on: sign-up and reset codes are readable at /api/cognito/outbox; set AUTH_OUTBOX=0 (or leave it unset)');

  const allowed = allowedStandIns(env[ALLOW_STAND_INS]);
  return problems.filter((p) => !(p.kind === 'stand-in' && allowed.has(p.service!)) && !(p.kind === 'secret' && on(env[ALLOW_DEFAULT_SECRETS])));
}

/** The message the server exits with, or null when it may start. */
export function productionRefusal(env: NodeJS.ProcessEnv, config: Pick<Config, 'botcheck' | 'fraud' | 'account' | 'gateway' | 'checkout' | 'payments' | 'payLater' | 'mail'>): string | null {
  const problems = productionProblems(env, config);
  if (problems.length === 0) return null;
  const lines = problems.map((p) => `  - ${p.message}`);
  const overrides = [
    problems.some((p) => p.kind === 'stand-in') ? `${ALLOW_STAND_INS}=${[...new Set(problems.map((p) => p.service).filter(Boolean))].join(',')} (run those local stand-ins)` : '',
    problems.some((p) => p.kind === 'secret') ? `${ALLOW_DEFAULT_SECRETS}=1 (keep the public default secrets)` : '',
  ].filter(Boolean);
  return [
    `[api] refusing to start with NODE_ENV=production: set ${[...new Set(problems.map((p) => p.variable))].join(', ')}`,
    ...lines,
    ...(overrides.length > 0 ? [`For development or a demo only: ${overrides.join(' and ')}.`] : []),
  ].join('\n');
}
