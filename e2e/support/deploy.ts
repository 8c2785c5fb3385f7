import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { repoRoot } from './paths';

/** The registry as tools/deploy-local.mjs writes it (registry.json in DEPLOY_DIR). */
export interface DeployedRegistry {
  shell: { version: string; html: string } | null;
  remotes: { name: string; manifest: string; version: string; routes: string[]; canary?: { version: string; share: number; market?: string }; withdrawn?: string[] }[];
  overrideOrigins: string[];
  loadTimeoutMs: number;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|map|txt)$/;

export function listFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

/** Same rule as tools/deploy-local.mjs: hash of every file's name and bytes, 12 hex digits. */
export function versionOf(dist: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dist).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(dist, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** A fingerprint of a whole folder tree (names, sizes, mtimes and bytes), to prove it was not touched. */
export function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir).sort()) {
    const full = path.join(dir, file);
    hash.update(`${file}\0${fs.statSync(full).mtimeMs}\0`);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

export function readRegistry(deployDir: string): DeployedRegistry {
  return JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8')) as DeployedRegistry;
}

type WriteRegistry = (registry: DeployedRegistry) => void;
let writer: Promise<WriteRegistry> | null = null;

/**
 * Rewrites the registry atomically with tools/deploy-local.mjs's own `writeRegistry` (it reads
 * DEPLOY_DIR when first imported, so the env must point at this run's folder).
 */
export async function writeRegistry(deployDir: string, registry: DeployedRegistry): Promise<void> {
  if (path.resolve(process.env.DEPLOY_DIR ?? '') !== path.resolve(deployDir)) {
    if (writer) throw new Error(`writeRegistry was first used for ${process.env.DEPLOY_DIR}, not ${deployDir}`);
    process.env.DEPLOY_DIR = deployDir;
  }
  writer ??= import(pathToFileURL(path.join(repoRoot, 'tools/deploy-local.mjs')).href).then(
    (module: { writeRegistry: WriteRegistry }) => module.writeRegistry,
  );
  (await writer)(registry);
  const written = readRegistry(deployDir);
  if (JSON.stringify(written) !== JSON.stringify(registry)) throw new Error(`tools/deploy-local.mjs wrote the registry somewhere other than ${deployDir}`);
}

/**
 * Publishes a remote's dist/ the way tools/deploy-local.mjs does (cdn/<name>/<version>/, precompressed,
 * never overwriting an existing version) and points only that remote's registry entry at it.
 * Returns the previous registry so a test can restore it.
 */
export async function publishRemote(deployDir: string, name: string, dist: string): Promise<{ version: string; previous: DeployedRegistry }> {
  const version = versionOf(dist);
  const target = path.join(deployDir, 'cdn', name, version);
  if (!fs.existsSync(target)) {
    const tmp = `${target}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const file of listFiles(dist)) {
      const to = path.join(tmp, file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      const bytes = fs.readFileSync(path.join(dist, file));
      fs.writeFileSync(to, bytes);
      if (COMPRESSIBLE.test(file) && bytes.length > 512) {
        fs.writeFileSync(`${to}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
        fs.writeFileSync(`${to}.gz`, zlib.gzipSync(bytes, { level: 6 }));
      }
    }
    fs.renameSync(tmp, target);
  }
  const previous = readRegistry(deployDir);
  const next: DeployedRegistry = {
    ...previous,
    remotes: previous.remotes.map((remote) =>
      remote.name === name ? { ...remote, manifest: `/cdn/${name}/${version}/mf-manifest.json`, version } : remote,
    ),
  };
  if (!next.remotes.some((remote) => remote.name === name)) throw new Error(`the registry has no remote named ${name}`);
  await writeRegistry(deployDir, next);
  return { version, previous };
}

/**
 * The edge re-reads registry.json at most every 500 ms: wait until it serves what was written (its
 * overrideOrigins may differ: OVERRIDE_ORIGINS replaces them).
 */
export async function waitUntilServed(baseURL: string, registry: DeployedRegistry, timeoutMs = 5000): Promise<void> {
  // the edge serves each shopper their versions: never a remote's canary or withdrawn versions
  const remotes = registry.remotes.map(({ canary: _canary, withdrawn: _withdrawn, ...entry }) => entry);
  const want = JSON.stringify({ shell: registry.shell, remotes, loadTimeoutMs: registry.loadTimeoutMs });
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(new URL('/registry.json', baseURL), { cache: 'no-store' });
    const served = (await response.json()) as DeployedRegistry;
    last = JSON.stringify({ shell: served.shell, remotes: served.remotes, loadTimeoutMs: served.loadTimeoutMs });
    if (last === want) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the edge still serves an old registry after ${timeoutMs} ms: ${last}`);
}
