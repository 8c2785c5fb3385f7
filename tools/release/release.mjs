#!/usr/bin/env node
// Release one remote, or roll it back, without touching the shell or the other remotes.
//
//   node tools/release/release.mjs release <remote|project> [--commit <rev>] [--allow-dirty] [--dist <dir>]
//   node tools/release/release.mjs rollback <remote|project> [--force]
//   node tools/release/release.mjs release <remote|project> --canary <share 1-100> [--market NZ|AU] ...
//   node tools/release/release.mjs promote|abort <remote|project> [--reason <text>] [--expect <canary version>] [--by <who>]
//   node tools/release/release.mjs step <remote|project> <share> --expect <canary version> [--expect-share <share now>] [--reason <text>] [--by <who>]
//   node tools/release/release.mjs pause|resume <remote|project> [--reason <text>] [--expect <canary version>] [--by <who>]
//   node tools/release/release.mjs history [<remote|project>]
//   node tools/release/release.mjs check <remote|project> [--dist <dir>]     (the gate only)
//   node tools/release/release.mjs prune                                      (the retention rule)
//
// A release is built from a commit (HEAD unless --commit names another) in a clean checkout, after
// the project's typecheck, lint and unit tests pass there; a working tree with uncommitted changes
// is refused unless --allow-dirty (which builds and checks the working tree as it is). --dist
// releases a build made elsewhere (a CI artifact). The history records the commit, its author and
// the checks that ran.
//
// Each remote's package.json maps `npm run release` / `npm run rollback` here. REGISTRY chooses the
// registry (file: DEPLOY_DIR, default var/deploy, what `npm start` serves; postgres: the database at
// REGISTRY_DATABASE_URL or DATABASE_URL, what every edge reads). A release that finds its remote
// switched by another release meanwhile switches nothing and exits 3. See docs/deploying.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteEntry } from '../deploy-local.mjs';
import { cleanCheckout, commitOf, dirtyFiles } from './checkout.mjs';
import { checkRelease, describeChange, serverRequires } from './gate.mjs';
import { checkFirstLoad, checkRenders, readBudgets } from './render-gate.mjs';
import { openRegistry, RegistryConflict } from './registry/index.mjs';
import { CANARY_ACTIONS, retentionFromEnv } from './registry/retention.mjs';
import { endCanary, pauseCanary, stepCanary } from './canary.mjs';
import { ReleaseError, layout, remoteOf, root, withdraw } from './remotes.mjs';

export { endCanary, pauseCanary, stepCanary } from './canary.mjs';

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
/** A build's server bundle, as the gate sees it: what it requires (undefined: no server build). */
const serverOf = (source) => (source === undefined ? undefined : { requires: serverRequires(source) });
const readText = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
/**
 * A candidate build's server bundle as the gate judges it: its own account of its module graph
 * (server/server-modules.json: externals and the packages it carries) when the build wrote one,
 * else what its text requires.
 */
function candidateServer(distDir) {
  const modules = readText(path.join(distDir, 'server', 'server-modules.json'));
  const text = readText(path.join(distDir, 'server', 'server.js'));
  if (text === undefined) return undefined;
  if (modules === undefined) return serverOf(text);
  const { requires, bundled } = JSON.parse(modules);
  return { requires, bundled };
}

/** A deployed build's metadata, from the registry. */
async function deployed(registry, name, version) {
  const { manifest, contract, serverSource } = await registry.buildFiles(name, version);
  return { name, version, manifest, contract, server: serverOf(serverSource) };
}

async function liveParties(registry, live) {
  if (!live?.shell) throw new ReleaseError(`no live shell in the registry (${registry.where}): deploy the store first (npm start or npm run deploy:local)`);
  return {
    shell: { ...(await deployed(registry, 'shell', live.shell.version)), name: 'shell' },
    remotes: await Promise.all(live.remotes.map((r) => deployed(registry, r.name, r.version))),
  };
}

/**
 * The compatibility gate: the build's metadata against the live site (gate.mjs) and, for a build
 * folder (`build`: { distDir, tree: the checkout its release budgets come from }), its first-load
 * scripts against its budget and its routes rendered with its server bundle against the live shell
 * (render-gate.mjs).
 */
