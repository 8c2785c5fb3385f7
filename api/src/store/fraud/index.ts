/**
 * Fraud analytics, the store's side: the configuration, the `FraudService` the order service asks
 * and its client for a Forter-like decision endpoint. The local stand-in that speaks the protocol
 * (script, token, in-process decisions) is api/src/stand-ins/fraud; a real provider replaces it by
 * configuration only.
 *
 * - The page reads `GET /api/fraud/config` → `{ siteId, scriptUrl }` and loads
 *   `${scriptUrl}?siteId=${siteId}`. The local script (`GET /api/fraud/script.js`) carries a token
 *   the server signed when it served the script; it sets the cookie
 *   `forterToken=<token>; Path=/; Max-Age=34560000; SameSite=Lax` (400 days) and
 *   dispatches `ftr:tokenReady` on `document` with the token as `detail`.
 * - The order carries it as `fraudAnalytics.token`. Before anything is taken, the order service
 *   asks `FraudService.decide(…)` for a decision: `approve`, `review` (placed, flagged),
 *   `not_provided` (no token; placed) or `decline` (refused as PaymentGatewayRejected).
 *   Without a decision URL the local stand-in answers in-process; with one, the request is POSTed
 *   there as JSON (Forter's order-validation shape, `action` in the answer).
 *
 * Local tokens: `base64url(JSON {s: siteId, t: issued ms, n: nonce[, d: 'decline']}).base64url(HMAC-SHA256)`.
 * A token the stand-in did not sign, for another site id, or older than the cookie's lifetime is
 * `review`; a test token (`?test=decline`, minted only when test tokens are allowed, i.e. not in
 * production) is `decline`. Tokens are never logged; only the decision and its reason are.
 */
export interface FraudConfig {
  /** Public site id the page loads the script with. */
  siteId: string;
  /** Script URL the page loads (with ?siteId=). */
  scriptUrl: string;
  /** Decision endpoint (POST JSON); empty = the local stand-in in-process. */
  decisionUrl: string;
  /** The local stand-in's signing key, and the API key sent to the decision endpoint (Basic auth). */
  secret: string;
  /** Whether the script mints test tokens (`?test=decline`). Off in production. */
  testTokens: boolean;
}

export const DEFAULT_FRAUD: FraudConfig = {
  siteId: 'local-fraud-site',
  scriptUrl: '/api/fraud/script.js',
  decisionUrl: '',
  secret: 'local-fraud-secret',
  testTokens: true,
};

/** The token cookie lives 400 days. */
export const FRAUD_COOKIE = 'forterToken';
export const FRAUD_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** The event the script dispatches on `document` (detail: the token). */
export const FRAUD_TOKEN_EVENT = 'ftr:tokenReady';
/** How long the order waits for a remote decision before placing it as `review`. */
export const FRAUD_DECISION_TIMEOUT_MS = 5_000;

export type FraudDecision = 'approve' | 'review' | 'decline' | 'not_provided';

export interface FraudAssessment {
  decision: FraudDecision;
  /** A word for the record: ok, no_token, bad_signature, site_mismatch, expired, test_decline, unavailable, … */
  reason: string;
}

export interface FraudDecisionRequest {
  orderNumber: string;
  token?: string;
  /** Cents, in `currency`. */
  amount: number;
  /** The order's currency (NZD, AUD); NZD when absent. */
  currency?: 'NZD' | 'AUD';
  email: string;
  paymentMethods: string[];
  ip?: string;
  userAgent?: string;
}

/** What the order service asks before it takes stock or charges. */
export interface FraudService {
  decide(request: FraudDecisionRequest): Promise<FraudAssessment>;
}

/** Forter-like order validation request (what is POSTed to the decision URL). */
export interface FraudWireRequest {
  orderId: string;
  orderType: 'WEB';
  timeSentToForter: number;
  checkoutTime: number;
  connectionInformation: { customerIP: string; userAgent: string; forterTokenCookie: string | null };
  totalAmount: { amountLocalCurrency: string; currency: 'NZD' | 'AUD' };
  accountOwner: { email: string };
  payment: { paymentMethodNickname: string }[];
}

