import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import { schema } from './tables.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl' | 'migrationsDir'>;

/**
 * Opens the database and applies the committed migrations: PGlite in `dataDir` (created when
 * missing; "memory://" for an in-memory one), or PostgreSQL through node-postgres when
 * `databaseUrl` is set. Same schema, migrations and queries either way.
 */
export interface OpenDatabaseOptions {
  /**
   * A gzipped PGlite data directory (from `dumpDataDir('gzip')`) to start a brand-new directory
   * from instead of running initdb. Tests use one with the migrations already applied.
   */
  pgliteTemplate?: string;
}

function isFreshDataDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client can lose its connection (a server restart, a failover, a terminated backend):
    // the pool drops it and opens a new one on demand. Without a listener the error would crash
    // the process (node-postgres emits it on the pool).
    pool.on('error', (error) => {
      console.error(`[db] PostgreSQL connection lost (${error.message}); it is replaced on the next query`);
    });
    const db = drizzlePg({ client: pool, schema });
    try {
      await migratePg(db, { migrationsFolder: config.migrationsDir });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  if (!config.dataDir.startsWith('memory://')) fs.mkdirSync(config.dataDir, { recursive: true });
  const template = options.pgliteTemplate && isFreshDataDir(config.dataDir) && fs.existsSync(options.pgliteTemplate) ? options.pgliteTemplate : undefined;
  // pg_trgm (typo-tolerant search) is created by a migration; PGlite needs the extension loaded.
  const extensions = { pg_trgm };
  const client = template
    ? await PGlite.create(config.dataDir, { extensions, loadDataDir: new Blob([fs.readFileSync(template)], { type: 'application/x-gzip' }) })
    : await PGlite.create(config.dataDir, { extensions });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: config.migrationsDir });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countProducts(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from products`);
  return Number(row?.n ?? 0);
}

export { schema };
