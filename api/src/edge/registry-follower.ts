import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The edge's side of the PostgreSQL registry (REGISTRY=postgres; the release tools write it, see
 * tools/release/registry/postgres.mjs and docs/deploying.md): follows the live versions and keeps
 * what they need on this machine's disk, in `cacheDir`:
 *
 * - objects/<sha256>: every file once, by content, checked against its hash when fetched;
 * - cdn/<name>/<version>/...: each live build, as hard links to its objects (what the edge serves
 *   under /cdn/ with Cache-Control: immutable, and the server bundles it renders with);
 * - registry.json: written only once every file of every live build is here, so the edge keeps
 *   serving the old version until it has the new one's files.
 *
 * After each switch it drops the builds the registry has pruned, and the objects no build uses.
 *
 * A switch is learnt by LISTEN (channel store_registry, sent by the release transaction), and by
 * polling as a fallback: every `pollMs` while listening fails, every `listenPollMs` while it works.
 */
export const REGISTRY_CHANNEL = 'store_registry';

export interface RegistryDatabase {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Calls onNotify on every NOTIFY of `channel`, onLost when the listening connection breaks; resolves to a function that stops listening. */
  listen(channel: string, onNotify: () => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A PostgreSQL server through node-postgres: a small pool for queries and one connection that listens. */
export function pgRegistryDatabase(url: string): RegistryDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {}); // an idle client lost: the pool replaces it on the next query
  let listener: pg.Client | null = null;
  return {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as T[] }),
    async listen(channel, onNotify, onLost) {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      client.on('error', (error) => onLost(error));
      client.on('end', () => onLost(new Error('the listening connection ended')));
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listener = client;
      return async () => {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => {});
        if (listener === client) listener = null;
        await client.end().catch(() => {});
      };
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** A PGlite instance (one process: tests, or an edge and its release tool in one program). */
export function pgliteRegistryDatabase(db: PGlite): RegistryDatabase {
  return {
    query: async <T>(text: string, params?: unknown[]) => ({ rows: (await db.query<T>(text, params)).rows }),
    async listen(channel, onNotify) {
      const stop = await db.listen(channel, () => onNotify());
      return async () => {
        await stop();
      };
    },
    close: async () => {},
  };
}

interface LiveRow {
  name: string;
  version: string;
  entry: Record<string, unknown>;
}

export interface FollowerOptions {
  db: RegistryDatabase;
  cacheDir: string;
  /** Poll interval while LISTEN does not work (ms, default 1000). */
  pollMs?: number;
  /** Poll interval while LISTEN works (ms, default 5000): a missed notification is still seen. */
  listenPollMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const DEFAULT_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'];
const SHA256 = /^[0-9a-f]{64}$/;
const SAFE_SEGMENT = /^[A-Za-z0-9_.-]+$/;
/** Blobs fetched per query (a build's files can be megabytes each). */
const BATCH = 32;

export class RegistryFollower {
  private readonly objects: string;
  private applied = '';
  private running: Promise<boolean> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private stopped = false;
  private listening = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: FollowerOptions) {
    this.objects = path.join(options.cacheDir, 'objects');
  }

  /** The folder the edge serves from (its registry.json and cdn/). */
  get deployDir(): string {
    return this.options.cacheDir;
  }

  /** Calls `listener` after each change of registry.json (the edge reloads it at once); returns a function that stops it. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first sync (errors are logged: the edge starts with what its cache holds), then listening and polling. */
  async start(): Promise<void> {
    fs.mkdirSync(this.objects, { recursive: true });
    fs.mkdirSync(path.join(this.options.cacheDir, 'cdn'), { recursive: true });
    await this.sync().catch((error: unknown) => this.options.log?.warn({ err: error }, 'registry: first sync failed; serving the cached registry'));
    await this.listen();
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stopListening?.();
    this.stopListening = null;
    await this.running?.catch(() => false);
    await this.options.db.close();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    try {
      this.stopListening = await this.options.db.listen(
        REGISTRY_CHANNEL,
        () => void this.sync().catch((error: unknown) => this.options.log?.warn({ err: error }, 'registry: sync after a notification failed; retrying')),
        (error) => {
          if (!this.listening) return;
          this.listening = false;
          this.stopListening = null;
          this.options.log?.warn({ err: error }, 'registry: listening connection lost; polling until it is back');
          this.schedule(); // at the fallback pace from now on (the pending timer may be the slow one)
        },
      );
      this.listening = true;
    } catch (error) {
      this.listening = false;
      this.options.log?.warn({ err: error }, 'registry: LISTEN failed; polling');
    }
  }

  /** (Re)arms the one poll timer. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.stopped) return;
    const ms = this.listening ? (this.options.listenPollMs ?? 5000) : (this.options.pollMs ?? 1000);
    this.timer = setTimeout(() => {
      void (async () => {
        if (!this.listening) await this.listen();
        await this.sync().catch((error: unknown) => this.options.log?.warn({ err: error }, 'registry: poll failed; serving the current version'));
        this.schedule();
      })();
    }, ms);
    this.timer.unref();
  }

  /** Brings the cache up to the live registry; true when registry.json changed. One at a time (a call during one runs once more after it). */
  sync(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let changed = false;
      try {
        do {
          this.again = false;
          changed = (await this.syncOnce()) || changed;
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
      return changed;
    })();
    return this.running;
  }

