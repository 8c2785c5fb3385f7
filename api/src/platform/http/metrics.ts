/**
 * Prometheus metrics (prom-client) at `/metrics`, one registry per app:
 * - `http_requests_total` and `http_request_duration_seconds` by method, route pattern (the
 *   matched route, e.g. `/api/orders/:number`, or `unmatched`; never the raw URL) and status;
 * - `ssr_render_duration_seconds` and `ssr_renders_total` by remote, version and outcome
 *   (rendered, failed = the browser renders the region, not_found) for the edge's server renders;
 * - `ssr_page_cache_lookups_total` by result (hit, miss), `ssr_page_cache_entries` and `_bytes`;
 * - `db_pool_connections` by state (total, idle, waiting) on PostgreSQL;
 * - prom-client's default process metrics (CPU, memory, handles, GC) and event-loop delay.
 *
 * Access (`metricsAccess`): with METRICS_TOKEN set, only `Authorization: Bearer <token>`; without
 * it, open outside production and not served (404) in production.
 */
import { shareWithSupervisor, workersMetrics } from '../cluster.js';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import client from 'prom-client';
import type { Database } from '../db/index.js';

export interface MetricsAccess {
  /** Bearer token /metrics requires (METRICS_TOKEN); null: none. */
  token: string | null;
  /** Served at all (false: production without a token). */
  enabled: boolean;
}

export function metricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  return { token, enabled: token !== null || env.NODE_ENV !== 'production' };
}

/** What the edge's server render reports (api/src/edge/ssr). */
export interface SsrMetrics {
  render(remote: string, version: string, outcome: 'rendered' | 'failed' | 'not_found', seconds: number): void;
  pageCacheLookup(hit: boolean): void;
}

export interface Metrics {
  registry: client.Registry;
  ssr: SsrMetrics;
  /** Reports the page cache's size when scraped. */
  pageCacheSize(read: () => { entries: number; bytes: number }): void;
  /** Counts a browser error report, by the remote it is attributed to (null: unknown) and level. */
  errorReport(remote: string | null, level: string): void;
}

/** Distinct remote labels the error-report counter takes (more are counted as "other": a client names them). */
const MAX_REPORT_REMOTES = 24;

const timingSafeEqual = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

export function registerMetrics(app: FastifyInstance, db: Database, access: MetricsAccess): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  shareWithSupervisor(registry);
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new client.Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route pattern', labelNames, registers: [registry] });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const renders = new client.Counter({ name: 'ssr_renders_total', help: "Server renders of a route's remote, by outcome (failed: the browser renders the region)", labelNames: ['remote', 'version', 'outcome'], registers: [registry] });
  const renderTime = new client.Histogram({
    name: 'ssr_render_duration_seconds',
    help: "Loader plus render time of a route's remote on the server",
    labelNames: ['remote', 'version', 'outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    registers: [registry],
  });
  const reports = new client.Counter({ name: 'client_error_reports_total', help: 'Browser error reports received, by the remote they are attributed to and level', labelNames: ['remote', 'level'], registers: [registry] });
  const reportRemotes = new Set<string>();
  const pageLookups = new client.Counter({ name: 'ssr_page_cache_lookups_total', help: 'Assembled-page cache lookups, by result', labelNames: ['result'], registers: [registry] });
  let pageCacheRead: (() => { entries: number; bytes: number }) | null = null;
  new client.Gauge({ name: 'ssr_page_cache_entries', help: 'Pages kept in the assembled-page cache', registers: [registry], collect() { if (pageCacheRead) this.set(pageCacheRead().entries); } });
  new client.Gauge({ name: 'ssr_page_cache_bytes', help: 'Estimated bytes held by the assembled-page cache', registers: [registry], collect() { if (pageCacheRead) this.set(pageCacheRead().bytes); } });
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new client.Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL connections of this process, by state (waiting: queries waiting for a connection)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    // (the edge's start-up warm-up marks its own requests: not traffic)
    if (route === '/metrics' || request.uncounted) return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const refuse = (reply: FastifyReply) => reply.code(401).header('www-authenticate', 'Bearer').header('cache-control', 'no-store').send({ error: 'Unauthorized', message: 'Send the metrics token as a bearer token.' });
  if (access.enabled) {
    app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (access.token !== null) {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (!given || !timingSafeEqual(given, access.token)) return refuse(reply);
      }
      // several processes on one machine: the sum over them (this one's own figures if the supervisor does not answer)
      const text = (await workersMetrics()) ?? (await registry.metrics());
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
    });
  }

  return {
    registry,
    ssr: {
      render(remote, version, outcome, seconds) {
        renders.inc({ remote, version, outcome });
        renderTime.observe({ remote, version, outcome }, seconds);
      },
      pageCacheLookup(hit) {
        pageLookups.inc({ result: hit ? 'hit' : 'miss' });
      },
    },
    pageCacheSize(read) {
      pageCacheRead = read;
    },
    errorReport(remote, level) {
      let label = remote ?? 'unknown';
      if (!reportRemotes.has(label)) {
        if (reportRemotes.size >= MAX_REPORT_REMOTES) label = 'other';
        else reportRemotes.add(label);
      }
      reports.inc({ remote: label, level: ['fatal', 'error', 'warning'].includes(level) ? level : 'other' });
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Not traffic (the edge's start-up warm-up): left out of the request metrics. */
    uncounted?: boolean;
  }
}
