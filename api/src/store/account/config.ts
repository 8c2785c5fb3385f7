/**
 * Account and identity configuration (environment variables, documented in docs/account.md and
 * the README's configuration table).
 */
export interface AccountConfig {
  /** The user pool the frontend signs in with. `<region>_<name>` like Cognito. */
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /**
   * Endpoint the frontend's aws-amplify client posts to. The local pool: `/api/cognito` (made
   * absolute by the browser). Empty for a real Cognito pool (aws-amplify uses AWS's endpoint).
   */
  userPoolEndpoint: string;
  /** Run the local user pool inside the API (default true). False: verify a real pool's tokens. */
  localPool: boolean;
  /** Token issuer (`iss`). Local default: `urn:fernleaf:local-user-pool:<poolId>`; real: the Cognito URL. */
  issuer: string;
  /** Development outbox (GET /api/cognito/outbox and /api/cognito/outbox.html). Off in production. */
  outbox: boolean;
  /** Lifetimes in seconds. */
  idTokenTtl: number;
  refreshTokenTtl: number;
  /** Confirmation/reset code lifetime (seconds), wrong-code attempts per code, resends per hour. */
  codeTtl: number;
  codeAttempts: number;
  resendsPerHour: number;
  /** Failed sign-ins in a row before a 15 minute lock. */
  signInAttempts: number;
  /** The airline loyalty page and linking (/account/qantas only when on). */
  loyaltyEnabled: boolean;
  /** A guest membership kept locally is linked after login when younger than this (minutes). */
  guestLoyaltyMaxAgeMinutes: number;
}

const flag = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : value === '1' || value.toLowerCase() === 'true';

const int = (value: string | undefined, fallback: number, name: string, min: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return n;
};

export function loadAccountConfig(env: NodeJS.ProcessEnv = process.env): AccountConfig {
  const userPoolId = env.COGNITO_USER_POOL_ID || 'ap-southeast-2_FernleafLocal';
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(userPoolId)) throw new Error('COGNITO_USER_POOL_ID must look like <region>_<id>');
  const region = env.COGNITO_REGION || userPoolId.split('_')[0]!;
  const localPool = flag(env.COGNITO_LOCAL_POOL, true);
  const production = env.NODE_ENV === 'production';
  return {
    userPoolId,
    userPoolClientId: env.COGNITO_CLIENT_ID || 'fernleaf-web-local',
    region,
    userPoolEndpoint: env.COGNITO_ENDPOINT ?? (localPool ? '/api/cognito' : ''),
    localPool,
    issuer: env.COGNITO_ISSUER || (localPool ? `urn:fernleaf:local-user-pool:${userPoolId}` : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`),
    outbox: localPool && flag(env.AUTH_OUTBOX, !production),
    idTokenTtl: int(env.AUTH_ID_TOKEN_TTL, 3600, 'AUTH_ID_TOKEN_TTL', 60),
    refreshTokenTtl: int(env.AUTH_REFRESH_TOKEN_TTL, 30 * 24 * 3600, 'AUTH_REFRESH_TOKEN_TTL', 300),
    codeTtl: int(env.AUTH_CODE_TTL, 24 * 3600, 'AUTH_CODE_TTL', 60),
    codeAttempts: int(env.AUTH_CODE_ATTEMPTS, 5, 'AUTH_CODE_ATTEMPTS', 1),
    resendsPerHour: int(env.AUTH_RESENDS_PER_HOUR, 5, 'AUTH_RESENDS_PER_HOUR', 1),
    signInAttempts: int(env.AUTH_SIGNIN_ATTEMPTS, 5, 'AUTH_SIGNIN_ATTEMPTS', 1),
    loyaltyEnabled: flag(env.LOYALTY_ENABLED, true),
    guestLoyaltyMaxAgeMinutes: int(env.GUEST_LOYALTY_MAX_AGE_MINUTES, 60, 'GUEST_LOYALTY_MAX_AGE_MINUTES', 1),
  };
}
