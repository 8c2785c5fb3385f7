/**
 * A local stand-in of Afterpay's online API (v2), for the production pay-later adapter
 * (api/src/store/payments/afterpay.ts): Basic auth with the merchant id and secret key (401
 * otherwise), `POST /v2/checkouts` (201: token, expires, redirectCheckoutUrl), `GET
 * /v2/checkouts/{token}`, `POST /v2/payments/capture` (201 with a payment APPROVED; 402 `declined`
 * for a checkout the shopper declined; 412 `invalid_token` for one not yet confirmed; 404 unknown;
 * 410 expired; idempotent by `requestId`), `POST /v2/payments/{id}/refund` (201 with a refundId;
 * a repeated `requestId` answers the first refund; 422 `invalid_amount` beyond what is left or in
 * another currency; 404 unknown payment). `confirm(token)` and `decline(token)` stand for the
 * shopper on Afterpay's page; `failNext` answers the next requests 500; `delayMs` delays every
 * request before it is carried out, `lateAnswerMs` every answer after (timeouts). State is in memory: a test double, one per test.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

export interface AfterpayStandInOptions {
  merchantId: string;
  secretKey: string;
  /** Checkout lifetime (Afterpay: 3 hours). */
  ttlMs?: number;
  now?: () => number;
}

interface Checkout {
  token: string;
  amount: { amount: string; currency: string };
  merchantReference: string;
  merchant: { redirectConfirmUrl: string; redirectCancelUrl: string };
  created: number;
  expires: number;
  shopper: 'pending' | 'confirmed' | 'declined';
  paymentId?: string;
  /** Refunds by requestId. */
  refunds: Map<string, { refundId: string; amount: { amount: string; currency: string }; refundedAt: string; refundMerchantReference: string }>;
}

export class AfterpayStandIn {
  readonly app: FastifyInstance;
  /** Every answer waits this long (ms). */
  delayMs = 0;
  /** The next this many requests are answered 500. */
  failNext = 0;
  /** Every answer is sent this long after the request was carried out (ms): a timeout that still did the work. */
  lateAnswerMs = 0;
  private readonly checkouts = new Map<string, Checkout>();
  private readonly now: () => number;

