/**
 * Cart & checkout API: /checkout/info, /order/place (+ Afterpay completion), order reading and
 * guest lookup, gift-card balance, pickup stores, and (from ../payments/afterpay-sandbox.ts) the
 * sandbox Afterpay approval page.
 */
import crypto from 'node:crypto';
import {
  AfterpayCompleteRequest,
  CartItemInvalidBody,
  CheckoutInfoRequest,
  CheckoutInfoResponse,
  ErrorBody,
  OrderErrorBody,
  OrderLookupRequest,
  OrderNumberParams,
  OrderPlaceRequest,
  OrderPlaceResponse,
  OrderTokenQuery,
  OrderView,
  ValidationErrorBody,
  VoucherBalanceParams,
  VoucherBalanceQuery,
  VoucherBalanceResponse,
} from '@store/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/index.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../platform/db/unavailable.js';
import { DATABASE_UNAVAILABLE_BODY } from '../../platform/http/errors.js';
import { redactToken } from '../fraud/index.js';
import { IdempotencyStore, requestHash } from '../orders/idempotency.js';
import { OrderError, type OrderService } from '../orders/service.js';
import { findStoresNear, listStores } from '../stores/index.js';
import { clientOf, rules, tooManyRequests, type RateLimitSettings } from '../../platform/http/rate-limit.js';
import type { VoucherService } from '../vouchers/service.js';
import { CartItemInvalid, type CheckoutService } from '../pricing/service.js';
import { addressIssuesBody, addressMarketIssues } from '../market/index.js';

export interface CheckoutRoutesOptions {
  db: Database;
  checkout: CheckoutService;
  orders: OrderService;
  vouchers: VoucherService;
  /**
   * The pay-later provider's own pages, when it is served here (the local Afterpay-like stand-in's
   * approval page): registered last, in this scope, so paths and registration order stay put.
   */
  payLaterPages?: (app: Parameters<FastifyPluginAsyncZod>[0], orders: OrderService) => void;
  rateLimits: RateLimitSettings;
  /** A running Idempotency-Key older than this may be taken over by a retry. */
  idempotencyLeaseMs: number;
}

const PickupStore = z.object({
  erpStoreId: z.string(),
  name: z.string(),
  address: z.object({ street1: z.string(), street2: z.string(), locality: z.string(), region: z.string(), postcode: z.string(), country: z.string() }),
  distanceKm: z.number().nullable(),
});

