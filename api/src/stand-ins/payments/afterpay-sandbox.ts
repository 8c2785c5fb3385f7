/**
 * The sandbox Afterpay approval page (HTML) and its approve/decline form posts: what the local
 * pay-later stand-in (`SandboxPayLater`, ./sandbox.ts) shows the shopper between placing an
 * Afterpay order and returning to the store. The composition root (api/src/app.ts) hands it to the
 * checkout routes (api/src/store/checkout/routes.ts, `payLaterPages`), which register it last in
 * their scope, so the paths, their order and the form-body parser they rely on are those routes'.
 */
import { formatMoney } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AFTERPAY_EXPIRED_MESSAGE, type OrderService } from '../../store/orders/service.js';
import type { SandboxPayLater } from './sandbox.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export interface AfterpaySandboxRoutesOptions {
  orders: OrderService;
  payLater: SandboxPayLater;
}

/** GET /api/payments/afterpay/checkout/:token, POST …/:token/approve and …/:token/decline. */
export function registerAfterpaySandboxRoutes(app: ZodApp, { orders, payLater }: AfterpaySandboxRoutesOptions): void {
  const TokenParams = z.object({ token: z.string().regex(/^apt_[0-9a-f]{32}$/) });
  const expiredPage = () =>
    page('Checkout expired', `<p>${escapeHtml(AFTERPAY_EXPIRED_MESSAGE)} Nothing was charged.</p><p><a href="/cart">Back to your cart</a></p>`);
  app.get('/api/payments/afterpay/checkout/:token', { schema: { tags: ['payments'], summary: 'Sandbox Afterpay approval page (HTML)', params: TokenParams } }, async (request, reply) => {
    const checkout = await payLater.get(request.params.token);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (!checkout) return reply.code(404).send(page('Checkout not found', '<p>This Afterpay checkout has expired or does not exist.</p><p><a href="/cart">Back to your cart</a></p>'));
    if (checkout.state === 'EXPIRED') {
      // touching an expired checkout expires its order (the sweep may not have run yet)
      await orders.expireIfDue(checkout.orderNumber);
      return reply.code(410).send(expiredPage());
    }
    const instalment = Math.floor(checkout.amount / 4);
    const first = checkout.amount - instalment * 3;
    const body =
      checkout.state === 'PENDING'
        ? `<p class="total">Order ${escapeHtml(checkout.orderNumber)}: <strong>${formatMoney(checkout.amount, request.market)}</strong></p>
           <p>Pay in 4 interest-free payments every 2 weeks: ${formatMoney(first, request.market)} today, then 3 payments of ${formatMoney(instalment, request.market)}.</p>
           <form method="post" action="/api/payments/afterpay/checkout/${checkout.orderNumber ? request.params.token : ''}/approve"><button type="submit">Confirm and pay with Afterpay</button></form>
           <form method="post" action="/api/payments/afterpay/checkout/${request.params.token}/decline"><button type="submit" class="secondary">Cancel and return to the store</button></form>`
        : `<p>This checkout is ${checkout.state.toLowerCase()}.</p><p><a href="/checkout/payment">Return to the store</a></p>`;
    return page('Afterpay sandbox', body, request.market.locale);
  });
  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/payments/afterpay/checkout/:token/${decision}`,
      { schema: { tags: ['payments'], summary: `Sandbox Afterpay: ${decision} (409 once the checkout has expired)`, params: TokenParams } },
      async (request, reply) => {
        const checkout = await payLater.decide(request.params.token, decision === 'approve');
        if (!checkout) return reply.code(404).send({ error: 'NotFound', message: 'Checkout not found.' });
        if (checkout.state === 'EXPIRED') {
          await orders.expireIfDue(checkout.orderNumber);
          reply.header('cache-control', 'no-store').code(409);
          // the approval page posts a form: a browser gets the page, an API client the error body
          if (request.headers.accept?.includes('text/html')) return reply.type('text/html; charset=utf-8').send(expiredPage());
          return reply.send({ error: 'AfterpayCheckoutExpired', message: AFTERPAY_EXPIRED_MESSAGE });
        }
        const status = checkout.state === 'APPROVED' || checkout.state === 'CAPTURED' ? 'SUCCESS' : 'CANCELLED';
        return reply.redirect(`${checkout.returnUrl || '/checkout/payment'}?afterpayToken=${request.params.token}&afterpayStatus=${status}`, 303);
      },
    );
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string, lang = 'en-NZ'): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#b2fce4;color:#111;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:16px;padding:2rem;max-width:26rem;box-shadow:0 4px 24px #0002}h1{margin-top:0}button{display:block;width:100%;padding:.9rem;margin:.6rem 0;border-radius:999px;border:0;background:#111;color:#fff;font-size:1rem;cursor:pointer}button.secondary{background:#fff;color:#111;border:1px solid #111}.total{font-size:1.2rem}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>This is a test payment page: no real money moves.</p>${body}</main></body></html>`;
}

