import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FraudConfig } from './index.js';

/** The store's side of fraud analytics for the page: which site id and script the checkout loads (the real provider's or the stand-in's). */
export const fraudConfigRoutes: FastifyPluginAsyncZod<{ config: FraudConfig }> = async (app, { config }) => {
  app.get(
    '/api/fraud/config',
    { schema: { tags: ['fraud'], summary: 'Site id and script URL for the page', response: { 200: z.object({ siteId: z.string(), scriptUrl: z.string() }) } } },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ siteId: config.siteId, scriptUrl: config.scriptUrl }),
  );
};
