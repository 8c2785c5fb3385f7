import crypto from 'node:crypto';
import { ErrorBody, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FraudConfig } from '../../store/fraud/index.js';
import { clientScript, localWireAnswer, type LocalFraud } from './local.js';

export interface FraudRoutesOptions {
  config: FraudConfig;
  local: LocalFraud;
}

const sameSecret = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/** The local fraud-analytics stand-in: the page script and its decision endpoint (the store's own config route is in store/fraud/routes.ts). */
export const fraudRoutes: FastifyPluginAsyncZod<FraudRoutesOptions> = async (app, { config, local }) => {
  const tags = ['fraud'];

  app.get(
    '/api/fraud/script.js',
    {
      schema: {
        tags,
        summary: "Local stand-in of the fraud script: sets the forterToken cookie (400 days) and dispatches 'ftr:tokenReady' with the token",
        querystring: z.object({ siteId: z.string().min(1).max(100), test: z.enum(['decline']).optional().describe('Not in production: a token the local stand-in declines') }),
      },
    },
    async (request, reply) => {
      const token = local.issue(request.query.siteId, request.query.test);
      if (!token) {
        const message = request.query.siteId === config.siteId ? 'Test tokens are not available here.' : 'Unknown site id.';
        return reply.code(400).send({ error: 'InvalidSiteId', message });
      }
      // every load gets its own token: never cached
      return reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-store').send(clientScript(token));
    },
  );

  app.post(
    '/api/fraud/decision',
    {
      // the body carries the token: never log this route's requests
      logLevel: 'silent',
      schema: {
        tags,
        summary: 'Local stand-in of the decision endpoint (Forter-like order validation; Basic auth with the secret)',
        headers: z.object({ authorization: z.string().max(1000).optional(), 'x-forter-siteid': z.string().max(100).optional() }).passthrough(),
        body: z
          .object({
            orderId: z.string().min(1).max(40),
            connectionInformation: z.object({ forterTokenCookie: z.string().max(500).nullable().optional() }).passthrough(),
          })
          .passthrough(),
        response: { 200: z.object({ action: z.string(), reasonCode: z.string().optional() }), 400: ValidationErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
      const user = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8').split(':')[0] ?? '' : '';
      if (!sameSecret(user, config.secret) || request.headers['x-forter-siteid'] !== config.siteId) {
        return reply.code(401).send({ error: 'Unauthorized', message: 'Unknown site id or secret.' });
      }
      return localWireAnswer(local, request.body.connectionInformation.forterTokenCookie);
    },
  );
};