async function gate(registry, remote, candidate, live, { force = false, build } = {}) {
  const { conflicts, notes } = checkRelease({ ...candidate, name: remote.name, service: Boolean(remote.service) }, await liveParties(registry, live));
  if (build) {
    const budgets = readBudgets(build.tree, remote.project);
    if (!budgets) notes.push(`${remote.project} has no release-budgets.json: its first-load scripts and render times were not held to budgets`);
    const firstLoad = checkFirstLoad(remote, build.distDir, budgets);
    conflicts.push(...firstLoad.conflicts);
    notes.push(...firstLoad.notes);
    if (conflicts.length === 0) {
      const renders = await checkRenders(registry, remote, build.distDir, live, budgets);
      conflicts.push(...renders.conflicts);
      notes.push(...renders.notes);
    } else notes.push(`${remote.name}'s routes were not rendered: the build is refused already`);
  }
  for (const note of notes) console.log(`  note: ${note}`);
  if (conflicts.length === 0) return;
  const message = `release of ${remote.name} refused by the compatibility gate:\n${conflicts.map((c) => `  - ${c}`).join('\n')}`;
  if (force) console.warn(`${message}\n  (--force: going ahead anyway)`);
  else throw new ReleaseError(message);
}

const positionOf = (remote) => layout.remotes.findIndex((r) => r.name === remote.name);

function option(args, flag) {
  const i = args.indexOf(flag);
  return i === -1 ? undefined : args[i + 1];
}

/** The checks a release runs on the project before building it. */
export const RELEASE_CHECKS = ['typecheck', 'lint', 'test'];

