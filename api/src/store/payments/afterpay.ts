/**
 * Pay-later in production: Afterpay's online API (v2, JSON over HTTPS, Basic auth with the merchant
 * id and secret key). The shopper approves on Afterpay's page and returns with the order token;
 * the store then captures the full payment.
 *
 * - createCheckout: `POST /v2/checkouts` (amount and currency, the order number as
 *   `merchantReference`, the return URL for both confirm and cancel) → the token, Afterpay's
 *   checkout URL and its expiry.
 * - get / status: `GET /v2/checkouts/{token}`. Afterpay does not say there whether the shopper
 *   approved, so a checkout is PENDING until it expires (EXPIRED); the capture decides.
 * - capture: the amount is checked against the checkout's, then `POST /v2/payments/capture`
 *   (idempotent with the token as `requestId`): APPROVED is captured; DECLINED, 402 or 412 (not
 *   confirmed by the shopper) is NotApproved; 404 UnknownToken; 410 Expired. A request Afterpay
 *   did not answer throws: the order keeps waiting and expires if nothing captured it.
 *
 * - refund: `POST /v2/payments/{id}/refund` with the amount, the order number as
 *   `merchantReference` and the store's reference of the refund (a return number, or the order
 *   number of a cancellation) as `requestId` and `refundMerchantReference`: Afterpay answers a
 *   repeated requestId with the first refund, so a refund repeated after a timeout is made once.
 *   201 refunded; 404 unknown payment; 402, 409 or 422 (e.g. more than is left) refused with
 *   Afterpay's errorCode. A request Afterpay did not answer throws.
 *
 * Afterpay sends no webhooks for online payments: the shopper's return to the store
 * (`?orderToken=…&status=SUCCESS`) is not signed and proves nothing. The store acts only on what
 * Afterpay's API answers with the merchant's credentials: an order is placed when the capture is
 * APPROVED, whatever the return said.
 *
 * State is Afterpay's: nothing is stored here (the `db` arguments of the interface are not used).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PayLaterCheckout, PayLaterGateway, PayLaterRefundRequest, PayLaterState, RefundOutcome } from './gateway.js';

/** Where Afterpay sends the shopper back (confirm and cancel). */
export const AFTERPAY_RETURN_PATH = '/api/payments/afterpay/return';

/**
 * GET /api/payments/afterpay/return?orderToken=…&status=…: Afterpay's return, handed to the
 * payment step as it expects it (`/checkout/payment?afterpayToken=…&afterpayStatus=SUCCESS|CANCELLED`).
 */
export const afterpayReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    AFTERPAY_RETURN_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: "Afterpay's return to the store (redirects to the payment step)",
        querystring: z.object({ orderToken: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/), status: z.string().max(40).optional() }),
      },
    },
    async (request, reply) => {
      const status = request.query.status === 'SUCCESS' ? 'SUCCESS' : 'CANCELLED';
      return reply.header('cache-control', 'no-store').redirect(`/checkout/payment?afterpayToken=${encodeURIComponent(request.query.orderToken)}&afterpayStatus=${status}`, 303);
    },
  );
};

export interface AfterpaySettings {
  /** API base URL (Afterpay's regional API, or the protocol stand-in in tests). */
  apiUrl: string;
  merchantId: string;
  secretKey: string;
  timeoutMs: number;
  now?: () => number;
}

interface WireCheckout {
  token: string;
  expires: string;
  created?: string;
  amount?: { amount: string; currency: string };
  merchantReference?: string;
  merchant?: { redirectConfirmUrl?: string };
}

const toAmount = (cents: number) => (cents / 100).toFixed(2);
const toCents = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);

/** Afterpay did not answer (timeout, network, 5xx, or refused the credentials). */
export class PayLaterUnavailableError extends Error {
  constructor(message: string) {
    super(`pay-later provider unavailable: ${message}`);
    this.name = 'PayLaterUnavailableError';
  }
}

export class AfterpayPayLater implements PayLaterGateway {
  private readonly now: () => number;

