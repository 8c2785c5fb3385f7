#!/usr/bin/env node
// Order placement under a steady load on PostgreSQL: an open-loop 10 orders/s for 60 s
// through POST /api/order/place (sandbox gateway, Idempotency-Key on every order, 1-3 lines, a
// third with the WINTER20 code), target p99 <= 150 ms and 0 errors. Not a test: prints met / NOT MET.
//
//   node api/bench/orders-pg.mjs                 (or npm run bench -- --only-orders-pg)
//
// It starts everything it needs and removes it afterwards: a throwaway PostgreSQL cluster on
// 127.0.0.1 (Debian's binaries; as root the server runs as the postgres user), unless DATABASE_URL
// names a server (a fresh database is created there and dropped), then the API (api/dist/server.js,
// built with `node api/build.mjs` first) on a free port. Options via env: BENCH_RATE (orders/s, default
// 10), BENCH_SECONDS (default 60), BENCH_PGPORT (default 55460). Writes var/bench/latest-orders-pg.json.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(apiDir, '..');
const RATE = Number(process.env.BENCH_RATE || 10);
const SECONDS = Number(process.env.BENCH_SECONDS || 60);
const TARGET_P99_MS = 150;
const log = (m) => process.stderr.write(`[orders-pg] ${m}\n`);
const cleanups = [];
const cleanup = async () => {
  while (cleanups.length) await cleanups.pop()().catch(() => undefined);
};
process.on('SIGINT', () => cleanup().then(() => process.exit(130)));

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** CPU seconds (user + system) of a process and its children still running, from /proc (Linux); null elsewhere. */
const TICK = 100;
function cpuSeconds(pids) {
  try {
    let ticks = 0;
    for (const pid of pids) {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks / TICK;
  } catch {
    return null;
  }
}
/** The postmaster and its backends (a throwaway cluster only). */
function clusterPids(dataDir) {
  if (!dataDir) return null;
  try {
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).filter((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
    return [postmaster, ...children.map(Number)];
  } catch {
    return null;
  }
}
let clusterDataDir = null;

async function startPostgres() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const bins = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`) : [];
  const bin = bins.reverse().find((b) => fs.existsSync(`${b}/initdb`));
  if (!bin) throw new Error('no PostgreSQL server binaries (apt-get install postgresql) and no DATABASE_URL');
  const port = Number(process.env.BENCH_PGPORT || 55460);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-pg-'));
  fs.chmodSync(dir, 0o755);
  const asPg = (cmd) => {
    if (process.getuid?.() === 0) {
      execFileSync('chown', ['-R', 'postgres', dir]);
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'ignore' });
    } else execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
  };
  asPg(`${bin}/initdb -D ${dir}/data -U store --auth=trust -E UTF8 --locale=C.UTF-8 && ${bin}/pg_ctl -D ${dir}/data -o '-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}' -l ${dir}/log -w start`);
  cleanups.push(async () => {
    asPg(`${bin}/pg_ctl -D ${dir}/data -m fast stop`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  clusterDataDir = `${dir}/data`;
  log(`PostgreSQL on 127.0.0.1:${port}`);
  return `postgres://store@127.0.0.1:${port}/postgres`;
}

async function main() {
  const adminUrl = await startPostgres();
  const name = `store_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  log('building the api (node api/build.mjs)');
  execFileSync(process.execPath, ['build.mjs'], { cwd: apiDir, stdio: 'ignore' });
  const port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orders-pg-api-'));
  const server = spawn(process.execPath, [path.join(apiDir, 'dist/server.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEPLOY_DIR: path.join(tmp, 'deploy'), IMAGE_CACHE_DIR: path.join(tmp, 'images') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  cleanups.push(async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`api on ${base}`);

  // stocked variants, sold one at a time, with plenty of stock so no order runs out
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query(`select p.id as product_id, min(v.id) as variant_id from products p join variants v on v.product_id = p.id
      where p.state = 'current' and p.functional_type = 'basic' and p.challenge_question is null and coalesce(p.cart_qty_variant_min, 1) <= 1 and coalesce(p.cart_qty_variant_multiple_of, 1) <= 1
      group by p.id order by p.id limit 60`);
  await db.query('update variants set qty = 100000 where id = any($1::int[])', [rows.map((r) => r.variant_id)]);
  const variants = rows.map((r) => ({ productId: String(r.product_id), variantId: String(r.variant_id) }));
  const address = { contactName: 'Bench Shopper', country: 'NZ', phone: '021 000 0000', postcode: '1010', street1: '1 Queen Street', suburb: 'Auckland Central' };
  const total = RATE * SECONDS;
  const post = async (p, body, headers = {}) => {
    const res = await fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  log(`pricing ${total} orders (/api/checkout/info)`);
  const orders = [];
  for (let i = 0; i < total; i += 1) {
    const lines = 1 + (i % 3);
    const cart = {
      items: Array.from({ length: lines }, (_, k) => variants[(i * 7 + k * 13) % variants.length]).map((v) => ({ ...v, qty: 1 })),
      promoCodes: i % 3 === 0 ? ['WINTER20'] : [],
      email: `bench${i}@example.co.nz`,
      firstName: 'Bench',
      lastName: 'Shopper',
      shippingAddress: address,
      shipping: { type: 'DELIVERY', options: { methodId: 'standard' } },
    };
    const info = await post('/api/checkout/info', { cart });
    if (info.status !== 200) throw new Error(`checkout/info ${info.status} ${JSON.stringify(info.body)}`);
    orders.push({
      cartId: `bench-${Date.now().toString(36)}-${i}`,
      cart: { ...cart, phone: '021 000 0000', billingAddress: address },
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: info.body.amountOutstanding, token: 'fake-valid-nonce' }] },
      expectedPromotions: info.body.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    });
  }
  // warm up (not measured)
  for (let i = 0; i < 5; i += 1) {
    const cart = { ...orders[i].cart };
    await post('/api/order/place', { ...orders[i], cartId: `warm-${Date.now()}-${i}`, cart });
  }

  log(`placing ${total} orders at ${RATE}/s (open loop, ${SECONDS} s)`);
  const loadBefore = os.loadavg();
  const pgPids = clusterPids(clusterDataDir);
  const cpuBefore = { api: cpuSeconds([server.pid]), pg: pgPids && cpuSeconds(pgPids) };
  const times = [];
  const statuses = {};
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      (async () => {
        const t0 = performance.now();
        let status = 0;
        try {
          status = (await post('/api/order/place', orders[i], { 'idempotency-key': `bench-key-${i}-${orders[i].cartId}` })).status;
        } catch {
          status = 0;
        }
        times.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      })(),
    );
  }
  await Promise.all(pending);
  const wall = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg();
  // backends started during the run count from zero; ones that ended are missed (a lower bound)
  const pgAfterPids = clusterPids(clusterDataDir);
  const cpuAfter = { api: cpuSeconds([server.pid]), pg: pgAfterPids && cpuSeconds(pgAfterPids) };
  const perOrder = (a, b) => (a === null || b === null || a === undefined || b === undefined ? null : Number((((b - a) * 1000) / total).toFixed(2)));
  times.sort((a, b) => a - b);
  const pct = (p) => Number(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1));
  const errors = Object.entries(statuses).filter(([s]) => s !== '200').reduce((n, [, c]) => n + c, 0);
  const [placed] = (await db.query(`select count(*)::int as n from orders where status = 'placed' and cart_id like 'bench-%'`)).rows;
  await db.end();
  const result = {
    orders: total,
    ratePerSec: RATE,
    achievedPerSec: Number((total / wall).toFixed(2)),
    p50Ms: pct(50),
    p90Ms: pct(90),
    p99Ms: pct(99),
    maxMs: Number(times[times.length - 1].toFixed(1)),
    statuses,
    errors,
    placed: placed.n,
    cpuMsPerOrder: { api: perOrder(cpuBefore.api, cpuAfter.api), postgres: perOrder(cpuBefore.pg, cpuAfter.pg) },
    loadAverage: { before: loadBefore.map((l) => Number(l.toFixed(2))), after: loadAfter.map((l) => Number(l.toFixed(2))) },
    cpus: os.cpus().length,
    node: process.version,
    at: new Date().toISOString(),
  };
  const met = result.p99Ms <= TARGET_P99_MS && errors === 0 && placed.n === total;
  if (errors > 0) {
    const causes = output.split('\n').filter((l) => l.includes('"level":50')).map((l) => {
      try {
        const e = JSON.parse(l).err ?? {};
        return `${e.type}: ${String(e.cause?.message ?? e.message).slice(0, 200)} (code ${e.cause?.code ?? e.code ?? '?'})`;
      } catch {
        return l.slice(0, 300);
      }
    });
    log(`server errors:\n${causes.join('\n')}`);
  }
  fs.mkdirSync(path.join(root, 'var/bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'var/bench/latest-orders-pg.json'), `${JSON.stringify({ ...result, met }, null, 2)}\n`);
  console.log(JSON.stringify(result));
  console.log(
    `order/place on PostgreSQL, ${RATE}/s for ${SECONDS} s: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (target <= ${TARGET_P99_MS}), ${errors} errors, ${placed.n}/${total} placed, load average ${result.loadAverage.before[0]} -> ${result.loadAverage.after[0]} (1 min) on ${result.cpus} cores, CPU per order: api ${result.cpuMsPerOrder.api ?? '?'} ms, PostgreSQL ${result.cpuMsPerOrder.postgres ?? '?'} ms: ${met ? 'met' : 'NOT MET'}`,
  );
  return met;
}

main()
  .then(async (met) => {
    await cleanup();
    process.exit(met ? 0 : 2);
  })
  .catch(async (error) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
