#!/usr/bin/env node
// `npm run bench`: measures the production build of the storefront. See docs/performance.md.
//
//   1. builds: a cold build of everything (--skip-nx-cache) and a cache-hit rebuild, timed
//   2. publishes the builds to a temporary DEPLOY_DIR (tools/deploy-local.mjs)
//   3. starts api/dist/server.js on a free port with a temporary PGlite DATA_DIR (default seed)
//   4. first-load JS and requests before first paint of /, /categories/bags and a product page
//      (playwright-core driving Chromium)
//   5. Lighthouse mobile against the floor: a static HTML page of the bags listing's 48
//      products, no JavaScript (lib/floor.mjs, its own tiny server), then for run 1..N the floor,
//      home, category and product in turn, one fresh browser per run, performance and SEO; the
//      median run per page (computeMedianRun), each figure's ratio to the floor, met / NOT MET per
//      target; load average before and after the section
//   5b. server-render throughput: requests/s and p50/p95/p99 of the server-rendered HTML of
//      /categories/bags and a product page (autocannon, 10 connections, 10 s each, lib/ssr.mjs)
//   6. requests/s and p99 of GET /api/catalog/listing?category=bags (autocannon, 10 connections, 10 s)
//   7. checkout API: p50/p99 of POST /api/checkout/info and POST /api/order/place (api/bench/checkout.mjs,
//      sandbox gateway, 4 connections by default), each p99 reported against its target
//
// Prints tables and a met / NOT MET list of the targets to stdout, writes var/bench/latest.json.
// Exits non-zero only when something could not be measured; a missed target is reported, never
// an exit code.
//
// Options: --skip-build-times (build from the nx cache, do not time cold/warm builds),
//          --skip-lighthouse (also no floor page), --lighthouse-runs=<n> (default 5 interleaved
//          runs per page; the median run is reported), --skip-ssr (no server-render throughput),
//          --ssr-seconds=<n> (default 10 per page),
//          --skip-api, --api-seconds=<n> (default 10), --keep (keep temp dir),
//          --no-deploy-cache (publish every build from scratch instead of reusing the versions an
//          earlier run published, kept in var/bench/deploy-cache), --skip-release,
//          --only-release (build from the nx cache, deploy, then only the release-and-rollback
//          section: no server, browsers or API; writes var/bench/latest-release.json),
//          --skip-checkout, --checkout-connections=<n> (default 4),
//          --only-checkout (build the api from the nx cache, start it on a fresh PGlite, then only
//          the checkout section: no deploy, release, browsers or listing; writes
//          var/bench/latest-checkout.json),
//          --only-orders-pg (only order placement on PostgreSQL at 10 orders/s for 60 s,
//          api/bench/orders-pg.mjs: a throwaway PostgreSQL cluster and the api build; p99 <= 150 ms
//          and 0 errors, met / NOT MET; writes var/bench/latest-orders-pg.json),
//          --only-memory (only the API process's RSS under 10,000 distinct junk URLs and Host
//          headers, e2e/bench/lib/memory.mjs: the built and deployed storefront on a fresh PGlite;
//          within 100 MB of the warm level, met / NOT MET; writes var/bench/latest-memory.json),
//          --only-scale (only two API processes on one throwaway PostgreSQL cluster behind a
//          round-robin proxy, e2e/bench/lib/scale.mjs: guest orders stepping 10-50 orders/s, a
//          PostgreSQL restart and a killed process under load counted from the database, cold product
//          and listing pages, RSS after 50 catalog releases; met / NOT MET; needs root or DATABASE_URL;
//          writes var/bench/latest-scale.json),
//          --skip-search, --only-search (only the catalog listing at 100,000 products,
//          api/bench/search.ts: no build, deploy, server or browsers; writes
//          var/bench/latest-search.json),
//          --only-ssr (build from the nx cache, deploy, start the server, then only the floor,
//          Lighthouse and server-render throughput: no release, first-load JS, listing API,
//          checkout or search; writes var/bench/latest-ssr.json)
//   8. the catalog listing at 100,000 products on PGlite (api/bench/search.ts): in-process p95 and
//      HTTP requests/s with every request different, met / not met per target
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchListing, LISTING_PATH } from './lib/api.mjs';
import { benchCheckout } from './lib/checkout.mjs';
import { measureFirstLoad } from './lib/firstload.mjs';
import { startFloor, warmImages } from './lib/floor.mjs';
import { beaconCost, measureTaps, QUIET_LOAD, quietPageScripts } from './lib/interactive.mjs';
import { lighthouseInterleaved } from './lib/lighthouse.mjs';
import { packagesOf } from './lib/sourcemap.mjs';
import { cleanupAll, freePort, isCleaningUp, log, onCleanup, runTimed, startServer, tail } from './lib/proc.mjs';
import { render, targetsOf } from './lib/report.mjs';
import { benchPage, pageVerdicts } from './lib/ssr.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Set(process.argv.slice(2).filter((a) => !a.includes('=')));
const valued = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.includes('='))
    .map((a) => a.replace(/^--/, '').split('=')),
);

