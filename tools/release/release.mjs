#!/usr/bin/env node
// Release one remote, or roll it back, without touching the shell or the other remotes.
//
//   node tools/release/release.mjs release <remote|project> [--skip-build] [--dist <dir>]
//   node tools/release/release.mjs rollback <remote|project> [--force]
//   node tools/release/release.mjs history [<remote|project>]
//   node tools/release/release.mjs check <remote|project> [--dist <dir>]     (the gate only)
//
// Each remote's package.json maps `npm run release` / `npm run rollback` here. DEPLOY_DIR chooses
// the deployment (default var/deploy: what `npm start` serves). See docs/deploying.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appendHistory, deployDir, publish, readHistory, readRegistry, writeRegistry } from '../deploy-local.mjs';
import { checkRelease, describeChange, serverRequires } from './gate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

class ReleaseError extends Error {}

function remoteOf(nameOrProject) {
  const remote = layout.remotes.find((r) => r.name === nameOrProject || r.project === nameOrProject);
  if (!remote) throw new ReleaseError(`unknown remote "${nameOrProject}" (known: ${layout.remotes.map((r) => r.name).join(', ')})`);
  return remote;
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
/** A build's server bundle, as the gate sees it: what it requires (undefined: no server build). */
const serverOf = (dir) => {
  const file = path.join(dir, 'server', 'server.js');
  return fs.existsSync(file) ? { requires: serverRequires(fs.readFileSync(file, 'utf8')) } : undefined;
};

/** A deployed build's metadata, from the CDN folder. */
function deployed(name, version) {
  const dir = path.join(deployDir, 'cdn', name, version);
  return { name, version, manifest: readJson(path.join(dir, 'mf-manifest.json')), contract: readJson(path.join(dir, 'storefront-contract.json')), server: serverOf(dir) };
}

function liveParties(registry) {
  if (!registry?.shell) throw new ReleaseError(`no live shell in ${path.join(deployDir, 'registry.json')}: deploy the store first (npm start or npm run deploy:local)`);
  return {
    shell: { ...deployed('shell', registry.shell.version), name: 'shell' },
    remotes: registry.remotes.map((r) => deployed(r.name, r.version)),
  };
}

function gate(remote, candidate, registry, { force = false } = {}) {
  const { conflicts, notes } = checkRelease({ ...candidate, name: remote.name, service: Boolean(remote.service) }, liveParties(registry));
  for (const note of notes) console.log(`  note: ${note}`);
  if (conflicts.length === 0) return;
  const message = `release of ${remote.name} refused by the compatibility gate:\n${conflicts.map((c) => `  - ${c}`).join('\n')}`;
  if (force) console.warn(`${message}\n  (--force: going ahead anyway)`);
  else throw new ReleaseError(message);
}

function setLive(registry, remote, version) {
  const next = structuredClone(registry);
  const index = next.remotes.findIndex((r) => r.name === remote.name);
  const entry = {
    name: remote.name,
    manifest: `/cdn/${remote.name}/${version}/mf-manifest.json`,
    version,
    routes: remote.routes,
    ...(remote.service ? { service: true } : {}),
    ...(remote.payloads ? { payloads: true } : {}),
  };
  if (index === -1) next.remotes.push(entry);
  else next.remotes[index] = entry;
  writeRegistry(next); // atomic rename: shoppers read the old or the new registry
  return next;
}

function option(args, flag) {
  const i = args.indexOf(flag);
  return i === -1 ? undefined : args[i + 1];
}

function build(remote) {
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules/.bin/nx'), ['run', `${remote.project}:build`, '--output-style=static'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new ReleaseError(`build of ${remote.project} failed:\n${result.stdout}\n${result.stderr}`);
  console.log(`  built ${remote.project} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function release(nameOrProject, { skipBuild = false, dist, force = false } = {}) {
  const started = Date.now();
  const remote = remoteOf(nameOrProject);
  const distDir = path.resolve(dist ?? path.join(root, remote.project, 'dist'));
  console.log(`release ${remote.name} (${path.relative(root, distDir) || distDir}) -> ${deployDir}`);
  if (!skipBuild && !dist) build(remote);
  const manifest = readJson(path.join(distDir, 'mf-manifest.json'));
  if (!manifest) throw new ReleaseError(`${distDir}/mf-manifest.json not found: is this a remote's build?`);
  const candidate = { manifest, contract: readJson(path.join(distDir, 'storefront-contract.json')), server: serverOf(distDir) };
  const registry = readRegistry();
  gate(remote, candidate, registry, { force });
  const current = registry.remotes.find((r) => r.name === remote.name);
  const version = publish(remote.name, distDir);
  if (current?.version === version) {
    console.log(`  ${remote.name} ${version} is already live: nothing changed`);
    return { name: remote.name, from: version, to: version, changed: false, ms: Date.now() - started };
  }
  setLive(registry, remote, version);
  const changes = describeChange(current ? deployed(remote.name, current.version).manifest : undefined, manifest);
  appendHistory({ action: 'release', name: remote.name, from: current?.version ?? null, to: version, changes });
  console.log(`  ${remote.name}: ${current?.version ?? '(none)'} -> ${version}`);
  for (const line of changes) console.log(`    ${line}`);
  console.log(`  live in ${((Date.now() - started) / 1000).toFixed(1)} s; earlier builds stay under cdn/${remote.name}/ for open tabs`);
  return { name: remote.name, from: current?.version ?? null, to: version, changed: true, ms: Date.now() - started };
}

/** The version that was live before `current`, from the history (releases, deploys and rollbacks). */
export function previousVersion(history, name, current) {
  // the order in which versions went live (rollbacks only move back along it)
  const wentLive = [];
  for (const h of history) {
    if (h.name !== name || !h.to || h.action === 'rollback') continue;
    if (h.from && wentLive[wentLive.length - 1] !== h.from) wentLive.push(h.from);
    wentLive.push(h.to);
  }
  const last = wentLive.lastIndexOf(current);
  for (let i = (last === -1 ? wentLive.length : last) - 1; i >= 0; i -= 1) if (wentLive[i] !== current) return wentLive[i];
  return undefined;
}

export function rollback(nameOrProject, { force = false } = {}) {
  const started = Date.now();
  const remote = remoteOf(nameOrProject);
  const registry = readRegistry();
  const current = registry?.remotes.find((r) => r.name === remote.name);
  if (!current) throw new ReleaseError(`${remote.name} is not live`);
  const target = previousVersion(readHistory(), remote.name, current.version);
  if (!target) throw new ReleaseError(`${remote.name} has no earlier version in ${path.join(deployDir, 'registry-history.jsonl')}`);
  const build = deployed(remote.name, target);
  if (!build.manifest) throw new ReleaseError(`cdn/${remote.name}/${target} is gone: cannot roll back to it`);
  gate(remote, build, registry, { force });
  setLive(registry, remote, target);
  appendHistory({ action: 'rollback', name: remote.name, from: current.version, to: target });
  console.log(`rollback ${remote.name}: ${current.version} -> ${target} (${Date.now() - started} ms)`);
  return { name: remote.name, from: current.version, to: target, ms: Date.now() - started };
}

function history(nameOrProject) {
  const name = nameOrProject ? remoteOf(nameOrProject).name : undefined;
  const registry = readRegistry();
  for (const h of readHistory().filter((e) => !name || e.name === name)) {
    const live = registry?.remotes.find((r) => r.name === h.name)?.version === h.to ? '  (live)' : '';
    console.log(`${h.at}  ${h.action.padEnd(8)} ${h.name.padEnd(14)} ${h.from ?? '(none)'} -> ${h.to}${live}`);
  }
}

function main(argv) {
  const [command, target, ...rest] = argv;
  const force = rest.includes('--force');
  switch (command) {
    case 'release':
      return release(target, { skipBuild: rest.includes('--skip-build'), dist: option(rest, '--dist'), force });
    case 'rollback':
      return rollback(target, { force });
    case 'check': {
      const remote = remoteOf(target);
      const distDir = path.resolve(option(rest, '--dist') ?? path.join(root, remote.project, 'dist'));
      gate(remote, { manifest: readJson(path.join(distDir, 'mf-manifest.json')), contract: readJson(path.join(distDir, 'storefront-contract.json')), server: serverOf(distDir) }, readRegistry());
      console.log(`${remote.name}: compatible with the live site`);
      return undefined;
    }
    case 'history':
      return history(target);
    default:
      throw new ReleaseError('usage: release.mjs release|rollback|check|history <remote>');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ReleaseError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}