  private async syncOnce(): Promise<boolean> {
    let rows: LiveRow[];
    try {
      rows = (await this.options.db.query<LiveRow>('SELECT name, version, entry FROM release_live ORDER BY position, name')).rows;
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return false; // no registry tables yet: nothing released
      throw error;
    }
    if (rows.length === 0) return false;
    const settings = (await this.options.db.query<{ settings: { overrideOrigins?: string[]; loadTimeoutMs?: number } }>('SELECT settings FROM release_settings WHERE id = 1')).rows[0]?.settings ?? {};
    const registry = {
      shell: rows.find((r) => r.name === 'shell')?.entry ?? null,
      remotes: rows.filter((r) => r.name !== 'shell').map((r) => r.entry),
      overrideOrigins: settings.overrideOrigins ?? DEFAULT_OVERRIDE_ORIGINS,
      loadTimeoutMs: settings.loadTimeoutMs ?? 5000,
    };
    const text = `${JSON.stringify(registry, null, 2)}\n`;
    if (text === this.applied) return false;
    // every live build's files first: until they are all here the edge serves what it had
    for (const row of rows) {
      await this.ensureBuild(row.name, row.version);
      // a canary's build too (entry.canary: the version a share of shoppers gets)
      const canary = (row.entry.canary as { version?: unknown } | undefined)?.version;
      if (typeof canary === 'string') await this.ensureBuild(row.name, canary);
    }
    const file = path.join(this.options.cacheDir, 'registry.json');
    const tmp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
    this.applied = text;
    this.options.log?.info({ versions: Object.fromEntries(rows.map((r) => [r.name, r.version])) }, 'registry: live versions changed');
    for (const listener of this.listeners) listener();
    await this.pruneCache().catch((error: unknown) => this.options.log?.warn({ err: error }, 'registry: pruning the cache failed'));
    return true;
  }

  /**
   * Drops the cached builds the registry no longer holds (its retention rule pruned them), then
   * the objects no cached build links to any more.
   */
  private async pruneCache(): Promise<void> {
    const stored = new Set((await this.options.db.query<{ name: string; version: string }>('SELECT name, version FROM release_build')).rows.map((r) => `${r.name}/${r.version}`));
    const cdn = path.join(this.options.cacheDir, 'cdn');
    for (const name of fs.readdirSync(cdn)) {
      for (const version of fs.readdirSync(path.join(cdn, name))) {
        if (!version.includes('.tmp-') && !stored.has(`${name}/${version}`)) fs.rmSync(path.join(cdn, name, version), { recursive: true, force: true });
      }
    }
    for (const sha of fs.readdirSync(this.objects)) {
      const file = path.join(this.objects, sha);
      if (SHA256.test(sha) && fs.statSync(file).nlink <= 1) fs.rmSync(file, { force: true });
    }
  }

  private async ensureBuild(name: string, version: string): Promise<void> {
    if (!SAFE_SEGMENT.test(name) || !SAFE_SEGMENT.test(version)) throw new Error(`registry: unsafe build name ${name} ${version}`);
    const target = path.join(this.options.cacheDir, 'cdn', name, version);
    if (fs.existsSync(target)) return; // complete: a build folder appears by one rename
    const row = (await this.options.db.query<{ files: Record<string, string> }>('SELECT files FROM release_build WHERE name = $1 AND version = $2', [name, version])).rows[0];
    if (!row) throw new Error(`registry: ${name} ${version} is live but not published`);
    const files = Object.entries(row.files);
    for (const [file, sha] of files) {
      const parts = file.split('/');
      if (!SHA256.test(sha) || parts.some((p) => p === '' || p === '.' || p === '..')) throw new Error(`registry: ${name} ${version} has an unsafe file entry ${file}`);
    }
    const missing = [...new Set(files.map(([, sha]) => sha))].filter((sha) => !fs.existsSync(this.objectPath(sha)));
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const blobs = (await this.options.db.query<{ sha256: string; bytes: Uint8Array }>('SELECT sha256, bytes FROM release_blob WHERE sha256 IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(batch)])).rows;
      for (const blob of blobs) {
        const bytes = Buffer.from(blob.bytes);
        if (createHash('sha256').update(bytes).digest('hex') !== blob.sha256) throw new Error(`registry: file ${blob.sha256} does not match its hash`);
        const to = this.objectPath(blob.sha256);
        const tmp = `${to}.tmp-${process.pid}`;
        fs.writeFileSync(tmp, bytes);
        fs.renameSync(tmp, to);
      }
      const absent = batch.filter((sha) => !fs.existsSync(this.objectPath(sha)));
      if (absent.length) throw new Error(`registry: ${name} ${version} lacks ${absent.length} file(s) in the database; keeping the current version`);
    }
    const tmp = `${target}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const [file, sha] of files) {
      const to = path.join(tmp, ...file.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      try {
        fs.linkSync(this.objectPath(sha), to);
      } catch {
        fs.copyFileSync(this.objectPath(sha), to); // another file system, or no hard links
      }
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.renameSync(tmp, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' && (error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }

  private objectPath(sha: string): string {
    return path.join(this.objects, sha);
  }
}
