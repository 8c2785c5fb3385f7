// The gate's render and budget checks: before a release goes live, the remote's routes are rendered
// with the NEW server bundle against the live shell (api/src/release-render.ts: the edge's page
// renderer, one renderer process, the store's seed in a throwaway PGlite), and the build is held to
// its release budgets (<project>/release-budgets.json): the brotli size of the scripts a route page
// loads at start, and each route's server render time (the renderer's CPU time for its loader and
// render, median of a few renders).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const entry = path.join(root, 'api/src/release-render.ts');

/** Timed renders per route (after the first, untimed one): the budget is held to their median. */
export const RENDER_RUNS = 5;
/** The region's budget as the edge has it (SSR_BUDGET_MS, default 150). */
const edgeBudgetMs = () => Number(process.env.SSR_BUDGET_MS) || 150;

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The route patterns of a remote with the URL the gate renders for each (tools/remotes.json "samples"). */
export function samplesOf(remote) {
  return remote.routes.map((route) => ({ route, url: remote.samples?.[route] }));
}

const brotli = (bytes) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * The scripts a page of the remote's routes loads at start, from its build's mf-manifest.json: the
 * remote's entry and the synchronous chunks of its `./app` (what the shell loads to mount it),
 * each with its brotli size (as published).
 */
export function firstLoadScripts(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'mf-manifest.json'), 'utf8'));
  const entryName = manifest.metaData?.remoteEntry?.name;
  const app = (manifest.exposes ?? []).find((e) => e.path === './app');
  const files = [...new Set([entryName, ...(app?.assets?.js?.sync ?? [])].filter(Boolean))];
  return files.map((file) => {
    const full = path.join(distDir, file);
    return { file, brotli: fs.existsSync(full) ? brotli(fs.readFileSync(full)) : 0 };
  });
}

/** A remote's release budgets (undefined: the project has none). */
export function readBudgets(dir, project) {
  const file = path.join(dir, project, 'release-budgets.json');
  return fs.existsSync(file) ? { file: `${project}/release-budgets.json`, ...JSON.parse(fs.readFileSync(file, 'utf8')) } : undefined;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The first-load budget: conflicts when the sum of the start scripts' brotli sizes is over it. */
export function checkFirstLoad(remote, distDir, budgets) {
  const limit = budgets?.firstLoadScriptsBrotliBytes;
  if (!limit) return { conflicts: [], notes: budgets ? [`${budgets.file} has no firstLoadScriptsBrotliBytes: the first-load scripts were not checked`] : [] };
  const scripts = firstLoadScripts(distDir);
  const total = scripts.reduce((sum, s) => sum + s.brotli, 0);
  const line = `${remote.name}'s route pages load ${kb(total)} of script at start (brotli: ${scripts.map((s) => `${s.file} ${kb(s.brotli)}`).join(', ')})`;
  if (total > limit) return { conflicts: [`${line}, over the first-load budget of ${kb(limit)} (${budgets.file}): load the rest on demand, or raise the budget in review`], notes: [] };
  return { conflicts: [], notes: [`${line}, within ${kb(limit)}`] };
}

/** Runs api/src/release-render.ts on a deploy folder: its results, or throws with its output. */
function renderIn(deployDir, remote, urls) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'release-render-io-'));
  try {
    const input = path.join(scratch, 'input.json');
    const output = path.join(scratch, 'output.json');
    fs.writeFileSync(input, JSON.stringify({ deployDir, remote: remote.name, urls, runs: RENDER_RUNS, budgetMs: edgeBudgetMs() }));
    const run = spawnSync(process.execPath, ['--import', 'tsx', entry, input, output], { cwd: path.join(root, 'api'), encoding: 'utf8', timeout: 120_000 });
    if (run.status !== 0 || !fs.existsSync(output)) throw new Error(`the render check could not run (exit ${run.status ?? run.signal}):\n${`${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-20).join('\n')}`);
    return JSON.parse(fs.readFileSync(output, 'utf8')).results;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Why a route's page is refused, or null when its region was server-rendered. */
function renderProblem(result) {
  if (result.kind === 'rendered' && result.status === 200) return null;
  if (result.status === 404) return `answered 404: the sample URL names nothing in the seeded data (tools/remotes.json "samples")`;
  if (result.kind === 'failed') {
    const why = result.error ?? 'no reason given';
    return /RenderTimeoutError|took longer than/.test(why) ? `timed out, so the edge falls back to the browser (data-ssr="failed"): ${why}` : `the server render threw, so the edge falls back to the browser (data-ssr="failed"): ${why}`;
  }
  if (result.kind === 'none') return `the page was not server-rendered at all (status ${result.status}): the live shell's chrome failed with this build`;
  return `the region is "${result.kind}" (status ${result.status}), not server-rendered`;
}

