/**
 * POST /api/payments/braintree/webhook: Braintree's notifications (form fields `bt_signature` and
 * `bt_payload`). The signature is checked by the SDK (HMAC with the private key); a notification
 * that does not verify is 400 and nothing is done with it. A verified one is logged (kind,
 * transaction) and acknowledged with 200, so Braintree does not send it again.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@store/contracts';
import { WebhookSignatureError, type BraintreePaymentGateway } from './braintree.js';

const WebhookBody = z.object({ bt_signature: z.string().min(1).max(4_000), bt_payload: z.string().min(1).max(200_000) });

export const braintreeWebhookRoutes: FastifyPluginAsyncZod<{ gateway: Pick<BraintreePaymentGateway, 'parseWebhook'> }> = async (app, { gateway }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    '/api/payments/braintree/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: "Braintree webhook notifications (signature checked with the gateway's private key)",
        body: WebhookBody,
        response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        const notification = await gateway.parseWebhook(request.body.bt_signature, request.body.bt_payload);
        request.log.info({ webhook: notification }, 'payment gateway notification');
        return reply.send({ received: true });
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'payment gateway notification refused');
        return reply.code(400).send({ error: 'InvalidSignature', message: 'The notification signature does not verify.' });
      }
    },
  );
};
