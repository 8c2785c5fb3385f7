/** Wires the return requests service and routes. */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/index.js';
import { returnRoutes } from './routes.js';
import { ReturnService } from './service.js';

export function registerReturns(
  app: FastifyInstance,
  db: Database,
  { lookupsPerMinute = 10, windowDays = 60, now = Date.now }: { lookupsPerMinute?: number; windowDays?: number; now?: () => number } = {},
): void {
  app.register(returnRoutes, { returns: new ReturnService(db, { windowDays, now }), lookupsPerMinute });
}
