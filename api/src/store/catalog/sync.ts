/**
 * Several API processes on one PostgreSQL: each keeps its own listing cache, tiles, product JSON
 * and in-memory search/facet indexes (catalog/service.ts), so a change made through one process
 * is announced to the others with PostgreSQL NOTIFY on the channel `fernleaf_catalog` and applied
 * there: a stock change drops the products' tiles, JSON and the listing pages showing them; a
 * catalogue change (`invalidate()`, the seed CLI) drops everything.
 *
 * Each process LISTENs on one dedicated connection. If that connection is lost, notifications may
 * have been missed: the process drops all its caches and listens again (retrying every few
 * seconds). On PGlite (one process per data directory) nothing is sent: in-process invalidation
 * is all there is to do.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../platform/db/index.js';
import type { CatalogChange, CatalogService } from './service.js';

export const CATALOG_CHANNEL = 'fernleaf_catalog';
/** NOTIFY payloads must stay under 8000 bytes: longer id lists become a full invalidation. */
const MAX_IDS = 500;

/** The node-postgres pool behind a drizzle database, or null for PGlite. */
export function postgresPoolOf(db: Database): pg.Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

export interface CatalogSync {
  /** Resolves once the listener is connected (tests wait for it). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Wires a catalogue to the other processes (PostgreSQL only) and closes the listener with the app. */
export function startCatalogSync(app: FastifyInstance, db: Database, catalog: CatalogService): CatalogSync | null {
  const pool = postgresPoolOf(db);
  if (!pool) return null;
  const origin = crypto.randomBytes(6).toString('hex');
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  catalog.setPublisher((change: CatalogChange) => {
    const payload = JSON.stringify(change.kind === 'stock' && change.productIds.length <= MAX_IDS ? { o: origin, k: 's', p: change.productIds } : { o: origin, k: 'a' });
    db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${payload})`).catch((error: unknown) => app.log.warn({ err: error }, 'catalog change not announced to the other processes'));
  });

  const apply = (payload: string | undefined) => {
    try {
      const message = JSON.parse(payload ?? '{}') as { o?: string; k?: string; p?: number[] };
      if (message.o === origin) return;
      if (message.k === 's' && Array.isArray(message.p)) catalog.stockChanged(message.p.map(Number), { remote: true });
      else catalog.invalidate({ remote: true });
    } catch {
      catalog.invalidate({ remote: true });
    }
  };

  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const listen = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      if (n.channel === CATALOG_CHANNEL) apply(n.payload);
    });
    c.on('error', (error) => {
      app.log.warn({ err: error }, 'catalog listener connection lost; caches dropped, listening again');
      lost(c);
    });
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`listen ${CATALOG_CHANNEL}`);
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      markReady();
    } catch (error) {
      app.log.warn({ err: error }, 'catalog listener could not connect; retrying');
      c.end().catch(() => undefined);
      schedule();
    }
  };
  const lost = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = null;
    // anything may have changed while nobody listened
    catalog.invalidate({ remote: true });
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, 3_000);
    retry.unref();
  };
  void listen();

  const close = async () => {
    closed = true;
    catalog.setPublisher(null);
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  app.addHook('onClose', close);
  const sync = { ready, close };
  app.decorate('catalogSync', sync);
  return sync;
}

/** Tells every API process listening on `db` to drop its catalogue caches (seed CLI, imports). */
export async function announceCatalogChanged(db: Database): Promise<void> {
  if (postgresPoolOf(db)) await db.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${JSON.stringify({ o: 'external', k: 'a' })})`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cross-process catalogue invalidation (PostgreSQL only; absent on PGlite). */
    catalogSync?: CatalogSync;
  }
}
