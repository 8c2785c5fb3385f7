#!/usr/bin/env node
// Scale-out on PostgreSQL: two API processes (api/dist/server.js, each with its own copy of the
// deployed storefront in var/deploy and its own edge cache) on one throwaway PostgreSQL cluster
// (REGISTRY=postgres, the registry filled like `REGISTRY=postgres npm run deploy:local`) behind a
// round-robin proxy written here (as e2e/edges/two-edges.test.mjs; a request the proxy cannot
// deliver because the process is down goes to the other one). Not a test: prints met / NOT MET.
//
//   node e2e/bench/lib/scale.mjs        (or npm run bench -- --only-scale)
//
//   1. guest orders (POST /api/order/place, sandbox gateway, 1-3 lines, a third with WINTER20, the
//      carts priced once by /api/checkout/info) at a fixed arrival rate (open loop), stepping
//      10, 20, 30, 50 orders/s: per step orders/s achieved (200 answers over the time from the first
//      order to the last answer), error share, p50/p95/p99. The result is
//      the highest step with < 0.1% errors and p95 <= 300 ms; target 50 orders/s.
//   2. durability: 10 orders/s held while PostgreSQL restarts (pg_ctl restart -m fast) and one API
//      process is killed (SIGKILL) and started again; then, from the database: every order answered
//      200 exists as placed, was charged once (the payment stand-in's sandbox_transactions and
//      payment_transactions), and the stock of the variants sold went down by exactly the units of
//      the orders that hold stock (their stored lines, promo items included). Target: 0 lost. An API
//      process that exits on its own (in any section) is reported, NOT MET, and started again
//      before the next section.
//   3. cold pages: autocannon, 10 connections, through the proxy, every URL asked once (distinct
//      product pages from /api/catalog/listing, then distinct listing pages: categories x pages x
//      sorts): pages/s and p95. Targets >= 300 product pages/s, >= 200 listing pages/s, p95 <= 50 ms.
//      Also the CPU per page (from /proc) of this process (load and proxy), each API process, its
//      renderers and the rest of the machine (PostgreSQL).
//   4. RSS (from /proc) of each API process and of its renderers (its children), warm and after
//      SCALE_RELEASES catalog releases into the PostgreSQL registry (a copy of the catalog build with
//      a comment appended to its scripts: a new version; published, switched live and pruned as the
//      release command does, without its gate), each followed by catalog pages on both processes.
//      Target: within 100 MB of warm.
// The load average and CPU count are printed at each section's start.
//
// Needs a build and a deploy (the build+serve commands in README.md) and Debian's PostgreSQL server
// binaries (as root the cluster runs as the postgres user), or DATABASE_URL naming a server (a fresh
// database is created there and dropped). Options via env: SCALE_STEPS (orders/s, default
// 10,20,30,50), SCALE_STEP_SECONDS (default 20), SCALE_HOLD_RATE (default 10), SCALE_HOLD_SECONDS
// (default 30), SCALE_PAGE_SECONDS (default 10 per kind), SCALE_RELEASES (default 50),
// SCALE_PRODUCTS (seeded products, default 800), SSR_RENDERERS (per process, default 1, as
// API_PROCESSES=2 gives each of two processes on one machine), SCALE_PORT (first of three consecutive ports for
// the proxy and the two processes; default: free ones). Writes var/bench/latest-scale.json.
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { remoteEntry } from '../../../tools/deploy-local.mjs';
import { openRegistry } from '../../../tools/release/registry/index.mjs';
import { retentionFromEnv } from '../../../tools/release/registry/retention.mjs';
import { cleanupAll, freePort, isCleaningUp, onCleanup } from './proc.mjs';
import { BROWSER_ACCEPT_ENCODING, percentile } from './ssr.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const numbers = (s, d) => (s ? s.split(',').map(Number).filter((n) => n > 0) : d);
const STEPS = numbers(process.env.SCALE_STEPS, [10, 20, 30, 50]);
const STEP_SECONDS = Number(process.env.SCALE_STEP_SECONDS || 20);
const HOLD_RATE = Number(process.env.SCALE_HOLD_RATE || 10);
const HOLD_SECONDS = Number(process.env.SCALE_HOLD_SECONDS || 30);
const PAGE_SECONDS = Number(process.env.SCALE_PAGE_SECONDS || 10);
const RELEASES = Number(process.env.SCALE_RELEASES ?? 50);
const PRODUCTS = Number(process.env.SCALE_PRODUCTS || 800);
const TARGETS = { ordersPerSec: 50, maxErrorShare: 0.001, orderP95Ms: 300, lost: 0, productPagesPerSec: 300, listingPagesPerSec: 200, pageP95Ms: 50, rssGrowthMb: 100 };
const ORDER_TIMEOUT_MS = 30_000;
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

