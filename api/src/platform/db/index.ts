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
import { schema } from './tables.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** PGlite data directory (unused with databaseUrl). */
  dataDir: string;
  /** PostgreSQL server; unset: PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** The committed drizzle migrations (api/drizzle). */
  migrationsDir: string;
  /** PostgreSQL connections of this process (default 10). */
  databasePoolMax?: number;
}

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
    // a query waits at most 5 s for a connection: while the server is down or restarting it fails
    // (a 503 with Retry-After, platform/http/errors.ts) instead of hanging the request
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolMax ?? 10, connectionTimeoutMillis: 5_000 });
    // An idle client can lose its connection (a server restart, a failover, a terminated backend):
    // the pool drops it and opens a new one on demand. Without a listener the error would crash
    // the process (node-postgres emits it on the pool).
    pool.on('error', (error) => {
      console.error(`[db] PostgreSQL connection lost (${error.message}); it is replaced on the next query`);
    });
    // A client lent out (a transaction in progress) can lose its connection too: its query fails
    // (the request answers 503) and the pool discards it, but node-postgres also emits the error on
    // the client, where no pool listener is, and that would crash the process.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.error(`[db] PostgreSQL connection lost during a query (${error.message}); the request fails and the connection is replaced`);
      });
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
  const memory = config.dataDir.startsWith('memory://');
  if (!memory) fs.mkdirSync(config.dataDir, { recursive: true });
  // One process per data directory: PGlite has no locking of its own, and a second process on the
  // same files silently loses writes.
  const lock = memory ? null : lockDataDir(config.dataDir);
  const template = options.pgliteTemplate && isFreshDataDir(config.dataDir) && fs.existsSync(options.pgliteTemplate) ? options.pgliteTemplate : undefined;
  // pg_trgm (typo-tolerant search) is created by a migration; PGlite needs the extension loaded.
  const extensions = { pg_trgm };
  let client: PGlite;
  try {
    client = template
      ? await PGlite.create(config.dataDir, { extensions, loadDataDir: new Blob([fs.readFileSync(template)], { type: 'application/x-gzip' }) })
      : await PGlite.create(config.dataDir, { extensions });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: config.migrationsDir });
  } catch (error) {
    await client.close();
    lock?.release();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * The lock file of a PGlite data directory, beside it (`var/pgdata` → `var/pgdata.lock`; inside, it
 * would make the directory non-empty for initdb): holds the owning process id.
 */
export const lockFileOf = (dataDir: string) => `${path.resolve(dataDir)}.lock`;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The PGlite data directory ${dataDir} is in use by process ${pid} (lock file ${lockFileOf(dataDir)}). ` +
        'Only one process may open it: stop that process, use another DATA_DIR, or run several API processes on PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Directories this process holds (a second open in the same process is refused too). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory's lock file (created with O_EXCL, holding this process id), or throws
 * DataDirInUseError naming the holder. A lock left by a process that is gone (kill -9, a crash,
 * a container restarted with the same pid) is taken over.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  const dir = path.resolve(dataDir);
  const file = lockFileOf(dir);
  if (heldHere.has(dir)) throw new DataDirInUseError(dir, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (attempt >= 10) throw new Error(`Could not take the lock file ${file}`);
    let holder: number;
    try {
      holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    } catch {
      continue; // removed meanwhile: try again
    }
    if (!Number.isInteger(holder) || holder <= 0) {
      // empty: its creator may be writing it right now; after a few looks it is stale
      if (attempt < 3) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        continue;
      }
    } else if (holder !== process.pid && isAlive(holder)) {
      // (this process does not hold it, checked above: a lock with our own pid is from a previous life)
      throw new DataDirInUseError(dir, holder);
    }
    console.warn(`[db] taking over the lock of ${dir} left by process ${holder}, which is not running`);
    fs.rmSync(file, { force: true });
  }
  heldHere.add(dir);
  const onExit = () => removeIfOurs(file);
  process.on('exit', onExit);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(dir);
      process.off('exit', onExit);
      removeIfOurs(file);
    },
  };
}

function removeIfOurs(file: string): void {
  try {
    if (Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10) === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // already gone
  }
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
