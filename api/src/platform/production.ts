/**
 * What production refuses to start with (issue 13 point 3): with NODE_ENV=production the server
 * exits before opening the database while a secret is a public default, or a local stand-in is
 * enabled, naming each variable to set. For a demo, ALLOW_STAND_INS=1 accepts the stand-ins and
 * ALLOW_DEFAULT_SECRETS=1 the public default secrets (each says what it allows; neither reopens the
 * bot-check stand-in's token mint, which is closed in production: botcheck/routes.ts; only the
 * end-to-end suite opens it, with ALLOW_STAND_INS=1 and BOTCHECK_OPEN_MINT=1 together).
 */
import { DEFAULT_BOTCHECK } from '../store/botcheck/index.js';
import type { Config } from './config.js';
import { DEFAULT_FRAUD } from '../store/fraud/index.js';

export const ALLOW_STAND_INS = 'ALLOW_STAND_INS';
export const ALLOW_DEFAULT_SECRETS = 'ALLOW_DEFAULT_SECRETS';

export interface ProductionProblem {
  /** The variable (or variables) to set. */
  variable: string;
  kind: 'secret' | 'stand-in';
  /** What is wrong and what to set. */
  message: string;
}

const on = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true';
const DEFAULT_POOL_ID = 'ap-southeast-2_FernleafLocal';
const DEFAULT_CLIENT_ID = 'fernleaf-web-local';

/** Every problem of a production configuration (none outside production). */
export function productionProblems(env: NodeJS.ProcessEnv, config: Pick<Config, 'botcheck' | 'fraud' | 'account'>): ProductionProblem[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: ProductionProblem[] = [];
  const secret = (variable: string, value: string, fallback: string, what: string) => {
    if (value === fallback) problems.push({ variable, kind: 'secret', message: `${variable} is the public default "${fallback}": set it to ${what}` });
  };
  const standIn = (variable: string, message: string) => problems.push({ variable, kind: 'stand-in', message });

  secret('BOTCHECK_SECRET', config.botcheck.secret, DEFAULT_BOTCHECK.secret, "the bot-check provider's secret key");
  secret('FRAUD_SECRET', config.fraud.secret, DEFAULT_FRAUD.secret, "the fraud provider's API key");

  if (!config.botcheck.verifyUrl) {
    standIn(
      'BOTCHECK_VERIFY_URL',
      'BOTCHECK_VERIFY_URL is empty: the local bot-check stand-in answers; set BOTCHECK_VERIFY_URL=https://www.google.com/recaptcha/api/siteverify with BOTCHECK_SCRIPT_URL, BOTCHECK_SITE_KEY and BOTCHECK_SECRET of a real reCAPTCHA v3',
    );
  }
  if (!config.fraud.decisionUrl) {
    standIn('FRAUD_DECISION_URL', 'FRAUD_DECISION_URL is empty: the local fraud stand-in approves the tokens it signs; set FRAUD_DECISION_URL with FRAUD_SCRIPT_URL, FRAUD_SITE_ID and FRAUD_SECRET of the fraud provider');
  }
  if (config.fraud.testTokens) standIn('FRAUD_TEST_TOKENS', 'FRAUD_TEST_TOKENS is on: the fraud script mints test tokens; set FRAUD_TEST_TOKENS=0 (or leave it unset)');
  // There is no production gateway adapter yet (api/src/store/payments/gateway.ts is the interface to implement).
  standIn('PAYMENT_GATEWAY', 'the payment gateway is the local sandbox (fake-valid-nonce and the test cards pay for real orders); a production gateway adapter is not implemented yet');
  if (config.account.localPool) {
    standIn('COGNITO_LOCAL_POOL', 'COGNITO_LOCAL_POOL is on: the local user pool runs inside the API; set COGNITO_LOCAL_POOL=0 with COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID (and COGNITO_REGION) of a real Cognito user pool');
  } else if (config.account.userPoolId === DEFAULT_POOL_ID || config.account.userPoolClientId === DEFAULT_CLIENT_ID) {
    standIn('COGNITO_USER_POOL_ID', 'COGNITO_USER_POOL_ID / COGNITO_CLIENT_ID are the local pool\'s defaults: set them to the real Cognito user pool and app client');
  }
  if (config.account.outbox) standIn('AUTH_OUTBOX', 'AUTH_OUTBOX is on: sign-up and reset codes are readable at /api/cognito/outbox; set AUTH_OUTBOX=0 (or leave it unset)');

  return problems.filter((p) => !(p.kind === 'stand-in' && on(env[ALLOW_STAND_INS])) && !(p.kind === 'secret' && on(env[ALLOW_DEFAULT_SECRETS])));
}

/** The message the server exits with, or null when it may start. */
export function productionRefusal(env: NodeJS.ProcessEnv, config: Pick<Config, 'botcheck' | 'fraud' | 'account'>): string | null {
  const problems = productionProblems(env, config);
  if (problems.length === 0) return null;
  const lines = problems.map((p) => `  - ${p.message}`);
  const overrides = [
    problems.some((p) => p.kind === 'stand-in') ? `${ALLOW_STAND_INS}=1 (run the local stand-ins)` : '',
    problems.some((p) => p.kind === 'secret') ? `${ALLOW_DEFAULT_SECRETS}=1 (keep the public default secrets)` : '',
  ].filter(Boolean);
  return [
    `[api] refusing to start with NODE_ENV=production: set ${[...new Set(problems.map((p) => p.variable))].join(', ')}`,
    ...lines,
    `For a demo only: ${overrides.join(' and ')}.`,
  ].join('\n');
}