const t0 = Date.now();
const log = (m) => process.stderr.write(`[scale +${((Date.now() - t0) / 1000).toFixed(0)}s] ${m}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const r1 = (n) => (n === null || n === undefined ? null : Number(n.toFixed(1)));
const machine = () => ({ loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))), cpus: os.cpus().length });
function section(title) {
  const m = machine();
  log(`${title} (load average ${m.loadAverage.join(' ')} on ${m.cpus} CPUs)`);
  return m;
}

// ---- /proc ----
const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return null;
  }
};
const childrenOf = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid) => fs.existsSync(`/proc/${pid}`);
const TICK_MS = 10; // USER_HZ 100: /proc times are in hundredths of a second
/** user + system CPU time of a process, in ms (0 once it is gone). */
const cpuMsOf = (pid) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
};
/** busy CPU time of the whole machine, in ms (every CPU: all but idle and iowait). */
const machineBusyMs = () => {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) * TICK_MS;
};
/**
 * Where the CPU went during `run`: ms per page for this process (load generator and proxy), each
 * API process, its renderers (its children) and the rest of the machine (PostgreSQL and anything
 * else running).
 */
async function cpuPerPage(edges, run) {
  const groups = () => ({ bench: [process.pid], ...Object.fromEntries(edges.flatMap((e) => [[`api ${e.label}`, [e.pid]], [`renderers ${e.label}`, childrenOf(e.pid)]])) });
  const before = Object.fromEntries(Object.entries(groups()).map(([k, pids]) => [k, new Map(pids.map((pid) => [pid, cpuMsOf(pid)]))]));
  const busy0 = machineBusyMs();
  const result = await run();
  const busy = machineBusyMs() - busy0;
  const pages = Math.max(1, result.asked);
  const perPage = {};
  let known = 0;
  for (const [k, pids] of Object.entries(groups())) {
    const ms = pids.reduce((sum, pid) => sum + cpuMsOf(pid) - (before[k]?.get(pid) ?? 0), 0);
    known += ms;
    perPage[k] = r1(ms / pages);
  }
  perPage.rest = r1(Math.max(0, busy - known) / pages);
  perPage.machine = r1(busy / pages);
  return { ...result, cpuMsPerPage: perPage };
}

/** onCleanup with a name: a step that takes more than a second says how long it took. */
function cleanupStep(name, fn) {
  return onCleanup(async () => {
    const started = Date.now();
    await fn();
    if (Date.now() - started > 1000) log(`clean-up: ${name} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

// ---- PostgreSQL ----
async function startPostgres() {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, restart: null };
  const bins = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`) : [];
  const bin = bins.find((b) => fs.existsSync(`${b}/initdb`));
  if (!bin) throw new Error('no PostgreSQL server binaries (apt-get install postgresql) and no DATABASE_URL');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-pg-'));
  fs.chmodSync(dir, 0o755);
  const asPg = (cmd) => {
    if (process.getuid?.() === 0) {
      execFileSync('chown', ['-R', 'postgres', dir]);
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' });
    } else execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
  };
  cleanupStep('stopping PostgreSQL', () => {
    try {
      asPg(`${bin}/pg_ctl -D ${dir}/data -m immediate stop`);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  asPg(`${bin}/initdb -D ${dir}/data -U store --auth=trust -E UTF8 --locale=C.UTF-8 && ${bin}/pg_ctl -D ${dir}/data -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200' -l ${dir}/log -w start`);
  log(`PostgreSQL on 127.0.0.1:${port} (${dir})`);
  // asynchronous: the proxy and the load generator run in this process and go on meanwhile
  const restart = () =>
    new Promise((resolve, reject) => {
      const cmd = `${bin}/pg_ctl -D ${dir}/data -l ${dir}/log -m fast -w restart`;
      const [file, args] = process.getuid?.() === 0 ? ['su', ['postgres', '-s', '/bin/sh', '-c', cmd]] : ['sh', ['-c', cmd]];
      execFile(file, args, (error) => (error ? reject(error) : resolve()));
    });
  return { adminUrl: `postgres://store@127.0.0.1:${port}/postgres`, restart };
}

