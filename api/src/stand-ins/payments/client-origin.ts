/**
 * The payment gateway stand-in's own origin: a second fastify listener beside the store,
 * on its own port (PAYMENT_FIELDS_PORT), so card data is typed into frames of another origin than
 * the store's, as with Braintree's hosted fields (PCI DSS SAQ A). It serves:
 *
 * - /js/client.js: the Braintree-shaped client script (client, hostedFields, paypal, applePay);
 * - /hosted-fields/*: the field frames and their controller frame;
 * - POST /client/v1/tokenize: card in (from the controller frame only: same origin), single-use
 *   nonce out. Never logged; the number is not kept (type, last four and a salted hash only);
 * - PayPal: the approval popup (/paypal/checkout) and POST /client/v1/paypal/tokenize;
 * - Google Pay: /google-pay/pay.js (PaymentsClient stand-in), its sheet and the gateway token;
 * - Apple Pay: POST /client/v1/apple-pay/merchant-session (merchant validation) and
 *   /client/v1/apple-pay/tokenize (payment token -> nonce).
 *
 * Every /client/v1 call needs the tokenization key (PAYMENT_CLIENT_AUTHORIZATION). The store's
 * API never sees a card number: the page gets only nonce, card type and last four.
 *
 * Nothing is kept in this process: nonces, PayPal payments and Apple Pay merchant sessions are in
 * the database through the sandbox gateway (sandbox.ts, sandbox-wallets.ts), so a popup opened
 * on one API process's listener is approved and tokenised on another's.
 */
import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorHandler } from '../../platform/http/errors.js';
import { frameworkErrors, installInputRules } from '../../platform/http/input.js';
import { loggerOptions } from '../../platform/http/logging.js';
import { CARD_JS } from './client-assets/card.js';
import { CLIENT_JS } from './client-assets/client.js';
import { CONTROLLER_HTML, CONTROLLER_JS, FIELD_CSS, FIELD_HTML, FIELD_JS } from './client-assets/frames.js';
import { GOOGLE_PAY_JS, GOOGLE_PAY_SHEET_HTML, GOOGLE_PAY_SHEET_JS, PAYPAL_JS, WALLET_CSS } from './client-assets/wallets.js';
import type { SandboxGateway } from './sandbox.js';

export interface PaymentClientOriginOptions {
  /** The tokenization key the client calls must carry (PAYMENT_CLIENT_AUTHORIZATION). */
  authorization: string;
  /** The sandbox gateway the nonces are minted in (the store's: created by registerCheckout). */
  gateway: () => SandboxGateway;
  /** Logger level, or false for none (tests). Request logging is always off here. */
  logLevel?: string | false;
  /** Where the log goes (tests); stdout by default. */
  stream?: NodeJS.WritableStream;
  now?: () => number;
}