const userOf = (request: FastifyRequest): string | undefined => request.user?.sub;

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, opts) => {
  const { checkout, orders, vouchers } = opts;
  const idempotency = new IdempotencyStore(opts.db, { leaseMs: opts.idempotencyLeaseMs });
  const limits = app.rateLimits;
  const rule = rules(opts.rateLimits);
  const withIdentify = { preHandler: app.identify };

  /**
   * Promo-code enumeration: each distinct code that matches no offer counts against the client's
   * hourly budget (the same unknown code sent again, as the cart does on every reload, is free).
   * Answers 429 (and true) when over.
   */
  const promoCodesRefused = async (request: FastifyRequest, reply: FastifyReply, codes: readonly string[] | undefined): Promise<boolean> => {
    if (!codes || codes.length === 0) return false;
    const known = new Set((await checkout.promotions(false, request.market.currency)).filter((p) => p.code).map((p) => p.code!.toUpperCase()));
    const unknown = [...new Set(codes.map((c) => c.trim().toUpperCase()))].filter((c) => !known.has(c));
    for (const code of unknown) {
      // stored as a short hash: any text the shopper typed, of bounded length
      const decision = await limits.takeDistinct(rule.promoCode, clientOf(request), crypto.createHash('sha256').update(code).digest('base64url').slice(0, 16));
      if (!decision.ok) {
        tooManyRequests(reply, decision, 'Too many promo codes tried. Try again later.');
        return true;
      }
    }
    return false;
  };

  // The sandbox approval page (registered below, ../payments/afterpay-sandbox.ts) posts plain forms (no fields we read).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    '/api/checkout/info',
    {
      ...withIdentify,
      schema: {
        tags: ['checkout'],
        summary: 'Prices a cart: offers, shipping, gift-card credits, GST and the amount outstanding',
        body: CheckoutInfoRequest,
        response: { 200: CheckoutInfoResponse, 400: ValidationErrorBody, 422: CartItemInvalidBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const wrongCountry = addressMarketIssues(request.market, [['cart.shippingAddress', request.body.cart.shippingAddress]]);
      if (wrongCountry.length > 0) return reply.code(400).send(addressIssuesBody(wrongCountry));
      if (await promoCodesRefused(request, reply, request.body.cart.promoCodes)) return reply;
      try {
        return await checkout.info(request.body, request.market);
      } catch (error) {
        if (error instanceof CartItemInvalid) return reply.code(422).send(error.body());
        throw error;
      }
    },
  );

  const sendOrderError = (reply: FastifyReply, error: unknown, fraudToken?: string) => {
    if (error instanceof OrderError) return { status: error.statusCode, body: error.body() };
    if (error instanceof CartItemInvalid) return { status: 422, body: error.body() };
    if (isDatabaseUnavailable(error)) {
      reply.log.warn({ err: redactToken(error, fraudToken) }, 'order failed: database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      return { status: 503, body: DATABASE_UNAVAILABLE_BODY };
    }
    // never the fraud token in the log (a failed query's message carries its parameters)
    reply.log.error({ err: redactToken(error, fraudToken) }, 'order failed');
    return { status: 500, body: { error: 'InternalError', message: 'Something went wrong.' } };
  };

  app.post(
    '/api/order/place',
    {
      ...withIdentify,
      schema: {
        tags: ['checkout'],
        summary: 'Places an order (optional Idempotency-Key header)',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }).passthrough(),
        body: OrderPlaceRequest,
        response: { 200: OrderPlaceResponse, 400: z.union([ValidationErrorBody, OrderErrorBody]), 402: OrderErrorBody, 404: OrderErrorBody, 409: OrderErrorBody, 422: z.union([CartItemInvalidBody, OrderErrorBody]), 429: OrderErrorBody, 500: OrderErrorBody, 503: OrderErrorBody },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const sub = userOf(request);
      const ctx = { userSub: sub, returnBase: '', siteOrigin: `${request.protocol}://${request.host}`, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500), market: request.market };
      const wrongCountry = addressMarketIssues(request.market, [
        ['cart.shippingAddress', request.body.cart.shippingAddress],
        ['cart.billingAddress', request.body.cart.billingAddress],
      ]);
      if (wrongCountry.length > 0) return reply.code(400).send(addressIssuesBody(wrongCountry));
      // gift-card PINs are checked here too: each one counts against the client's PIN budget (shared with the balance check)
      for (const _card of request.body.payment.methods.filter((m) => m.methodCode === 'VOUCHER')) {
        const decision = await limits.take(rule.giftCardPin, clientOf(request));
        if (!decision.ok) return tooManyRequests(reply, decision, 'Too many gift card checks. Try again in a minute.');
      }
      if (await promoCodesRefused(request, reply, request.body.cart.promoCodes)) return reply;
      if (!key) {
        try {
          return await orders.place(request.body, ctx);
        } catch (error) {
          const { status, body } = sendOrderError(reply, error, request.body.fraudAnalytics?.token);
          return reply.code(status as 400).send(body);
        }
      }
      const claim = await idempotency.claim(key, requestHash(request.body, sub ?? 'guest'));
      if (claim.kind === 'replay') return reply.header('idempotent-replayed', 'true').code(claim.status as 200).send(claim.body as OrderPlaceResponse);
      // The order this key placed, when its answer was never saved (the process placing it died or
      // hangs after the order was placed): that order is the answer, and the key keeps it.
      const placedAnswer = async () => {
        const placed = await orders.answerForKey(key, request.body.cartId);
        if (placed) await idempotency.finish(key, 200, placed);
        return placed;
      };
      if (claim.kind === 'conflict') {
        const placed = claim.status === 409 ? await placedAnswer() : null;
        if (placed) return reply.header('idempotent-replayed', 'true').send(placed);
        return reply.code(claim.status).send(claim.body);
      }
      // the key's holder died mid-order: settle what it left pending for this cart first (a charged
      // order is completed, an uncharged one released), then answer with the order if it is placed
      if (claim.takenOver) {
        await orders.resolvePendingOfCart(request.body.cartId, opts.idempotencyLeaseMs);
        const placed = await placedAnswer();
        if (placed) return reply.header('idempotent-replayed', 'true').send(placed);
      }
      let status = 200;
      let body: unknown;
      try {
        body = await orders.place(request.body, { ...ctx, idempotencyKey: key });
      } catch (error) {
        ({ status, body } = sendOrderError(reply, error, request.body.fraudAnalytics?.token));
      }
      const error = (body as { error?: string }).error;
      if (error === 'OrderInProgress') {
        // the cart's order may be this key's own (placed by an attempt whose answer was lost)
        const placed = await placedAnswer();
        if (placed) return reply.header('idempotent-replayed', 'true').send(placed);
        // another order of this cart is still pending (say, left by a crashed process until the
        // sweep resolves it): not an answer to keep for this key, so a later retry is judged again
        await idempotency.release(key);
      } else if (error === 'OrderHeld') {
        // held because the fraud check could not be made: a later retry is judged again
        await idempotency.release(key);
      } else if (status === 503) {
        // the database could not be reached: nothing to keep for this key; a retry is judged again
        // (when the release cannot be written either, the key is taken over after its lease)
        await idempotency.release(key).catch(() => undefined);
      } else await idempotency.finish(key, status, body);
      return reply.code(status as 200).send(body as OrderPlaceResponse);
    },
  );

  app.post(
    '/api/order/afterpay/complete',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Completes an order after the Afterpay approval page (amount must still match)',
        body: AfterpayCompleteRequest,
        response: { 200: OrderPlaceResponse, 400: ValidationErrorBody, 402: OrderErrorBody, 404: OrderErrorBody, 409: OrderErrorBody },
      },
    },
    async (request, reply) => {
      try {
        return await orders.completePayLater(request.body.token, request.body.amount);
      } catch (error) {
        const { status, body } = sendOrderError(reply, error);
        return reply.code(status as 409).send(body);
      }
    },
  );

  app.get(
    '/api/orders/:number',
    {
      schema: {
        tags: ['orders'],
        summary: 'An order, for the holder of its access token (success page, guest links)',
        params: OrderNumberParams,
        querystring: OrderTokenQuery,
        response: { 200: OrderView, 400: ValidationErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const order = await orders.view(request.params.number);
      if (!order || order.accessToken !== request.query.token) return reply.code(404).send({ error: 'NotFound', message: 'Order not found.' });
      const { accessToken: _token, userSub: _sub, ...view } = order;
      return view;
    },
  );

  const AccountOrderSummary = z.object({ number: z.string(), status: z.string(), createdAt: z.string(), grandTotal: z.number().int(), currency: z.enum(['NZD', 'AUD']), itemQuantity: z.number().int(), shippingType: z.string() });
  app.get(
    '/api/account/orders',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "The signed-in customer's orders, newest first",
        response: { 200: z.object({ orders: z.array(AccountOrderSummary) }), 401: ErrorBody },
      },
    },
    async (request) => ({ orders: await orders.listForUser(request.user!.sub) }),
  );

  app.get(
    '/api/account/orders/:number',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: 'One of the signed-in customer\'s orders',
        params: OrderNumberParams,
        response: { 200: OrderView, 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const order = await orders.view(request.params.number);
      if (!order || order.userSub !== request.user!.sub) return reply.code(404).send({ error: 'NotFound', message: 'Order not found.' });
      const { accessToken: _token, userSub: _sub, ...view } = order;
      return view;
    },
  );

  app.post(
    '/api/orders/lookup',
    {
      schema: {
        tags: ['orders'],
        summary: 'Guest order lookup by order number and e-mail',
        body: OrderLookupRequest,
        response: { 200: OrderView.extend({ token: z.string() }), 400: ValidationErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const decision = await limits.take(rule.orderLookup, clientOf(request));
      if (!decision.ok) return tooManyRequests(reply, decision, 'Too many lookups. Try again in a minute.');
      const order = await orders.view(request.body.number.trim().toUpperCase());
      if (!order || order.email !== request.body.email.toLowerCase() || !['placed', 'awaiting_payment'].includes(order.status)) {
        return reply.code(404).send({ error: 'NotFound', message: 'We could not find an order with that number and e-mail address.' });
      }
      const { accessToken, userSub: _sub, ...view } = order;
      return { ...view, token: accessToken };
    },
  );

  app.get(
    '/api/payment/voucher/balance/:code',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Gift card balance (needs the PIN and a bot-check token for payment_voucher_balance_fetch)',
        params: VoucherBalanceParams,
        querystring: VoucherBalanceQuery,
        response: { 200: VoucherBalanceResponse, 400: ValidationErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody, 422: ErrorBody, 423: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const decision = await limits.take(rule.giftCardPin, clientOf(request));
      if (!decision.ok) return tooManyRequests(reply, decision, 'Too many gift card checks. Try again in a minute.');
      if (!(await app.verifyBotCheck(request.query.recaptchaToken, 'payment_voucher_balance_fetch')).ok) {
        return reply.code(400).send({ error: 'ValidationError', message: 'Invalid query: recaptchaToken: Bot check failed.', issues: [{ field: 'recaptchaToken', reason: 'Bot check failed' }] });
      }
      const result = await vouchers.lookup(request.params.code, request.query.pin, undefined, request.market.currency);
      if (!result.ok) return reply.code(result.status as 404).send({ error: result.error, message: result.message });
      return { code: result.code, expires: result.expires, amountRemaining: result.amountRemaining };
    },
  );

  app.get(
    '/api/checkout/pickup-stores',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Stores offering click and collect, nearest first when a postcode is given',
        querystring: z.object({ postcode: z.string().regex(/^\d{4}$/).optional() }),
        response: { 200: z.object({ stores: z.array(PickupStore) }), 400: ValidationErrorBody },
      },
    },
    async (request) => {
      // click and collect is per country: the market's own stores, a postcode looked up in its own localities
      const country = request.market.country;
      const found = request.query.postcode ? await findStoresNear(opts.db, { postcode: request.query.postcode }, { country }) : await listStores(opts.db, { country });
      const stores = found
        .filter((s) => s.clickAndCollect && s.address.country === country)
        .map((s) => ({
          erpStoreId: s.erpStoreId,
          name: s.name,
          address: { street1: s.address.street1, street2: s.address.street2 ?? '', locality: s.address.locality, region: s.address.region, postcode: s.address.postcode, country: s.address.country },
          distanceKm: s.distanceKm,
        }));
      return { stores };
    },
  );

  // ---- the pay-later provider's approval page (the local stand-in: api/src/stand-ins/payments/afterpay-sandbox.ts) ----
  opts.payLaterPages?.(app, orders);
};