/**
 * Renders the remote's routes with the candidate build (distDir) against the live shell, and holds
 * their server render times to the budgets. Returns { conflicts, notes }.
 */
export async function checkRenders(registry, remote, distDir, live, budgets) {
  const conflicts = [];
  const notes = [];
  if (!fs.existsSync(path.join(distDir, 'server', 'server.js'))) return { conflicts, notes: [`${remote.name} has no server bundle: its pages are rendered in the browser (no render check)`] };
  const shellVersion = live?.shell?.version;
  const [html, shellServer] = shellVersion ? await Promise.all([registry.buildFile('shell', shellVersion, 'index.html'), registry.buildFile('shell', shellVersion, 'server/server.js')]) : [];
  if (!html || !shellServer) return { conflicts, notes: [`the live shell has no server bundle: ${remote.name}'s routes were not rendered`] };
  const samples = samplesOf(remote);
  for (const { route } of samples.filter((s) => !s.url)) conflicts.push(`${remote.name}'s route ${route} has no sample URL in tools/remotes.json "samples": the gate cannot render it`);
  const urls = samples.filter((s) => s.url);
  if (!urls.length) return { conflicts, notes };

  const started = Date.now();
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-render-'));
  try {
    const put = (file, bytes) => {
      fs.mkdirSync(path.dirname(path.join(deployDir, file)), { recursive: true });
      fs.writeFileSync(path.join(deployDir, file), bytes);
    };
    put(`cdn/shell/${shellVersion}/index.html`, html);
    put(`cdn/shell/${shellVersion}/server/server.js`, shellServer);
    fs.cpSync(path.join(distDir, 'server'), path.join(deployDir, 'cdn', remote.name, 'candidate', 'server'), { recursive: true });
    fs.copyFileSync(path.join(distDir, 'mf-manifest.json'), path.join(deployDir, 'cdn', remote.name, 'candidate', 'mf-manifest.json'));
    put(
      'registry.json',
      JSON.stringify({
        shell: { version: shellVersion, html: `/cdn/shell/${shellVersion}/index.html` },
        remotes: [{ name: remote.name, version: 'candidate', manifest: `/cdn/${remote.name}/candidate/mf-manifest.json`, routes: remote.routes }],
        overrideOrigins: [],
      }),
    );
    const results = renderIn(deployDir, remote, urls.map((s) => s.url));
    const times = [];
    for (const [i, result] of results.entries()) {
      const { route, url } = urls[i];
      const problem = renderProblem(result);
      if (problem) {
        conflicts.push(`${remote.name}'s route ${route} (GET ${url}) ${problem}`);
        continue;
      }
      // judged by the renderer's CPU time (the remote's own loader and render: what a busy machine
      // does not inflate), with the time the edge waited shown beside it
      const cpu = result.cpuMs?.length ? median(result.cpuMs) : median(result.ms);
      const wall = median(result.ms);
      times.push(`${route} ${cpu.toFixed(1)} ms (waited ${wall.toFixed(1)} ms)`);
      const limit = budgets?.serverRenderMs?.[route];
      if (limit === undefined) {
        if (budgets) notes.push(`${budgets.file} has no serverRenderMs for ${route}: its render time was not checked`);
      } else if (cpu > limit) {
        conflicts.push(`${remote.name}'s route ${route} (GET ${url}) takes ${cpu.toFixed(1)} ms to render on the server (renderer CPU, median of ${(result.cpuMs ?? result.ms).length}: ${(result.cpuMs?.length ? result.cpuMs : result.ms).join(', ')}; the edge waited ${wall.toFixed(1)} ms), over its budget of ${limit} ms (${budgets.file})`);
      }
    }
    notes.push(`rendered ${results.length} route${results.length === 1 ? '' : 's'} of ${remote.name} with the new server bundle against the live shell in ${((Date.now() - started) / 1000).toFixed(1)} s${times.length ? ` (median server render, renderer CPU: ${times.join(', ')})` : ''}`);
  } finally {
    fs.rmSync(deployDir, { recursive: true, force: true });
  }
  return { conflicts, notes };
}
