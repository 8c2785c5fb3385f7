#!/usr/bin/env node
// `npm run ci:affected`: checks what a change affects, and only that. nx finds the affected projects
// (against NX_BASE, else the merge base with origin/main, else the previous commit: a change
// committed on local main counts too; uncommitted changes always count); their typecheck, lint,
// unit tests and builds run, then only the e2e specs that exercise them (e2e/spec-owners.json) plus
// the smoke specs. A change to the shell, a shared package, the API or e2e itself runs every spec.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules/.bin/nx');
/** Projects a change to which can break any page: every spec runs. */
const REMOTES = new Set(['mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content']);
const ONLY_OWN = new Set([...REMOTES, 'release']);

export function readOwners(dir = path.join(root, 'e2e')) {
  const owners = JSON.parse(fs.readFileSync(path.join(dir, 'spec-owners.json'), 'utf8'));
  const files = fs.readdirSync(path.join(dir, 'tests')).filter((f) => f.endsWith('.spec.ts')).sort();
  const missing = files.filter((f) => !owners.specs[f]);
  const stale = Object.keys(owners.specs).filter((f) => !files.includes(f));
  if (missing.length || stale.length) throw new Error(`e2e/spec-owners.json: ${missing.length ? `not listed: ${missing.join(', ')}` : ''}${stale.length ? ` listed but absent: ${stale.join(', ')}` : ''}`);
  return { ...owners, files };
}

/** The specs to run for these affected projects: null = every spec, [] = none. */
export function specsFor(affected, owners) {
  const projects = affected.filter((p) => p !== 'e2e');
  if (projects.length === 0) return [];
  if (projects.some((p) => !ONLY_OWN.has(p))) return null;
  const chosen = new Set(owners.smoke);
  for (const [spec, exercised] of Object.entries(owners.specs)) if (exercised.some((p) => projects.includes(p))) chosen.add(spec);
  return owners.files.filter((f) => chosen.has(f));
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function baseRef() {
  if (process.env.NX_BASE) return process.env.NX_BASE;
  const head = git(['rev-parse', 'HEAD']);
  const merge = git(['merge-base', 'HEAD', 'origin/main']);
  if (merge && merge !== head) return merge;
  return git(['rev-parse', 'HEAD~1']) ?? 'HEAD';
}

function run(cmd, args, options = {}) {
  console.log(`\n[ci:affected] ${path.basename(cmd)} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NX_TUI: 'false' }, ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main() {
  const started = Date.now();
  const owners = readOwners();
  const base = baseRef();
  const out = execFileSync(nx, ['show', 'projects', '--affected', `--base=${base}`, '--json'], { cwd: root, encoding: 'utf8', env: { ...process.env, NX_TUI: 'false' } });
  const affected = JSON.parse(out.slice(out.indexOf('['))).sort();
  console.log(`[ci:affected] base ${base.slice(0, 12)}: ${affected.length ? affected.join(', ') : 'nothing'}`);
  const own = affected.filter((p) => p !== 'e2e');
  if (own.length) run(nx, ['run-many', '-t', 'typecheck,lint,test,build', `--projects=${own.join(',')}`, '--outputStyle=static']);
  // e2e's own files: a changed spec runs; a change to anything else of e2e runs every spec
  const changed = [...(git(['diff', '--name-only', base])?.split('\n') ?? []), ...(git(['ls-files', '--others', '--exclude-standard', 'e2e'])?.split('\n') ?? [])].filter(Boolean);
  const e2eFiles = changed.filter((f) => f.startsWith('e2e/'));
  const changedSpecs = e2eFiles.filter((f) => f.startsWith('e2e/tests/') && f.endsWith('.spec.ts')).map((f) => path.basename(f));
  const e2eOther = e2eFiles.length > changedSpecs.length;
  const fromProjects = specsFor(own, owners);
  const specs = e2eOther || fromProjects === null ? null : owners.files.filter((f) => fromProjects.includes(f) || changedSpecs.includes(f));
  if (specs && specs.length === 0) {
    console.log('[ci:affected] no e2e spec to run');
  } else {
    console.log(`[ci:affected] e2e: ${specs ? specs.join(' ') : 'every spec'}`);
    run(path.join(root, 'node_modules/.bin/playwright'), ['test', '-c', 'playwright.config.ts', ...(specs ?? []).map((s) => `tests/${s}`)], { cwd: path.join(root, 'e2e') });
  }
  console.log(`\n[ci:affected] done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
