import cluster from 'node:cluster';
import fs from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { buildApp, buildPaymentStandIn, type SandboxGateway } from './app.js';
import { intSetting, loadConfig } from './config.js';
import { openDatabase } from './platform/db/index.js';
import { analyticsFromEnv, registerEdge } from './edge/edge.js';
import { pgRegistryDatabase, RegistryFollower } from './edge/registry-follower.js';
import { CanaryJudge, judgeFromEnv, releaseToolAct, runReleaseTool } from './edge/canary-judge.js';
import { operatorFromEnv } from './operator/auth.js';
import { fileHistory, postgresHistory, registerOperator } from './operator/routes.js';
import { RenderHealthRecorder } from './edge/release-health.js';
import { productionRefusal } from './production.js';
import { overrideOriginsFromEnv } from './platform/http/security.js';
import { paymentClientOrigins } from './store/payments/client-config.js';
import { seedIfEmpty } from './seed/index.js';
import { startTelemetry } from './platform/telemetry.js';
import { supervise } from './platform/cluster.js';
import { warmUpPages } from './edge/warm-up.js';

const started = Date.now();
const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(`[api] ${message}`);
// A setting the server cannot use: one line naming it, exit 1 (no stack trace).
const settings = (() => {
  try {
    const config = loadConfig(process.env, here);
    const processes = intSetting(process.env, 'API_PROCESSES', 1, 1, 64);
    if (processes > 1 && !config.databaseUrl) throw new Error('API_PROCESSES above 1 needs DATABASE_URL (PostgreSQL): PGlite is one process per data directory');
    const edge = {
      analytics: analyticsFromEnv(),
      ssrBudgetMs: process.env.SSR_BUDGET_MS ? intSetting(process.env, 'SSR_BUDGET_MS', 150, 1, 60_000) : undefined,
      // several processes on the machine: one renderer each unless told otherwise
      ssrRenderers: process.env.SSR_RENDERERS ? intSetting(process.env, 'SSR_RENDERERS', 1, 1, 64) : processes > 1 ? 1 : undefined,
      judge: judgeFromEnv(),
    };
    const operator = operatorFromEnv(process.env);
    // The old generation grows by at most this share between major collections. On its own V8
    // lets it grow up to 4x under a fast-allocating load, so a flood of requests left 150-200 MB
    // of garbage in the resident set until the next collection. 0: V8's own choice.
    const heapGrowingPercent = intSetting(process.env, 'HEAP_GROWING_PERCENT', 50, 0, 300);
    // read at every collection, so it applies from here on
    if (heapGrowingPercent > 0) v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
    // pages rendered once at start-up before the process is ready (edge/warm-up.ts); 0: none
    const warmUpPages = intSetting(process.env, 'WARM_UP_PAGES', 120, 0, 10_000);
    return { config, edge, operator, processes, warmUpPages, refusal: productionRefusal(process.env, config) };
  } catch (error) {
    console.error(`[api] cannot start: ${error instanceof Error ? error.message : inspect(error)}`);
    process.exit(1);
  }
})();
const { config } = settings;
// Production refuses public default secrets and the local stand-ins (src/production.ts).
const refusal = settings.refusal;
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
// API_PROCESSES > 1: this process only supervises that many workers of this same server (src/platform/cluster.ts)
if (settings.processes > 1 && cluster.isPrimary) await supervise(settings.processes, log);
if (process.env.NODE_ENV === 'production' && config.botcheck.mintOpen) log('WARNING: BOTCHECK_OPEN_MINT=1: the bot-check stand-in issues passing tokens to anyone (automated tests only)');

log(config.databaseUrl ? `database: PostgreSQL ${config.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')}` : `database: PGlite ${config.dataDir}`);
const database = await openDatabase(config).catch((error: unknown) => {
  // e.g. the PGlite directory is held by another process (DataDirInUseError names it and the pid)
  console.error(`[api] cannot start: ${error instanceof Error ? error.message : inspect(error)}`);
  process.exit(1);
});
log(`migrations applied (${Date.now() - started} ms)`);
const seeded = await seedIfEmpty(database.db, { products: config.seedProducts });
if (seeded) log(`seeded ${seeded.products} products in ${seeded.ms} ms`);

