/**
 * Health endpoints:
 * - `/api/health/live`: the process answers (its event loop runs). A failing liveness probe means
 *   restart the process.
 * - `/api/health/ready`: 200 only while the process should get traffic: the database answers (a
 *   `select 1` within 2 s), the catalogue's in-memory indexes are loaded, and the process is not
 *   draining (a SIGTERM was received). Otherwise 503 with the failing checks.
 * - `/api/health`: as before (200 once the server listens, which is after migrations and the seed),
 *   kept for existing probes.
 */
import { HealthResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/index.js';

/** What readiness depends on besides the database; server.ts sets it as the process starts and stops. */
export class Readiness {
  /** The catalogue's in-memory indexes are loaded (catalog.warm()). */
  catalogLoaded = false;
  /** The start-up sample of pages has been rendered (edge/warm-up.ts); true where nothing warms up. */
  pagesWarm = true;
  /** SIGTERM received: finishing in-flight requests, taking no new ones. */
  draining = false;
}

const DB_CHECK_TIMEOUT_MS = 2_000;

const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  checks: z.object({ database: z.enum(['ok', 'failed']), catalog: z.enum(['loaded', 'loading']), pages: z.enum(['warm', 'warming']), draining: z.boolean() }),
});

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), DB_CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; readiness: Readiness }> = async (app, { db, readiness }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'The server listens (migrations and seed done); kept for existing probes', response: { 200: HealthResponse } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get(
    '/api/health/live',
    { schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: HealthResponse } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, the catalogue indexes are loaded, the start-up pages are rendered and the process is not draining (else 503)',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(db)) ? 'ok' : 'failed';
      const checks = { database, catalog: readiness.catalogLoaded ? 'loaded' : 'loading', pages: readiness.pagesWarm ? 'warm' : 'warming', draining: readiness.draining } as const;
      const status = readiness.draining ? 'draining' : database === 'ok' && readiness.catalogLoaded && readiness.pagesWarm ? 'ready' : 'unavailable';
      return reply
        .code(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status, checks });
    },
  );
};
