/**
 * Return endpoints: guest lookup (rate-limited like the guest order lookup), the token holder's
 * view, the signed-in customer's return token, and POST /api/returns (rate-limited too).
 */
import { ErrorBody, ReturnableOrder, ReturnCreateRequest, ReturnCreateResponse, ReturnLookupRequest, ReturnOrderParams, ReturnTokenQuery, ValidationErrorBody } from '@store/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf, tooManyRequests } from '../../platform/http/rate-limit.js';
import { ReturnError, type ReturnService } from './service.js';

export interface ReturnRoutesOptions {
  returns: ReturnService;
  /** Per client and minute, for the lookup and for creation (each its own budget). */
  lookupsPerMinute: number;
}

export const returnRoutes: FastifyPluginAsyncZod<ReturnRoutesOptions> = async (app, opts) => {
  const { returns } = opts;
  // shared by every API process (rate_limits table), per client and minute
  const lookupRule = { bucket: 'return-lookup', limit: opts.lookupsPerMinute, windowSeconds: 60 };
  const createRule = { bucket: 'return-create', limit: opts.lookupsPerMinute, windowSeconds: 60 };
  const refused = async (request: FastifyRequest, reply: FastifyReply, rule: typeof lookupRule): Promise<boolean> => {
    const decision = await app.rateLimits.take(rule, clientOf(request));
    if (decision.ok) return false;
    tooManyRequests(reply, decision, 'Too many attempts. Try again in a minute.');
    return true;
  };
  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof ReturnError) return reply.code(error.statusCode as 404).send({ error: error.code, message: error.message });
    throw error;
  };

  app.post(
    '/api/returns/lookup',
    {
      schema: {
        tags: ['orders'],
        summary: 'Guest return: the returnable lines of an order (number and e-mail) and its return token',
        body: ReturnLookupRequest,
        response: { 200: ReturnableOrder, 400: ValidationErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (await refused(request, reply, lookupRule)) return reply;
      try {
        return await returns.lookup(request.body.number, request.body.email);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.get(
    '/api/returns/orders/:number',
    {
      schema: {
        tags: ['orders'],
        summary: 'The returnable lines of an order, for the holder of its return token',
        params: ReturnOrderParams,
        querystring: ReturnTokenQuery,
        response: { 200: ReturnableOrder, 400: ValidationErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (await refused(request, reply, lookupRule)) return reply;
      try {
        return await returns.withToken(request.params.number, request.query.token);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.get(
    '/api/account/orders/:number/return-token',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['orders'],
        summary: "The return token of one of the signed-in customer's orders (for /account/orders/{number}/return/{token})",
        params: ReturnOrderParams,
        response: { 200: z.object({ returnToken: z.string() }), 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      try {
        return { returnToken: await returns.tokenForUser(request.params.number, request.user!.sub) };
      } catch (error) {
        return fail(reply, error);
      }
    },
  );

  app.post(
    '/api/returns',
    {
      schema: {
        tags: ['orders'],
        summary: 'Creates a return request for items of one order (never more than ordered, less earlier returns)',
        body: ReturnCreateRequest,
        response: { 200: ReturnCreateResponse, 400: ValidationErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      if (await refused(request, reply, createRule)) return reply;
      try {
        return await returns.create(request.body);
      } catch (error) {
        return fail(reply, error);
      }
    },
  );
};
