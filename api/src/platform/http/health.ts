import { HealthResponse } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The server only listens once migrations and the seed are done, so reaching this means ready. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness and readiness', response: { 200: HealthResponse } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
};
