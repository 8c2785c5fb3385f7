/**
 * Listing benchmark over a large catalogue: full text + two facet filters (a colour and
 * a feature) + a price range + a sort + a page, with the facet counts, on PGlite.
 *
 *   npm run bench:search -w api      (or `npm run bench -- --only-search` from the repository root)
 *
 * Env: BENCH_PRODUCTS (100000), BENCH_DATA_DIR (<repo>/var/bench-<products>), BENCH_COLD (200),
 * BENCH_ITERATIONS (300), DURATION (HTTP seconds, 10), BENCH_OUT (also write the JSON there).
 *
 * 1. Opens (or creates and seeds once, about a minute) a PGlite directory with BENCH_PRODUCTS products.
 * 2. In-process, CatalogService.listing() with the answer cache OFF:
 *    - first-seen text: every query's text is new to the service (no cache holds the text; its
 *      words may have been seen in earlier texts: tsqueries are cached per word);
 *    - first-seen word: every query has a catalogue word the service has not seen before;
 *    - repeated text: the texts of 12 queries seen before, with new filters, price, sort, page.
 * 3. Over HTTP: the real server (src/server.ts) in its own process on a free port (indexes loaded
 *    at start-up, as `npm start` runs it), autocannon in this process with 10 connections, every request different (text, colour, feature,
 *    price range, sort, page), so the answer cache never answers; most texts are new as well.
 *    Then, for reference only, 50 requests replayed (answered from the answer cache).
 * Texts: one to three catalogue words (plurals and stems included), some `a or b`, some with a
 * typo (the typo path runs when the exact text finds nothing).
 *
 * Prints one JSON document with met / not met per target and exits 2 when a target is missed.
 * Targets: in-process p95 <= 20 ms (first-seen text, first-seen word, repeated text), HTTP >= 500
 * requests/s. Wall-clock times: on a shared machine they include waiting for a CPU (see the load average).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CatalogService, type ListingRequest } from '../src/store/catalog/service';
import { loadConfig } from '../src/config';
import { countProducts, openDatabase } from '../src/platform/db';
import { generateCatalogue } from '../src/seed';
import { COLOURS, FEATURES } from '../src/seed/data';
import { insertCatalogue } from '../src/seed/index';
import { loadVocabulary } from '../src/store/catalog/listing';

const products = Number(process.env.BENCH_PRODUCTS || 100_000);
const config = loadConfig({ ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR || '', SEED_PRODUCTS: String(products) }, path.dirname(fileURLToPath(import.meta.url)));
const dataDir = process.env.BENCH_DATA_DIR || path.join(config.repoRoot, 'var', `bench-${products}`);
const coldQueries = Number(process.env.BENCH_COLD || 200);
const iterations = Number(process.env.BENCH_ITERATIONS || 300);
const duration = Number(process.env.DURATION || 10);
const TARGET_P95_MS = 20;
const TARGET_RPS = 500;

// Words a shopper types: product nouns, materials, colours, features, plurals.
const WORDS = [
  'leather', 'backpack', 'backpacks', 'tote', 'totes', 'wallet', 'wallets', 'travel', 'bag', 'bags', 'canvas', 'nylon', 'suede', 'black',
  'tan', 'navy', 'olive', 'cognac', 'charcoal', 'laptop', 'duffle', 'weekender', 'crossbody', 'clutch', 'belt', 'belts', 'keyring', 'card',
  'holder', 'passport', 'camera', 'shoulder', 'mini', 'large', 'waxed', 'vegan', 'recycled', 'rolltop', 'commuter', 'zip', 'market',
  'shopper', 'luggage', 'sunglasses', 'case', 'pebbled', 'saffiano', 'cotton', 'daypack', 'hobo', 'saddle', 'phone', 'water', 'resistant',
  'rfid', 'lightweight', 'stone', 'forest', 'padded', 'strap', 'sleeve', 'pocket', 'organiser', 'spinner', 'cabin',
];
const TYPOS = ['lether', 'backpak', 'walet', 'travle', 'canvis', 'dufel', 'crosbody', 'clutsh', 'sunglases', 'pasport', 'wekender', 'toet'];
const SORTS = ['', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'newest', 'oldest'];
const COLOUR_SLUGS = COLOURS.map((c) => c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
const FEATURE_SLUGS = FEATURES.map((f) => f.slug);

/** mulberry32: a small deterministic PRNG, so every run asks the same queries. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const text = (): string => {
    const r = random();
    const n = r < 0.45 ? 1 : r < 0.85 ? 2 : 3;
    const words = Array.from({ length: n }, () => pick(WORDS));
    if (random() < 0.05) words[Math.floor(random() * n)] = pick(TYPOS);
    if (n === 2 && random() < 0.1) return `${words[0]} or ${words[1]}`;
    return words.join(' ');
  };
  const request = (q: string = text()): ListingRequest => {
    const min = 1000 * Math.floor(random() * 30); // $0 to $290 (prices in cents)
    return {
      q,
      colours: [pick(COLOUR_SLUGS)],
      features: [pick(FEATURE_SLUGS)],
      minPrice: min,
      maxPrice: min + 5000 + 1000 * Math.floor(random() * 40),
      sort: pick(SORTS),
      page: random() < 0.7 ? 1 : random() < 0.7 ? 2 : 3,
    };
  };
  return { text, request };
}

function toQuery(r: ListingRequest): string {
  const q = new URLSearchParams();
  if (r.q) q.set('q', r.q);
  if (r.colours) q.set('colours', r.colours.join(','));
  if (r.features) q.set('features', r.features.join(','));
  if (r.minPrice !== undefined) q.set('minPrice', String(r.minPrice));
  if (r.maxPrice !== undefined) q.set('maxPrice', String(r.maxPrice));
  if (r.sort) q.set('sort', r.sort);
  q.set('page', String(r.page));
  return `/api/catalog/listing?${q}`;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;
const load = () => os.loadavg().map((n) => Number(n.toFixed(2)));

function summary(times: number[], totals: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    queries: times.length,
    p50Ms: round(pct(sorted, 50)),
    p95Ms: round(pct(sorted, 95)),
    p99Ms: round(pct(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1]!),
    avgTotal: Math.round(totals.reduce((a, b) => a + b, 0) / totals.length),
    emptyShare: Number((totals.filter((t) => t === 0).length / totals.length).toFixed(2)),
  };
}

async function timed(catalog: CatalogService, request: ListingRequest): Promise<{ ms: number; total: number }> {
  const t0 = performance.now();
  const body = await catalog.listing(request, { cache: false });
  const ms = performance.now() - t0;
  if (!('json' in body)) throw new Error(`listing answered ${JSON.stringify(body)}`);
  return { ms, total: (JSON.parse(body.json) as { total: number }).total };
}

async function main() {
  const loadAtStart = load();
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: config.repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = null;
  }
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const started = Date.now();
  const database = await openDatabase({ ...config, dataDir, databaseUrl: undefined });
  const have = await countProducts(database.db);
  if (have !== products) {
    if (have > 0) throw new Error(`${dataDir} holds ${have} products, not ${products}: remove it or set BENCH_DATA_DIR`);
    console.error(`[bench] seeding ${products} products into ${dataDir} (once; about a minute)…`);
    await insertCatalogue(database.db, generateCatalogue({ products }), { onProgress: (m) => console.error(`[bench]   ${m}`) });
  }
  console.error(`[bench] database ready in ${Math.round((Date.now() - started) / 1000)} s (${fresh ? 'created' : 'reused'})`);

  // In-process, answer cache off.
  const catalog = new CatalogService(database.db);
  const t0 = performance.now();
  await catalog.warm();
  const warmSeconds = round((performance.now() - t0) / 1000);
  console.error(`[bench] in-memory indexes loaded in ${warmSeconds} s`);
  const seen = new Set<string>();
  const gen = generator(1);
  const unseenText = () => {
    for (;;) {
      const text = gen.text();
      if (!seen.has(text)) {
        seen.add(text);
        return text;
      }
    }
  };
  for (let i = 0; i < 30; i++) await timed(catalog, gen.request(unseenText())); // JIT warm-up
  const cold = { times: [] as number[], totals: [] as number[] };
  for (let i = 0; i < coldQueries; i++) {
    const r = await timed(catalog, gen.request(unseenText()));
    cold.times.push(r.ms);
    cold.totals.push(r.total);
  }
  // First-seen words: catalogue words the bench has not used yet (and their plurals), each in
  // one query, so even the per-word tsquery has to come from Postgres.
  const used = new Set([...WORDS, ...TYPOS]);
  const freshWords = (await loadVocabulary(database.db)).flatMap((w) => [w, `${w}s`]).filter((w) => !used.has(w));
  const newWord = { times: [] as number[], totals: [] as number[] };
  for (const [i, word] of freshWords.slice(0, coldQueries).entries()) {
    const r = await timed(catalog, gen.request(i % 2 === 0 ? word : `${gen.text().split(' ')[0]} ${word}`));
    newWord.times.push(r.ms);
    newWord.totals.push(r.total);
  }
  const repeatedTexts = [...seen].slice(-12);
  const warm = { times: [] as number[], totals: [] as number[] };
  for (let i = 0; i < iterations; i++) {
    const r = await timed(catalog, gen.request(repeatedTexts[i % repeatedTexts.length]));
    warm.times.push(r.ms);
    warm.totals.push(r.total);
  }
  const inProcessFirstSeenText = summary(cold.times, cold.totals);
  const inProcessRepeatedText = summary(warm.times, warm.totals);
  const inProcessFirstSeenWord = summary(newWord.times, newWord.totals);
  console.error(`[bench] in-process: first-seen text p95 ${inProcessFirstSeenText.p95Ms} ms, repeated text p95 ${inProcessRepeatedText.p95Ms} ms`);

  // Over HTTP: the real server (src/server.ts) in its own process on the same data directory, as
  // `npm start` runs it (indexes loaded at start-up), so autocannon, here, does not share its event
  // loop. PGlite is one process only: this process lets go of the directory first.
  await database.close();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.port}`;
  const probe = await fetch(`${base}${toQuery(gen.request())}`);
  if (!probe.ok) throw new Error(`probe answered ${probe.status}`);

  const cycle = async (paths: string[], seconds: number) => {
    let i = 0;
    const cpu0 = server.cpuMs();
    const result = await autocannon({
      url: base,
      duration: seconds,
      connections: 10,
      pipelining: 1,
      requests: [{ method: 'GET', setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }) }],
    } as autocannon.Options);
    const cpu = server.cpuMs() - cpu0;
    return {
      requests: result.requests.total,
      /** The server process's CPU time per request (user + system), less sensitive to the machine's load. */
      cpuMsPerRequest: round(cpu / Math.max(1, result.requests.total)),
      distinctPaths: Math.min(paths.length, result.requests.total),
      requestsPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  };
  const httpGen = generator(2);
  const distinct = new Set<string>();
  while (distinct.size < 60_000) distinct.add(toQuery(httpGen.request()));
  const distinctPaths = [...distinct];
  const httpAllDistinct = await cycle(distinctPaths, duration);
  if (httpAllDistinct.requests > distinctPaths.length) console.error('[bench] warning: more requests than distinct paths; some repeated');
  const replay = distinctPaths.slice(0, 50);
  const httpReplay50 = await cycle(replay, Math.max(3, Math.round(duration / 2)));
  await server.stop();

  const met = {
    inProcessFirstSeenTextP95: inProcessFirstSeenText.p95Ms <= TARGET_P95_MS,
    inProcessFirstSeenWordP95: inProcessFirstSeenWord.p95Ms <= TARGET_P95_MS,
    inProcessRepeatedTextP95: inProcessRepeatedText.p95Ms <= TARGET_P95_MS,
    httpAllDistinct: httpAllDistinct.requestsPerSec >= TARGET_RPS && httpAllDistinct.non2xx === 0 && httpAllDistinct.errors === 0,
  };
  const report = {
    date: new Date().toISOString(),
    commit,
    products,
    cpus: os.cpus().length,
    loadAverage: { start: loadAtStart, end: load() },
    indexLoadSeconds: warmSeconds,
    query: 'q=<1-3 words, some "a or b", 5% with a typo> + colours=<1> + features=<1> + minPrice..maxPrice + sort (7) + page 1-3, with facet counts',
    inProcessFirstSeenText,
    inProcessFirstSeenWord,
    inProcessRepeatedText,
    httpAllDistinct,
    httpReplay50AnswerCache: httpReplay50,
    targets: { inProcessP95Ms: TARGET_P95_MS, httpRequestsPerSec: TARGET_RPS },
    met,
    allMet: Object.values(met).every(Boolean),
  };
  const json = JSON.stringify(report, null, 2);
  console.log(json);
  if (process.env.BENCH_OUT) fs.writeFileSync(process.env.BENCH_OUT, `${json}\n`);
  const line = (name: string, value: string, ok: boolean) => console.error(`[bench] ${name}: ${value} -> ${ok ? 'met' : 'NOT met'}`);
  line(`in-process p95, first-seen text (target <= ${TARGET_P95_MS} ms)`, `${inProcessFirstSeenText.p95Ms} ms`, met.inProcessFirstSeenTextP95);
  line(`in-process p95, first-seen word (target <= ${TARGET_P95_MS} ms)`, `${inProcessFirstSeenWord.p95Ms} ms`, met.inProcessFirstSeenWordP95);
  line(`in-process p95, repeated text (target <= ${TARGET_P95_MS} ms)`, `${inProcessRepeatedText.p95Ms} ms`, met.inProcessRepeatedTextP95);
  line(`HTTP, every request distinct (target >= ${TARGET_RPS} requests/s)`, `${httpAllDistinct.requestsPerSec} requests/s`, met.httpAllDistinct);
  process.exitCode = report.allMet ? 0 : 2;
}

/** api/src/server.ts on a free port with the bench's data directory; resolves once its indexes are loaded. */
async function startServer(): Promise<{ port: number; cpuMs(): number; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_PRODUCTS: String(products), DEPLOY_DIR: path.join(scratch, 'deploy'), IMAGE_CACHE_DIR: path.join(scratch, 'images'), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  // node itself with tsx's loader (not the tsx launcher, which runs the script in a second process)
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(config.repoRoot, 'api/src/server.ts')], { cwd: path.join(config.repoRoot, 'api'), env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not load its indexes within 180 s')), 180_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      if (/catalogue indexes loaded/.test(buffered)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => reject(new Error('the server exited before it was ready')));
  });
  // utime + stime of the server process, from /proc (clock ticks of 10 ms on Linux)
  const cpuMs = () => {
    try {
      const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return 0;
    }
  };
  return {
    port,
    cpuMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