/** The output of the tasks nx lists as failed (each task's part starts with `> nx run <task>`), else its last 40 lines. */
export function failedOutput(output) {
  // eslint-disable-next-line no-control-regex -- colour codes
  const text = output.replace(/\u001b\[[0-9;]*m/g, '');
  const failed = [...(text.split('Failed tasks:')[1] ?? '').matchAll(/^- (\S+)$/gm)].map((m) => m[1]);
  const parts = failed.map((task) => {
    const start = text.indexOf(`> nx run ${task}`);
    if (start === -1) return '';
    const next = text.slice(start + 1).search(/\n> nx run |\n\s*NX\s/);
    return text.slice(start, next === -1 ? undefined : start + 1 + next).trim();
  });
  const shown = parts.filter(Boolean).join('\n\n');
  return shown || text.trim().split('\n').slice(-40).join('\n');
}

/** Runs nx targets of one project in `dir` (a checkout or the repository); a failure refuses the release. */
function runTargets(dir, project, targets) {
  const started = Date.now();
  const nx = path.join(dir, 'node_modules/.bin/nx');
  const result = spawnSync(nx, ['run-many', '-t', targets.join(','), `--projects=${project}`, '--outputStyle=static', '--nxBail'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true' },
  });
  if (result.status !== 0) throw new ReleaseError(`${project}: ${targets.join(', ')} failed, nothing was released:\n${failedOutput(`${result.stdout}\n${result.stderr}`)}`);
  console.log(`  ${targets.join(', ')} of ${project} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Where the build to release comes from: a clean checkout of a commit (checked and built there), the
 * working tree (--allow-dirty), or a prebuilt folder (--dist). Returns the dist folder, what the
 * history records about its source, and a cleanup.
 */
function prepareBuild(remote, { dist, skipBuild, commit, allowDirty, repo }) {
  if (dist || skipBuild) {
    const distDir = path.resolve(dist ?? path.join(repo, remote.project, 'dist'));
    return { distDir, tree: repo, source: { prebuilt: path.relative(repo, distDir) || distDir, checks: [] }, done: () => {} };
  }
  const dirty = commit ? [] : dirtyFiles(repo);
  if (dirty.length && !allowDirty) {
    throw new ReleaseError(
      `the working tree has uncommitted changes (${dirty.length}: ${dirty.slice(0, 3).map((l) => l.trim()).join(', ')}${dirty.length > 3 ? ', …' : ''}): a release is built from a commit. Commit them, or pass --allow-dirty to release the working tree as it is (the history says so)`,
    );
  }
  if (dirty.length) {
    runTargets(repo, remote.project, [...RELEASE_CHECKS, 'build']);
    return { distDir: path.join(repo, remote.project, 'dist'), tree: repo, source: { ...commitOf(repo), dirty: true, checks: RELEASE_CHECKS }, done: () => {} };
  }
  const info = commitOf(repo, commit ?? 'HEAD');
  console.log(`  from ${info.commit.slice(0, 12)} (${info.author}): ${info.subject}`);
  const checkout = cleanCheckout(repo, info.commit);
  try {
    runTargets(checkout.dir, remote.project, [...RELEASE_CHECKS, 'build']);
  } catch (error) {
    checkout.remove();
    throw error;
  }
  return { distDir: path.join(checkout.dir, remote.project, 'dist'), tree: checkout.dir, source: { ...info, checks: RELEASE_CHECKS }, done: checkout.remove };
}

export const MARKETS = ['NZ', 'AU'];

/** A canary's share of shoppers from the command line: a whole number of percent from 1 to 100. */
export function parseShare(raw, flag = '--canary') {
  const share = Number(raw);
  if (!/^\d+$/.test(String(raw ?? '').trim()) || share < 1 || share > 100) throw new ReleaseError(`${flag} must be a whole percentage from 1 to 100 (got "${raw ?? ''}")`);
  return share;
}

function parseMarket(raw) {
  if (raw === undefined) return undefined;
  const market = String(raw).trim().toUpperCase();
  if (!MARKETS.includes(market)) throw new ReleaseError(`--market must be one of ${MARKETS.join(', ')} (got "${raw}")`);
  return market;
}

export async function release(registry, nameOrProject, { skipBuild = false, dist, force = false, retention, commit, allowDirty = false, repo = root, canary } = {}) {
  const started = Date.now();
  const remote = remoteOf(nameOrProject);
  console.log(`release ${remote.name} -> ${registry.where}${canary ? ` (canary: ${canary.share}% of shoppers${canary.market ? ` in ${canary.market}` : ''})` : ''}`);
  const prepared = prepareBuild(remote, { dist, skipBuild, commit, allowDirty, repo });
  try {
    return await releaseBuild(registry, remote, prepared, { force, retention, started, canary });
  } finally {
    prepared.done();
  }
}

async function releaseBuild(registry, remote, { distDir, tree, source }, { force, retention, started, canary }) {
  const manifest = readJson(path.join(distDir, 'mf-manifest.json'));
  if (!manifest) throw new ReleaseError(`${distDir}/mf-manifest.json not found: is this a remote's build?`);
  const candidate = { manifest, contract: readJson(path.join(distDir, 'storefront-contract.json')), server: candidateServer(distDir) };
  const live = await registry.readLive();
  await gate(registry, remote, candidate, live, { force, build: { distDir, tree } });
  const current = live.remotes.find((r) => r.name === remote.name);
  if (current?.canary) throw new ReleaseError(`${remote.name} ${current.canary.version} is on canary (${current.canary.share}%): promote or abort it first`);
  const version = await registry.publish(remote.name, distDir);
  if (canary) {
    if (!current) throw new ReleaseError(`${remote.name} is not live yet: a canary needs a stable version beside it (release it without --canary)`);
    if (current.version === version) throw new ReleaseError(`${remote.name} ${version} is already live for everyone: nothing to try`);
    const entry = { ...current, canary: { ...remoteEntry(remote, version), share: canary.share, ...(canary.market ? { market: canary.market } : {}), since: new Date().toISOString() } };
    await registry.changeEntry({ name: remote.name, expected: { version: current.version, canary: null }, entry, record: { action: 'canary', from: current.version, to: version, share: canary.share, market: canary.market, reason: 'released as a canary', source } });
    console.log(`  ${remote.name}: ${version} is live for ${canary.share}% of shoppers${canary.market ? ` in ${canary.market}` : ''}; the others stay on ${current.version}`);
    console.log(`  promote it with --promote, remove it with --abort (the judge, when on, steps it up or removes it)`);
    return { name: remote.name, from: current.version, to: version, canary: true, changed: true, ms: Date.now() - started };
  }
  if (current?.version === version) {
    console.log(`  ${remote.name} ${version} is already live: nothing changed`);
    return { name: remote.name, from: version, to: version, changed: false, ms: Date.now() - started };
  }
  const changes = describeChange(current ? (await deployed(registry, remote.name, current.version)).manifest : undefined, manifest);
  // switches only if the version gated against is still live (else RegistryConflict)
  await registry.switchLive({ name: remote.name, version, entry: remoteEntry(remote, version), expectedFrom: current?.version ?? null, action: 'release', changes, source, position: positionOf(remote) });
  console.log(`  ${remote.name}: ${current?.version ?? '(none)'} -> ${version}`);
  for (const line of changes) console.log(`    ${line}`);
  console.log(`  live in ${((Date.now() - started) / 1000).toFixed(1)} s; earlier builds stay for open tabs (pruned by the retention rule)`);
  await pruneQuietly(registry, retention);
  return { name: remote.name, from: current?.version ?? null, to: version, changed: true, ms: Date.now() - started };
}

/** Automatic pruning after a release: a failure is reported, never fails the release that went live. */
async function pruneQuietly(registry, retention) {
  try {
    const removed = await registry.prune(retention);
    if (removed.length) console.log(`  pruned ${removed.map((b) => `${b.name} ${b.version}`).join(', ')}`);
  } catch (error) {
    console.warn(`  pruning failed (the release is live): ${error.message}`);
  }
}

/** The version that was live before `current`, from the history (releases, deploys and rollbacks). */
export function previousVersion(history, name, current) {
  // the order in which versions went live (rollbacks only move back along it)
  const wentLive = [];
  for (const h of history) {
    if (h.name !== name || !h.to || h.action === 'rollback' || CANARY_ACTIONS.has(h.action)) continue;
    if (h.from && wentLive[wentLive.length - 1] !== h.from) wentLive.push(h.from);
    wentLive.push(h.to);
  }
  const last = wentLive.lastIndexOf(current);
  for (let i = (last === -1 ? wentLive.length : last) - 1; i >= 0; i -= 1) if (wentLive[i] !== current) return wentLive[i];
  return undefined;
}

export async function rollback(registry, nameOrProject, { force = false } = {}) {
  const started = Date.now();
  const remote = remoteOf(nameOrProject);
  const live = await registry.readLive();
  const current = live?.remotes.find((r) => r.name === remote.name);
  if (!current) throw new ReleaseError(`${remote.name} is not live`);
  if (current.canary) throw new ReleaseError(`${remote.name} ${current.canary.version} is on canary: abort it first (--abort), then roll back`);
  const target = previousVersion(await registry.history(), remote.name, current.version);
  if (!target) throw new ReleaseError(`${remote.name} has no earlier version in the registry's history (${registry.where})`);
  const build = await deployed(registry, remote.name, target);
  if (!build.manifest) throw new ReleaseError(`${remote.name} ${target} is gone: cannot roll back to it`);
  await gate(registry, remote, build, live, { force });
  await registry.switchLive({ name: remote.name, version: target, entry: { ...remoteEntry(remote, target), withdrawn: withdraw(current, current.version) }, expectedFrom: current.version, action: 'rollback', position: positionOf(remote) });
  console.log(`rollback ${remote.name}: ${current.version} -> ${target} (${Date.now() - started} ms)`);
  return { name: remote.name, from: current.version, to: target, ms: Date.now() - started };
}

async function history(registry, nameOrProject) {
  const name = nameOrProject ? remoteOf(nameOrProject).name : undefined;
  const live = await registry.readLive();
  for (const h of (await registry.history()).filter((e) => !name || e.name === name)) {
    const isLive = live?.remotes.find((r) => r.name === h.name)?.version === h.to ? '  (live)' : '';
    const from = h.source?.commit ? `  from ${h.source.commit.slice(0, 12)}${h.source.dirty ? ' + uncommitted changes' : ''} (${h.source.author}; checks: ${h.source.checks?.join(', ') || 'none'})` : h.source?.prebuilt ? `  prebuilt ${h.source.prebuilt}` : '';
    const canary = h.share ? `  ${h.share}%${h.market ? ` of ${h.market}` : ''}` : '';
    console.log(`${h.at}  ${h.action.padEnd(11)} ${h.name.padEnd(14)} ${h.from ?? '(none)'} -> ${h.to}${isLive}${canary}${h.by ? `  by ${h.by}` : ''}${from}${h.reason ? `  (${h.reason})` : ''}`);
  }
}

async function main(argv) {
  const [command, target, ...rest] = argv;
  const force = rest.includes('--force');
  let retention;
  let registry;
  try {
    retention = retentionFromEnv();
    registry = await openRegistry();
  } catch (error) {
    if (/^(REGISTRY|RELEASE_KEEP_)/.test(error.message)) throw new ReleaseError(error.message); // a setting: no stack trace
    throw error;
  }
  try {
    switch (command) {
      case 'release':
        if (rest.includes('--market') && !rest.includes('--canary')) throw new ReleaseError('--market applies to a canary: pass --canary <share> too');
        if (rest.includes('--promote') || rest.includes('--abort')) return await endCanary(registry, target, rest.includes('--promote') ? 'promote' : 'abort', { reason: option(rest, '--reason') });
        return await release(registry, target, { canary: rest.includes('--canary') ? { share: parseShare(option(rest, '--canary')), market: parseMarket(option(rest, '--market')) } : undefined, skipBuild: rest.includes('--skip-build'), dist: option(rest, '--dist'), commit: option(rest, '--commit'), allowDirty: rest.includes('--allow-dirty'), force, retention });
      case 'rollback':
        return await rollback(registry, target, { force });
      case 'promote':
      case 'abort':
        return await endCanary(registry, target, command, { reason: option(rest, '--reason'), by: option(rest, '--by'), expectedCanary: option(rest, '--expect') });
      case 'pause':
      case 'resume': {
        const changed = await pauseCanary(registry, target, command === 'pause', { reason: option(rest, '--reason'), by: option(rest, '--by'), expectedCanary: option(rest, '--expect') });
        console.log(`${command} ${changed.name}: canary ${changed.to} at ${changed.share}% ${command === 'pause' ? 'is held there (the judge still aborts it on a regression)' : 'is judged again'}`);
        return changed;
      }
      case 'step': {
        // the canary judge's command: `step <remote> <share> --expect <canary version> --expect-share <share now> --reason <text>`
        const [share, ...more] = rest;
        const expected = option(more, '--expect');
        if (!expected) throw new ReleaseError('step needs --expect <canary version>');
        const expectedShare = more.includes('--expect-share') ? parseShare(option(more, '--expect-share'), '--expect-share') : undefined;
        const stepped = await stepCanary(registry, target, parseShare(share, 'the share'), { reason: option(more, '--reason'), by: option(more, '--by'), expectedCanary: expected, expectedShare });
        console.log(`step ${stepped.name}: canary ${stepped.to} is live for ${stepped.share}% of shoppers`);
        return stepped;
      }
      case 'check': {
        const remote = remoteOf(target);
        const distDir = path.resolve(option(rest, '--dist') ?? path.join(root, remote.project, 'dist'));
        const candidate = { manifest: readJson(path.join(distDir, 'mf-manifest.json')), contract: readJson(path.join(distDir, 'storefront-contract.json')), server: candidateServer(distDir) };
        await gate(registry, remote, candidate, await registry.readLive(), { build: { distDir, tree: root } });
        console.log(`${remote.name}: compatible with the live site`);
        return undefined;
      }
      case 'history':
        return await history(registry, target);
      case 'prune': {
        const removed = await registry.prune(retention);
        console.log(removed.length ? `pruned ${removed.map((b) => `${b.name} ${b.version}`).join(', ')}` : 'pruned nothing: every build is live, a rollback target or recent');
        return removed;
      }
      default:
        throw new ReleaseError('usage: release.mjs release|rollback|promote|abort|pause|resume|step|check|history|prune <remote>');
    }
  } finally {
    await registry.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    if (error instanceof ReleaseError || error instanceof RegistryConflict || error?.name === 'ImmutableBuild') {
      console.error(error.message);
      process.exit(error instanceof RegistryConflict ? 3 : 2);
    }
    console.error(error);
    process.exit(1);
  });
}