// ---- the API processes and the proxy ----
/** API processes that exited without this bench stopping them: { label, pid, code, signal, atSeconds, why }. */
const unexpectedExits = [];
function startEdge(label, port, env) {
  if (isCleaningUp()) throw new Error('stopping: no new API process');
  const logFile = path.join(env.WORK_DIR, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const logStart = fs.statSync(logFile).size;
  const child = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], { cwd: env.WORK_DIR, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const edge = { label, port, env, child, pid: child.pid, logFile, stopping: false };
  edge.exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    if (edge.stopping) return;
    // the first line naming an error in what this process wrote
    const written = fs.readFileSync(logFile, 'utf8').slice(logStart).split('\n');
    const why = written.find((l) => /^(\w*Error|error):/.test(l.trim())) ?? written.find((l) => /Unhandled/.test(l)) ?? written.filter(Boolean).slice(-1)[0] ?? '';
    unexpectedExits.push({ label, pid: child.pid, code, signal, atSeconds: Math.round((Date.now() - t0) / 1000), why: why.trim().slice(0, 200) });
    log(`API process ${label} (pid ${child.pid}) exited on its own (code ${code}, signal ${signal}): ${why.trim().slice(0, 200)}`);
  });
  return edge;
}
const isUp = (edge) => edge.child.exitCode === null && edge.child.signalCode === null;
async function ready(edge, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (edge.child.exitCode !== null || edge.child.signalCode !== null) throw new Error(`API process ${edge.label} exited:\n${fs.readFileSync(edge.logFile, 'utf8').slice(-3000)}`);
    if (await fetch(`http://127.0.0.1:${edge.port}/api/health/ready`, { signal: globalThis.AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`API process ${edge.label} not ready after ${timeoutMs / 1000} s:\n${fs.readFileSync(edge.logFile, 'utf8').slice(-3000)}`);
    await sleep(250);
  }
}
/** Stops an API process (SIGTERM, then SIGKILL) and any renderer of it still running afterwards. */
async function stopEdge(edge, signal = 'SIGTERM') {
  const renderers = childrenOf(edge.pid);
  edge.stopping = true;
  if (isUp(edge)) {
    edge.child.kill(signal);
    await Promise.race([edge.exited, sleep(10_000)]);
    if (isUp(edge)) {
      edge.child.kill('SIGKILL');
      await edge.exited;
    }
  }
  await sleep(signal === 'SIGKILL' ? 2000 : 200);
  const left = renderers.filter(alive);
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return left.length;
}

function roundRobinProxy(edges) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const served = { a: 0, b: 0, redirected: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const first = next++ % edges.length;
      const attempt = (tries) => {
        const edge = edges[(first + tries) % edges.length];
        const { connection: _connection, 'content-length': _length, ...headers } = req.headers;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: edge.port,
            method: req.method,
            path: req.url,
            agent,
            headers: { ...headers, ...(body.length ? { 'content-length': body.length } : {}), host: `127.0.0.1:${edge.port}`, 'x-forwarded-for': req.socket.remoteAddress, 'x-forwarded-host': req.headers.host, 'x-forwarded-proto': 'http' },
          },
          (answer) => {
            served[edge.label] += 1;
            res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-scale-edge': edge.label });
            answer.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          // nothing reached a process that is down: the other one gets the request
          if (error.code === 'ECONNREFUSED' && tries + 1 < edges.length) {
            served.redirected += 1;
            attempt(tries + 1);
          } else if (!res.headersSent) res.writeHead(502).end();
          else res.destroy();
        });
        upstream.end(body);
      };
      attempt(0);
    });
  });
  return {
    served,
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port))),
    close: () => {
      agent.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// ---- orders ----
const address = { contactName: 'Bench Shopper', country: 'NZ', phone: '021 000 0000', postcode: '1010', street1: '1 Queen Street', suburb: 'Auckland Central' };
async function postJson(base, p, body, headers = {}) {
  const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: globalThis.AbortSignal.timeout(ORDER_TIMEOUT_MS) });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** Carts over stocked variants (plenty of stock), each priced once: an order is a template with its own cart id and email. */
async function orderTemplates(base, db) {
  const { rows } = await db.query(`select p.id as product_id, min(v.id) as variant_id from products p join variants v on v.product_id = p.id
      where p.state = 'current' and p.functional_type = 'basic' and p.challenge_question is null and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
      group by p.id order by p.id limit 60`);
  await db.query('update variants set qty = 1000000 where id = any($1::int[])', [rows.map((r) => r.variant_id)]);
  const variants = rows.map((r) => ({ productId: String(r.product_id), variantId: String(r.variant_id) }));
  const templates = [];
  for (let i = 0; i < 30; i += 1) {
    const lines = 1 + (i % 3);
    const cart = {
      items: Array.from({ length: lines }, (_, k) => variants[(i * 7 + k * 13) % variants.length]).map((v) => ({ ...v, qty: 1 })),
      promoCodes: i % 3 === 0 ? ['WINTER20'] : [],
      email: `scale${i}@example.co.nz`,
      firstName: 'Bench',
      lastName: 'Shopper',
      shippingAddress: address,
      shipping: { type: 'DELIVERY', options: { methodId: 'standard' } },
    };
    const info = await postJson(base, '/api/checkout/info', { cart });
    if (info.status !== 200) throw new Error(`checkout/info ${info.status} ${JSON.stringify(info.body)}`);
    templates.push({
      cart: { ...cart, phone: '021 000 0000', billingAddress: address },
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: info.body.amountOutstanding, token: 'fake-valid-nonce' }] },
      expectedPromotions: info.body.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    });
  }
  return { templates, variantIds: rows.map((r) => r.variant_id) };
}