// OpenTelemetry (only with an OTLP endpoint configured): before any Fastify instance is created
const telemetry = await startTelemetry(process.env).catch((error: unknown) => {
  console.error(`[api] cannot start: ${error instanceof Error ? error.message : inspect(error)}`);
  process.exit(1);
});
if (telemetry) log(`tracing to ${telemetry.url}`);

// The payment gateway stand-in's own origin (hosted card fields, wallets), on its own
// port. It starts first so a free port (PAYMENT_FIELDS_PORT=0) is known before the CSP is built;
// its nonces are minted in the store's sandbox gateway, created by buildApp below.
const gatewayRef: { current?: SandboxGateway } = {};
const standIn =
  config.payments.standInPort === null
    ? null
    : buildPaymentStandIn({
        authorization: config.payments.authorization,
        gateway: () => {
          if (!gatewayRef.current) throw new Error('the payment gateway is not ready yet');
          return gatewayRef.current;
        },
        logLevel: config.logLevel,
      });
if (standIn) {
  try {
    await standIn.listen({ port: config.payments.standInPort!, host: config.host });
    const { port } = standIn.server.address() as { port: number };
    if (config.payments.standInPort === 0 && !process.env.PAYMENT_FIELDS_ORIGIN?.trim()) {
      config.payments.standInOrigin = `http://localhost:${port}`;
      config.security.paymentClientOrigins = paymentClientOrigins(config.payments);
    }
    log(`payment stand-in (card fields, wallets) on port ${port}, reached at ${config.payments.standInOrigin}`);
  } catch (error) {
    // the store still runs: saved cards, Afterpay and gift cards work; new cards and wallets do not
    // the checkout is told there is no card client (it says so at once instead of waiting for a script that cannot load)
    if (config.payments.clientScriptUrls.length === 0) config.payments.standInPort = null;
    log(`WARNING: the payment stand-in could not listen on port ${config.payments.standInPort} (${error instanceof Error ? error.message : String(error)}): card fields and wallets are unavailable. Set PAYMENT_FIELDS_PORT.`);
  }
}

const app = buildApp({ config, db: database.db, logger: { level: config.logLevel } });
gatewayRef.current = app.paymentGateway;
// REGISTRY=postgres: the live versions come from the database, the builds into a local cache
const registryDb = config.registry.kind === 'postgres' ? pgRegistryDatabase(config.registry.url) : undefined;
const follower = registryDb ? new RegistryFollower({ db: registryDb, cacheDir: config.edgeCacheDir, log: app.log }) : undefined;
if (follower) {
  await follower.start();
  log(`registry: PostgreSQL, builds cached in ${config.edgeCacheDir}`);
}
// each version's render outcomes in the database (release_health), and the canary judge over them
const health = new RenderHealthRecorder(database.db, { flushMs: Math.min(5000, settings.edge.judge?.intervalMs ?? 5000), onError: (error) => app.log.warn({ err: error }, 'release health: counting renders failed') });
await registerEdge(app, { deployDir: config.deployDir, registry: follower, analytics: settings.edge.analytics, overrideOrigins: overrideOriginsFromEnv(), health,
  ssr: process.env.SSR !== '0',
  ssrBudgetMs: settings.edge.ssrBudgetMs,
  ssrRenderers: settings.edge.ssrRenderers,
  // the built renderer next to dist/server.js (renderer.cjs); from source (tsx), renderer.ts bundled on first use
  ssrRendererScript: fs.existsSync(path.join(here, 'renderer.cjs')) ? path.join(here, 'renderer.cjs') : path.join(here, 'edge', 'ssr', 'renderer.ts'),
  sourceMaps: config.sourceMaps,
  ssrDisabled: (process.env.SSR_DISABLED_REMOTES ?? '').split(',').map((s) => s.trim()).filter(Boolean),
});
const judgeSettings = settings.edge.judge;
const judge = judgeSettings
  ? new CanaryJudge({ db: database.db, deployDir: follower?.deployDir ?? config.deployDir, settings: judgeSettings, act: releaseToolAct(config.repoRoot, { ...process.env, DEPLOY_DIR: config.deployDir }), log: app.log })
  : null;
