/**
 * Bot check: a local stand-in for reCAPTCHA v3 that speaks its protocol, so real keys replace it
 * by configuration only.
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
import crypto from 'node:crypto';

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

export const TOKEN_TTL_MS = 120_000;

export interface SiteVerifyAnswer {
  success: boolean;
  score?: number;
  action?: string;
  challenge_ts?: string;
  hostname?: string;
  'error-codes'?: string[];
}

const b64 = (buf: Buffer) => buf.toString('base64url');

/** The local provider: issues and verifies tokens. */
export class LocalBotCheck {
  private readonly used = new Map<string, number>();

  constructor(private readonly config: BotCheckConfig) {}

  private sign(payload: string): string {
    return b64(crypto.createHmac('sha256', this.config.secret).update(payload).digest());
  }

  /** A token for an action (what the page's `grecaptcha.execute` obtains). */
  issue(siteKey: string, action: string, hostname: string, now = Date.now()): string | null {
    if (siteKey !== this.config.siteKey) return null;
    const payload = b64(Buffer.from(JSON.stringify({ k: siteKey, a: action, t: now, h: hostname, n: b64(crypto.randomBytes(9)) })));
    return `${payload}.${this.sign(payload)}`;
  }

  /** reCAPTCHA siteverify semantics. */
  verify(secret: string, token: string, now = Date.now()): SiteVerifyAnswer {
    if (secret !== this.config.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { success: false, 'error-codes': ['invalid-input-response'] };
    const expected = this.sign(payload);
    if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
      return { success: false, 'error-codes': ['invalid-input-response'] };
    }
    let data: { a: string; t: number; h: string };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { a: string; t: number; h: string };
    } catch {
      return { success: false, 'error-codes': ['invalid-input-response'] };
    }
    for (const [key, at] of this.used) if (now - at > TOKEN_TTL_MS) this.used.delete(key);
    if (now - data.t > TOKEN_TTL_MS || this.used.has(signature)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    this.used.set(signature, now);
    return { success: true, score: 0.9, action: data.a, challenge_ts: new Date(data.t).toISOString(), hostname: data.h };
  }
}

export type BotCheckResult = { ok: true; score: number } | { ok: false; reason: string };

/** Verifies a bot-check token for an action, against siteverify (or the local stand-in). */
export async function verifyBotCheck(
  config: BotCheckConfig,
  local: LocalBotCheck,
  token: string,
  expectedAction: string,
  fetchImpl: typeof fetch = fetch,
): Promise<BotCheckResult> {
  if (!token) return { ok: false, reason: 'missing-input-response' };
  let answer: SiteVerifyAnswer;
  if (!config.verifyUrl) answer = local.verify(config.secret, token);
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

/** The page script: window.grecaptcha with ready() and execute(), like reCAPTCHA v3's api.js. */
export function clientScript(tokenUrl: string): string {
  return `(function(){
var q=[],ready=false;
function flush(){ready=true;while(q.length){try{q.shift()()}catch(e){setTimeout(function(){throw e})}}}
var g=window.grecaptcha=window.grecaptcha||{};
g.ready=function(cb){if(ready)cb();else q.push(cb)};
g.execute=function(siteKey,opts){var action=(opts&&opts.action)||'';
return fetch(${JSON.stringify(tokenUrl)},{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({siteKey:siteKey,action:action})})
.then(function(r){if(!r.ok)throw new Error('bot check unavailable ('+r.status+')');return r.json()}).then(function(b){return b.token})};
setTimeout(flush,0);
})();
`;
}
