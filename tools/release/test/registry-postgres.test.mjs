// The PostgreSQL registry: the release tools' side (registry/postgres.mjs) and the edge's side
// (api/src/edge/registry-follower.ts) on one database. PGlite always; a PostgreSQL server too when
// DATABASE_URL is set (each test gets a throw-away database there).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { tsImport } from 'tsx/esm/api';
import { endCanary, previousVersion, stepCanary } from '../release.mjs';
import { RegistryConflict } from '../registry/file.mjs';
import { ImmutableBuild, PostgresRegistry, pgDatabase, pgliteDatabase } from '../registry/postgres.mjs';
import { prunable } from '../registry/retention.mjs';

const { RegistryFollower, pgRegistryDatabase, pgliteRegistryDatabase } = await tsImport('../../../api/src/edge/registry-follower.ts', import.meta.url);
const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '../release.mjs');

const BACKENDS = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const cleanups = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function database(kind) {
  if (kind === 'pglite') {
    const db = await PGlite.create();
    cleanups.push(() => db.close());
    return { writer: () => PostgresRegistry.open(pgliteDatabase(db)), edgeDb: () => pgliteRegistryDatabase(db), raw: (text, params) => db.query(text, params) };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `registry_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const writers = [];
  cleanups.push(async () => {
    for (const w of writers) await w.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const rawPool = pgDatabase(url.href);
  writers.push(rawPool);
  return {
    writer: async () => {
      const registry = await PostgresRegistry.open(pgDatabase(url.href));
      writers.push(registry);
      return registry;
    },
    edgeDb: () => pgRegistryDatabase(url.href),
    raw: (text, params) => rawPool.query(text, params),
    url: url.href,
  };
}

const SHARED = Buffer.from(`/* a vendor chunk every version shares */ ${'x'.repeat(2000)}`);
const filesOf = (label) => [
  { path: 'mf-manifest.json', bytes: Buffer.from(JSON.stringify({ name: 'catalog', label, exposes: [{ path: './app' }] })) },
  { path: `remoteEntry.${label}.js`, bytes: Buffer.from(`/* ${label} */`) },
  { path: 'vendor.js', bytes: SHARED },
];
const entry = (name, version) => ({ name, manifest: `/cdn/${name}/${version}/mf-manifest.json`, version, routes: [`/${name}`] });

/** Publishes name@version and makes it live over `from`. */
async function release(registry, name, version, from, action = 'release') {
  await registry.publishFiles(name, version, filesOf(version));
  await registry.switchLive({ name, version, entry: entry(name, version), expectedFrom: from, action });
}

const REACT = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
];
const TOPICS = [{ name: 'cart.add', version: 1, kind: 'event' }, { name: 'cart.add.result', version: 1, kind: 'event' }];

/** A live shell and cart_checkout, so the gate lets a catalog build through. */
async function seedSite(registry) {
  const json = (value) => Buffer.from(JSON.stringify(value));
  await registry.publishFiles('shell', 's1', [
    { path: 'index.html', bytes: Buffer.from('<!doctype html><html><head></head><body></body></html>') },
    { path: 'mf-manifest.json', bytes: json({ shared: REACT, exposes: [] }) },
    { path: 'storefront-contract.json', bytes: json({ publishes: [], consumes: [], fragments: [], topics: TOPICS }) },
  ]);
  await registry.switchLive({ name: 'shell', version: 's1', entry: { version: 's1', html: '/cdn/shell/s1/index.html' }, expectedFrom: null, action: 'deploy', position: -1 });
  await registry.publishFiles('cart_checkout', 'k0', [
    { path: 'mf-manifest.json', bytes: json({ shared: REACT, exposes: [{ path: './app' }, { path: './service' }] }) },
    { path: 'storefront-contract.json', bytes: json({ publishes: ['cart.add.result@1'], consumes: ['cart.add@1'], topics: TOPICS }) },
  ]);
  await registry.switchLive({ name: 'cart_checkout', version: 'k0', entry: entry('cart_checkout', 'k0'), expectedFrom: null, action: 'deploy', position: 2 });
}

/** A catalog build folder the gate accepts. */
function catalogBuild(dir, label) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', shared: REACT, exposes: [{ path: './app' }] }));
  fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify({ name: 'catalog', publishes: ['cart.add@1'], consumes: ['cart.add.result@1'], fragments: [], topics: TOPICS }));
  fs.writeFileSync(path.join(dir, `remoteEntry.${label}.js`), `/* catalog ${label} ${'y'.repeat(1000)} */`);
  return dir;
}

/** The release command, without waiting for it. */
const command = (cwd, env, ...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });

const tmpDir = (label) => fs.mkdtempSync(path.join(os.tmpdir(), `registry-${label}-`));
const liveOn = (cacheDir, name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(cacheDir, 'registry.json'), 'utf8')).remotes.find((r) => r.name === name)?.version;
  } catch {
    return undefined;
  }
};
async function waitFor(check, ms) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

for (const kind of BACKENDS) {
  describe(`PostgreSQL registry (${kind})`, () => {
    it('stores a name + version once: the same files again change nothing, other files are refused; identical files are stored once', async () => {
      const db = await database(kind);
      const registry = await db.writer();
      await registry.publishFiles('catalog', 'c1', filesOf('c1'));
      await registry.publishFiles('catalog', 'c1', filesOf('c1'));
      await assert.rejects(registry.publishFiles('catalog', 'c1', filesOf('other')), ImmutableBuild);
      assert.equal((await registry.buildFiles('catalog', 'c1')).manifest.label, 'c1');
      // one file's bytes (the render check reads the live shell's template and server bundle so)
      assert.equal((await registry.buildFile('catalog', 'c1', 'remoteEntry.c1.js')).toString('utf8'), '/* c1 */');
      assert.equal(await registry.buildFile('catalog', 'c1', 'server/server.js'), undefined);
      await registry.publishFiles('catalog', 'c2', filesOf('c2'));
      const blobs = (await db.raw('SELECT count(*)::int AS n FROM release_blob')).rows[0].n;
      assert.equal(blobs, 5, 'two manifests, two entries, one shared vendor file');
    });

    it('releases of different remotes at the same moment both go live; of one remote one wins and the other is told', async () => {
      const db = await database(kind);
      const [a, b] = [await db.writer(), await db.writer()];
      await Promise.all([release(a, 'catalog', 'c1', null), release(b, 'cart_checkout', 'k1', null)]);
      const live = await a.readLive();
      assert.deepEqual(live.remotes.map((r) => `${r.name}@${r.version}`).sort(), ['cart_checkout@k1', 'catalog@c1']);

      await Promise.all([a.publishFiles('catalog', 'c2', filesOf('c2')), b.publishFiles('catalog', 'c3', filesOf('c3'))]);
      const results = await Promise.allSettled([
        a.switchLive({ name: 'catalog', version: 'c2', entry: entry('catalog', 'c2'), expectedFrom: 'c1', action: 'release' }),
        b.switchLive({ name: 'catalog', version: 'c3', entry: entry('catalog', 'c3'), expectedFrom: 'c1', action: 'release' }),
      ]);
      const won = results.findIndex((r) => r.status === 'fulfilled');
      const lost = results.find((r) => r.status === 'rejected');
      assert.notEqual(won, -1);
      assert.ok(lost.reason instanceof RegistryConflict, String(lost.reason));
      assert.match(lost.reason.message, /catalog changed while this release ran|made live by another release/);
      const winner = won === 0 ? 'c2' : 'c3';
      assert.equal((await a.readLive()).remotes.find((r) => r.name === 'catalog').version, winner);
      const history = (await a.history()).filter((h) => h.name === 'catalog');
      assert.deepEqual(history.map((h) => `${h.from}->${h.to}`), ['null->c1', `c1->${winner}`]);
      assert.ok(history.every((h) => h.by.includes('@')));
    });

    it('a switch reaches a second edge within 1 s by NOTIFY, with the new files cached by content on its own disk', async () => {
      const db = await database(kind);
      const registry = await db.writer();
      await release(registry, 'catalog', 'c1', null);
      // polling far too slow to matter: only the notification can be this fast
      const edges = [tmpDir('edge-a'), tmpDir('edge-b')].map((cacheDir) => new RegistryFollower({ db: db.edgeDb(), cacheDir, pollMs: 60_000, listenPollMs: 60_000 }));
      for (const edge of edges) {
        await edge.start();
        cleanups.push(() => edge.stop());
        assert.equal(liveOn(edge.deployDir, 'catalog'), 'c1');
      }
      const started = Date.now();
      await release(registry, 'catalog', 'c2', 'c1');
      for (const edge of edges) {
        await waitFor(() => liveOn(edge.deployDir, 'catalog') === 'c2', 1000);
        assert.ok(Date.now() - started <= 1000, `edge saw the switch after ${Date.now() - started} ms`);
        assert.equal(liveOn(edge.deployDir, 'catalog'), 'c2');
        assert.equal(fs.readFileSync(path.join(edge.deployDir, 'cdn/catalog/c2/remoteEntry.c2.js'), 'utf8'), '/* c2 */');
        assert.ok(fs.existsSync(path.join(edge.deployDir, 'cdn/catalog/c1/remoteEntry.c1.js')), 'the old build stays for open tabs');
        // one object per distinct content: the vendor file both versions share is there once
        assert.equal(fs.readdirSync(path.join(edge.deployDir, 'objects')).length, 5);
      }
    });

    it('an edge keeps serving the old version until it has every file of the new one', async () => {
      const db = await database(kind);
      const registry = await db.writer();
      await release(registry, 'catalog', 'c1', null);
      const edge = new RegistryFollower({ db: db.edgeDb(), cacheDir: tmpDir('edge'), pollMs: 60_000, listenPollMs: 60_000 });
      await edge.start();
      cleanups.push(() => edge.stop());
      await registry.publishFiles('catalog', 'c2', filesOf('c2'));
      // one of c2's files is not in the database yet (as if its upload were still under way)
      const sha = (await registry.filesOf('catalog', 'c2'))['remoteEntry.c2.js'];
      const { rows } = await db.raw('DELETE FROM release_blob WHERE sha256 = $1 RETURNING bytes', [sha]);
      await registry.switchLive({ name: 'catalog', version: 'c2', entry: entry('catalog', 'c2'), expectedFrom: 'c1', action: 'release' });
      await assert.rejects(edge.sync(), /lacks 1 file/);
      assert.equal(liveOn(edge.deployDir, 'catalog'), 'c1');
      assert.equal(fs.existsSync(path.join(edge.deployDir, 'cdn/catalog/c2')), false);
      await db.raw('INSERT INTO release_blob (sha256, bytes, size) VALUES ($1, $2, $3)', [sha, Buffer.from(rows[0].bytes), rows[0].bytes.length]);
      assert.equal(await edge.sync(), true);
      assert.equal(liveOn(edge.deployDir, 'catalog'), 'c2');
    });

    it('pruning keeps the live version and the rollback target, removes the rest and the files only they used', async () => {
      const db = await database(kind);
      const registry = await db.writer();
      const edge = new RegistryFollower({ db: db.edgeDb(), cacheDir: tmpDir('edge'), pollMs: 60_000, listenPollMs: 60_000 });
      await edge.start();
      cleanups.push(() => edge.stop());
      let from = null;
      for (const v of ['c1', 'c2', 'c3', 'c4', 'c5']) {
        await release(registry, 'catalog', v, from);
        await edge.sync();
        from = v;
      }
      const cached = () => fs.readdirSync(path.join(edge.deployDir, 'cdn/catalog')).sort();
      assert.deepEqual(cached(), ['c1', 'c2', 'c3', 'c4', 'c5']);
      // roll back c5 -> c4: the live version is c4, its rollback target c3
      await registry.switchLive({ name: 'catalog', version: 'c4', entry: entry('catalog', 'c4'), expectedFrom: 'c5', action: 'rollback' });
      assert.equal(previousVersion(await registry.history(), 'catalog', 'c4'), 'c3');
      const removed = await registry.prune({ previous: 1, days: 0, now: new Date(Date.now() + 60_000) });
      assert.deepEqual(removed.map((b) => b.version).sort(), ['c1', 'c2']);
      for (const v of ['c3', 'c4', 'c5']) assert.ok((await registry.buildFiles('catalog', v)).manifest, `${v} kept`);
      assert.equal((await registry.buildFiles('catalog', 'c1')).manifest, undefined);
      // c1's and c2's own files are gone, the shared one stays: 3 builds x 2 own files + 1 shared
      assert.equal((await db.raw('SELECT count(*)::int AS n FROM release_blob')).rows[0].n, 7);
      // and the rollback target can still go live; the edge then drops what the registry pruned
      await registry.switchLive({ name: 'catalog', version: 'c3', entry: entry('catalog', 'c3'), expectedFrom: 'c4', action: 'rollback' });
      await edge.sync();
      assert.equal(liveOn(edge.deployDir, 'catalog'), 'c3');
      assert.deepEqual(cached(), ['c3', 'c4', 'c5']);
      assert.equal(fs.readdirSync(path.join(edge.deployDir, 'objects')).length, 7);
    });

    it('a canary: the edge caches its build beside the stable one, pruning keeps both, steps and the end are recorded with reasons', async () => {
      const db = await database(kind);
      const registry = await db.writer();
      await release(registry, 'catalog', 'c1', null);
      await registry.publishFiles('catalog', 'c2', filesOf('c2'));
      const canaryEntry = { ...entry('catalog', 'c1'), canary: { ...entry('catalog', 'c2'), share: 10, market: 'AU', since: new Date().toISOString() } };
      await registry.changeEntry({ name: 'catalog', expected: { version: 'c1', canary: null }, entry: canaryEntry, record: { action: 'canary', from: 'c1', to: 'c2', share: 10, market: 'AU', reason: 'released as a canary' } });
      await assert.rejects(registry.changeEntry({ name: 'catalog', expected: { version: 'c1', canary: null }, entry: canaryEntry, record: { action: 'canary', from: 'c1', to: 'c2' } }), RegistryConflict);
      const edge = new RegistryFollower({ db: db.edgeDb(), cacheDir: tmpDir('edge'), pollMs: 60_000, listenPollMs: 60_000 });
      await edge.start();
      cleanups.push(() => edge.stop());
      const cachedEntry = JSON.parse(fs.readFileSync(path.join(edge.deployDir, 'registry.json'), 'utf8')).remotes.find((r) => r.name === 'catalog');
      assert.equal(cachedEntry.version, 'c1');
      assert.equal(cachedEntry.canary.version, 'c2');
      assert.ok(fs.existsSync(path.join(edge.deployDir, 'cdn/catalog/c2/remoteEntry.c2.js')), "the canary's files are on the edge");
      assert.deepEqual(await registry.prune({ previous: 1, days: 0, now: new Date(Date.now() + 60_000) }), [], 'the canary build is kept');

      await stepCanary(registry, 'catalog', 50, { reason: 'healthy', by: 'judge', expectedCanary: 'c2', expectedShare: 10 });
      assert.equal((await registry.readLive()).remotes.find((r) => r.name === 'catalog').canary.share, 50);
      await assert.rejects(stepCanary(registry, 'catalog', 100, { expectedCanary: 'c2', expectedShare: 10 }), RegistryConflict);
      // the share is checked again in the switch's transaction (a step read before another one committed)
      const stepped = (await registry.readLive()).remotes.find((r) => r.name === 'catalog');
      await assert.rejects(registry.changeEntry({ name: 'catalog', expected: { version: 'c1', canary: 'c2', share: 10 }, entry: { ...stepped, canary: { ...stepped.canary, share: 100 } }, record: { action: 'canary-step', from: 'c1', to: 'c2', share: 100 } }), RegistryConflict);
      await endCanary(registry, 'catalog', 'abort', { reason: 'render failures 40% against 1%', by: 'judge', expectedCanary: 'c2', log: () => {} });
      assert.deepEqual((await registry.readLive()).remotes.find((r) => r.name === 'catalog'), { ...entry('catalog', 'c1'), withdrawn: ['c2'] }, 'the aborted version is withdrawn: checkout pins to it are not honoured');
      const history = (await registry.history()).filter((h) => h.name === 'catalog').map(({ action, from, to, share, market, reason, by }) => ({ action, from, to, share, market, reason, by }));
      assert.deepEqual(history.slice(1), [
        { action: 'canary', from: 'c1', to: 'c2', share: 10, market: 'AU', reason: 'released as a canary', by: history[1].by },
        { action: 'canary-step', from: 'c1', to: 'c2', share: 50, market: undefined, reason: 'healthy', by: 'judge' },
        { action: 'abort', from: 'c2', to: 'c1', share: 50, market: undefined, reason: 'render failures 40% against 1%', by: 'judge' },
      ]);
      assert.equal(previousVersion(await registry.history(), 'catalog', 'c1'), undefined, 'an aborted canary is no rollback target');
      await edge.sync();
      assert.equal(JSON.parse(fs.readFileSync(path.join(edge.deployDir, 'registry.json'), 'utf8')).remotes.find((r) => r.name === 'catalog').canary, undefined);
    });
  });
}

describe('deploy-local on the PostgreSQL registry', () => {
  it('publishes the shell and every remote, then only what changed', async () => {
    const db = await database('pglite');
    const registry = await db.writer();
    const root = tmpDir('repo');
    const layout = { shell: { project: 'shell' }, remotes: [{ name: 'catalog', project: 'mfe-catalog', routes: ['/search'], payloads: true }, { name: 'account', project: 'mfe-account', routes: ['/account'], service: true }] };
    for (const [project, label] of [['shell', 's'], ['mfe-catalog', 'c'], ['mfe-account', 'a']]) {
      fs.mkdirSync(path.join(root, project, 'dist'), { recursive: true });
      fs.writeFileSync(path.join(root, project, 'dist', 'index.html'), `<script src="__SHELL_BASE__/main.js"></script><!-- ${label} -->`);
    }
    const first = await registry.deployAll(layout, [], root);
    assert.equal(first.length, 3);
    const live = await registry.readLive();
    assert.equal(live.shell.html, `/cdn/shell/${live.shell.version}/index.html`);
    assert.deepEqual(live.remotes.map((r) => [r.name, r.routes, Boolean(r.service), Boolean(r.payloads)]), [['catalog', ['/search'], false, true], ['account', ['/account'], true, false]]);
    const html = await registry.blob((await registry.filesOf('shell', live.shell.version))['index.html']);
    assert.match(html.toString(), new RegExp(`src="/cdn/shell/${live.shell.version}/main.js"`));
    assert.deepEqual(await registry.deployAll(layout, [], root), []);
    fs.writeFileSync(path.join(root, 'mfe-account', 'dist', 'index.html'), 'changed');
    assert.deepEqual((await registry.deployAll(layout, [], root)).map((c) => c.split(' ')[0]), ['account']);
    assert.deepEqual((await registry.history()).map((h) => `${h.action} ${h.name}`), ['deploy shell', 'deploy catalog', 'deploy account', 'deploy account']);
  });
});

describe('the retention rule', () => {
  it('never lets go of a live version or its rollback target, whatever the releases and rollbacks', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let run = 0; run < 200; run += 1) {
      const history = [];
      const built = [];
      let live;
      for (let step = 0; step < 12; step += 1) {
        const target = live && random() < 0.3 ? previousVersion(history, 'catalog', live) : undefined;
        const to = target ?? `v${built.length + 1}`;
        if (!target) built.push({ name: 'catalog', version: to, publishedAt: new Date(0) });
        history.push({ at: new Date(0).toISOString(), action: target ? 'rollback' : 'release', name: 'catalog', from: live ?? null, to });
        live = to;
      }
      const removed = new Set(prunable(built, new Map([['catalog', live]]), history, { previous: 1, days: 0, now: new Date(1e12) }).map((b) => b.version));
      assert.equal(removed.has(live), false);
      const back = previousVersion(history, 'catalog', live);
      if (back) assert.equal(removed.has(back), false, `run ${run}: rollback target ${back} pruned`);
    }
  });
});

// Across processes and machines: needs a PostgreSQL server (PGlite is one process).
if (process.env.DATABASE_URL) {
  describe('the edge on a PostgreSQL server', () => {
    it('falls back to polling when its listening connection is lost, and listens again', async () => {
      const db = await database('postgres');
      const registry = await db.writer();
      await release(registry, 'catalog', 'c1', null);
      const edge = new RegistryFollower({ db: db.edgeDb(), cacheDir: tmpDir('edge'), pollMs: 200, listenPollMs: 60_000 });
      await edge.start();
      cleanups.push(() => edge.stop());
      const listeners = async () => (await db.raw("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")).rows;
      assert.equal((await listeners()).length, 1);
      await db.raw("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'");
      await waitFor(() => false, 100);
      const started = Date.now();
      await release(registry, 'catalog', 'c2', 'c1');
      await waitFor(() => liveOn(edge.deployDir, 'catalog') === 'c2', 1000);
      assert.equal(liveOn(edge.deployDir, 'catalog'), 'c2', `not seen ${Date.now() - started} ms after the release`);
      let again = [];
      for (let i = 0; i < 50 && again.length === 0; i += 1) {
        await waitFor(() => false, 50);
        again = await listeners();
      }
      assert.equal(again.length, 1, 'listening again');
    });
    it('release commands of one remote started together: the winners form an unbroken history, the others exit 3', async () => {
      const db = await database('postgres');
      const registry = await db.writer();
      await seedSite(registry);
      const dir = tmpDir('race');
      const env = { ...process.env, REGISTRY: 'postgres', DATABASE_URL: db.url };
      const results = await Promise.all([0, 1, 2].map((i) => command(dir, env, 'release', 'catalog', '--dist', catalogBuild(path.join(dir, `b${i}`), `b${i}`))));
      for (const r of results) if (r.status !== 0) assert.match(r.out, /catalog (changed while this release ran|was made live by another release)/, r.out);
      for (const r of results) assert.ok([0, 3].includes(r.status), r.out);
      const history = (await registry.history()).filter((h) => h.name === 'catalog');
      for (let i = 1; i < history.length; i += 1) assert.equal(history[i].from, history[i - 1].to);
      assert.equal(history.length, results.filter((r) => r.status === 0).length);
      assert.equal((await registry.readLive()).remotes.find((r) => r.name === 'catalog').version, history.at(-1).to);
    });
  });

  describe('two edges on one PostgreSQL database', () => {
    it('serve a release made by the command from a third directory within 1 s, each from its own cache', async () => {
      const { registerEdge } = await tsImport('../../../api/src/edge/edge.ts', import.meta.url);
      const db = await database('postgres');
      const registry = await db.writer();
      await seedSite(registry);

      const edges = [];
      for (const label of ['a', 'b']) {
        const follower = new RegistryFollower({ db: db.edgeDb(), cacheDir: tmpDir(`edge-${label}`), listenPollMs: 60_000 });
        await follower.start();
        const app = Fastify();
        await registerEdge(app, { deployDir: tmpDir('unused'), registry: follower, ssr: false });
        await app.ready();
        cleanups.push(async () => {
          await app.close();
          await follower.stop();
        });
        edges.push({ app, follower });
      }

      // the build and the command's working directory are on neither edge's disk
      const third = tmpDir('release-machine');
      const dist = catalogBuild(path.join(third, 'dist'), 'abc');
      const env = { ...process.env, REGISTRY: 'postgres', DATABASE_URL: db.url, DEPLOY_DIR: path.join(third, 'no-deploy-here') };
      const result = await command(third, env, 'release', 'catalog', '--dist', dist);
      assert.equal(result.status, 0, result.out);
      // from the switch's transaction (this machine's clock), not from the command's exit
      const released = new Date((await registry.history()).at(-1).at).getTime();
      const version = result.out.match(/catalog: \(none\) -> (\w+)/)[1];
      assert.equal(fs.existsSync(path.join(third, 'no-deploy-here')), false, 'nothing written to a local deploy folder');

      for (const { app } of edges) {
        let live;
        while (Date.now() - released <= 1000) {
          const registryJson = (await app.inject({ method: 'GET', url: '/registry.json' })).json();
          live = registryJson.remotes.find((r) => r.name === 'catalog')?.version;
          if (live === version) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        assert.equal(live, version, `served within 1 s of the switch (${Date.now() - released} ms)`);
        const file = await app.inject({ method: 'GET', url: `/cdn/catalog/${version}/remoteEntry.abc.js`, headers: { 'accept-encoding': 'br' } });
        assert.equal(file.statusCode, 200);
        assert.match(file.headers['cache-control'], /immutable/);
        assert.equal(file.headers['content-encoding'], 'br', 'the precompressed copy published with the build');
      }
      // history says who released it
      assert.match((await registry.history()).at(-1).by, /@/);
    });
  });
}