  constructor(private readonly options: AfterpayStandInOptions) {
    this.now = options.now ?? Date.now;
    this.app = Fastify({ logger: false });
    const expected = `Basic ${Buffer.from(`${options.merchantId}:${options.secretKey}`).toString('base64')}`;
    this.app.addHook('onRequest', async (request, reply) => {
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.failNext > 0) {
        this.failNext -= 1;
        return reply.code(500).send(this.error(500, 'server_error', 'An unexpected error occurred.'));
      }
      if (request.headers.authorization !== expected) return reply.code(401).send(this.error(401, 'unauthorized', 'Credentials are required to access this resource.'));
      return undefined;
    });
    this.app.addHook('onSend', async (_request, _reply, payload) => {
      if (this.lateAnswerMs > 0) await new Promise((r) => setTimeout(r, this.lateAnswerMs));
      return payload;
    });
    this.app.post('/v2/checkouts', async (request, reply) => this.create(request.body as Record<string, unknown>, reply));
    this.app.get('/v2/checkouts/:token', async (request, reply) => {
      const checkout = this.checkouts.get((request.params as { token: string }).token);
      if (!checkout) return reply.code(404).send(this.error(404, 'not_found', 'Checkout not found.'));
      return reply.send(this.wire(checkout));
    });
    this.app.post('/v2/payments/capture', async (request, reply) => this.capture(request.body as { token?: unknown }, reply));
    this.app.post('/v2/payments/:id/refund', async (request, reply) => this.refund((request.params as { id: string }).id, request.body as Record<string, unknown>, reply));
  }

  /** What has been refunded of a payment (cents). */
  refunded(paymentId: string): number {
    const checkout = [...this.checkouts.values()].find((c) => c.paymentId === paymentId);
    return checkout ? [...checkout.refunds.values()].reduce((sum, r) => sum + Math.round(Number(r.amount.amount) * 100), 0) : 0;
  }

  /** The shopper confirmed on Afterpay's page. */
  confirm(token: string): void {
    const checkout = this.checkouts.get(token);
    if (checkout) checkout.shopper = 'confirmed';
  }

  /** The shopper was declined on Afterpay's page. */
  decline(token: string): void {
    const checkout = this.checkouts.get(token);
    if (checkout) checkout.shopper = 'declined';
  }

  checkout(token: string): Readonly<Checkout> | undefined {
    return this.checkouts.get(token);
  }

  private error(httpStatusCode: number, errorCode: string, message: string) {
    return { errorCode, errorId: crypto.randomBytes(8).toString('hex'), message, httpStatusCode };
  }

  private wire(c: Checkout) {
    return { token: c.token, expires: new Date(c.expires).toISOString(), created: new Date(c.created).toISOString(), amount: c.amount, merchantReference: c.merchantReference, merchant: c.merchant };
  }

  private create(body: Record<string, unknown>, reply: FastifyReply) {
    const amount = body.amount as { amount?: unknown; currency?: unknown } | undefined;
    const merchant = body.merchant as { redirectConfirmUrl?: unknown; redirectCancelUrl?: unknown } | undefined;
    if (!amount || typeof amount.amount !== 'string' || !/^\d{1,7}\.\d{2}$/.test(amount.amount) || (amount.currency !== 'NZD' && amount.currency !== 'AUD')) {
      return reply.code(400).send(this.error(400, 'invalid_object', 'amount is invalid'));
    }
    if (!merchant || typeof merchant.redirectConfirmUrl !== 'string' || typeof merchant.redirectCancelUrl !== 'string') return reply.code(400).send(this.error(400, 'invalid_object', 'merchant redirect URLs are required'));
    const token = `002.${crypto.randomBytes(16).toString('hex')}`;
    const created = this.now();
    const checkout: Checkout = {
      token,
      amount: { amount: amount.amount, currency: amount.currency },
      merchantReference: typeof body.merchantReference === 'string' ? body.merchantReference : '',
      merchant: { redirectConfirmUrl: merchant.redirectConfirmUrl, redirectCancelUrl: merchant.redirectCancelUrl },
      created,
      expires: created + (this.options.ttlMs ?? 3 * 60 * 60 * 1000),
      shopper: 'pending',
      refunds: new Map(),
    };
    this.checkouts.set(token, checkout);
    return reply.code(201).send({ token, expires: new Date(checkout.expires).toISOString(), redirectCheckoutUrl: `https://portal.afterpay.example/nz/checkout/?token=${token}` });
  }

  private capture(body: { token?: unknown }, reply: FastifyReply) {
    const checkout = typeof body?.token === 'string' ? this.checkouts.get(body.token) : undefined;
    if (!checkout) return reply.code(404).send(this.error(404, 'not_found', 'Checkout not found.'));
    const payment = () => ({ id: checkout.paymentId!, token: checkout.token, status: 'APPROVED', originalAmount: checkout.amount, merchantReference: checkout.merchantReference, paymentState: 'CAPTURED' });
    if (checkout.paymentId) return reply.code(201).send(payment()); // idempotent
    if (checkout.expires <= this.now()) return reply.code(410).send(this.error(410, 'expired', 'The checkout has expired.'));
    if (checkout.shopper === 'pending') return reply.code(412).send(this.error(412, 'invalid_token', 'The checkout has not been confirmed by the consumer.'));
    if (checkout.shopper === 'declined') return reply.code(402).send(this.error(402, 'declined', 'Payment declined.'));
    checkout.paymentId = String(100_000_000 + crypto.randomInt(900_000_000));
    return reply.code(201).send(payment());
  }

  private refund(paymentId: string, body: Record<string, unknown>, reply: FastifyReply) {
    const checkout = [...this.checkouts.values()].find((c) => c.paymentId === paymentId);
    if (!checkout) return reply.code(404).send(this.error(404, 'not_found', 'Payment not found.'));
    const requestId = typeof body.requestId === 'string' && body.requestId ? body.requestId : crypto.randomUUID();
    const answer = (r: NonNullable<ReturnType<typeof checkout.refunds.get>>) => ({ requestId, amount: r.amount, merchantReference: checkout.merchantReference, refundId: r.refundId, refundedAt: r.refundedAt, refundMerchantReference: r.refundMerchantReference });
    const earlier = checkout.refunds.get(requestId);
    if (earlier) return reply.code(201).send(answer(earlier)); // idempotent
    const amount = body.amount as { amount?: unknown; currency?: unknown } | undefined;
    if (!amount || typeof amount.amount !== 'string' || !/^\d{1,7}\.\d{2}$/.test(amount.amount) || Number(amount.amount) <= 0) return reply.code(422).send(this.error(422, 'invalid_amount', 'The refund amount is invalid.'));
    if (amount.currency !== checkout.amount.currency) return reply.code(422).send(this.error(422, 'invalid_amount', 'The refund currency must be the payment currency.'));
    const left = Math.round(Number(checkout.amount.amount) * 100) - this.refunded(paymentId);
    if (Math.round(Number(amount.amount) * 100) > left) return reply.code(422).send(this.error(422, 'invalid_amount', 'The refund amount exceeds the amount left on the payment.'));
    const refund = {
      refundId: String(10_000_000 + crypto.randomInt(90_000_000)),
      amount: { amount: amount.amount, currency: amount.currency },
      refundedAt: new Date(this.now()).toISOString(),
      refundMerchantReference: typeof body.refundMerchantReference === 'string' ? body.refundMerchantReference : '',
    };
    checkout.refunds.set(requestId, refund);
    return reply.code(201).send(answer(refund));
  }
}