judge?.start();
// the operator page (/operator): releases, their figures and history, promote / pause / rollback
if (settings.operator) {
  await registerOperator(app, {
    settings: settings.operator,
    db: database.db,
    deployDir: follower?.deployDir ?? config.deployDir,
    history: registryDb ? postgresHistory((text) => registryDb.query(text)) : fileHistory(config.deployDir),
    releaseTool: (args) => runReleaseTool(config.repoRoot, { ...process.env, DEPLOY_DIR: config.deployDir }, args),
  });
}

/**
 * SIGTERM (or SIGINT): readiness turns 503 at once (a balancer probing /api/health/ready stops
 * sending traffic); after SHUTDOWN_DELAY_SECONDS (default 0: set it to a few probe intervals behind
 * a balancer) the server stops taking connections, finishes the requests in flight (a new request
 * on a kept-alive connection gets 503 and `Connection: close`), closes the database and exits 0.
 * Still running after SHUTDOWN_TIMEOUT_SECONDS (default 10) more: exit 1.
 */
const shutdownDelayMs = secondsFromEnv('SHUTDOWN_DELAY_SECONDS', 0) * 1000;
const shutdownTimeoutMs = secondsFromEnv('SHUTDOWN_TIMEOUT_SECONDS', 10) * 1000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.readiness.draining = true;
  log(`${signal}: draining (readiness 503)${shutdownDelayMs > 0 ? `; closing in ${shutdownDelayMs / 1000} s` : ''}`);
  if (shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
  const timer = setTimeout(() => {
    console.error(`[api] requests still running after ${shutdownTimeoutMs / 1000} s: exiting anyway`);
    process.exit(1);
  }, shutdownTimeoutMs);
  timer.unref();
  try {
    await judge?.stop();
    await app.close();
    await follower?.stop();
    await standIn?.close();
    await database.close();
    await telemetry?.shutdown();
    log('closed');
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const { port: listeningPort } = app.server.address() as { port: number };
log(`listening on http://${shownHost}:${listeningPort} (ready in ${Date.now() - started} ms${config.apiDocs ? '; API docs at /api/docs' : ''})`);
// Load the catalogue's in-memory indexes (facets, full text, tiles) now, not on the first listing;
// /api/health/ready answers 503 until they are (tried again every 5 s while the database is unreachable).
const warming = Date.now();
// Then a sample of pages is rendered once and forgotten (edge/warm-up.ts): the first shoppers after a
// start do not pay for the page code's first, unoptimised runs. WARM_UP_PAGES=0: none.
const warmUpPageCount = settings.warmUpPages;
app.readiness.pagesWarm = warmUpPageCount === 0;
const warm = (): void => {
  app.catalog.warm().then(
    () => {
      app.readiness.catalogLoaded = true;
      log(`catalogue indexes loaded (${Date.now() - warming} ms)`);
      if (app.readiness.pagesWarm) return;
      void warmUpPages(app, { pages: warmUpPageCount }).then(
        ({ remotes, pages, ms }) => log(`warmed up: ${remotes} remote warm-ups, ${pages} pages rendered (${ms} ms)`),
        (error: unknown) => log(`warm-up stopped: ${String(error)}`),
      ).finally(() => {
        app.readiness.pagesWarm = true;
      });
    },
    (error: unknown) => {
      log(`catalogue indexes not loaded yet: ${String(error)}`);
      if (!closing) setTimeout(warm, 5_000).unref();
    },
  );
};
warm();

function secondsFromEnv(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 3600) {
    console.error(`[api] cannot start: ${name} must be a number of seconds from 0 to 3600 (got "${raw}")`);
    process.exit(1);
  }
  return value;
}
