/**
 * The release gate's render check (tools/release/render-gate.mjs runs this file): renders the pages
 * of one remote's routes through the edge, in a renderer process as the edge does, from a deploy
 * folder holding the live shell and the remote's NEW build, against the store's seed in a throwaway
 * in-memory PGlite (nothing of a real database is read or written).
 *
 *   node --import tsx api/src/release-render.ts <input.json> <output.json>
 *
 * input: { deployDir, remote, urls: string[], runs, budgetMs }. Each URL's page is rendered once to
 * warm up (not judged), then once more for the verdict (its status, what the remote's region holds,
 * why a failed render failed; a timeout is tried twice more), then `runs` more times (most of them
 * timing out fails it too); the edge's kept loader results and renders are forgotten before each,
 * and each run's loader plus render is timed: as the edge waited for it, and the renderer's CPU time.
 * output: { results: [{ url, status, kind, error?, ms: number[], cpuMs: number[] }] }.
 *
 * The seeded database is made once (initdb, migrations, seed) and kept as a dump in the OS temp
 * folder, keyed by the migrations, the seed's source and PGlite's version: later checks start from it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from './app.js';
import { registerEdge } from './edge/edge.js';
import { forgetRenders } from './edge/ssr/page.js';
import { bundled } from './edge/ssr/renderers.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './platform/db/index.js';
import { schema } from './platform/db/tables.js';
import { seedIfEmpty } from './seed/index.js';

/** Products in the gate's seed: enough for a listing's first page. */
export const GATE_PRODUCTS = 60;

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsDir = path.resolve(here, '../drizzle');

export interface RenderInput {
  deployDir: string;
  remote: string;
  urls: string[];
  runs: number;
  budgetMs: number;
}

export interface RenderResult {
  url: string;
  status: number;
  /** what the remote's region held: rendered, failed (the browser would render it), frame, or none (no region: the page fell back whole) */
  kind: string;
  error?: string;
  /** each timed run's loader plus render as the edge waited for it (ms) */
  ms: number[];
  /** the CPU time the renderer spent on each timed run's loader and render (ms) */
  cpuMs: number[];
}

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

/** The seeded database's dump: made once per migrations, seed source and PGlite version. */
async function seededTemplate(): Promise<string> {
  const hash = crypto.createHash('sha1');
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(fs.readFileSync(pglitePackage, 'utf8')).version).update(String(GATE_PRODUCTS));
  for (const dir of [migrationsDir, path.join(here, 'seed')]) for (const file of filesOf(dir)) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  const template = path.join(os.tmpdir(), `store-gate-seed-${hash.digest('hex').slice(0, 16)}.tar.gz`);
  if (fs.existsSync(template)) return template;
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsDir });
  await seedIfEmpty(db as unknown as Database, { products: GATE_PRODUCTS });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const tmp = `${template}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, template);
  return template;
}

const regionKind = (html: string, remote: string) => new RegExp(`data-remote="${remote}"[^>]*\\bdata-ssr="([a-z-]+)"`).exec(html)?.[1] ?? (/id="app-error-page"/.test(html) ? 'error-page' : 'none');

export async function renderRoutes(input: RenderInput): Promise<RenderResult[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'store-gate-render-'));
  const config = loadConfig({ DATA_DIR: 'memory://', IMAGE_CACHE_DIR: path.join(scratch, 'images'), DEPLOY_DIR: input.deployDir, SEED_PRODUCTS: String(GATE_PRODUCTS) }, here);
  // the renderer's bundle is made while the database loads
  const [database, rendererScript] = await Promise.all([seededTemplate().then((template) => openDatabase(config, { pgliteTemplate: template })), bundled(path.join(here, 'edge', 'ssr', 'renderer.ts'))]);
  const app = buildApp({ config, db: database.db });
  type Failure = { text: string; timeout: boolean };
  type Took = { ms: number; cpuMs?: number };
  let failure: Failure | undefined;
  let took: Took | undefined;
  await registerEdge(app, {
    deployDir: input.deployDir,
    overrideOrigins: [],
    ssrRenderers: 1,
    ssrBudgetMs: input.budgetMs,
    ssrRendererScript: rendererScript,
    onRegionRender: (remote, _version, time) => {
      if (remote === input.remote) took = time;
    },
    onRenderFailure: (remote, error) => {
      if (remote !== input.remote) return;
      const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
      failure = { text, timeout: error instanceof Error && error.name === 'RenderTimeoutError' };
    },
  });
  await app.ready();
  const results: RenderResult[] = [];
  /** One render of the page with nothing kept: its answer, and the failure the edge reported, if any. */
  const render = async (url: string) => {
    forgetRenders();
    failure = undefined;
    took = undefined;
    const page = await app.inject({ method: 'GET', url });
    // (set by the edge's callbacks during the request)
    return { page, failure: failure as Failure | undefined, took: took as Took | undefined };
  };
  // the renderer processes do not keep a process alive (renderers.ts): this does, while it waits for them
  const alive = setInterval(() => {}, 1000);
  try {
    // once each, not judged: the bundle's first run, the seeded database's and the API's first
    // answers are a cold start's (the edge allows a cold bundle more time), not this build's pages
    for (const url of input.urls) await render(url);
    for (const url of input.urls) {
      // the verdict: a throw is final; a timeout is tried twice more (a busy machine is not the build)
      let verdict = await render(url);
      for (let retry = 0; retry < 2 && verdict.failure?.timeout; retry += 1) verdict = await render(url);
      const result: RenderResult = { url, status: verdict.page.statusCode, kind: regionKind(verdict.page.body, input.remote), ms: [], cpuMs: [], ...(verdict.failure ? { error: verdict.failure.text } : {}) };
      results.push(result);
      if (result.kind !== 'rendered') continue;
      const timeouts: string[] = [];
      for (let run = 0; run < input.runs; run += 1) {
        const timed = await render(url);
        if (timed.failure && !timed.failure.timeout) {
          // a render that throws on a later run throws on the site too
          Object.assign(result, { kind: 'failed', error: `${timed.failure.text} (timed render ${run + 1} of ${input.runs})` });
          break;
        }
        if (timed.failure) timeouts.push(timed.failure.text);
        if (timed.took) {
          result.ms.push(Math.round(timed.took.ms * 10) / 10);
          if (timed.took.cpuMs !== undefined) result.cpuMs.push(Math.round(timed.took.cpuMs * 10) / 10);
        }
      }
      // most timed renders timing out is the build's; one now and then on a busy machine is not
      if (result.kind === 'rendered' && timeouts.length > input.runs / 2) Object.assign(result, { kind: 'failed', error: `${timeouts[0]} (${timeouts.length} of ${input.runs} timed renders)` });
    }
  } finally {
    clearInterval(alive);
    await app.close();
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
    // the renderer bundled for this check (its own temp folder)
    fs.rmSync(path.dirname(rendererScript), { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [inputFile, outputFile] = process.argv.slice(2);
  const input = JSON.parse(fs.readFileSync(inputFile!, 'utf8')) as RenderInput;
  renderRoutes(input).then(
    (results) => {
      fs.writeFileSync(outputFile!, JSON.stringify({ results }));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
