#!/usr/bin/env node
// Memory under hostile traffic: starts the built server (api/dist/server.js, on the deployed
// storefront in var/deploy) on a fresh PGlite, warms it with real pages, records its RSS, then
// fires 10,000 distinct junk URLs (random paths under /products/, /categories/bags?junk=N, random
// query parameters on real pages, random Host headers) and reports the RSS right after and three
// seconds later. Target: RSS after within 100 MB of the warm level. Not a test: prints met / NOT MET.
//
//   node e2e/bench/lib/memory.mjs        (or npm run bench -- --only-memory)
//
// Then it makes MEMORY_RELEASES (default 50) releases of the catalog: each a copy of the live
// catalog build under a new version, switched live in the registry (the server runs on a copy of
// var/deploy), with a few catalog pages asked for after each, and reports the RSS of the API
// process and of its renderers after them. Both figures are also given after a full GC (through
// the server's inspector): what the process keeps, without the garbage a GC has not collected yet.
//
// Needs a build and a deploy first (the build+serve commands in README.md). Options via env:
// MEMORY_URLS (default 10000), MEMORY_CONNECTIONS (default 16), MEMORY_PORT (default: a free port),
// MEMORY_RELEASES (default 50; 0: none). Writes var/bench/latest-memory.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './proc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const apiDir = path.join(root, 'api');
const URLS = Number(process.env.MEMORY_URLS || 10_000);
const CONNECTIONS = Number(process.env.MEMORY_CONNECTIONS || 16);
const RELEASES = Number(process.env.MEMORY_RELEASES ?? 50);
const TARGET_MB = 100;
const log = (m) => process.stderr.write(`[memory] ${m}\n`);

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return kb / 1024;
  } catch {
    return null;
  }
}
/** The server's child processes (its renderers), from /proc. */
function childrenOf(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
const renderersMb = (pid) => childrenOf(pid).reduce((sum, child) => sum + (rssMb(child) ?? 0), 0);

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function get(port, url, host = `localhost:${port}`) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent, headers: { host, 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', () => resolve(0));
  });
}

/** The V8 heap in use, the external (Buffer) memory and the kept pages' estimated size of the server in MB (and the kept pages' number), from its /metrics. */
function heapMb(port) {
  return new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port, path: '/metrics', headers: { host: `localhost:${port}` } }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          const metric = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(body)?.[1] ?? NaN) / 1024 / 1024;
          resolve({ heapUsed: metric('nodejs_heap_size_used_bytes'), heapTotal: metric('nodejs_heap_size_total_bytes'), external: metric('nodejs_external_memory_bytes'), pageCache: metric('ssr_page_cache_bytes'), pageCacheEntries: metric('ssr_page_cache_entries') * 1024 * 1024 });
        });
      })
      .on('error', () => resolve(null));
  });
}
const round = (heap) => (heap ? Object.fromEntries(Object.entries(heap).map(([k, v]) => [k, Math.round(v)])) : null);

/**
 * A full garbage collection in the server, through its inspector (HeapProfiler.collectGarbage):
 * what is left in the heap afterwards is what the server keeps, not garbage waiting for a GC.
 * Needs WebSocket (Node 22, or Node 20 with --experimental-websocket: the script re-runs itself with it).
 */
