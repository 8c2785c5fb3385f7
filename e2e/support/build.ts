import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** Runs a command to completion; its output is shown only when it fails (or with E2E_VERBOSE=1). */
export function run(cmd: string, args: string[], options: SpawnSyncOptions = {}): void {
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    throw new Error(`\`${cmd} ${args.join(' ')}\` failed (${result.error?.message ?? `exit ${result.status}`}):\n${output.slice(-20000)}`);
  }
  if (process.env.E2E_VERBOSE) console.log(output);
  console.log(`[e2e] ${cmd} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function walk(entry: string): string[] {
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .sort()
    .flatMap((name) => walk(path.join(entry, name)));
}

/** Hash of a set of source files/folders, to skip a rebuild when nothing changed. */
function sourceHash(entries: string[]): string {
  const hash = createHash('sha256');
  for (const entry of entries) {
    for (const file of walk(entry)) {
      hash.update(path.relative(repoRoot, file));
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/**
 * Builds a webpack project (a fixture remote, or a copy of a real one) with the workspace webpack
 * through its own webpack.config.cjs, unless `<dir>/.e2e-stamp` says these sources were built already.
 */
export function buildWithWebpack(dir: string, inputs: string[]): string {
  const dist = path.join(dir, 'dist');
  const stampFile = path.join(dir, '.e2e-stamp');
  const stamp = sourceHash([
    ...inputs,
    path.join(repoRoot, 'tools/webpack-config'),
    path.join(repoRoot, 'package-lock.json'),
  ].filter((entry) => fs.existsSync(entry)));
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp && fs.existsSync(path.join(dist, 'mf-manifest.json'))) return dist;
  run(path.join(repoRoot, 'node_modules/.bin/webpack'), ['--mode', 'production', '--config', path.join(dir, 'webpack.config.cjs')], { cwd: dir });
  fs.writeFileSync(stampFile, stamp);
  return dist;
}

/**
 * Copies a remote's sources and webpack config to `dest` (inside the repo, so node_modules resolve)
 * for a test to change and build. No package.json, so neither npm nor nx mistakes the copy for the
 * project; its storefront contract goes to storefront.json (tools/webpack-config/contract.cjs), by
 * default the project's own declaration, so the gate sees what the real build would declare.
 * Returns the inputs to pass to buildWithWebpack.
 */
export function copyRemote(project: string, dest: string, storefront?: Record<string, string[]>): string[] {
  const source = path.join(repoRoot, project);
  fs.rmSync(path.join(dest, 'src'), { recursive: true, force: true });
  fs.mkdirSync(dest, { recursive: true });
  fs.cpSync(path.join(source, 'src'), path.join(dest, 'src'), { recursive: true });
  fs.copyFileSync(path.join(source, 'webpack.config.cjs'), path.join(dest, 'webpack.config.cjs'));
  const declared = storefront ?? (JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8')) as { storefront?: Record<string, string[]> }).storefront ?? {};
  fs.writeFileSync(path.join(dest, 'storefront.json'), `${JSON.stringify({ storefront: declared }, null, 2)}\n`);
  return [path.join(dest, 'src'), path.join(dest, 'webpack.config.cjs'), path.join(dest, 'storefront.json')];
}
