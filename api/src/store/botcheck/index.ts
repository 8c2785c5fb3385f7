/**
 * Bot check, the store's side: its configuration and the server's verification of a token
 * (reCAPTCHA v3 protocol). The local stand-in that issues and verifies tokens is
 * api/src/stand-ins/botcheck; real keys replace it by configuration only.
 *
 * - The page loads `${scriptUrl}?render=${siteKey}` (default: our /api/botcheck/recaptcha/api.js),
 *   which defines `window.grecaptcha.ready(cb)` and `window.grecaptcha.execute(siteKey, { action })`
 *   resolving to a token.
 * - The server calls `verifyBotCheck(token, expectedAction)`: it posts `secret` and `response` to
 *   the siteverify URL (reCAPTCHA's form-encoded protocol) and accepts the token only when
 *   `success` is true, the action matches and the score reaches the minimum. Without a configured
 *   siteverify URL the local stand-in is asked in-process (same logic as its HTTP endpoint).
 *
 * Local tokens are HMAC-signed (secret), carry site key, action, issue time and a nonce, live
 * 2 minutes and verify once (like reCAPTCHA's `timeout-or-duplicate`).
 */
export interface BotCheckConfig {
  /** Public site key the page renders with. */
  siteKey: string;
  /** Server secret sent to siteverify (and the local stand-in's signing key). */
  secret: string;
  /** Script URL the page loads (without ?render). */
  scriptUrl: string;
  /** siteverify endpoint; empty = the local stand-in in-process. */
  verifyUrl: string;
  /** Lowest accepted score (reCAPTCHA v3: 0.0 bot .. 1.0 human). */
  minScore: number;
  /**
   * Whether the stand-in's token endpoint issues tokens (what `grecaptcha.execute` fetches). Off
   * in production: anyone could mint passing tokens there, so the stand-in then passes no one.
   */
  mintOpen?: boolean;
}

export const DEFAULT_BOTCHECK: BotCheckConfig = {
  siteKey: 'local-botcheck-site-key',
  secret: 'local-botcheck-secret',
  scriptUrl: '/api/botcheck/recaptcha/api.js',
  verifyUrl: '',
  minScore: 0.5,
  mintOpen: true,
};

export interface SiteVerifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  challenge_ts?: string;
  hostname?: string;
  'error-codes'?: string[];
}

/** Answers siteverify in process (the local stand-in) when no siteverify URL is configured. */
export interface InProcessSiteVerify {
  verify(secret: string, token: string): Promise<SiteVerifyAnswer>;
}

export type BotCheckResult = { ok: true; score: number } | { ok: false; reason: string };

/** Verifies a bot-check token for an action, against siteverify (or the local stand-in). */
export async function verifyBotCheck(
  config: BotCheckConfig,
  local: InProcessSiteVerify,
  token: string,
  expectedAction: string,
  fetchImpl: typeof fetch = fetch,
): Promise<BotCheckResult> {
  if (!token) return { ok: false, reason: 'missing-input-response' };
  let answer: SiteVerifyAnswer;
  if (!config.verifyUrl) answer = await local.verify(config.secret, token);
  else {
    try {
      const response = await fetchImpl(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: config.secret, response: token }).toString(),
        signal: AbortSignal.timeout(5000),
      });
      answer = (await response.json()) as SiteVerifyAnswer;
    } catch {
      return { ok: false, reason: 'siteverify-unreachable' };
    }
  }
  if (!answer.success) return { ok: false, reason: answer['error-codes']?.[0] ?? 'failed' };
  if (answer.action !== expectedAction) return { ok: false, reason: 'action-mismatch' };
  const score = answer.score ?? 0;
  if (score < config.minScore) return { ok: false, reason: 'low-score' };
  return { ok: true, score };
}
