#!/usr/bin/env node
// Publishes the built shell and remotes as a CDN would hold them: each build is copied once under an
// immutable, content-versioned path (var/deploy/cdn/<name>/<version>/), precompressed (br, gz), and
// the runtime registry (var/deploy/registry.json) is rewritten atomically to point at them.
//
//   node tools/deploy-local.mjs            publish every project's dist/ that changed
//   node tools/deploy-local.mjs catalog    publish only one remote (the others stay as deployed)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { withLockFile } from './release/registry/lock.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(root, 'var/deploy'));
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/; // not source maps: only developers fetch them
/** bytes a compressed copy must save to be kept */
const COMPRESSED_MIN_SAVING = 64;

function listFiles(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

/** Version = hash of every file's name and bytes: the same build always lands on the same path. */
export function versionOf(dist) {
  const hash = createHash('sha256');
  for (const file of listFiles(dist).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(dist, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * A build as deployed: its version and every file (transformed, plus precompressed .br and .gz
 * beside the compressible ones), in memory. The PostgreSQL registry stores these.
 */
export function deployedFiles(name, dist, transform) {
  if (!fs.existsSync(dist)) throw new Error(`${dist} does not exist: build ${name} first`);
  const version = versionOf(dist);
  const files = [];
  for (const file of listFiles(dist).sort()) {
    let bytes = fs.readFileSync(path.join(dist, file));
    if (transform) bytes = transform(file, bytes, version);
    files.push({ path: file.split(path.sep).join('/'), bytes });
    if (COMPRESSIBLE.test(file)) {
      // a compressed copy where it saves more than the headers it adds (Content-Encoding and Vary,
      // about 50 bytes): small chunks of a page's first scripts too, not only those over 512 bytes
      const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = zlib.gzipSync(bytes, { level: 9 });
      if (bytes.length - br.length > COMPRESSED_MIN_SAVING) files.push({ path: `${file.split(path.sep).join('/')}.br`, bytes: br });
      if (bytes.length - gz.length > COMPRESSED_MIN_SAVING) files.push({ path: `${file.split(path.sep).join('/')}.gz`, bytes: gz });
    }
  }
  return { version, files };
}

export function publish(name, dist, transform) {
  if (!fs.existsSync(dist)) throw new Error(`${dist} does not exist: build ${name} first`);
  const version = versionOf(dist);
  const target = path.join(deployDir, 'cdn', name, version);
  if (!fs.existsSync(target)) {
    const tmp = `${target}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const file of deployedFiles(name, dist, transform).files) {
      const to = path.join(tmp, file.path);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, file.bytes);
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.renameSync(tmp, target);
    } catch (error) {
      // another process published the same version (the same bytes) first
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  return version;
}

export function readRegistry() {
  try {
    return JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8'));
  } catch {
    return null;
  }
}

export function writeRegistry(registry) {
  fs.mkdirSync(deployDir, { recursive: true });
  const file = path.join(deployDir, 'registry.json');
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, `${JSON.stringify(registry, null, 2)}\n`);
  fs.renameSync(tmp, file); // atomic: readers see the old or the new registry, never half of one
}

/** One line per change of the live registry: what went live when (tools/release reads it for rollback). */
export function appendHistory(entry) {
  fs.mkdirSync(deployDir, { recursive: true });
  const by = `${os.userInfo().username}@${os.hostname()}`;
  fs.appendFileSync(path.join(deployDir, 'registry-history.jsonl'), `${JSON.stringify({ at: new Date().toISOString(), by, ...entry })}\n`);
}

export function readHistory() {
  try {
    return fs
      .readFileSync(path.join(deployDir, 'registry-history.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/**
 * The registry entry of a remote (routes, the query parameters its server render reads, and the
 * service and payloads flags come from tools/remotes.json).
 */
export function remoteEntry(remote, version) {
  return {
    name: remote.name,
    manifest: `/cdn/${remote.name}/${version}/mf-manifest.json`,
    version,
    routes: remote.routes,
    ...(remote.query ? { query: remote.query } : {}),
    ...(remote.service ? { service: true } : {}),
    ...(remote.payloads ? { payloads: true } : {}),
  };
}

export const shellTransform = (file, bytes, v) => (file === 'index.html' ? Buffer.from(bytes.toString('utf8').replaceAll('__SHELL_BASE__/', `/cdn/shell/${v}/`)) : bytes);

function deployFiles(only) {
  const wants = (name) => only.length === 0 || only.includes(name);
  // publish first (brotli at 11 takes a while), then switch under the lock
  const seen = readRegistry();
  const published = new Map();
  if (wants('shell') || !seen?.shell) published.set('shell', publish('shell', path.join(root, layout.shell.project, 'dist'), shellTransform));
  for (const remote of layout.remotes) {
    if (wants(remote.name) || !seen?.remotes?.some((r) => r.name === remote.name)) published.set(remote.name, publish(remote.name, path.join(root, remote.project, 'dist')));
  }
  fs.mkdirSync(deployDir, { recursive: true });
  return withLockFile(path.join(deployDir, 'registry.lock'), () => switchFiles(published));
}

function switchFiles(published) {
  const previous = readRegistry();
  const registry = {
    shell: previous?.shell ?? null,
    remotes: [],
    overrideOrigins: previous?.overrideOrigins ?? DEFAULT_OVERRIDE_ORIGINS,
    loadTimeoutMs: previous?.loadTimeoutMs ?? 5000,
  };
  const changes = [];
  const pending = [];

  if (published.has('shell')) {
    const version = published.get('shell');
    if (registry.shell?.version !== version) changes.push(`shell ${registry.shell?.version ?? '(none)'} -> ${version}`);
    registry.shell = { version, html: `/cdn/shell/${version}/index.html` };
  }
  for (const remote of layout.remotes) {
    const before = previous?.remotes?.find((r) => r.name === remote.name);
    if (!published.has(remote.name) && before) {
      // routes, query and the service and payloads flags come from tools/remotes.json, the build from the live registry
      const { service: _service, payloads: _payloads, query: _query, ...kept } = before;
      registry.remotes.push({ ...kept, routes: remote.routes, ...(remote.query ? { query: remote.query } : {}), ...(remote.service ? { service: true } : {}), ...(remote.payloads ? { payloads: true } : {}) });
      continue;
    }
    const version = published.get(remote.name) ?? publish(remote.name, path.join(root, remote.project, 'dist'));
    if (before?.version !== version) {
      changes.push(`${remote.name} ${before?.version ?? '(none)'} -> ${version}`);
      pending.push({ action: 'deploy', name: remote.name, from: before?.version ?? null, to: version });
    }
    registry.remotes.push(remoteEntry(remote, version));
  }
  writeRegistry(registry);
  for (const entry of pending) appendHistory(entry);
  return changes;
}

export const DEFAULT_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*', 'https://localhost:*'];

async function main() {
  const only = process.argv.slice(2);
  const { openRegistry } = await import('./release/registry/index.mjs');
  const registry = await openRegistry();
  try {
    const changes = registry.kind === 'file' ? deployFiles(only) : await registry.deployAll(layout, only, root);
    console.log(changes.length ? `deployed: ${changes.join(', ')}` : 'deployed: nothing changed');
  } finally {
    await registry.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(2);
  });
}
