/**
 * Listing benchmark over a large catalogue (issue 4): full text + two facet filters + a price
 * range + a sort + facet counts, on PGlite.
 *
 *   npm run bench:search -w api            (BENCH_PRODUCTS=100000, BENCH_DATA_DIR=<repo>/var/bench-100k)
 *
 * 1. Opens (or creates and seeds once, a few minutes) a PGlite directory with BENCH_PRODUCTS products.
 * 2. In-process: CatalogService.listing() with its answer cache OFF, cycling through query
 *    variants (different words, colours, features, price ranges, sorts, pages): p50/p95/p99 ms.
 * 3. Over HTTP: the fastify app on a free port, autocannon with 10 connections cycling through
 *    the same variants (the server's answer cache on, as in production): requests/s and latency;
 *    then once more with every request distinct (cache misses only).
 * Prints one JSON document. Targets: in-process p95 <= 20 ms, HTTP >= 500 requests/s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { CatalogService, type ListingRequest } from '../src/catalog/service';
import { loadConfig } from '../src/config';
import { countProducts, openDatabase } from '../src/db';
import { generateCatalogue } from '../src/seed';
import { insertCatalogue } from '../src/seed/index';

const products = Number(process.env.BENCH_PRODUCTS || 100_000);
const config = loadConfig({ ...process.env, DATA_DIR: process.env.BENCH_DATA_DIR || '', SEED_PRODUCTS: String(products) }, path.dirname(fileURLToPath(import.meta.url)));
const dataDir = process.env.BENCH_DATA_DIR || path.join(config.repoRoot, 'var', `bench-${products}`);
const iterations = Number(process.env.BENCH_ITERATIONS || 300);
const duration = Number(process.env.DURATION || 10);

const WORDS = ['leather', 'backpack', 'travel', 'wallet', 'tote', 'laptop', 'canvas', 'black', 'weekender', 'card holder', 'bag', 'belt'];
const COLOURS = ['black', 'tan', 'navy', 'olive', 'cognac', 'charcoal', 'stone', 'forest'];
const FEATURES = ['water-resistant', 'laptop-sleeve', 'padded-straps', 'adjustable-strap', 'rfid-blocking', 'lightweight', 'recycled-materials'];
const SORTS = ['', 'price-asc', 'price-desc', 'newest', 'name-asc'];

/** Variant i: text + colour + feature (two facet filters) + price range + sort. */
function variant(i: number): ListingRequest {
  const min = 2000 + (i % 7) * 1000;
  return {
    q: WORDS[i % WORDS.length],
    colours: [COLOURS[i % COLOURS.length]!],
    features: [FEATURES[(i * 3) % FEATURES.length]!],
    minPrice: min,
    maxPrice: min + 20000 + (i % 5) * 10000,
    sort: SORTS[i % SORTS.length],
    page: 1 + (i % 2),
  };
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

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const started = Date.now();
  const database = await openDatabase({ ...config, dataDir, databaseUrl: undefined });
  const have = await countProducts(database.db);
  if (have !== products) {
    if (have > 0) throw new Error(`${dataDir} holds ${have} products, not ${products}: remove it or set BENCH_DATA_DIR`);
    console.error(`[bench] seeding ${products} products into ${dataDir} (once; a few minutes)…`);
    await insertCatalogue(database.db, generateCatalogue({ products }), { onProgress: (m) => console.error(`[bench]   ${m}`) });
  }
  console.error(`[bench] database ready in ${Math.round((Date.now() - started) / 1000)} s (${fresh ? 'created' : 'reused'})`);

  // In-process, uncached.
  const catalog = new CatalogService(database.db);
  for (let i = 0; i < 20; i++) await catalog.listing(variant(i), { cache: false });
  const times: number[] = [];
  let totalMatched = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const body = await catalog.listing(variant(i), { cache: false });
    times.push(performance.now() - t0);
    if ('json' in body) totalMatched += (JSON.parse(body.json) as { total: number }).total;
  }
  times.sort((a, b) => a - b);
  const inProcess = { iterations, p50Ms: round(pct(times, 50)), p95Ms: round(pct(times, 95)), p99Ms: round(pct(times, 99)), maxMs: round(times[times.length - 1]!), avgMatched: Math.round(totalMatched / iterations) };

  // First sight of a text (its full-text matches are not cached yet): the Postgres GIN query.
  const coldWords = ['duffle', 'passport', 'crossbody', 'suede', 'navy', 'spinner', 'clutch', 'keyring', 'briefcase', 'nylon'];
  const cold: number[] = [];
  for (const [i, q] of coldWords.entries()) {
    const t0 = performance.now();
    await catalog.listing({ ...variant(i), q }, { cache: false });
    cold.push(performance.now() - t0);
  }
  cold.sort((a, b) => a - b);
  const coldText = { queries: cold.length, p50Ms: round(pct(cold, 50)), maxMs: round(cold[cold.length - 1]!) };

  // Over HTTP.
  const app = buildApp({ config, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const probe = await fetch(`${base}${toQuery(variant(0))}`);
  if (!probe.ok) throw new Error(`probe answered ${probe.status}`);

  const cycle = async (paths: string[]) => {
    let i = 0;
    const result = await autocannon({
      url: base,
      duration,
      connections: 10,
      pipelining: 1,
      requests: [
        {
          method: 'GET',
          setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[i++ % paths.length] }),
        },
      ],
    } as autocannon.Options);
    return {
      requestsPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  };
  const repeated = Array.from({ length: 50 }, (_, i) => toQuery(variant(i)));
  for (const p of repeated) await fetch(`${base}${p}`);
  const httpCached = await cycle(repeated);
  const distinct = Array.from({ length: 100_000 }, (_, i) => toQuery({ ...variant(i), minPrice: 1000 + (i % 5000) }));
  const httpUncached = await cycle(distinct);
  await app.close();
  await database.close();

  const report = {
    products,
    query: 'q=<word> + colours=<1> + features=<1> + minPrice..maxPrice + sort + page, with facet counts',
    inProcessUncached: inProcess,
    inProcessNewText: coldText,
    httpCachedVariants50: httpCached,
    httpAllDistinct: httpUncached,
    targets: { inProcessP95Ms: 20, httpRequestsPerSec: 500 },
    met: { inProcessP95: inProcess.p95Ms <= 20, httpCached: httpCached.requestsPerSec >= 500, httpUncached: httpUncached.requestsPerSec >= 500 },
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