if (process.argv.includes('--only-orders-pg')) {
  // self-contained (its own PostgreSQL and server): delegate and exit with its status
  const { spawnSync } = await import('node:child_process');
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../api/bench/orders-pg.mjs');
  process.exit(spawnSync(process.execPath, [script], { stdio: 'inherit' }).status ?? 1);
}

if (process.argv.includes('--only-memory')) {
  // self-contained (it starts the built server itself): delegate and exit with its status
  const { spawnSync } = await import('node:child_process');
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'lib/memory.mjs');
  process.exit(spawnSync(process.execPath, [script], { stdio: 'inherit' }).status ?? 1);
}

if (process.argv.includes('--only-scale')) {
  // self-contained (its own PostgreSQL cluster, two servers and a proxy): delegate and exit with its status
  const { spawnSync } = await import('node:child_process');
  const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'lib/scale.mjs');
  process.exit(spawnSync(process.execPath, [script], { stdio: 'inherit' }).status ?? 1);
}

const KNOWN = ['--skip-build-times', '--skip-lighthouse', '--skip-taps', 'tap-runs', 'quiet-load', '--skip-api', '--skip-release', '--only-release', '--skip-checkout', '--only-checkout', '--skip-search', '--only-search', '--skip-ssr', '--only-ssr', '--keep', '--no-deploy-cache', 'lighthouse-runs', 'api-seconds', 'checkout-connections', 'ssr-seconds'];
for (const option of [...args, ...Object.keys(valued)]) {
  if (!KNOWN.includes(option)) {
    process.stderr.write(`[bench] unknown option ${option}; known: ${KNOWN.map((k) => (k.startsWith('--') ? k : `--${k}=<n>`)).join(' ')}\n`);
    process.exit(2);
  }
}

const PROJECTS = ['api', 'shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content'];
const chromium = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../support/chromium.json'), 'utf8'));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || chromium.executablePath;
const CHROMIUM_FLAGS = chromium.args;
const ONLY_RELEASE = args.has('--only-release');
const ONLY_CHECKOUT = args.has('--only-checkout');
for (const [only, skip] of [
  ['--only-release', '--skip-release'],
  ['--only-checkout', '--skip-checkout'],
  ['--only-release', '--only-checkout'],
]) {
  if (args.has(only) && args.has(skip)) {
    process.stderr.write(`[bench] ${only} and ${skip} exclude each other\n`);
    process.exit(2);
  }
}
if (ONLY_RELEASE || ONLY_CHECKOUT) args.add('--skip-build-times');
const ONLY_SEARCH = args.has('--only-search');
if (ONLY_SEARCH && (ONLY_RELEASE || ONLY_CHECKOUT || args.has('--skip-search'))) {
  process.stderr.write('[bench] --only-search excludes --only-release, --only-checkout and --skip-search\n');
  process.exit(2);
}
if (ONLY_RELEASE || ONLY_CHECKOUT) args.add('--skip-search');
const ONLY_SSR = args.has('--only-ssr');
if (ONLY_SSR && (ONLY_RELEASE || ONLY_CHECKOUT || ONLY_SEARCH || args.has('--skip-ssr'))) {
  process.stderr.write('[bench] --only-ssr excludes --only-release, --only-checkout, --only-search and --skip-ssr\n');
  process.exit(2);
}
if (ONLY_SSR) for (const skip of ['--skip-build-times', '--skip-release', '--skip-checkout', '--skip-search', '--skip-api']) args.add(skip);
const JSON_FILE = path.join(
  root,
  ONLY_RELEASE
    ? 'var/bench/latest-release.json'
    : ONLY_CHECKOUT
      ? 'var/bench/latest-checkout.json'
      : ONLY_SEARCH
        ? 'var/bench/latest-search.json'
        : ONLY_SSR
          ? 'var/bench/latest-ssr.json'
          : 'var/bench/latest.json',
);
const CHECKOUT_CONNECTIONS = Math.max(1, Number(valued['checkout-connections'] ?? 4) || 4);
const LIGHTHOUSE_RUNS = Math.max(1, Number(valued['lighthouse-runs'] ?? 5) || 5);
const SSR_SECONDS = Math.max(1, Number(valued['ssr-seconds'] ?? 10) || 10);
const TAP_RUNS = Math.max(1, Number(valued['tap-runs'] ?? 5) || 5);
// each Lighthouse run and each tap run starts only when the 1-minute load average is at most this
if (valued['quiet-load'] !== undefined) QUIET_LOAD.maxLoad = Number(valued['quiet-load']) || QUIET_LOAD.maxLoad;

