// The PostgreSQL registry (REGISTRY=postgres): what every edge reads, written by the release tools
// from any machine that reaches the database.
//
//   release_blob     every deployed file once, by the sha256 of its bytes
//   release_build    a build: name + version (the key: a version is never published twice with
//                    other files) and its files, path -> sha256
//   release_live     the live version of the shell and of each remote, and its registry entry
//   release_history  every switch: who, when, what, from which version
//   release_settings the registry's settings (override origins, load timeout)
//
// A release or rollback is one transaction that locks the remote's live row and switches it only
// if the version it gated against is still live, then NOTIFYs the edges (channel store_registry).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_OVERRIDE_ORIGINS, deployedFiles, remoteEntry, shellTransform, versionOf } from '../../deploy-local.mjs';
import { RegistryConflict, whoAmI } from './file.mjs';
import { prunable } from './retention.mjs';

export const CHANNEL = 'store_registry';
/** Advisory lock key: publishing (shared) against pruning (exclusive), and creating the schema. */
const LOCK = 461_730_101;

/** A name + version already published with other files: versions are immutable. */
export class ImmutableBuild extends Error {
  name = 'ImmutableBuild';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS release_blob (sha256 text PRIMARY KEY, bytes bytea NOT NULL, size integer NOT NULL);
CREATE TABLE IF NOT EXISTS release_build (
  name text NOT NULL, version text NOT NULL, files jsonb NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(), published_by text NOT NULL,
  PRIMARY KEY (name, version));
CREATE TABLE IF NOT EXISTS release_live (
  name text PRIMARY KEY, version text NOT NULL, entry jsonb NOT NULL, position integer NOT NULL DEFAULT 0,
  since timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (name, version) REFERENCES release_build (name, version));
CREATE TABLE IF NOT EXISTS release_history (
  id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), action text NOT NULL, name text NOT NULL,
  from_version text, to_version text NOT NULL, by text NOT NULL, changes jsonb NOT NULL DEFAULT '[]');
