import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildWithWebpack, run } from './build';
import { brokenRemoteDir, repoRoot, scratchDir } from './paths';
import { STATE_ENV, type E2EState } from './state';

/** The operator page's token on the test store (tests/63-operator.spec.ts signs in with it). */
export const OPERATOR_TOKEN = 'e2e-operator-token-0123456789';
const PROJECTS = ['api', 'shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content'];
const HEALTH_TIMEOUT_MS = 60_000;
/** Published versions kept between runs (a version folder's content depends only on its version). */
const DEPLOY_CACHE = path.join(scratchDir, 'deploy-cache');

/**
 * Runs the real `tools/deploy-local.mjs` into a fresh DEPLOY_DIR, seeded with the version folders
 * published by earlier runs: the script publishes a version only once, so unchanged builds skip its
 * precompression (about a minute of brotli on a fresh folder, mostly source maps). The registry is
 * always written from scratch. The cache is keyed by the script's own bytes.
 */
function deploy(deployDir: string): void {
  const script = path.join(repoRoot, 'tools/deploy-local.mjs');
  const key = createHash('sha256').update(fs.readFileSync(script)).digest('hex').slice(0, 12);
  const cache = path.join(DEPLOY_CACHE, key);
  const cdn = path.join(deployDir, 'cdn');
  if (fs.existsSync(cache)) fs.cpSync(cache, cdn, { recursive: true });
  run('node', [script], { env: { ...process.env, DEPLOY_DIR: deployDir } });
  const registry = JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8')) as {
    shell: { version: string };
    remotes: { name: string; version: string }[];
  };
  const live = [['shell', registry.shell.version], ...registry.remotes.map((r) => [r.name, r.version])] as [string, string][];
  // keep exactly the live versions; swap the whole cache in at once so a crash never leaves half a folder
  const next = `${DEPLOY_CACHE}.next-${process.pid}`;
  for (const [name, version] of live) fs.cpSync(path.join(cdn, name, version), path.join(next, key, name, version), { recursive: true });
  fs.rmSync(DEPLOY_CACHE, { recursive: true, force: true });
  fs.renameSync(next, DEPLOY_CACHE);
}

/**
 * Rendered image variants kept between runs, keyed by the server build: the image endpoint caches
 * renders by content (drawing, options, format), like an image CDN in front of it would. A cold cache
 * makes the first visits render dozens of AVIFs at once on this 2-core machine.
 */
export function imageCacheFor(serverEntry: string): string {
  const key = createHash('sha256').update(fs.readFileSync(serverEntry)).digest('hex').slice(0, 12);
  return path.join(scratchDir, 'image-cache', key);
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** Ports handed out so far (the server's and the payment origin's must differ). */
const taken = new Set<number>();

/** A free port: any, or the first free one of E2E_PORTS ("8440-8449") on a machine that shares its ports out. */
async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.E2E_PORTS ?? '');
  if (!range) return listenOnce(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (taken.has(port)) continue;
    const bound = await listenOnce(port).catch(() => null);
    if (bound !== null) {
      taken.add(bound);
      return bound;
    }
  }
  throw new Error(`E2E_PORTS=${process.env.E2E_PORTS}: no free port`);
}

function tail(file: string, chars = 6000): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '(no server log)';
  }
}

