/**
 * The local Forter-like stand-in: mints the page's token (its script) and assesses tokens, in process
 * and at its HTTP decision endpoint (routes.ts). The store reaches it only as a `FraudService`.
 */
import crypto from 'node:crypto';
import { FRAUD_COOKIE, FRAUD_COOKIE_MAX_AGE_SECONDS, FRAUD_TOKEN_EVENT, type FraudAssessment, type FraudConfig, type FraudDecisionRequest, type FraudService, type FraudWireResponse } from '../../store/fraud/index.js';

const b64 = (buf: Buffer) => buf.toString('base64url');

/** The local provider: mints tokens (the script) and assesses them. */
export class LocalFraud {
  constructor(
    private readonly config: FraudConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private sign(payload: string): string {
    return b64(crypto.createHmac('sha256', this.config.secret).update(`fraud-token:${payload}`).digest());
  }

  /** A token for the page (null for an unknown site id, or a test token when those are off). */
  issue(siteId: string, test?: 'decline'): string | null {
    if (siteId !== this.config.siteId) return null;
    if (test && !this.config.testTokens) return null;
    const payload = b64(Buffer.from(JSON.stringify({ s: siteId, t: this.now(), n: b64(crypto.randomBytes(9)), ...(test ? { d: test } : {}) })));
    return `${payload}.${this.sign(payload)}`;
  }

  assess(token: string | undefined): FraudAssessment {
    if (!token) return { decision: 'not_provided', reason: 'no_token' };
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return { decision: 'review', reason: 'bad_signature' };
    const expected = this.sign(payload);
    if (expected.length !== signature.length || !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return { decision: 'review', reason: 'bad_signature' };
    let data: { s?: unknown; t?: unknown; d?: unknown };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof data;
    } catch {
      return { decision: 'review', reason: 'bad_signature' };
    }
    if (data.s !== this.config.siteId) return { decision: 'review', reason: 'site_mismatch' };
    const age = this.now() - Number(data.t);
    if (!Number.isFinite(age) || age < -5 * 60_000 || age > FRAUD_COOKIE_MAX_AGE_SECONDS * 1000) return { decision: 'review', reason: 'expired' };
    if (data.d === 'decline') return this.config.testTokens ? { decision: 'decline', reason: 'test_decline' } : { decision: 'review', reason: 'test_token' };
    return { decision: 'approve', reason: 'ok' };
  }
}

/** The local stand-in's answer in the wire protocol (its HTTP endpoint answers this). */
export function localWireAnswer(local: LocalFraud, token: string | null | undefined): FraudWireResponse {
  const { decision, reason } = local.assess(token ?? undefined);
  return { action: decision === 'approve' || decision === 'decline' ? decision : 'not reviewed', reasonCode: reason };
}

/** In-process: the local stand-in. */
export class LocalFraudService implements FraudService {
  constructor(private readonly local: LocalFraud) {}
  async decide(request: FraudDecisionRequest): Promise<FraudAssessment> {
    return this.local.assess(request.token);
  }
}

/** The page script: sets the token cookie and announces the token, like Forter's. */
export function clientScript(token: string): string {
  return `(function(){
var token=${JSON.stringify(token)};
try{document.cookie=${JSON.stringify(`${FRAUD_COOKIE}=`)}+token+${JSON.stringify(`; Path=/; Max-Age=${FRAUD_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`)}}catch(e){}
document.dispatchEvent(new CustomEvent(${JSON.stringify(FRAUD_TOKEN_EVENT)},{detail:token}));
})();
`;
}