const HOUR = 60 * 60 * 1000;
const origin = z.string().max(200).regex(/^https?:\/\/[^/?#\s]+$/, 'Must be an http(s) origin');
const channel = z.string().regex(/^[a-z0-9]{4,64}$/, 'Must be 4 to 64 lower-case letters or digits');
const authorization = z.string().min(1).max(200);

const CARD_TYPES: Record<string, string> = { visa: 'Visa', mastercard: 'MasterCard', masterCard: 'MasterCard', amex: 'American Express', discover: 'Discover', jcb: 'JCB' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function buildPaymentClientOrigin(options: PaymentClientOriginOptions): FastifyInstance {
  const now = options.now ?? Date.now;
  const app = Fastify({
    logger: options.logLevel ? loggerOptions(options.logLevel, options.stream) : false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 16 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  // the store's text rule at the boundary: NUL, lone surrogates, bytes that are not UTF-8 -> 400 naming the field
  installInputRules(app);
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: 'NotFound', message: `Not found: ${request.url.split('?')[0]}` }));

  // Headers: a strict CSP for this origin's own pages (its frames may be embedded by any store
  // page: frame-ancestors http: https:, like Braintree's; the PayPal popup may not be framed).
  app.addHook('onSend', async (request, reply) => {
    const framed = !request.url.startsWith('/paypal/');
    reply.header(
      'content-security-policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors ${framed ? 'http: https:' : "'none'"}`,
    );
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  // The client API is called from the store's page (CORS, no credentials): Braintree's is too.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/client/v1/')) return;
    const requestOrigin = request.headers.origin;
    if (typeof requestOrigin === 'string' && /^https?:\/\/[^/\s]+$/.test(requestOrigin)) {
      reply.header('access-control-allow-origin', requestOrigin).header('vary', 'Origin');
    }
    if (request.method === 'OPTIONS') {
      return reply.code(204).header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type').header('access-control-max-age', '600').send();
    }
  });

  const asset = (path: string, type: string, body: string) =>
    app.get(path, async (_request, reply) => reply.header('content-type', type).header('cache-control', 'public, max-age=300').send(body));
  const js = 'text/javascript; charset=utf-8';
  const html = 'text/html; charset=utf-8';
  const css = 'text/css; charset=utf-8';
  asset('/js/client.js', js, CLIENT_JS);
  asset('/hosted-fields/card.js', js, CARD_JS);
  asset('/hosted-fields/field.js', js, FIELD_JS);
  asset('/hosted-fields/controller.js', js, CONTROLLER_JS);
  asset('/hosted-fields/field.html', html, FIELD_HTML);
  asset('/hosted-fields/controller.html', html, CONTROLLER_HTML);
  asset('/hosted-fields/field.css', css, FIELD_CSS);
  asset('/google-pay/pay.js', js, GOOGLE_PAY_JS);
  asset('/google-pay/sheet.html', html, GOOGLE_PAY_SHEET_HTML);
  asset('/google-pay/sheet.js', js, GOOGLE_PAY_SHEET_JS);
  asset('/paypal/paypal.js', js, PAYPAL_JS);
  asset('/wallets.css', css, WALLET_CSS);
  app.get('/', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('Fernleaf payment gateway stand-in (sandbox): hosted card fields, PayPal, Google Pay and Apple Pay test flows.'));

  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).send({ error: 'AuthorizationInvalid', code: 'CLIENT_AUTHORIZATION_INVALID', message: 'Authorization is invalid. Make sure your tokenization key is valid.' });
  const authorized = (given: string) => {
    const a = crypto.createHash('sha256').update(given).digest();
    const b = crypto.createHash('sha256').update(options.authorization).digest();
    return crypto.timingSafeEqual(a, b);
  };

  // ---- hosted fields: tokenisation (the controller frame posts here; never logged) ----
  app.post(
    '/client/v1/tokenize',
    {
      logLevel: 'silent',
      schema: {
        body: z.object({
          authorization,
          creditCard: z.object({
            number: z.string().regex(/^[0-9 ]{12,23}$/, 'Must be 12 to 19 digits'),
            expirationDate: z.string().regex(/^(0[1-9]|1[0-2]) ?\/ ?(\d{2}|\d{4})$/, 'Must be MM/YY or MM/YYYY'),
            cvv: z.string().regex(/^\d{3,4}$/, 'Must be 3 or 4 digits').optional(),
          }),
        }),
      },
    },
    async (request, reply) => {
      if (!authorized(request.body.authorization)) return unauthorized(reply);
      const card = request.body.creditCard;
      const result = await options.gateway().tokenizeCard({ number: card.number, expiry: card.expirationDate, cvv: card.cvv ?? '' });
      if (!result.ok) {
        const field = result.field === 'expiry' ? 'creditCard.expirationDate' : 'creditCard.number';
        return reply.code(400).send({ error: 'ValidationError', message: `Invalid body: ${field}: ${result.reason}.`, issues: [{ field, reason: result.reason }] });
      }
      const [month, year] = card.expirationDate.split('/').map((s) => s.trim());
      const { cardType, lastFour } = result.details;
      return reply.header('cache-control', 'no-store').send({
        nonce: result.nonce,
        type: 'CreditCard',
        description: `ending in ${lastFour.slice(-2)}`,
        details: { cardType, lastFour, lastTwo: lastFour.slice(-2), expirationMonth: month, expirationYear: year!.length === 2 ? `20${year}` : year },
      });
    },
  );

  // ---- PayPal: the approval popup (its payments: options.gateway().wallets, in the database) ----
  const wallets = () => options.gateway().wallets;
  const popupPage = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/wallets.css"></head><body class="paypal">${body}<script src="/paypal/paypal.js"></script></body></html>`;

  app.get(
    '/paypal/checkout',
    { schema: { querystring: z.object({ authorization, amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'Must be an amount like 12.34'), currency: z.string().regex(/^[A-Z]{3}$/), origin, channel }) } },
    async (request, reply) => {
      const q = request.query;
      reply.type(html).header('cache-control', 'no-store');
      if (!authorized(q.authorization)) return reply.code(401).send(popupPage('PayPal', '<main><h1>PayPal (test)</h1><p>This checkout could not be started: the store is not set up for PayPal.</p></main>'));
      const id = `PAYID-${crypto.randomBytes(10).toString('hex').toUpperCase()}`;
      await wallets().createPayPalPayment({ id, amount: q.amount, currency: q.currency, origin: q.origin, payerId: `PAYER${crypto.randomBytes(5).toString('hex').toUpperCase()}`, createdAt: now() });
      return reply.send(
        popupPage(
          'PayPal checkout (test)',
          `<main data-payment="${id}" data-channel="${escapeHtml(q.channel)}" data-origin="${escapeHtml(q.origin)}"><h1>PayPal (test)</h1>
<p class="note">A test approval page: no real money moves. Signed in as the sandbox buyer buyer@example.com.</p>
<p class="total">Pay ${escapeHtml(q.currency)} ${escapeHtml(q.amount)} to ${escapeHtml(new URL(q.origin).host)}</p>
<button type="button" id="approve">Agree and pay</button><button type="button" id="cancel" class="secondary">Cancel and return to the store</button></main>`,
        ),
      );
    },
  );
  for (const decision of ['approve', 'cancel'] as const) {
    app.post(`/paypal/checkout/:id/${decision}`, { schema: { params: z.object({ id: z.string().regex(/^PAYID-[0-9A-F]{20}$/) }) } }, async (request, reply) => {
      const payment = await wallets().decidePayPalPayment(request.params.id, decision === 'approve', now());
      if (!payment) return reply.code(404).send({ error: 'NotFound', message: 'This PayPal checkout has expired or does not exist.', status: 'error' });
      return { status: payment.state === 'APPROVED' ? 'approved' : 'cancelled', ...(payment.state === 'APPROVED' ? { payerId: payment.payerId } : {}) };
    });
  }
  app.post(
    '/client/v1/paypal/tokenize',
    { schema: { body: z.object({ authorization, paymentId: z.string().regex(/^PAYID-[0-9A-F]{20}$/), payerId: z.string().max(40).nullable().optional() }) } },
    async (request, reply) => {
      if (!authorized(request.body.authorization)) return unauthorized(reply);
      // APPROVED → TOKENIZED in one statement: a payment is tokenised once, whichever process is asked
      const payment = await wallets().tokenizePayPalPayment(request.body.paymentId, now());
      if (!payment) return reply.code(422).send({ error: 'PayPalNotApproved', code: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED', message: 'The PayPal payment was not approved.' });
      const nonce = await options.gateway().mintWalletNonce('paypal', { cardType: 'PayPal', lastFour: '' });
      return reply.header('cache-control', 'no-store').send({ nonce, type: 'PayPalAccount', details: { email: 'buyer@example.com', payerId: payment.payerId, firstName: 'Sandbox', lastName: 'Buyer' } });
    },
  );

  // ---- Google Pay: the sheet's gateway token (Braintree's androidPayCards format) ----
  app.post(
    '/google-pay/tokenize',
    {
      schema: {
        body: z.object({
          card: z.enum(['visa-1111', 'visa-1115']),
          gateway: z.literal('braintree'),
          gatewayMerchantId: z.string().max(100),
          authorization: z.string().max(200),
          totalPrice: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/),
          currencyCode: z.string().regex(/^[A-Z]{3}$/),
        }),
      },
    },
    async (request, reply) => {
      if (!authorized(request.body.authorization)) return unauthorized(reply);
      const lastFour = request.body.card === 'visa-1115' ? '1115' : '1111';
      const nonce = await options.gateway().mintWalletNonce('google-pay', { cardType: 'Visa', lastFour });
      const token = { androidPayCards: [{ type: 'AndroidPayCard', nonce, description: 'Android Pay', details: { cardType: 'Visa', lastTwo: lastFour.slice(-2), lastFour } }] };
      return reply.header('cache-control', 'no-store').send({
        apiVersion: 2,
        apiVersionMinor: 0,
        paymentMethodData: { type: 'CARD', description: `Visa •••• ${lastFour}`, info: { cardNetwork: 'VISA', cardDetails: lastFour }, tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify(token) } },
      });
    },
  );

  // ---- Apple Pay: merchant validation and the payment token (sessions: options.gateway().wallets) ----
  app.post(
    '/client/v1/apple-pay/merchant-session',
    { schema: { body: z.object({ authorization, validationURL: z.string().max(500), displayName: z.string().max(64), domainName: z.string().max(253) }) } },
    async (request, reply) => {
      if (!authorized(request.body.authorization)) return unauthorized(reply);
      let host = '';
      try {
        const url = new URL(request.body.validationURL);
        host = url.protocol === 'https:' ? url.hostname : '';
      } catch {
        host = '';
      }
      if (!host.endsWith('.apple.com')) {
        return reply.code(400).send({ error: 'ValidationError', code: 'APPLE_PAY_MERCHANT_VALIDATION_FAILED', message: 'Invalid body: validationURL: Must be an https Apple Pay URL.', issues: [{ field: 'validationURL', reason: 'Must be an https Apple Pay URL' }] });
      }
      const epochTimestamp = now();
      const merchantSessionIdentifier = `SSH${crypto.randomBytes(16).toString('hex').toUpperCase()}`;
      const expiresAt = epochTimestamp + HOUR;
      await wallets().createApplePaySession(merchantSessionIdentifier, epochTimestamp, expiresAt);
      const session = { epochTimestamp, expiresAt, merchantSessionIdentifier, nonce: crypto.randomBytes(4).toString('hex'), merchantIdentifier: 'merchant.nz.fernleaf.sandbox', domainName: request.body.domainName, displayName: request.body.displayName || 'Fernleaf' };
      const signature = crypto.createHmac('sha256', options.authorization).update(JSON.stringify(session)).digest('hex');
      return reply.header('cache-control', 'no-store').send({ ...session, signature, operationalAnalyticsIdentifier: `Fernleaf:${session.merchantIdentifier}` });
    },
  );
  app.post(
    '/client/v1/apple-pay/tokenize',
    {
      schema: {
        body: z.object({
          authorization,
          token: z.object({
            paymentData: z.object({ version: z.string().max(20), data: z.string().max(4000), signature: z.string().max(4000).optional(), header: z.record(z.string(), z.unknown()).optional() }),
            paymentMethod: z.object({ displayName: z.string().max(100).optional(), network: z.string().max(40), type: z.string().max(40).optional() }),
            transactionIdentifier: z.string().max(200),
          }),
        }),
      },
    },
    async (request, reply) => {
      if (!authorized(request.body.authorization)) return unauthorized(reply);
      const { token } = request.body;
      let data: { merchantSessionIdentifier?: unknown; lastFour?: unknown } = {};
      try {
        data = JSON.parse(Buffer.from(token.paymentData.data, 'base64').toString('utf8')) as typeof data;
      } catch {
        data = {};
      }
      // (decoded from the token, not checked by the body schema: only an identifier of ours is looked up)
      const sessionId = typeof data.merchantSessionIdentifier === 'string' && /^SSH[0-9A-F]{32}$/.test(data.merchantSessionIdentifier) ? data.merchantSessionIdentifier : null;
      const valid = sessionId !== null && (await wallets().applePaySessionValid(sessionId, now()));
      if (!valid) {
        return reply.code(422).send({ error: 'ApplePayTokenInvalid', code: 'APPLE_PAY_TOKENIZATION_FAILED', message: 'The Apple Pay token was not made for a merchant session of this gateway.' });
      }
      const network = token.paymentMethod.network;
      const cardType = (Object.hasOwn(CARD_TYPES, network) ? CARD_TYPES[network] : Object.hasOwn(CARD_TYPES, network.toLowerCase()) ? CARD_TYPES[network.toLowerCase()] : undefined) ?? network;
      const lastFour = typeof data.lastFour === 'string' && /^\d{4}$/.test(data.lastFour) ? data.lastFour : '1111';
      const nonce = await options.gateway().mintWalletNonce('apple-pay', { cardType, lastFour });
      return reply.header('cache-control', 'no-store').send({ nonce, type: 'ApplePayCard', description: `${cardType} ${lastFour.slice(-2)}`, details: { cardType, dpanLastTwo: lastFour.slice(-2), cardHolderName: '' } });
    },
  );

  return app;
}