async function collectGarbage(inspectPort) {
  const list = await new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: inspectPort, path: '/json/list' }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
  const socket = new globalThis.WebSocket(list[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  await new Promise((resolve) => {
    socket.onmessage = (event) => {
      if (JSON.parse(String(event.data)).id === 1) resolve();
    };
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  });
  socket.close();
}

const rand = () => Math.random().toString(36).slice(2, 10);
/** The i-th junk URL (and Host): every one distinct. */
function junk(i, port) {
  switch (i % 5) {
    case 0:
      return { url: `/products/${rand()}-${i}` };
    case 1:
      return { url: `/categories/bags?junk=${i}` };
    case 2:
      return { url: `/categories/bags?${rand()}=${rand()}&sort=price-asc&utm_${i}=x` };
    case 3:
      return { url: `/categories/bags?page=1&${rand()}=${i}`, host: `${rand()}-${i}.example:${port}` };
    default:
      return { url: `/search?q=bag&_=${i}${rand()}`, host: `junk-${i}.invalid` };
  }
}

async function fire(port, count, make) {
  const statuses = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const i = next++;
        const { url, host } = make(i);
        const status = await get(port, url, host);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

if (typeof globalThis.WebSocket === 'undefined') {
  // Node 20: WebSocket (for the inspector) is behind a flag
  const { spawnSync } = await import('node:child_process');
  process.exit(spawnSync(process.execPath, ['--experimental-websocket', '--disable-warning=ExperimentalWarning', fileURLToPath(import.meta.url)], { stdio: 'inherit' }).status ?? 1);
}
const server = path.join(apiDir, 'dist', 'server.js');
if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'var', 'deploy', 'registry.json'))) {
  log('build and deploy first: npx nx run-many -t build -p api shell mfe-catalog mfe-cart-checkout mfe-account mfe-content && node tools/deploy-local.mjs');
  process.exit(1);
}
const port = Number(process.env.MEMORY_PORT) || (await freePort());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-bench-'));
// the releases change the registry: the server runs on a copy of the deploy folder
const deployDir = path.join(dataDir, 'deploy');
fs.cpSync(path.join(root, 'var', 'deploy'), deployDir, { recursive: true });
const inspectPort = await freePort();
const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, server], {
  cwd: root,
  // both sites named, as in production: any other Host header is the NZ site's
  env: { SITE_HOSTS: `localhost:${port}=NZ,au.localhost:${port}=AU`, ...process.env, PORT: String(port), DATA_DIR: path.join(dataDir, 'pgdata'), DEPLOY_DIR: deployDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}
try {
  const started = Date.now();
  while ((await get(port, '/api/health')) !== 200) {
    if (child.exitCode !== null || Date.now() - started > 120_000) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`server pid ${child.pid} on port ${port}`);
  // warm: the real pages, a few rounds (renderers started, bundles compiled, caches filled)
  const real = ['/', '/categories/bags', '/categories/bags?sort=price-asc', '/categories/bags?page=2', '/search?q=bag', '/blog', '/stores', '/cart', '/brands/fernleaf'];
  const products = await new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path: '/api/catalog/listing?category=bags', headers: { host: `localhost:${port}` } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(body).items.slice(0, 20).map((item) => `/products/${item.path}`));
        } catch {
          resolve([]);
        }
      });
    });
  });
  const warmUrls = [...real, ...products];
  for (let round = 0; round < 5; round += 1) await fire(port, warmUrls.length * 4, (i) => ({ url: warmUrls[i % warmUrls.length] }));
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await collectGarbage(inspectPort);
  const warm = rssMb(child.pid);
  const warmRenderers = renderersMb(child.pid);
  const warmHeap = round(await heapMb(port));
  log(`warm: ${warm.toFixed(0)} MB (renderers ${warmRenderers.toFixed(0)} MB)`);

  let peak = warm;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(child.pid) ?? 0);
  }, 200);
  const t0 = Date.now();
  const statuses = await fire(port, URLS, (i) => junk(i, port));
  const seconds = (Date.now() - t0) / 1000;
  clearInterval(sampler);
  const after = rssMb(child.pid);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const settled = rssMb(child.pid);
  const settledRenderers = renderersMb(child.pid);
  const settledHeap = round(await heapMb(port));
  await collectGarbage(inspectPort);
  const collected = rssMb(child.pid);
  const collectedHeap = round(await heapMb(port));
  const delta = settled - warm;
  const met = Math.max(after, settled) - warm <= TARGET_MB;
  // releases: a new catalog version each, switched live, its pages asked for
  let releases = null;
  if (RELEASES > 0) {
    const registryFile = path.join(deployDir, 'registry.json');
    const base = JSON.parse(fs.readFileSync(registryFile, 'utf8')).remotes.find((r) => r.name === 'catalog').version;
    const t1 = Date.now();
    for (let i = 1; i <= RELEASES; i += 1) {
      const version = `${base}r${i}`;
      fs.cpSync(path.join(deployDir, 'cdn', 'catalog', base), path.join(deployDir, 'cdn', 'catalog', version), { recursive: true });
      const registry = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
      registry.remotes = registry.remotes.map((r) => (r.name === 'catalog' ? { ...r, version, manifest: `/cdn/catalog/${version}/mf-manifest.json` } : r));
      fs.writeFileSync(`${registryFile}.tmp`, JSON.stringify(registry));
      fs.renameSync(`${registryFile}.tmp`, registryFile);
      // the edge looks at the registry at most every 500 ms
      await new Promise((resolve) => setTimeout(resolve, 600));
      await fire(port, 12, (n) => ({ url: ['/categories/bags', '/search?q=bag', ...products.slice(0, 4)][n % 6] }));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterReleases = rssMb(child.pid);
    const renderersAfterReleases = renderersMb(child.pid);
    await collectGarbage(inspectPort);
    releases = {
      count: RELEASES,
      seconds: Math.round((Date.now() - t1) / 1000),
      after3sMb: Math.round(afterReleases),
      afterGcMb: Math.round(rssMb(child.pid)),
      heapAfterGcMb: round(await heapMb(port)),
      renderersMb: Math.round(renderersAfterReleases),
    };
    log(`after ${RELEASES} releases: ${JSON.stringify(releases)}`);
  }
  const result = {
    at: new Date().toISOString(),
    urls: URLS,
    seconds: Number(seconds.toFixed(1)),
    statuses,
    warmMb: Math.round(warm),
    peakMb: Math.round(peak),
    afterMb: Math.round(after),
    after3sMb: Math.round(settled),
    deltaMb: Math.round(delta),
    heapWarmMb: warmHeap,
    heapAfter3sMb: settledHeap,
    afterGcMb: Math.round(collected),
    heapAfterGcMb: collectedHeap,
    renderersWarmMb: Math.round(warmRenderers),
    renderersAfterMb: Math.round(settledRenderers),
    releases,
    targetMb: TARGET_MB,
    met,
  };
  fs.mkdirSync(path.join(root, 'var', 'bench'), { recursive: true });
  fs.writeFileSync(path.join(root, 'var', 'bench', 'latest-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(
    `memory under ${URLS} junk URLs (${seconds.toFixed(0)} s, statuses ${JSON.stringify(statuses)}):\n` +
      `  API process RSS warm ${result.warmMb} MB, peak ${result.peakMb} MB, after ${result.afterMb} MB, 3 s later ${result.after3sMb} MB\n` +
      `  API process V8 heap warm ${JSON.stringify(warmHeap)}, 3 s later ${JSON.stringify(settledHeap)} (MB)\n` +
      `  after a full GC: RSS ${Math.round(collected)} MB, V8 heap ${JSON.stringify(collectedHeap)} (MB)\n` +
      `  renderers RSS warm ${result.renderersWarmMb} MB, after ${result.renderersAfterMb} MB\n` +
      `  target: within ${TARGET_MB} MB of warm: ${met ? 'met' : 'NOT MET'}\n` +
      (releases ? `  after ${releases.count} catalog releases: API process RSS ${releases.after3sMb} MB (${releases.afterGcMb} MB after a full GC, heap ${JSON.stringify(releases.heapAfterGcMb)}), renderers ${releases.renderersMb} MB\n` : ''),
  );
} finally {
  stop();
  agent.destroy();
}
