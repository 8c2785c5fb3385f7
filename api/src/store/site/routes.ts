import { ErrorReportAccepted, ErrorReportRequest, NavigationResponse, SubscribeRequest, SubscribeResponse, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/index.js';
import { errorReports } from '../../platform/db/schema-site.js';
import { loadNavigation } from './navigation.js';
import { subscribe } from './subscriptions.js';

export interface SiteRoutesOptions {
  db: Database;
}

/** Navigation changes rarely: a short browser cache, then revalidate. */
const NAV_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/site/navigation',
    {
      schema: {
        tags: ['site'],
        summary: 'Main navigation: items, dropdown columns (left/right) with optional images, and links',
        response: { 200: NavigationResponse },
      },
    },
    async (_request, reply) => reply.header('cache-control', NAV_CACHE).send({ items: await loadNavigation(db) }),
  );

  app.post(
    '/api/klaviyo/subscribe',
    {
      schema: {
        tags: ['site'],
        summary: 'Subscribe an e-mail address to marketing e-mails (idempotent per address)',
        body: SubscribeRequest,
        response: { 200: SubscribeResponse, 201: SubscribeResponse, 400: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const { email, source } = request.body;
      const status = await subscribe(db, email, source ?? 'footer');
      return reply
        .code(status === 'SUBSCRIBED' ? 201 : 200)
        .header('cache-control', 'no-store')
        .send({ status, email: email.trim().toLowerCase() });
    },
  );

  app.post(
    '/api/site/errors',
    {
      // sendBeacon posts text/plain-free JSON blobs; accept up to 32 KB
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['site'],
        summary: 'Local error-report collector (what the storefront error reporter sends)',
        body: ErrorReportRequest,
        response: { 202: ErrorReportAccepted, 400: ValidationErrorBody },
      },
    },
    async (request, reply) => {
      const report = request.body;
      const [row] = await db
        .insert(errorReports)
        .values({
          kind: report.kind,
          level: report.level,
          message: report.message,
          code: report.code ?? null,
          source: report.source ?? null,
          location: report.location,
          release: report.release ?? null,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
          report,
        })
        .returning({ id: errorReports.id });
      return reply.code(202).header('cache-control', 'no-store').send({ id: row!.id });
    },
  );
};
