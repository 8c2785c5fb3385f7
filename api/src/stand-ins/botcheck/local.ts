/**
 * The local reCAPTCHA v3 stand-in: issues and verifies tokens, and serves the page script. The store
 * reaches it only through `InProcessSiteVerify` (api/src/store/botcheck).
 */
import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { botcheckUsedTokens } from '../../platform/db/schema-stand-in-botcheck.js';
import type { BotCheckConfig, InProcessSiteVerify, SiteVerifyAnswer } from '../../store/botcheck/index.js';

export const TOKEN_TTL_MS = 120_000;

const b64 = (buf: Buffer) => buf.toString('base64url');

/**
 * The local provider: issues and verifies tokens. A token is accepted once: the tokens verified are
 * kept in the database (botcheck_used_tokens), so a token used with one API process is refused by
 * every other.
 */
export class LocalBotCheck implements InProcessSiteVerify {
  private lastPrune = 0;

  constructor(
    private readonly config: BotCheckConfig,
    private readonly db: Database,
  ) {}

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
  async verify(secret: string, token: string, now = Date.now()): Promise<SiteVerifyAnswer> {
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
    if (now - data.t > TOKEN_TTL_MS) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    if (now - this.lastPrune > TOKEN_TTL_MS) {
      this.lastPrune = now;
      await this.db.delete(botcheckUsedTokens).where(lt(botcheckUsedTokens.usedAt, new Date(now - TOKEN_TTL_MS)));
    }
    const first = await this.db.insert(botcheckUsedTokens).values({ signature, usedAt: new Date(now) }).onConflictDoNothing().returning({ signature: botcheckUsedTokens.signature });
    if (first.length === 0) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    return { success: true, score: 0.9, action: data.a, challenge_ts: new Date(data.t).toISOString(), hostname: data.h };
  }
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