const started = Date.now();
const result = {
  meta: {
    startedAt: new Date(started).toISOString(),
    commit: null,
    dirty: null,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    memoryGb: Math.round(os.totalmem() / 1e9),
    platform: `${os.type()} ${os.release()}`,
    browser: null,
    chromiumPath: CHROMIUM_PATH,
    chromiumFlags: CHROMIUM_FLAGS,
    units: 'bytes; milliseconds unless named otherwise; KB in the printed tables = 1,000 bytes',
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
    loadAverageAtEnd: null,
    seconds: null,
    jsonFile: path.relative(root, JSON_FILE),
  },
  build: null,
  release: null,
  search: null,
  routes: {},
  floor: null,
  lighthouse: null,
  taps: null,
  quietScripts: null,
  beacon: null,
  ssr: null,
  api: null,
  checkout: null,
  targets: [],
  problems: [],
  errors: [],
};

function git(...gitArgs) {
  try {
    return execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Runs one measurement section; a failure is recorded and the run goes on with the others. */
async function section(name, fn) {
  if (isCleaningUp()) throw new Error(`interrupted before ${name}`);
  const t0 = Date.now();
  log(`${name}...`);
  try {
    const value = await fn();
    log(`${name}: done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return value;
  } catch (error) {
    if (isCleaningUp()) throw new Error(`interrupted during ${name}`);
    const message = `${name}: ${error?.message ?? error}`;
    log(`FAILED ${message}`);
    result.errors.push(message);
    return undefined;
  }
}

/** Which tasks ran and which came from the cache, from nx's static output ("> nx run x:build  [local cache]"). */
function nxSummary(logFile, fromOffset) {
  const text = fs.readFileSync(logFile, 'utf8').slice(fromOffset);
  const tasks = new Map();
  for (const m of text.matchAll(/^> nx run (\S+?)(?:\s+\[([^\]]+)\])?\s*$/gm)) tasks.set(m[1], m[2] ?? null);
  const ran = [...tasks.entries()].filter(([, how]) => !how || !/cache/.test(how)).map(([task]) => task);
  return { tasks: tasks.size, fromCache: tasks.size - ran.length, ran };
}

/** Per-task durations and cache status from nx's task profile (NX_PROFILE, Chrome trace format). */
function nxProfile(file) {
  try {
    const events = JSON.parse(fs.readFileSync(file, 'utf8'));
    return events
      .filter((e) => e.ph === 'X')
      .map((e) => ({ task: e.name, seconds: Number((e.dur / 1e6).toFixed(2)), status: e.args?.status ?? null }))
      .sort((a, b) => b.seconds - a.seconds);
  } catch {
    return null;
  }
}

async function build(tmp) {
  const logFile = path.join(tmp, 'build.log');
  const projects = ONLY_CHECKOUT ? ['api'] : PROJECTS;
  const nx = (extra) => ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static', ...extra];
  let runs = 0;
  const timed = async (label, extra) => {
    const offset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    runs += 1;
    // nx joins NX_PROFILE to its working directory: give it a relative path
    const profile = path.join(tmp, `nx-profile-${runs}.json`);
    const env = { ...process.env, NX_PROFILE: path.relative(root, profile) };
    const run = await runTimed('npx', nx(extra), { cwd: root, env, logFile });
    if (run.code !== 0) throw new Error(`${label} build failed (exit ${run.code}):\n${tail(logFile, 60)}`);
    const summary = nxSummary(logFile, offset);
    const perTask = nxProfile(profile);
    if (perTask) {
      summary.tasks = perTask.length;
      summary.ran = perTask.filter((t) => !/cache/.test(t.status ?? '')).map((t) => t.task);
      summary.fromCache = summary.tasks - summary.ran.length;
    }
    return { seconds: run.seconds, ...summary, perTask };
  };
  let parallel = null;
  try {
    parallel = JSON.parse(fs.readFileSync(path.join(root, 'nx.json'), 'utf8')).parallel ?? null;
  } catch {
    parallel = null;
  }
  const info = { projects, parallel, coldSeconds: null, cacheHitSeconds: null, cold: null, cacheHit: null, measured: false };
  if (args.has('--skip-build-times')) {
    info.build = await timed('build', []);
    return info;
  }
  // Cold: every task runs, the developer's cache is neither read nor reset (no `nx reset`).
  info.cold = await timed('cold', ['--skip-nx-cache']);
  info.coldSeconds = info.cold.seconds;
  // Cache hit: the same command again; every task should come from the cache. When some task ran
  // anyway (typically: someone edited a source file during the cold build) the figure is not a
  // cache hit, so it is measured once more.
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    info.cacheHit = await timed('cache-hit', []);
    info.cacheHit.attempt = attempt;
    if (info.cacheHit.tasks === null || info.cacheHit.fromCache >= info.cacheHit.tasks) break;
    result.problems.push(
      `cache-hit rebuild${attempt > 1 ? ` (attempt ${attempt})` : ''} ran ${info.cacheHit.ran.join(', ')} instead of reading them from the cache (inputs changed between the builds, or a task is not cacheable)${attempt < 2 ? '; measured again' : ''}`,
    );
  }
  info.cacheHitSeconds = info.cacheHit.seconds;
  info.measured = true;
  return info;
}

const DEPLOY_CACHE = path.join(root, 'var/bench/deploy-cache');

/** Links every cached cdn/<name>/<version>/ folder into the fresh deploy dir. */
function seedDeploy(deployDir) {
  let linked = 0;
  for (const cache of [DEPLOY_CACHE, path.join(root, 'var/deploy')]) {
    const cdn = path.join(cache, 'cdn');
    if (!fs.existsSync(cdn)) continue;
    for (const name of fs.readdirSync(cdn)) {
      for (const version of fs.readdirSync(path.join(cdn, name))) {
        if (!/^[0-9a-f]{12}$/.test(version)) continue; // skip deploy-local's half-written .tmp-<pid> folders
        const target = path.join(deployDir, 'cdn', name, version);
        if (fs.existsSync(target)) continue;
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.symlinkSync(path.join(cdn, name, version), target, 'dir');
        linked += 1;
      }
    }
  }
  if (linked) log(`linked ${linked} already published build versions into the deploy dir`);
}

/** Moves the versions this run published into the cache; keeps the 3 newest per project. */
function keepDeploy(deployDir) {
  const cdn = path.join(deployDir, 'cdn');
  if (!fs.existsSync(cdn)) return;
  const registry = JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8'));
  const used = [registry.shell && `shell/${registry.shell.version}`, ...registry.remotes.map((r) => `${r.name}/${r.version}`)];
  for (const name of fs.readdirSync(cdn)) {
    for (const version of fs.readdirSync(path.join(cdn, name))) {
      const from = path.join(cdn, name, version);
      const to = path.join(DEPLOY_CACHE, 'cdn', name, version);
      if (!/^[0-9a-f]{12}$/.test(version) || fs.lstatSync(from).isSymbolicLink() || fs.existsSync(to)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
    }
    const dir = path.join(DEPLOY_CACHE, 'cdn', name);
    if (!fs.existsSync(dir)) continue;
    const now = new Date();
    for (const version of fs.readdirSync(dir)) if (used.includes(`${name}/${version}`)) fs.utimesSync(path.join(dir, version), now, now);
    const versions = fs
      .readdirSync(dir)
      .map((v) => ({ v, t: fs.statSync(path.join(dir, v)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const old of versions.slice(3)) fs.rmSync(path.join(dir, old.v), { recursive: true, force: true });
  }
}

function remoteOf(pathname) {
  const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
  const match = (pattern, p) => (pattern.endsWith('/*') ? p.startsWith(pattern.slice(0, -1)) && p.length > pattern.length - 1 : p === pattern);
  return layout.remotes.find((r) => r.routes.some((pattern) => match(pattern, pathname)))?.name ?? null;
}

/**
 * The catalog listing at 100,000 products: api/bench/search.ts in its own process, on
 * its own PGlite directory (var/bench-100000, seeded on first use, about a minute). Its exit code
 * 2 means "measured, a target missed": recorded, not an error.
 */
async function search(tmp) {
  const out = path.join(tmp, 'search.json');
  const logFile = path.join(tmp, 'search.log');
  const env = { ...process.env, BENCH_OUT: out };
  delete env.DATABASE_URL;
  const run = await runTimed(path.join(root, 'node_modules/.bin/tsx'), ['api/bench/search.ts'], { cwd: root, env, logFile });
  if ((run.code !== 0 && run.code !== 2) || !fs.existsSync(out)) throw new Error(`api/bench/search.ts failed (exit ${run.code}):\n${tail(logFile)}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  if (!report.allMet) result.problems.push(`search: targets not met: ${Object.entries(report.met).filter(([, ok]) => !ok).map(([name]) => name).join(', ')}`);
  return { ...report, seconds: run.seconds };
}

async function main() {
  result.meta.commit = git('rev-parse', '--short', 'HEAD');
  result.meta.dirty = git('status', '--porcelain') ? true : false;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fernleaf-bench-'));
  onCleanup(() => {
    if (args.has('--keep')) log(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  });
  if (ONLY_SEARCH) {
    result.search = (await section('catalog listing at 100,000 products (api/bench/search.ts)', () => search(tmp))) ?? null;
    return;
  }
  const deployDir = path.join(tmp, 'deploy');
  log(`temp dir ${tmp}`);

  // 1. builds (also "build what is not built")
  result.build = await section('build', () => build(tmp));
  if (!result.build) throw new Error('cannot measure without a build');
  const serverEntry = path.join(root, 'api/dist/server.js');
  if (!fs.existsSync(serverEntry)) throw new Error('api/dist/server.js does not exist after the build (does the api project have a build target?)');

  // 2. publish to a temp deploy dir. Deployed versions are immutable (version = hash of the
  // build), so versions published by an earlier bench run are linked in and deploy-local skips
  // them: precompressing a build (source maps included) at brotli 11 takes over a minute here.
  if (ONLY_CHECKOUT) return checkoutOnly(tmp, serverEntry);
  if (!args.has('--no-deploy-cache')) seedDeploy(deployDir);
  await section('deploy', async () => {
    const logFile = path.join(tmp, 'deploy.log');
    const run = await runTimed(process.execPath, ['tools/deploy-local.mjs'], { cwd: root, env: { ...process.env, DEPLOY_DIR: deployDir }, logFile });
    if (run.code !== 0) throw new Error(`tools/deploy-local.mjs failed:\n${tail(logFile)}`);
  });
  if (!fs.existsSync(path.join(deployDir, 'registry.json'))) throw new Error('cannot measure without a deployment');
  if (!args.has('--no-deploy-cache')) onCleanup(() => keepDeploy(deployDir)); // runs after the server stopped

  // 2b. release one remote end to end (a real build without the nx cache, the gate, publish,
  // registry) and roll it back, as a team would (tools/release, docs/deploying.md)
  if (!args.has('--skip-release')) {
    result.release = await section('release and rollback (catalog)', async () => {
      // a labelled build differs from the deployed one, so there is a release to roll back
      const env = { ...process.env, DEPLOY_DIR: deployDir, NX_SKIP_NX_CACHE: 'true', BUILD_LABEL: `bench-${Date.now()}` };
      const release = await runTimed(process.execPath, ['tools/release/release.mjs', 'release', 'catalog'], { cwd: root, env, logFile: path.join(tmp, 'release.log') });
      if (release.code !== 0) throw new Error(`release failed:\n${tail(path.join(tmp, 'release.log'))}`);
      const rollback = await runTimed(process.execPath, ['tools/release/release.mjs', 'rollback', 'catalog'], { cwd: root, env, logFile: path.join(tmp, 'rollback.log') });
      if (rollback.code !== 0) throw new Error(`rollback failed:\n${tail(path.join(tmp, 'rollback.log'))}`);
      // leave mfe-catalog/dist as a plain build again (the label is only in storefront-contract.json)
      await runTimed(path.join(root, 'node_modules/.bin/nx'), ['run', 'mfe-catalog:build'], { cwd: root, env: { ...process.env, BUILD_LABEL: '' }, logFile: path.join(tmp, 'release.log') });
      return { releaseSeconds: release.seconds, rollbackSeconds: rollback.seconds, targetReleaseSeconds: 60, targetRollbackSeconds: 5 };
    });
  }

  if (ONLY_RELEASE) return;

  // 3. the server, on a fresh PGlite with the default seed
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'pgdata'), DEPLOY_DIR: deployDir, IMAGE_CACHE_DIR: path.join(tmp, 'image-cache') };
  for (const name of ['DATABASE_URL', 'SEED_PRODUCTS', 'OVERRIDE_ORIGINS', 'LOG_REQUESTS']) delete env[name];
  const server = await section('server', () => startServer({ cwd: root, entry: serverEntry, env, port, logFile: path.join(tmp, 'server.log') }));
  if (!server) throw new Error('cannot measure without the server');
  result.meta.serverStartSeconds = server.startSeconds;

  // without <link rel="icon"> browsers ask for /favicon.ico on every first visit
  const html = await fetch(`${server.baseUrl}/`).then((r) => r.text(), () => '');
  if (!/<link[^>]+rel=["']?(shortcut )?icon/i.test(html)) {
    const favicon = await fetch(`${server.baseUrl}/favicon.ico`).catch(() => null);
    if (favicon && favicon.status !== 200) result.problems.push(`no <link rel="icon"> and /favicon.ico answers ${favicon.status} (${favicon.headers.get('content-type')})`);
  }

  // a real product path from the bags listing
  const listing = await (await fetch(`${server.baseUrl}${LISTING_PATH}`)).json().catch(() => null);
  const product = listing?.items?.find((item) => item.image) ?? listing?.items?.[0];
  const routes = [
    { key: 'home', path: '/' },
    { key: 'category', path: '/categories/bags', expectText: listing?.items?.[0]?.name },
  ];
  if (product?.path) routes.push({ key: 'product', path: `/products/${product.path}`, expectText: product.name });
  else result.errors.push(`product route: no product in ${LISTING_PATH}`);
  routes.push({ key: 'search', path: '/search?q=backpack' });
  // an article: the first journal post of the market
  const posts = await (await fetch(`${server.baseUrl}/api/content/blog`)).json().catch(() => null);
  const post = posts?.items?.[0] ?? posts?.posts?.[0];
  if (post?.path || post?.slug) routes.push({ key: 'article', path: `/blog/${post.path ?? post.slug}` });
  else result.errors.push('article route: no journal post in /api/content/blog');
  for (const route of routes) {
    route.remote = remoteOf(route.path.split("?")[0]);
    result.routes[route.key] = { path: route.path, remote: route.remote, firstLoad: null, lighthouse: null };
  }

  // 4. first-load JS and requests before first paint
  const firstLoad = ONLY_SSR
    ? null
    : await section('first-load JS (playwright-core)', () =>
        measureFirstLoad({ root, baseUrl: server.baseUrl, deployDir, routes, chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS }),
      );
  const noticed = new Map(); // text -> routes, so a finding shared by every route is listed once
  const notice = (key, text) => noticed.set(text, [...(noticed.get(text) ?? []), key]);
  const short = (p) => p.replace(/^\/cdn\/([^/]+)\/[^/]+\//, '$1/');
  for (const route of routes) {
    const measured = firstLoad?.[route.key];
    if (!measured) continue;
    result.routes[route.key].firstLoad = measured;
    for (const problem of measured.problems) notice(route.key, problem);
    for (const dup of measured.duplicateModules) {
      if (dup.extraRaw < 500) continue;
      const how = dup.sameFile ? ` (twice in one chunk${dup.formats.length > 1 ? `: its ${dup.formats.join(' and ')} builds` : ''})` : '';
      notice(route.key, `${dup.package} is bundled more than once${how}: ${dup.modules} modules, ${(dup.extraRaw / 1000).toFixed(1)} KB raw extra, in ${dup.files.map(short).join(', ')}`);
    }
    for (const same of measured.identicalFiles) notice(route.key, `identical script bodies loaded ${same.length} times (${same.map(short).join(', ')})`);
    if (!measured.mounted) result.errors.push(`${route.key}: the ${route.remote} remote did not mount, so its first load is not measured`);
  }
  for (const [text, keys] of noticed) result.problems.push(`${keys.join(', ')}: ${text}`);

  // 5. Lighthouse mobile against the floor, interleaved, one fresh browser per run
  if (!args.has('--skip-lighthouse')) await lighthouseSection(server, routes, deployDir);

  // 5a. taps on a phone at 4x CPU, and the scripts a quiet page fetches
  if (!args.has('--skip-taps')) await tapsSection(server, routes);

  // 5b. server-render throughput of the category and product pages (browsers closed)
  if (!args.has('--skip-ssr')) {
    const pages = routes.filter((route) => route.key === 'category' || route.key === 'product');
    const measured = {};
    for (const route of pages) {
      const page = await section(`server render ${route.path} (autocannon, 10 connections, ${SSR_SECONDS} s)`, () =>
        benchPage({ baseUrl: server.baseUrl, path: route.path, connections: 10, duration: SSR_SECONDS, serverLog: path.join(tmp, 'server.log'), expectText: route.expectText }),
      );
      if (!page) continue;
      measured[route.key] = page;
      result.problems.push(...page.problems.map((p) => `server render: ${p}`));
      delete page.problems;
    }
    if (Object.keys(measured).length) result.ssr = { pages: measured };
  }

  // 6. the API on an otherwise idle machine (browsers closed)
  if (!args.has('--skip-api')) {
    result.api = (await section('api listing (autocannon)', () => benchListing({ root, baseUrl: server.baseUrl, connections: 10, duration: Number(valued['api-seconds'] ?? 10) }))) ?? null;
    if (result.api && result.api.items !== 48) result.problems.push(`api: ${LISTING_PATH} returned ${result.api.items} items, expected 48`);
    if (result.api?.errors) result.problems.push(`api: ${result.api.errors} errors/timeouts/non-2xx responses during the run`);
  }

  // 7. checkout API (places orders: runs last on the bench's throw-away database)
  if (!args.has('--skip-checkout')) await checkoutSection(server);
  if (!server.isRunning()) result.errors.push(`the server stopped during the run:\n${tail(path.join(tmp, 'server.log'))}`);

  // 8. the catalog listing at 100,000 products (its own server and database), after the browsers are closed
  if (!args.has('--skip-search')) {
    result.search = (await section('catalog listing at 100,000 products (api/bench/search.ts)', () => search(tmp))) ?? null;
  }
}

/**
 * Floor plus Lighthouse: serves the floor page, then for run 1..N measures the
 * floor, home, category and product in turn; the median run per page goes to result.floor and
 * result.routes[key].lighthouse, with the met / not met of each target against the floor.
 */
async function lighthouseSection(server, routes, deployDir) {
  const floor = await section('floor page (static HTML of the bags listing, lib/floor.mjs)', async () => startFloor({ storeOrigin: server.baseUrl, port: await freePort() }));
  if (floor) {
    result.floor = { url: floor.url, items: floor.items, bytes: floor.bytes, brotliBytes: floor.brotliBytes, eagerImages: floor.eagerImages, lighthouse: null };
    if (floor.items !== 48) result.problems.push(`floor: the bags listing gave ${floor.items} products, expected 48`);
    for (const difference of floor.differences) result.problems.push(`floor: not the store's markup: ${difference}`);
  } else {
    result.problems.push('floor: no floor page, so the ratios and the floor-relative targets are not measured');
  }
  const subjects = [...(floor ? [{ key: 'floor', url: floor.url }] : []), ...routes.map((route) => ({ key: route.key, url: `${server.baseUrl}${route.path}` }))];
  const warmed = await section('image cache warm-up (every image URL in the pages\' HTML, once)', () => warmImages(subjects.map((s) => s.url)));
  if (result.floor && warmed) result.floor.warmedImages = warmed.images;
  for (const failure of warmed?.failed ?? []) result.problems.push(`image warm-up: ${failure}`);
  const loadAverageBefore = os.loadavg().map((n) => Number(n.toFixed(2)));
  const t0 = Date.now();
  const measured = await section(`lighthouse interleaved (${LIGHTHOUSE_RUNS} x ${subjects.map((s) => s.key).join(', ')})`, () =>
    lighthouseInterleaved({ subjects, chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS, runs: LIGHTHOUSE_RUNS, onRun: (line) => log(`  lighthouse ${line}`) }),
  );
  result.lighthouse = {
    runs: LIGHTHOUSE_RUNS,
    order: subjects.map((s) => s.key),
    seconds: (Date.now() - t0) / 1000,
    loadAverageBefore,
    loadAverageAfter: os.loadavg().map((n) => Number(n.toFixed(2))),
    failures: measured?.failures ?? [],
  };
  if (floor) await floor.stop();
  if (!measured) return;
  for (const failure of measured.failures) result.errors.push(`lighthouse ${failure}`);
  const floorLh = measured.summaries.floor ?? null;
  if (result.floor) result.floor.lighthouse = floorLh;
  for (const route of routes) {
    const lh = measured.summaries[route.key];
    if (!lh) continue;
    // search results are noindex on purpose (internal search is kept out of search engines)
    if (route.key === 'search') lh.noindexByDesign = true;
    lh.vsFloor = pageVerdicts(lh, floorLh);
    lh.longTasks = nameLongTasks(lh.longTasks ?? [], deployDir, server.baseUrl);
    result.routes[route.key].lighthouse = lh;
    result.meta.browser ??= lh.userAgent?.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? null;
    for (const warning of lh.warnings) result.problems.push(`lighthouse ${route.key}: ${warning}`);
  }
  for (const warning of floorLh?.warnings ?? []) result.problems.push(`lighthouse floor: ${warning}`);
}

/**
 * Names each long task's script: the deployed build and file it came from and the packages that
 * make up most of that file (read from its source map), e.g. "shell/470.js: react-dom 71%".
 */
const packageCache = new Map();
function nameLongTasks(tasks, deployDir, baseUrl) {
  return tasks.map((task) => {
    const m = task.url?.replace(baseUrl, '').match(/^\/cdn\/([^/]+)\/([^/]+)\/([^?#]+)$/);
    if (!m) {
      const where = task.url?.startsWith(baseUrl) ? `the document ${task.url.replace(baseUrl, '')} (HTML parse, style, layout)` : task.url && task.url !== 'Unattributable' ? task.url : 'no script (style, layout, paint)';
      return { ...task, script: where, packages: [] };
    }
    const [, name, version, file] = m;
    const key = `${name}/${version}/${file}`;
    if (!packageCache.has(key)) {
      let packages = [];
      try {
        const dir = path.join(deployDir, 'cdn', name, version);
        const code = fs.readFileSync(path.join(dir, file), 'utf8');
        const map = JSON.parse(fs.readFileSync(path.join(dir, `${file}.map`), 'utf8'));
        const { packages: byPackage } = packagesOf(code, map);
        const total = byPackage.reduce((sum, [, n]) => sum + n, 0) || 1;
        packages = byPackage.slice(0, 3).map(([pkg, n]) => `${pkg} ${Math.round((100 * n) / total)}%`);
      } catch {
        packages = ['(no source map)'];
      }
      packageCache.set(key, packages);
    }
    return { ...task, script: `${name}/${file}`, packages: packageCache.get(key) };
  });
}

/** Taps at 4x CPU on a phone (median of TAP_RUNS), then the scripts an untouched page fetches in 10 s. */
async function tapsSection(server, routes) {
  const listing = routes.find((r) => r.key === 'category')?.path ?? '/categories/bags';
  const variantProduct = await productWithSizes(server.baseUrl);
  if (!variantProduct) {
    result.errors.push('taps: no product with two sizes in stock (and sold in ones) in the travel category');
    return;
  }
  // the first tap on an untouched page adds another product than the one added later
  const coldProduct = (await productWithSizes(server.baseUrl, variantProduct)) ?? variantProduct;
  result.taps =
    (await section(`taps at 4x CPU on a 412x823 phone (${TAP_RUNS} runs)`, () =>
      measureTaps({ baseUrl: server.baseUrl, listingPath: listing, variantProduct, coldProduct, chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS, runs: TAP_RUNS, log }),
    )) ?? null;
  for (const failure of result.taps?.failures ?? []) result.errors.push(`taps ${failure}`);
  const paths = Object.fromEntries(routes.filter((r) => r.key === 'category' || r.key === 'product').map((r) => [r.key, r.path]));
  result.quietScripts = (await section('scripts of an untouched page in its first 10 s', () => quietPageScripts({ baseUrl: server.baseUrl, paths, chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS }))) ?? null;
  result.beacon = (await section('the Web Vitals reporter before the page is interactive (category page, view sampled)', () => beaconCost({ baseUrl: server.baseUrl, path: listing, chromiumPath: CHROMIUM_PATH, chromiumFlags: CHROMIUM_FLAGS, log }))) ?? null;
  for (const failure of result.beacon?.failures ?? []) result.errors.push(`beacon ${failure}`);
}

/** A product of the travel category with two sizes in stock, sold one at a time (for the size tap and Add to cart). */
async function productWithSizes(baseUrl, except = null) {
  for (const category of ['travel', 'bags', 'accessories']) {
    const listing = await (await fetch(`${baseUrl}/api/catalog/listing?category=${category}`)).json().catch(() => null);
    for (const item of listing?.items ?? []) {
      const product = await (await fetch(`${baseUrl}/api/products/by-path?path=${encodeURIComponent(item.path)}`)).json().catch(() => null);
      const inStock = (product?.variants ?? []).filter((v) => v.qty > 1);
      if (item.path !== except && inStock.length >= 2 && (product.cartQtyVariantMultipleOf ?? 1) === 1 && (product.cartQtyVariantMin ?? 1) <= 1 && !product.challengeQuestion && product.state !== 'coming') return item.path;
    }
  }
  return null;
}

async function checkoutSection(server) {
  result.checkout =
    (await section(`checkout api (api/bench/checkout.mjs, ${CHECKOUT_CONNECTIONS} connections)`, () => benchCheckout({ root, baseUrl: server.baseUrl, connections: CHECKOUT_CONNECTIONS }))) ?? null;
  if (result.checkout && !result.checkout.allServed) {
    result.problems.push(`checkout: unexpected statuses (info ${JSON.stringify(result.checkout.checkoutInfo.statuses)}, place ${JSON.stringify(result.checkout.orderPlace.statuses)})`);
  }
}

/** --only-checkout: the api build, a server on a fresh PGlite with the default seed, the checkout section. */
async function checkoutOnly(tmp, serverEntry) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'pgdata'), DEPLOY_DIR: path.join(tmp, 'deploy'), IMAGE_CACHE_DIR: path.join(tmp, 'image-cache') };
  for (const name of ['DATABASE_URL', 'SEED_PRODUCTS', 'OVERRIDE_ORIGINS', 'LOG_REQUESTS']) delete env[name];
  const server = await section('server', () => startServer({ cwd: root, entry: serverEntry, env, port, logFile: path.join(tmp, 'server.log') }));
  if (!server) throw new Error('cannot measure without the server');
  result.meta.serverStartSeconds = server.startSeconds;
  await checkoutSection(server);
  if (!server.isRunning()) result.errors.push(`the server stopped during the run:\n${tail(path.join(tmp, 'server.log'))}`);

}

function finish(code) {
  result.meta.seconds = (Date.now() - started) / 1000;
  result.meta.loadAverageAtEnd = os.loadavg().map((n) => Number(n.toFixed(2)));
  result.targets = targetsOf(result);
  try {
    fs.mkdirSync(path.dirname(JSON_FILE), { recursive: true });
    fs.writeFileSync(JSON_FILE, `${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    log(`could not write ${JSON_FILE}: ${error.message}`);
    code = 1;
  }
  process.stdout.write(`\n${render(result)}\n`);
  return code;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log(`${signal}: cleaning up`);
    cleanupAll().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await main();
  if (result.errors.length) exitCode = 1;
} catch (error) {
  result.errors.push(String(error?.message ?? error));
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exitCode = finish(exitCode);