/**
 * Places orders at `rate` per second for `seconds` (open loop: each order starts at its time, whatever
 * the earlier ones are doing). `at` is called with the elapsed seconds once a second (the durability
 * section's events). Returns every order's outcome.
 */
async function placeAtRate(base, templates, { rate, seconds, prefix, at }) {
  const total = Math.round(rate * seconds);
  const outcomes = [];
  const started = performance.now();
  let tick = 0;
  const events = [];
  const pending = [];
  for (let i = 0; i < total && !isCleaningUp(); i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (at && (performance.now() - started) / 1000 >= tick + 1) {
      tick += 1;
      events.push(at(tick));
    }
    const template = templates[i % templates.length];
    const cartId = `${prefix}-${i}`;
    const order = { ...template, cartId, cart: { ...template.cart, email: `${prefix}-${i}@example.co.nz` } };
    pending.push(
      (async () => {
        const t = performance.now();
        let outcome;
        try {
          const answer = await postJson(base, '/api/order/place', order, { 'idempotency-key': `key-${cartId}` });
          outcome = { status: answer.status, orderNumber: answer.status === 200 ? answer.body?.orderNumber : undefined };
        } catch (error) {
          outcome = { status: 0, error: error.cause?.code ?? error.name };
        }
        outcomes.push({ cartId, items: order.cart.items, ms: performance.now() - t, ...outcome });
      })(),
    );
  }
  await Promise.all(pending);
  await Promise.all(events);
  const wall = (performance.now() - started) / 1000;
  return { outcomes, wall, total };
}

function summarise(rate, { outcomes, wall, total }) {
  const ok = outcomes.filter((o) => o.status === 200 && o.orderNumber);
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const o of outcomes) statuses[o.status || o.error] = (statuses[o.status || o.error] ?? 0) + 1;
  const errorShare = (total - ok.length) / total;
  const p95 = percentile(times, 95);
  return { rate, orders: total, achievedPerSec: Number((ok.length / wall).toFixed(2)), errorShare: Number(errorShare.toFixed(4)), p50Ms: r1(percentile(times, 50)), p95Ms: r1(p95), p99Ms: r1(percentile(times, 99)), statuses, passed: errorShare < TARGETS.maxErrorShare && p95 <= TARGETS.orderP95Ms };
}

