import { ErrorBody, ErrorReportAccepted, ErrorReportRequest, NavigationResponse, SubscribeRequest, SubscribeResponse, ValidationErrorBody } from '@store/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/index.js';
import { errorReports } from '../../platform/db/schema-site.js';
import { addHealth } from '../../edge/release-health.js';
import { clientOf, tooManyRequests } from '../../platform/http/rate-limit.js';
import { attribute, DEFAULT_ERROR_REPORT_SETTINGS, reportPruner, type ErrorReportSettings } from './error-reports.js';
import { loadNavigation } from './navigation.js';
import { z } from 'zod';
import { METRICS, WebVitalsRecorder } from '../../edge/web-vitals.js';
import { subscribe } from './subscriptions.js';

export interface SiteRoutesOptions {
  db: Database;
  errorReports?: ErrorReportSettings;
  /** Where field Web Vitals are counted (none: the collector answers 202 and counts nothing). */
  webVitals?: { recorder: WebVitalsRecorder; perMinute: number };
}

const NAME = /^[a-z][a-z0-9_]{0,39}$/;
const VERSION = /^[A-Za-z0-9._-]{1,64}$/;
/** A page's Web Vitals, each attributed to the remote and version that rendered its region or ran its script. */
const VitalsReport = z.object({
  path: z.string().max(2000).optional(),
  metrics: z
    .array(
      z.object({
        name: z.enum(METRICS),
        value: z.number().min(0).max(3_600_000),
        remote: z.string().regex(NAME),
        version: z.string().regex(VERSION).nullable(),
      }),
    )
    .min(1)
    .max(10),
});
const VitalsAccepted = z.object({ counted: z.number().int() });

/** Navigation changes rarely: a short browser cache, then revalidate. */
const NAV_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/**
 * /pcr, a configured path of the store: PCR is post-consumer recycled, and the path is the short
 * address of the products made with recycled materials (the Features filter's "Recycled
 * materials"). A permanent redirect that keeps the query (a campaign's utm_* or ref).
 */
export const PCR_TARGET = '/search?feature=recycled-materials';

export const siteRoutes: FastifyPluginAsyncZod<SiteRoutesOptions> = async (app, { db, errorReports: settings = DEFAULT_ERROR_REPORT_SETTINGS, webVitals }) => {
  app.get('/pcr', { schema: { hide: true } }, async (request, reply) => {
    const url = request.raw.url ?? '/pcr';
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    return reply.header('cache-control', 'public, max-age=3600').redirect(query ? `${PCR_TARGET}&${query}` : PCR_TARGET, 308);
  });
  const prune = reportPruner(db, settings);
  const limit = { bucket: 'error-reports', limit: settings.perMinute, windowSeconds: 60 };
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
      // a report is at most about 12 KB (a 2,000-character message, an 8,000-character stack)
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['site'],
        summary: 'Error-report collector: reports from the browser, attributed to the remote and version that raised them, rate-limited per client and kept for a set time',
        body: ErrorReportRequest,
        response: { 202: ErrorReportAccepted, 400: ValidationErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const decision = await app.rateLimits.take(limit, clientOf(request));
      if (!decision.ok) return tooManyRequests(reply.header('cache-control', 'no-store'), decision, 'Too many error reports from this client: try again later.', 'TooManyReports');
      const report = request.body;
      const { remote, version } = attribute(report);
      app.metrics?.errorReport(remote, report.level);
      void prune().catch((error: unknown) => request.log.warn({ err: error }, 'error-report pruning failed'));
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
          remote,
          remoteVersion: version,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
          report,
        })
        .returning({ id: errorReports.id });
      // the version's health, for the canary judge
      if (remote && version) await addHealth(db, remote, version, { errorReports: 1 }, new Date()).catch((error: unknown) => request.log.warn({ err: error }, 'release health: counting the report failed'));
      return reply.code(202).header('cache-control', 'no-store').send({ id: row!.id });
    },
  );

  const vitalsLimit = { bucket: 'web-vitals', limit: webVitals?.perMinute ?? 30, windowSeconds: 60 };
  app.post(
    '/api/site/vitals',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['site'],
        summary: 'Field Web Vitals collector: a page\'s INP, LCP, CLS, FCP and TTFB, counted per minute, remote, version and metric in fixed buckets (no single measurement is kept), rate-limited per client',
        body: VitalsReport,
        response: { 202: VitalsAccepted, 400: ValidationErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const decision = await app.rateLimits.take(vitalsLimit, clientOf(request));
      if (!decision.ok) return tooManyRequests(reply.header('cache-control', 'no-store'), decision, 'Too many Web Vitals reports from this client: try again later.', 'TooManyReports');
      let counted = 0;
      for (const metric of request.body.metrics) {
        if (!metric.version || !webVitals) continue; // a version is needed to count it
        webVitals.recorder.record(metric.remote, metric.version, metric.name, metric.value);
        counted += 1;
      }
      return reply.code(202).header('cache-control', 'no-store').send({ counted });
    },
  );
};