/** Kills the server's process group; used by the teardown and when the setup itself fails. */
export function stopServer(pid: number): void {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitForHealth(baseURL: string, child: ReturnType<typeof spawn>, log: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the API server ${exited} before it was healthy. Its log:\n${tail(log)}`);
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      last = `GET /api/health answered ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${last}). Its log:\n${tail(log)}`);
}

export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  // 1. Production builds of the API, the shell and the four remotes (the nx cache makes a repeat fast).
  run('npx', ['nx', 'run-many', '-t', 'build', '-p', ...PROJECTS, '--outputStyle=static']);
  const serverEntry = path.join(repoRoot, 'api/dist/server.js');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} was not built by \`nx run api:build\``);
  // The fixture remote whose mount throws (test "a remote that throws").
  const brokenRemoteDist = buildWithWebpack(brokenRemoteDir, [path.join(brokenRemoteDir, 'src'), path.join(brokenRemoteDir, 'webpack.config.cjs')]);

  // 2. Publish the builds into this run's own deploy folder.
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
  let pid: number | undefined;
  try {
    process.env[STATE_ENV] = await startStore(tmpDir, serverEntry, brokenRemoteDist, (serverPid) => (pid = serverPid));
  } catch (error) {
    if (pid) stopServer(pid);
    fs.rmSync(tmpDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`[e2e] store ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Deploys into `tmpDir`, starts the server and waits for it; returns the state file. */
async function startStore(tmpDir: string, serverEntry: string, brokenRemoteDist: string, started: (pid: number) => void): Promise<string> {
  const deployDir = path.join(tmpDir, 'deploy');
  deploy(deployDir);

  // 3. The server: edge (shell, registry, builds), API and images on one free port.
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // the payment gateway stand-in's own origin (hosted card fields, wallets): another port, so another origin
  const paymentPort = await freePort();
  const paymentOrigin = `http://127.0.0.1:${paymentPort}`;
  const serverLog = path.join(tmpDir, 'server.log');
  const imageDir = path.join(tmpDir, 'images');
  const imageCache = imageCacheFor(serverEntry);
  if (fs.existsSync(imageCache)) fs.cpSync(imageCache, imageDir, { recursive: true });
  const logFd = fs.openSync(serverLog, 'a');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    detached: true, // own process group: the teardown stops it and anything it started
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmpDir, 'pgdata'),
      DEPLOY_DIR: deployDir,
      IMAGE_CACHE_DIR: imageDir,
      SEED_PRODUCTS: '200',
      // only localhost: an override on http://127.0.0.1:<port> must be refused
      OVERRIDE_ORIGINS: 'http://localhost:*',
      // the local user pool's outbox (off in production by default): the account tests read codes from it
      AUTH_OUTBOX: '1',
      // production refuses the local stand-ins and public default secrets unless told (api/src/production.ts);
      // the bot-check stand-in's token mint stays closed in production unless BOTCHECK_OPEN_MINT=1 too
      ALLOW_STAND_INS: '1',
      ALLOW_DEFAULT_SECRETS: '1',
      BOTCHECK_OPEN_MINT: '1',
      PAYMENT_FIELDS_PORT: String(paymentPort),
      // Afterpay's limit is per currency: A$10 on the Australian site, so its checkout test sees the
      // limit in AUD (the NZ site keeps its NZ$2,000 default, AFTERPAY_MAX_CENTS_NZD)
      AFTERPAY_MAX_CENTS_AUD: '1000',
      PAYMENT_FIELDS_ORIGIN: paymentOrigin,
      // the canary judge decides within seconds on a few renders (only a canary spec starts one)
      CANARY_MIN_RENDERS: '10',
      CANARY_JUDGE_INTERVAL_SECONDS: '1',
      // the tests check what the server renders, not how fast: a region that misses the 150 ms
      // default on a loaded test machine would be rendered by the browser instead (npm run bench
      // measures the speed)
      SSR_BUDGET_MS: '1000',
      // the operator page's sign-in (production has no default token)
      OPERATOR_TOKEN: OPERATOR_TOKEN,
    },
  });
  fs.closeSync(logFd);
  child.unref();
  const pid = child.pid!;
  started(pid);
  // Safety net: never leave the server behind if the runner dies before its teardown.
  process.once('exit', () => stopServer(pid));
  await waitForHealth(baseURL, child, serverLog);

  const state: E2EState = { baseURL, paymentOrigin, tmpDir, deployDir, serverLog, serverPid: pid, brokenRemoteDist, imageDir, imageCache };
  const stateFile = path.join(tmpDir, 'state.json');
  fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
  // Inherited by the test workers (started after the global setup), like E2E_STATE.
  process.env.DEPLOY_DIR = deployDir;
  console.log(`[e2e] store at ${baseURL} (deploy ${deployDir})`);
  return stateFile;
}