// ---- pages ----
async function getJson(url) {
  const res = await fetch(url, { signal: globalThis.AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
}
/** autocannon, 10 connections, each URL of `urls` asked once (a shared queue), for at most `seconds`. */
function coldPages(base, urls, seconds) {
  return new Promise((resolve, reject) => {
    let next = 0;
    const times = [];
    const statuses = {};
    const started = performance.now();
    let lastAnswer = null;
    const instance = autocannon(
      {
        url: base,
        connections: 10,
        amount: urls.length,
        timeout: 30,
        headers: { accept: 'text/html', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: urls[next++ % urls.length] }) }],
      },
      (error) => {
        if (error) return reject(error);
        clearTimeout(timer);
        // to the last answer: autocannon reports its end on its once-a-second tick, up to a second later
        const wall = ((lastAnswer ?? performance.now()) - started) / 1000;
        times.sort((a, b) => a - b);
        const ok = statuses[200] ?? 0;
        resolve({ urls: urls.length, asked: times.length, repeated: Math.max(0, next - urls.length), seconds: r1(wall), pagesPerSec: r1(ok / wall), p50Ms: r1(percentile(times, 50)), p95Ms: r1(percentile(times, 95)), p99Ms: r1(percentile(times, 99)), statuses });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
    const timer = setTimeout(() => instance.stop(), seconds * 1000);
    onCleanup(() => instance.stop());
  });
}

// ---- main ----
async function main() {
  const server = path.join(root, 'api/dist/server.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'var/deploy/registry.json'))) {
    throw new Error('build and deploy first: npx nx run-many -t build -p api shell mfe-catalog mfe-cart-checkout mfe-account mfe-content && node tools/deploy-local.mjs');
  }
  const result = { at: new Date().toISOString(), node: process.version, targets: TARGETS };
  const { adminUrl, restart } = await startPostgres();
  const dbName = `store_scale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  cleanupStep('dropping the database', async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  });
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.href;

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'));
  cleanupStep('removing the temporary folder', () => fs.rmSync(tmp, { recursive: true, force: true, maxRetries: 5 }));
  // the registry in the database: what `REGISTRY=postgres npm run deploy:local` publishes
  const registryEnv = { ...process.env, REGISTRY: 'postgres', DATABASE_URL: databaseUrl, DEPLOY_DIR: path.join(tmp, 'no-deploy-here') };
  delete registryEnv.REGISTRY_DATABASE_URL;
  log('publishing the builds to the PostgreSQL registry (tools/deploy-local.mjs)');
  execFileSync(process.execPath, [path.join(root, 'tools/deploy-local.mjs')], { cwd: tmp, env: registryEnv, stdio: 'ignore' });

  const first = Number(process.env.SCALE_PORT) || 0;
  const [proxyPort, portA, portB] = first ? [first, first + 1, first + 2] : [await freePort(), await freePort(), await freePort()];
  const edgeEnv = (label) => {
    const dir = path.join(tmp, `edge-${label}`);
    fs.mkdirSync(dir);
    fs.cpSync(path.join(root, 'var/deploy'), path.join(dir, 'deploy'), { recursive: true });
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      WORK_DIR: dir,
      DATABASE_URL: databaseUrl,
      REGISTRY: 'postgres',
      DEPLOY_DIR: path.join(dir, 'deploy'),
      EDGE_CACHE_DIR: path.join(dir, 'edge-cache'),
      DATA_DIR: path.join(dir, 'pgdata'),
      IMAGE_CACHE_DIR: path.join(dir, 'images'),
      TRUST_PROXY: '127.0.0.1',
      SITE_HOSTS: `127.0.0.1:${proxyPort}=NZ,localhost:${proxyPort}=NZ`,
      SEED_PRODUCTS: String(PRODUCTS),
      PAYMENT_FIELDS_PORT: 'off',
      LOG_LEVEL: 'warn',
      // the pending-order sweep (an order whose placement never finished, e.g. in the killed process,
      // is completed if charged, else cancelled) on a bench's time scale: settled within seconds
      // instead of 300 s, so the count after the held step sees what the store ends with
      PENDING_ORDER_TIMEOUT_SECONDS: '5',
      // two processes on one machine, configured as API_PROCESSES=2 configures them (one renderer
      // each, not one per core: two per process on two cores served about 15% fewer cold pages)
      SSR_RENDERERS: process.env.SSR_RENDERERS ?? '1',
      ...(process.env.WARM_UP_PAGES ? { WARM_UP_PAGES: process.env.WARM_UP_PAGES } : {}),
      PENDING_ORDER_SWEEP_SECONDS: '1',
    };
    delete env.REGISTRY_DATABASE_URL;
    return env;
  };
  const envs = { a: edgeEnv('a'), b: edgeEnv('b') };
  const edges = [];
  cleanupStep('stopping the API processes', async () => {
    for (const edge of edges) await stopEdge(edge);
  });
  // the first process migrates and seeds the empty database, then the second starts
  log(`starting API process a on ${portA} (migrates and seeds ${PRODUCTS} products)`);
  edges.push(startEdge('a', portA, envs.a));
  await ready(edges[0]);
  log(`starting API process b on ${portB}`);
  edges.push(startEdge('b', portB, envs.b));
  await ready(edges[1]);
  const proxy = roundRobinProxy(edges);
  cleanupStep('closing the proxy', () => proxy.close());
  const base = `http://127.0.0.1:${await proxy.listen(proxyPort)}`;
  log(`proxy on ${base}, API processes a (pid ${edges[0].pid}) and b (pid ${edges[1].pid})`);

  /** Starts again any API process that exited on its own (counted in unexpectedExits), so the next section has two. */
  const revive = async () => {
    for (const [i, edge] of edges.entries()) {
      if (isUp(edge)) continue;
      await stopEdge(edge);
      log(`starting API process ${edge.label} again`);
      edges[i] = startEdge(edge.label, edge.port, edge.env);
      await ready(edges[i]);
    }
  };

  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db.on('error', () => {});
  cleanupStep('closing the database pool', () => db.end());
  const { templates } = await orderTemplates(base, db);
  const run = Date.now().toString(36);
  await placeAtRate(base, templates, { rate: 5, seconds: 2, prefix: `scale-warm-${run}` });

  // 1. stepped load
  result.orders = { machine: section(`1. guest orders at ${STEPS.join(', ')} orders/s, ${STEP_SECONDS} s each`), steps: [] };
  for (const rate of STEPS) {
    const step = summarise(rate, await placeAtRate(base, templates, { rate, seconds: STEP_SECONDS, prefix: `scale-step${rate}-${run}` }));
    result.orders.steps.push(step);
    log(`  ${rate}/s: ${step.achievedPerSec} orders/s, errors ${(step.errorShare * 100).toFixed(2)}%, p50 ${step.p50Ms} ms, p95 ${step.p95Ms} ms, p99 ${step.p99Ms} ms ${JSON.stringify(step.statuses)}`);
    await sleep(2000);
  }
  result.orders.highestPassedStep = Math.max(0, ...result.orders.steps.filter((s) => s.passed).map((s) => s.rate));

  // 2. durability
  result.durability = { machine: section(`2. ${HOLD_RATE} orders/s for ${HOLD_SECONDS} s: PostgreSQL restart, API process b killed (SIGKILL) and started again`) };
  const stockOfAll = async () => new Map((await db.query('select id, qty from variants')).rows.map((r) => [r.id, r.qty]));
  const stockBefore = await stockOfAll();
  const events = [];
  const restartAt = Math.max(1, Math.round(HOLD_SECONDS * 0.25));
  const killAt = Math.max(restartAt + 1, Math.round(HOLD_SECONDS * 0.5));
  let restarted = null;
  const holdPrefix = `scale-hold-${run}`;
  const hold = await placeAtRate(base, templates, {
    rate: HOLD_RATE,
    seconds: HOLD_SECONDS,
    prefix: holdPrefix,
    at: async (second) => {
      if (second === restartAt) {
        const t = performance.now();
        if (restart) {
          await restart();
          events.push(`PostgreSQL restarted at ${second} s (${Math.round(performance.now() - t)} ms)`);
        } else events.push('PostgreSQL not restarted (DATABASE_URL names a server this bench does not run)');
      }
      if (second === killAt) {
        const victim = edges[1];
        const orphans = await stopEdge(victim, 'SIGKILL');
        events.push(`API process b (pid ${victim.pid}) killed at ${second} s${orphans ? `, ${orphans} renderer(s) left behind killed` : ''}`);
        const again = startEdge('b', portB, envs.b);
        edges[1] = again;
        const t = performance.now();
        restarted = ready(again).then(() => events.push(`API process b (pid ${again.pid}) ready again ${((performance.now() - t) / 1000).toFixed(1)} s after the kill`));
      }
    },
  });
  await restarted;
  await revive();
  const holdSummary = summarise(HOLD_RATE, hold);
  for (const e of unexpectedExits) events.push(`API process ${e.label} (pid ${e.pid}) exited on its own at +${e.atSeconds} s: ${e.why}`);
  for (const e of events) log(`  ${e}`);
  // pending orders (stock taken, payment unanswered) are settled by the API's sweep (5 s, swept every second): wait for it
  await sleep(8000);
  const acked = hold.outcomes.filter((o) => o.status === 200 && o.orderNumber);
  const numbersAcked = acked.map((o) => o.orderNumber);
  const found = new Map((await db.query('select number, status, cart_id from orders where number = any($1::text[])', [numbersAcked])).rows.map((r) => [r.number, r]));
  const lost = acked.filter((o) => found.get(o.orderNumber)?.status !== 'placed');
  const holdOrders = (await db.query('select number, status, cart_id from orders where cart_id like $1', [`${holdPrefix}-%`])).rows;
  const holdNumbers = holdOrders.map((o) => o.number);
  const charges = new Map((await db.query(`select order_number, count(*)::int as n from sandbox_transactions where kind = 'charge' and status = 'authorized' and order_number = any($1::text[]) group by order_number`, [holdNumbers])).rows.map((r) => [r.order_number, r.n]));
  const payments = new Map((await db.query(`select order_number, count(*)::int as n from payment_transactions where status = 'authorized' and order_number = any($1::text[]) group by order_number`, [holdNumbers])).rows.map((r) => [r.order_number, r.n]));
  const notChargedOnce = acked.filter((o) => charges.get(o.orderNumber) !== 1 || payments.get(o.orderNumber) !== 1);
  const chargedWithoutOrder = holdOrders.filter((o) => o.status !== 'placed' && (charges.get(o.number) ?? 0) > 0);
  // the units the orders holding stock took (their stored lines, promo items included; only stocked products take stock)
  const units = new Map(
    (
      await db.query(
        `select (i->>'variantId')::int as id, sum((i->>'qty')::int)::int as units from orders o cross join jsonb_array_elements(o.items) i
          join variants v on v.id = (i->>'variantId')::int join products p on p.id = v.product_id
          where o.cart_id like $1 and o.status in ('pending', 'awaiting_payment', 'placed') and p.functional_type = 'basic' group by 1`,
        [`${holdPrefix}-%`],
      )
    ).rows.map((r) => [r.id, r.units]),
  );
  const stockAfter = await stockOfAll();
  // per variant: units taken minus units the orders hold (positive: stock gone without an order; negative: an order without its stock)
  const stockDiffs = [];
  for (const [id, before] of stockBefore) {
    const off = before - stockAfter.get(id) - (units.get(id) ?? 0);
    if (off !== 0) stockDiffs.push({ variantId: id, off });
  }
  const stockOff = stockDiffs.reduce((sum, d) => sum + Math.abs(d.off), 0);
  const byStatus = {};
  for (const o of holdOrders) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  Object.assign(result.durability, {
    load: holdSummary,
    events,
    acknowledged: acked.length,
    ordersByStatus: byStatus,
    lostAcknowledged: lost.length,
    notChargedOnce: notChargedOnce.length,
    chargedWithoutPlacedOrder: chargedWithoutOrder.length,
    stockUnitsOff: stockOff,
    stockDiffs: stockDiffs.slice(0, 20),
    unexpectedExits: [...unexpectedExits],
  });
  log(`  ${acked.length} acknowledged of ${hold.total} (${JSON.stringify(holdSummary.statuses)}), orders by status ${JSON.stringify(byStatus)}: ${lost.length} lost, ${notChargedOnce.length} not charged exactly once, ${chargedWithoutOrder.length} charged without a placed order, ${stockOff} stock units off${stockDiffs.length ? ` ${JSON.stringify(stockDiffs.slice(0, 10))}` : ''}`);

  await revive();
  // 3. cold pages
  result.pages = { machine: section(`3. cold pages through the proxy: autocannon, 10 connections, up to ${PAGE_SECONDS} s per kind, every URL once`) };
  const products = new Set();
  const flat = [];
  const walk = (list) => {
    for (const c of list ?? []) {
      flat.push(c);
      walk(c.children);
    }
  };
  walk((await getJson(`${base}/api/catalog/categories`)).categories);
  const sorts = ['', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest'];
  const listingUrls = [];
  for (const c of flat.filter((x) => x.path && x.productCount > 0)) {
    let pageCount = 1;
    for (let page = 1; page <= pageCount; page += 1) {
      const listing = await getJson(`${base}/api/catalog/listing?category=${encodeURIComponent(c.path)}&page=${page}`);
      for (const item of listing.items ?? []) products.add(`/products/${item.path}`);
      pageCount = listing.pageCount ?? 1;
      for (const sort of sorts) {
        const query = new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), ...(sort ? { sort } : {}) }).toString();
        listingUrls.push(`/categories/${c.path}${query ? `?${query}` : ''}`);
      }
    }
  }
  const productUrls = [...products];
  result.pages.products = await cpuPerPage(edges, () => coldPages(base, productUrls, PAGE_SECONDS));
  log(`  product pages: ${JSON.stringify(result.pages.products)}`);
  result.pages.listings = await cpuPerPage(edges, () => coldPages(base, listingUrls, PAGE_SECONDS));
  log(`  listing pages: ${JSON.stringify(result.pages.listings)}`);

  await revive();
  // 4. RSS
  result.memory = { machine: section(`4. RSS of each API process and its renderers, warm and after ${RELEASES} catalog releases`) };
  const rssOf = (edge) => ({ pid: edge.pid, apiMb: Math.round(rssMb(edge.pid) ?? NaN), renderersMb: Math.round(childrenOf(edge.pid).reduce((s, c) => s + (rssMb(c) ?? 0), 0)), renderers: childrenOf(edge.pid).length });
  await sleep(3000);
  result.memory.warm = edges.map(rssOf);
  log(`  warm: ${JSON.stringify(result.memory.warm)}`);
  const registry = await openRegistry(registryEnv);
  cleanupStep('closing the registry', () => registry.close());
  const remote = layout.remotes.find((r) => r.name === 'catalog');
  const position = layout.remotes.indexOf(remote);
  const retention = retentionFromEnv(registryEnv);
  const catalogPages = ['/categories/bags', '/search?q=bag', ...productUrls.slice(0, 4)];
  const releaseStarted = Date.now();
  let slowest = 0;
  for (let i = 1; i <= RELEASES && !isCleaningUp(); i += 1) {
    const dist = path.join(tmp, `catalog-r${i}`);
    fs.cpSync(path.join(root, 'mfe-catalog/dist'), dist, { recursive: true });
    for (const file of fs.readdirSync(dist, { recursive: true })) if (/\.(js|cjs|mjs)$/.test(file)) fs.appendFileSync(path.join(dist, file), `\n/* scale bench release ${run} ${i} */\n`);
    const live = await registry.readLive();
    const current = live.remotes.find((r) => r.name === 'catalog').version;
    const version = await registry.publish('catalog', dist);
    await registry.switchLive({ name: 'catalog', version, entry: remoteEntry(remote, version), expectedFrom: current, action: 'release', changes: [], source: { bench: 'scale' }, position });
    await registry.prune(retention).catch(() => []);
    fs.rmSync(dist, { recursive: true, force: true });
    const switched = Date.now();
    for (const edge of edges) {
      for (;;) {
        const live = await getJson(`http://127.0.0.1:${edge.port}/registry.json`).catch(() => null);
        if (live?.remotes?.find((r) => r.name === 'catalog')?.version === version) break;
        if (Date.now() - switched > 60_000) throw new Error(`API process ${edge.label} did not serve catalog ${version} within 60 s`);
        await sleep(100);
      }
      for (const page of catalogPages) await fetch(`http://127.0.0.1:${edge.port}${page}`, { headers: { accept: 'text/html', host: `127.0.0.1:${proxyPort}` } }).then((r) => r.arrayBuffer(), () => null);
    }
    slowest = Math.max(slowest, Date.now() - switched);
    if (i % 10 === 0) log(`  ${i} releases`);
  }
  await sleep(3000);
  result.memory.afterReleases = edges.map(rssOf);
  result.memory.releases = { count: RELEASES, seconds: Math.round((Date.now() - releaseStarted) / 1000), slowestBothServedMs: slowest };
  result.memory.growthMb = result.memory.warm.map((w, i) => ({ apiMb: result.memory.afterReleases[i].apiMb - w.apiMb, renderersMb: result.memory.afterReleases[i].renderersMb - w.renderersMb }));
  log(`  after ${RELEASES} releases: ${JSON.stringify(result.memory.afterReleases)}`);
  result.proxy = proxy.served;
  result.unexpectedExits = unexpectedExits;

  // targets
  const p = result.pages;
  const steps = result.orders.steps;
  const d = result.durability;
  const verdicts = [
    ['orders/s (highest step with < 0.1% errors, p95 <= 300 ms)', `>= ${TARGETS.ordersPerSec}`, `${result.orders.highestPassedStep} (steps tried ${STEPS.join(', ')})`, result.orders.highestPassedStep >= TARGETS.ordersPerSec],
    ['acknowledged orders lost / not charged once / charged without order / stock units off', '0/0/0/0', `${d.lostAcknowledged}/${d.notChargedOnce}/${d.chargedWithoutPlacedOrder}/${d.stockUnitsOff}`, d.lostAcknowledged === 0 && d.notChargedOnce === 0 && d.stockUnitsOff === 0 && d.chargedWithoutPlacedOrder === 0],
    ['API processes that exited on their own', '0', unexpectedExits.map((e) => `${e.label} at +${e.atSeconds} s`).join(', ') || '0', unexpectedExits.length === 0],
    ['cold product pages/s', `>= ${TARGETS.productPagesPerSec}`, String(p.products.pagesPerSec), p.products.pagesPerSec >= TARGETS.productPagesPerSec],
    ['cold listing pages/s', `>= ${TARGETS.listingPagesPerSec}`, String(p.listings.pagesPerSec), p.listings.pagesPerSec >= TARGETS.listingPagesPerSec],
    ['cold page p95 (product / listing)', `<= ${TARGETS.pageP95Ms} ms`, `${p.products.p95Ms} / ${p.listings.p95Ms} ms`, p.products.p95Ms <= TARGETS.pageP95Ms && p.listings.p95Ms <= TARGETS.pageP95Ms],
    ...result.memory.growthMb.map((g, i) => [`RSS growth after ${RELEASES} releases, process ${edges[i].label} (API + renderers)`, `<= ${TARGETS.rssGrowthMb} MB`, `${g.apiMb} + ${g.renderersMb} MB`, Math.max(g.apiMb, g.renderersMb, g.apiMb + g.renderersMb) <= TARGETS.rssGrowthMb]),
  ];
  result.verdicts = verdicts.map(([what, target, got, met]) => ({ what, target, got, met }));
  fs.mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'var/bench/latest-scale.json'), `${JSON.stringify(result, null, 2)}\n`);
  const lines = [
    `scale-out: two API processes on one PostgreSQL behind a round-robin proxy (${os.cpus().length} CPUs)`,
    ...steps.map((s) => `  ${String(s.rate).padStart(3)} orders/s asked: ${s.achievedPerSec} achieved, errors ${(s.errorShare * 100).toFixed(2)}%, p50 ${s.p50Ms} / p95 ${s.p95Ms} / p99 ${s.p99Ms} ms`),
    `  held ${HOLD_RATE}/s with failures: ${d.acknowledged} acknowledged, ${d.lostAcknowledged} lost, ${d.notChargedOnce} not charged once, ${d.chargedWithoutPlacedOrder} charged without an order, ${d.stockUnitsOff} stock units off; ${d.events.join('; ')}`,
    `  cold pages: products ${p.products.pagesPerSec}/s p95 ${p.products.p95Ms} ms (${p.products.asked} of ${p.products.urls} URLs), listings ${p.listings.pagesPerSec}/s p95 ${p.listings.p95Ms} ms (${p.listings.asked} of ${p.listings.urls} URLs)`,
    ...edges.map((e, i) => `  RSS process ${e.label}: warm ${result.memory.warm[i].apiMb} + ${result.memory.warm[i].renderersMb} MB (renderers), after ${RELEASES} releases ${result.memory.afterReleases[i].apiMb} + ${result.memory.afterReleases[i].renderersMb} MB`),
    '',
    ...verdicts.map(([what, target, got, met]) => `  ${what.padEnd(88)} ${target.padEnd(10)} ${got.padEnd(28)} ${met ? 'met' : 'NOT MET'}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

let exitCode = 0;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping everything this bench started`);
    cleanupAll().then(() => process.exit(130));
  });
}
try {
  await main();
} catch (error) {
  // after SIGINT the clean-up pulls things from under the running section: its errors are noise
  if (!isCleaningUp()) console.error(error);
  exitCode = 1;
}
await cleanupAll();
process.exit(exitCode);