  constructor(private readonly settings: AfterpaySettings) {
    this.now = settings.now ?? Date.now;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.settings.apiUrl), {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.settings.merchantId}:${this.settings.secretKey}`).toString('base64')}`,
          accept: 'application/json',
          'user-agent': `FernleafStore/1.0 (Node.js; Merchant/${this.settings.merchantId})`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new PayLaterUnavailableError(error instanceof Error ? error.message : String(error));
    }
    if (response.status === 401 || response.status === 403 || response.status >= 500) throw new PayLaterUnavailableError(`answered ${response.status}`);
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  }

  async createCheckout({ orderNumber, amount, currency = 'NZD', siteOrigin }: { orderNumber: string; amount: number; returnUrl: string; currency?: 'NZD' | 'AUD'; siteOrigin?: string }) {
    if (!siteOrigin) throw new Error('Afterpay needs the site origin to send the shopper back to');
    // Afterpay appends ?orderToken=…&status=SUCCESS|CANCELLED; the return route hands them to the payment step
    const back = `${siteOrigin}${AFTERPAY_RETURN_PATH}`;
    const { status, json } = await this.call('POST', '/v2/checkouts', {
      amount: { amount: toAmount(amount), currency },
      merchant: { redirectConfirmUrl: back, redirectCancelUrl: back },
      merchantReference: orderNumber,
    });
    if (status !== 201 && status !== 200) throw new PayLaterUnavailableError(`checkout refused (${status} ${String(json.errorCode ?? '')})`);
    const checkout = json as unknown as WireCheckout & { redirectCheckoutUrl: string };
    return { token: checkout.token, redirectUrl: checkout.redirectCheckoutUrl, expiresAt: Date.parse(checkout.expires) };
  }

  async get(token: string): Promise<Readonly<PayLaterCheckout> | undefined> {
    if (!/^[A-Za-z0-9._-]{1,200}$/.test(token)) return undefined;
    const { status, json } = await this.call('GET', `/v2/checkouts/${encodeURIComponent(token)}`);
    if (status === 404 || status === 412) return undefined;
    if (status !== 200) throw new PayLaterUnavailableError(`checkout lookup answered ${status}`);
    const checkout = json as unknown as WireCheckout;
    const expiresAt = Date.parse(checkout.expires);
    const state: PayLaterState = expiresAt <= this.now() ? 'EXPIRED' : 'PENDING';
    return {
      orderNumber: checkout.merchantReference ?? '',
      amount: toCents(checkout.amount?.amount),
      returnUrl: checkout.merchant?.redirectConfirmUrl ?? '',
      state,
      createdAt: checkout.created ? Date.parse(checkout.created) : expiresAt,
      expiresAt,
    };
  }

  async status(token: string): Promise<PayLaterState | undefined> {
    return (await this.get(token))?.state;
  }

  async capture(token: string, amount: number) {
    const checkout = await this.get(token);
    if (!checkout) return { ok: false as const, error: 'UnknownToken' as const };
    if (checkout.state === 'EXPIRED') return { ok: false as const, error: 'Expired' as const };
    if (checkout.amount !== amount) return { ok: false as const, error: 'AmountMismatch' as const };
    const { status, json } = await this.call('POST', '/v2/payments/capture', { token, requestId: token, merchantReference: checkout.orderNumber });
    if ((status === 201 || status === 200) && json.status === 'APPROVED' && typeof json.id === 'string') return { ok: true as const, transactionId: `afterpay_${json.id}` };
    if (status === 404) return { ok: false as const, error: 'UnknownToken' as const };
    if (status === 410) return { ok: false as const, error: 'Expired' as const };
    return { ok: false as const, error: 'NotApproved' as const };
  }

  async refund({ transactionId, amount, currency, orderNumber, requestId }: PayLaterRefundRequest): Promise<RefundOutcome> {
    const id = transactionId.replace(/^afterpay_/, '');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return { ok: false, code: 'not_found', message: `Not an Afterpay payment: ${transactionId}` };
    const { status, json } = await this.call('POST', `/v2/payments/${encodeURIComponent(id)}/refund`, {
      requestId,
      amount: { amount: toAmount(amount), currency },
      merchantReference: orderNumber,
      refundMerchantReference: requestId,
    });
    if ((status === 201 || status === 200) && typeof json.refundId === 'string') return { ok: true, refundId: `afterpay_refund_${json.refundId}` };
    return { ok: false, code: String(json.errorCode ?? status), message: String(json.message ?? `Afterpay answered ${status}`) };
  }
}