/** Forter-like answer: `approve`, `decline` or `not reviewed`, with a reason code. */
export interface FraudWireResponse {
  action: string;
  reasonCode?: string;
}

export function toWire(request: FraudDecisionRequest, now: number): FraudWireRequest {
  return {
    orderId: request.orderNumber,
    orderType: 'WEB',
    timeSentToForter: now,
    checkoutTime: Math.floor(now / 1000),
    connectionInformation: { customerIP: request.ip ?? '', userAgent: request.userAgent ?? '', forterTokenCookie: request.token ?? null },
    totalAmount: { amountLocalCurrency: (request.amount / 100).toFixed(2), currency: request.currency ?? 'NZD' },
    accountOwner: { email: request.email },
    payment: request.paymentMethods.map((m) => ({ paymentMethodNickname: m })),
  };
}

/** An answer from the wire to a decision: no token and no decline is `not_provided`. */
export function fromWire(answer: FraudWireResponse, hadToken: boolean): FraudAssessment {
  const reason = typeof answer.reasonCode === 'string' && answer.reasonCode ? answer.reasonCode.slice(0, 60) : answer.action;
  if (answer.action === 'decline') return { decision: 'decline', reason };
  if (!hadToken) return { decision: 'not_provided', reason: 'no_token' };
  if (answer.action === 'approve') return { decision: 'approve', reason };
  return { decision: 'review', reason };
}

/**
 * A decision endpoint over HTTP (Basic auth with the secret, site id header). An unreachable,
 * slow or failing endpoint gives `review` (reason `unavailable`): the order is placed and flagged.
 */
export class HttpFraudService implements FraudService {
  constructor(
    private readonly config: FraudConfig,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly onError: (message: string, orderNumber: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async decide(request: FraudDecisionRequest): Promise<FraudAssessment> {
    try {
      const response = await this.fetchImpl(this.config.decisionUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${this.config.secret}:`).toString('base64')}`,
          'x-forter-siteid': this.config.siteId,
          'api-version': '2.0',
        },
        body: JSON.stringify(toWire(request, this.now())),
        signal: AbortSignal.timeout(FRAUD_DECISION_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`decision endpoint answered ${response.status}`);
      const answer = (await response.json()) as FraudWireResponse;
      if (!answer || typeof answer.action !== 'string') throw new Error('decision endpoint answered without an action');
      return fromWire(answer, Boolean(request.token));
    } catch (error) {
      this.onError(error instanceof Error ? error.message : String(error), request.orderNumber);
      return { decision: 'review', reason: 'unavailable' };
    }
  }
}

/** The decision endpoint when one is configured, else `inProcess` (the composition root's local stand-in). */
export function createFraudService(config: FraudConfig, inProcess: FraudService, onError?: (message: string, orderNumber: string) => void): FraudService {
  return config.decisionUrl ? new HttpFraudService(config, fetch, onError) : inProcess;
}

/**
 * An error as it may be logged when an order carried a fraud token: the token's value is cut out of
 * the message, stack and causes, and everything else (drizzle's query `params`) is left out.
 */
export function redactToken(error: unknown, token: string | undefined): unknown {
  if (!token) return error;
  const clean = (value: string | undefined) => value?.split(token).join('[fraud token]');
  const walk = (e: unknown, depth: number): unknown => {
    if (typeof e === 'string') return clean(e);
    if (!(e instanceof Error) || depth > 4) return e === undefined || e === null ? e : '[not an Error]';
    const code = (e as { code?: unknown }).code;
    return { type: e.name, message: clean(e.message), stack: clean(e.stack), ...(typeof code === 'string' ? { code } : {}), ...(e.cause !== undefined ? { cause: walk(e.cause, depth + 1) } : {}) };
  };
  return walk(error, 0);
}
