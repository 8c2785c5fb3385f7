/**
 * The signed-in customer's saved cards: GET /api/account/payment-methods, DELETE
 * /api/account/payment-methods/{id}, POST /api/account/payment-methods/{id}/default. Cards are
 * saved at checkout (payment method BRAINTREE_CREDIT_CARD with saveCard). Another customer's id
 * is 404, like an id that does not exist.
 */
import { ErrorBody, SavedPaymentMethodParams, SavedPaymentMethodsResponse, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SavedCards } from './saved-cards.js';

export const savedCardRoutes: FastifyPluginAsyncZod<{ savedCards: SavedCards }> = async (app, { savedCards }) => {
  // onRequest: a missing or bad token is 401 before the parameters are validated.
  const auth = { onRequest: app.authenticate };
  const sub = (request: { user?: { sub: string } }) => request.user!.sub;
  const notFound = { error: 'NotFound', message: 'Payment method not found.' };
  const tags = ['account'];

  app.get(
    '/api/account/payment-methods',
    { ...auth, schema: { tags, summary: 'Saved cards, newest first', response: { 200: SavedPaymentMethodsResponse, 401: ErrorBody } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ paymentMethods: await savedCards.list(sub(request)) }),
  );

  app.delete(
    '/api/account/payment-methods/:id',
    { ...auth, schema: { tags, summary: 'Delete a saved card', params: SavedPaymentMethodParams, response: { 200: SavedPaymentMethodsResponse, 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      if (!(await savedCards.remove(sub(request), request.params.id))) return reply.code(404).send(notFound);
      return reply.header('cache-control', 'no-store').send({ paymentMethods: await savedCards.list(sub(request)) });
    },
  );

  app.post(
    '/api/account/payment-methods/:id/default',
    { ...auth, schema: { tags, summary: 'Make a saved card the default', params: SavedPaymentMethodParams, response: { 200: SavedPaymentMethodsResponse, 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      if (!(await savedCards.setDefault(sub(request), request.params.id))) return reply.code(404).send(notFound);
      return reply.header('cache-control', 'no-store').send({ paymentMethods: await savedCards.list(sub(request)) });
    },
  );
};