ALTER TABLE release_history ADD COLUMN IF NOT EXISTS source jsonb;
ALTER TABLE release_history ADD COLUMN IF NOT EXISTS detail jsonb;
CREATE TABLE IF NOT EXISTS release_settings (id integer PRIMARY KEY CHECK (id = 1), settings jsonb NOT NULL);
`;

/** A node-postgres pool as the registry's database. */
export function pgDatabase(url) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {}); // an idle client lost: replaced on the next query
  return {
    query: (text, params) => pool.query(text, params),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: (text, params) => client.query(text, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A PGlite instance as the registry's database (tests; one process). */
export function pgliteDatabase(pglite) {
  return {
    query: (text, params) => pglite.query(text, params),
    transaction: (fn) => pglite.transaction((tx) => fn({ query: (text, params) => tx.query(text, params) })),
    close: async () => {},
  };
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export class PostgresRegistry {
  kind = 'postgres';

  constructor(db) {
    this.db = db;
    this.where = 'PostgreSQL (release_* tables)';
  }

  /** Opens the registry on `db` (pgDatabase or pgliteDatabase), creating its tables when missing. */
  static async open(db) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
      for (const statement of SCHEMA.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
    });
    return new PostgresRegistry(db);
  }

  async readLive() {
    const { rows } = await this.db.query('SELECT name, entry FROM release_live ORDER BY position, name');
    if (rows.length === 0) return null;
    const settings = (await this.db.query('SELECT settings FROM release_settings WHERE id = 1')).rows[0]?.settings ?? {};
    return {
      shell: rows.find((r) => r.name === 'shell')?.entry ?? null,
      remotes: rows.filter((r) => r.name !== 'shell').map((r) => r.entry),
      overrideOrigins: settings.overrideOrigins ?? DEFAULT_OVERRIDE_ORIGINS,
      loadTimeoutMs: settings.loadTimeoutMs ?? 5000,
    };
  }

  /** The files map (path -> sha256) of a build, or undefined. */
  async filesOf(name, version) {
    return (await this.db.query('SELECT files FROM release_build WHERE name = $1 AND version = $2', [name, version])).rows[0]?.files;
  }

  async blob(sha) {
    const row = (await this.db.query('SELECT bytes FROM release_blob WHERE sha256 = $1', [sha])).rows[0];
    return row ? Buffer.from(row.bytes) : undefined;
  }

  async buildFiles(name, version) {
    const files = await this.filesOf(name, version);
    const text = async (file) => (files?.[file] ? (await this.blob(files[file]))?.toString('utf8') : undefined);
    const json = async (file) => {
      const t = await text(file);
      return t === undefined ? undefined : JSON.parse(t);
    };
    return { manifest: await json('mf-manifest.json'), contract: await json('storefront-contract.json'), serverSource: await text('server/server.js') };
  }

  /** One file of a stored build (its bytes), or undefined. */
  async buildFile(name, version, file) {
    const files = await this.filesOf(name, version);
    return files?.[file] ? ((await this.blob(files[file])) ?? undefined) : undefined;
  }

  /** Publishes a build folder (as deploy-local.mjs would): returns its version. */
  async publish(name, dist, transform) {
    // the version is the hash of the folder's files: a stored one has these very files (no need to
    // compress them again)
    if (fs.existsSync(dist) && (await this.filesOf(name, versionOf(dist)))) return versionOf(dist);
    const { version, files } = deployedFiles(name, dist, transform);
    await this.publishFiles(name, version, files);
    return version;
  }

  /**
   * Stores `files` ({ path, bytes }[]) as name@version: the blobs it lacks, then the build row. The
   * same name@version again with the same files is a no-op; with other files, ImmutableBuild.
   */
  async publishFiles(name, version, files) {
    const map = Object.fromEntries(files.map((f) => [f.path, sha256(f.bytes)]));
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock_shared($1)', [LOCK]);
      const wanted = [...new Set(Object.values(map))];
      const have = new Set((await tx.query('SELECT sha256 FROM release_blob WHERE sha256 IN (SELECT jsonb_array_elements_text($1::jsonb))', [JSON.stringify(wanted)])).rows.map((r) => r.sha256));
      for (const file of files) {
        const sha = map[file.path];
        if (have.has(sha)) continue;
        have.add(sha);
        await tx.query('INSERT INTO release_blob (sha256, bytes, size) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING', [sha, file.bytes, file.bytes.length]);
      }
      const inserted = await tx.query(
        'INSERT INTO release_build (name, version, files, published_by) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (name, version) DO NOTHING RETURNING version',
        [name, version, JSON.stringify(map), whoAmI()],
      );
      if (inserted.rows.length > 0) return;
      const stored = (await tx.query('SELECT files FROM release_build WHERE name = $1 AND version = $2', [name, version])).rows[0]?.files ?? {};
      const same = Object.keys(stored).length === Object.keys(map).length && Object.entries(map).every(([p, s]) => stored[p] === s);
      if (!same) throw new ImmutableBuild(`${name} ${version} is already published with other files: a version is never replaced (publish a new version)`);
    });
  }

  async switchLive({ name, version, entry, expectedFrom, action, changes, source, position = 0 }) {
    await this.db.transaction(async (tx) => {
      const current = (await tx.query('SELECT version FROM release_live WHERE name = $1 FOR UPDATE', [name])).rows[0]?.version ?? null;
      if (current !== expectedFrom) {
        throw new RegistryConflict(`${name} changed while this ${action} ran: ${expectedFrom ?? '(none)'} -> ${current ?? '(none)'} by another release; nothing was switched (run it again to release over it)`);
      }
      const build = await tx.query('SELECT 1 FROM release_build WHERE name = $1 AND version = $2 FOR SHARE', [name, version]);
      if (build.rows.length === 0) throw new RegistryConflict(`${name} ${version} is not published (pruned meanwhile?): nothing was switched`);
      const switched = current === null
        ? await tx.query('INSERT INTO release_live (name, version, entry, position) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT (name) DO NOTHING RETURNING name', [name, version, JSON.stringify(entry), position])
        : await tx.query('UPDATE release_live SET version = $2, entry = $3::jsonb, position = $4, since = now() WHERE name = $1 AND version = $5 RETURNING name', [name, version, JSON.stringify(entry), position, current]);
      if (switched.rows.length === 0) throw new RegistryConflict(`${name} was made live by another release meanwhile: nothing was switched (run it again to release over it)`);
      await tx.query('INSERT INTO release_history (action, name, from_version, to_version, by, changes, source) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)', [action, name, current, version, whoAmI(), JSON.stringify(changes ?? []), source ? JSON.stringify(source) : null]);
      await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ name, version })]);
    });
  }

  /**
   * Replaces a remote's entry (stable version and canary, in entry.canary) if it still has
   * `expected` ({ version, canary, and the canary's share when given }), else RegistryConflict;
   * records `record` and NOTIFYs the edges.
   */
  async changeEntry({ name, expected, entry, record }) {
    await this.db.transaction(async (tx) => {
      const current = (await tx.query('SELECT version, entry FROM release_live WHERE name = $1 FOR UPDATE', [name])).rows[0];
      if (!current || current.version !== expected.version || (current.entry?.canary?.version ?? null) !== expected.canary || (expected.share !== undefined && current.entry?.canary?.share !== expected.share)) {
        throw new RegistryConflict(`${name} changed while this ${record.action} ran (now ${current?.version ?? '(none)'}${current?.entry?.canary ? `, canary ${current.entry.canary.version}` : ''}): nothing was switched`);
      }
      for (const version of [entry.version, entry.canary?.version].filter(Boolean)) {
        const build = await tx.query('SELECT 1 FROM release_build WHERE name = $1 AND version = $2 FOR SHARE', [name, version]);
        if (build.rows.length === 0) throw new RegistryConflict(`${name} ${version} is not published (pruned meanwhile?): nothing was switched`);
      }
      await tx.query('UPDATE release_live SET version = $2, entry = $3::jsonb, since = CASE WHEN version = $2 THEN since ELSE now() END WHERE name = $1', [name, entry.version, JSON.stringify(entry)]);
      const { action, from, to, reason, share, market, by, source } = record;
      await tx.query('INSERT INTO release_history (action, name, from_version, to_version, by, detail, source) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)', [action, name, from ?? null, to, by ?? whoAmI(), JSON.stringify({ reason, share, market }), source ? JSON.stringify(source) : null]);
      await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ name, version: entry.version })]);
    });
  }

  async history() {
    const { rows } = await this.db.query('SELECT at, action, name, from_version, to_version, by, changes, source, detail FROM release_history ORDER BY id');
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(), action: r.action, name: r.name, from: r.from_version, to: r.to_version, by: r.by, changes: r.changes,
      ...(r.source ? { source: r.source } : {}),
      ...Object.fromEntries(Object.entries(r.detail ?? {}).filter(([, v]) => v !== undefined && v !== null)),
    }));
  }

  /** Removes the builds the retention rule lets go (retention.mjs) and the files no build uses; returns the builds. */
  async prune(retention) {
    const history = await this.history();
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
      const live = new Map((await tx.query('SELECT name, version, entry FROM release_live FOR SHARE')).rows.map((r) => [r.name, r.entry?.canary ? [r.version, r.entry.canary.version] : r.version]));
      const builds = (await tx.query('SELECT name, version, published_at FROM release_build')).rows.map((r) => ({ name: r.name, version: r.version, publishedAt: new Date(r.published_at) }));
      const removed = prunable(builds, live, history, retention);
      for (const { name, version } of removed) await tx.query('DELETE FROM release_build WHERE name = $1 AND version = $2', [name, version]);
      if (removed.length > 0) {
        await tx.query('DELETE FROM release_blob b WHERE NOT EXISTS (SELECT 1 FROM release_build r, jsonb_each_text(r.files) f WHERE f.value = b.sha256)');
      }
      return removed;
    });
  }

  /** deploy-local.mjs on this registry: publishes every project's dist/ (or `only` those) and makes them live. */
  async deployAll(layout, only, root) {
    const wants = (name) => only.length === 0 || only.includes(name);
    const live = await this.readLive();
    await this.db.query('INSERT INTO release_settings (id, settings) VALUES (1, $1::jsonb) ON CONFLICT (id) DO NOTHING', [JSON.stringify({ overrideOrigins: DEFAULT_OVERRIDE_ORIGINS, loadTimeoutMs: 5000 })]);
    const changes = [];
    const parties = [
      { name: 'shell', dist: path.join(root, layout.shell.project, 'dist'), transform: shellTransform, position: -1, current: live?.shell?.version ?? null, entry: (v) => ({ version: v, html: `/cdn/shell/${v}/index.html` }) },
      ...layout.remotes.map((remote, i) => ({ name: remote.name, dist: path.join(root, remote.project, 'dist'), position: i, current: live?.remotes.find((r) => r.name === remote.name)?.version ?? null, entry: (v) => remoteEntry(remote, v) })),
    ];
    for (const party of parties) {
      if (!wants(party.name) && party.current) continue;
      const version = await this.publish(party.name, party.dist, party.transform);
      if (version === party.current) continue;
      await this.switchLive({ name: party.name, version, entry: party.entry(version), expectedFrom: party.current, action: 'deploy', position: party.position });
      changes.push(`${party.name} ${party.current ?? '(none)'} -> ${version}`);
    }
    return changes;
  }

  async close() {
    await this.db.close();
  }
}
