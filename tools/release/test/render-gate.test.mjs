// The gate renders a candidate's routes with its NEW server bundle against the live shell (the
// edge's page renderer in a renderer process, the store's seed in a throwaway PGlite) and holds it to
// its release budgets (mfe-catalog/release-budgets.json): a route whose render throws, times out or
// is slower than its budget, or a first load over its script budget, is refused and nothing goes live.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { firstLoadScripts, median, samplesOf } from '../render-gate.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'tools/release/release.mjs');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
const catalogRemote = layout.remotes.find((r) => r.name === 'catalog');
const catalogBudgets = JSON.parse(fs.readFileSync(path.join(root, 'mfe-catalog/release-budgets.json'), 'utf8'));
const REACT = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
];

const SHELL_HTML =
  '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8"><title>Fernleaf | Bags</title><meta name="description" content="Default"></head>' +
  '<body><header id="shell-header"></header><main id="shell-main" tabindex="-1"></main><footer id="shell-footer"></footer><script defer src="/cdn/shell/s1/main.js"></script></body></html>';
const SHELL_SERVER = `
const React = require('react');
const h = React.createElement;
exports.CHROME_DATA_ELEMENT_ID = 'chrome-data';
exports.load = async () => ({ nav: ['bags'] });
exports.renderHeader = () => h('nav', { 'aria-label': 'Main' }, 'Bags');
exports.renderFooter = () => h('p', null, 'Fernleaf Limited');
exports.renderErrorPage = ({ status }) => h('h1', null, String(status));
exports.errorTitle = () => 'Page Not Found';
`;

/**
 * A catalog server bundle (CommonJS, leaving React to the edge). Its product page asks the API for
 * the product (the seeded one of the sample URL); `product` says what its product component does.
 */
const catalogServer = (product) => `
const React = require('react');
const h = React.createElement;
exports.load = async ({ url, api }) => {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/products/')) return { status: 200, data: {} };
  const key = '/api/products/by-path?path=' + pathname.split('/')[2];
  const answer = await api(key);
  if (answer.status === 404) return { status: 404, data: {} };
  return { status: 200, data: { [key]: answer.body } };
};
function ProductPage({ product }) {
  ${product}
  return h('h1', null, product.name);
}
exports.render = ({ url, data }) => {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/products/')) return h('p', null, 'listing ' + pathname);
  return h(ProductPage, { product: Object.values(data)[0] });
};
`;

/** A catalog build folder: manifest (entry and ./app's start chunk), contract, server bundle. */
function catalogBuild(dir, { server, appChunkBytes = Buffer.from('/* app */') }) {
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  const manifest = { name: 'catalog', metaData: { remoteEntry: { name: 'remoteEntry.1.js', path: '' } }, shared: REACT, exposes: [{ path: './app', assets: { js: { sync: ['app.1.js'], async: [] } } }] };
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify({ name: 'catalog', publishes: [], consumes: [], fragments: [], topics: [] }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.1.js'), `/* entry ${dir} */`);
  fs.writeFileSync(path.join(dir, 'app.1.js'), appChunkBytes);
  fs.writeFileSync(path.join(dir, 'server', 'server.js'), server);
  fs.writeFileSync(path.join(dir, 'server', 'server-modules.json'), JSON.stringify({ requires: ['react'], bundled: ['catalog'] }));
  return dir;
}

/** A file deployment with a live shell (server bundle included) and a live catalog. */
function site() {
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'render-gate-test-'));
  const put = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(deployDir, file)), { recursive: true });
    fs.writeFileSync(path.join(deployDir, file), text);
  };
  put('cdn/shell/s1/index.html', SHELL_HTML);
  put('cdn/shell/s1/server/server.js', SHELL_SERVER);
  put('cdn/shell/s1/mf-manifest.json', JSON.stringify({ shared: REACT, exposes: [] }));
  put('cdn/shell/s1/storefront-contract.json', JSON.stringify({ publishes: [], consumes: [], fragments: [], topics: [] }));
  put('cdn/catalog/c0/mf-manifest.json', JSON.stringify({ shared: REACT, exposes: [{ path: './app' }] }));
  put('cdn/catalog/c0/storefront-contract.json', JSON.stringify({ publishes: [], consumes: [], topics: [] }));
  put(
    'registry.json',
    JSON.stringify({
      shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
      remotes: [{ name: 'catalog', manifest: '/cdn/catalog/c0/mf-manifest.json', version: 'c0', routes: catalogRemote.routes }],
      overrideOrigins: [],
    }),
  );
  return deployDir;
}

/**
 * The release command. The edge's render budget (SSR_BUDGET_MS) is 1 s here, so that a busy test
 * machine does not time renders out; the hanging build's test uses the edge's default.
 */
const release = (deployDir, dist, budgetMs = 1000) => spawnSync(process.execPath, [cli, 'release', 'catalog', '--dist', dist], { env: { ...process.env, DEPLOY_DIR: deployDir, SSR_BUDGET_MS: String(budgetMs) }, encoding: 'utf8' });
const registryText = (deployDir) => fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8');

/** Releases `dist` and expects the gate to refuse it with `message`, the live site untouched. */
function assertRefused(deployDir, dist, message, budgetMs) {
  const before = registryText(deployDir);
  const refused = release(deployDir, dist, budgetMs);
  assert.equal(refused.status, 2, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /release of catalog refused by the compatibility gate:/);
  assert.match(refused.stderr, message);
  assert.equal(registryText(deployDir), before, 'the live registry is unchanged');
  assert.deepEqual(fs.readdirSync(path.join(deployDir, 'cdn/catalog')), ['c0'], 'nothing was published');
  return refused;
}

describe('the render gate', { timeout: 180_000 }, () => {
  it('releases a build whose routes render on the server within their budgets, and says how long they took', () => {
    const deployDir = site();
    const healthy = catalogBuild(path.join(deployDir, 'build-ok'), { server: catalogServer('') });
    const released = release(deployDir, healthy);
    assert.equal(released.status, 0, released.stdout + released.stderr);
    assert.match(released.stdout, /rendered 4 routes of catalog with the new server bundle against the live shell in [\d.]+ s \(median server render, renderer CPU: \/categories\/\* [\d.]+ ms \(waited [\d.]+ ms\), \/products\/\* [\d.]+ ms \(waited [\d.]+ ms\), \/search [\d.]+ ms \(waited [\d.]+ ms\), \/brands\/\* [\d.]+ ms \(waited [\d.]+ ms\)\)/);
    assert.match(released.stdout, /catalog's route pages load [\d.]+ KB of script at start \(brotli: remoteEntry\.1\.js [\d.]+ KB, app\.1\.js [\d.]+ KB\), within/);
    assert.notEqual(JSON.parse(registryText(deployDir)).remotes[0].version, 'c0');
  });

  it('refuses a build whose product page throws as it renders, naming the route, the URL and the error', () => {
    const deployDir = site();
    const bad = catalogBuild(path.join(deployDir, 'build-throws'), { server: catalogServer("if (product.variants.length > 0) throw new TypeError(\"Cannot read properties of undefined (reading 'price')\");") });
    const refused = assertRefused(deployDir, bad, new RegExp(`catalog's route /products/\\* \\(GET ${catalogRemote.samples['/products/*']}\\) the server render threw, so the edge falls back to the browser \\(data-ssr="failed"\\): TypeError: Cannot read properties of undefined \\(reading 'price'\\)`));
    // the other routes rendered: only the product route is named
    assert.doesNotMatch(refused.stderr, /route \/categories\/\*/);
  });

  it('refuses a build whose product page never finishes rendering (the edge times it out)', () => {
    const deployDir = site();
    const hangs = catalogBuild(path.join(deployDir, 'build-hangs'), { server: catalogServer('React.use(new Promise(() => {}));') });
    assertRefused(deployDir, hangs, /catalog's route \/products\/\* \(GET \/products\/\S+\) timed out, so the edge falls back to the browser \(data-ssr="failed"\): RenderTimeoutError: server render took longer than [\d.]+ ms/, 150);
  });

  it('refuses a build whose product page renders slower than its budget (median of a few renders)', () => {
    const deployDir = site();
    const limit = catalogBudgets.serverRenderMs['/products/*'];
    // busy for twice the budget of CPU time on every render (within the render budget: not a timeout)
    const slow = catalogBuild(path.join(deployDir, 'build-slow'), { server: catalogServer(`const from = process.cpuUsage(); for (;;) { const used = process.cpuUsage(from); if ((used.user + used.system) / 1000 > ${2 * limit}) break; }`) });
    assertRefused(deployDir, slow, new RegExp(`catalog's route /products/\\* \\(GET /products/\\S+\\) takes [\\d.]+ ms to render on the server \\(renderer CPU, median of 5: [\\d., ]+; the edge waited [\\d.]+ ms\\), over its budget of ${limit} ms \\(mfe-catalog/release-budgets.json\\)`));
  });

  it("refuses a build whose route pages' start scripts are over the first-load budget", () => {
    const deployDir = site();
    // incompressible: brotli keeps its size
    const heavy = catalogBuild(path.join(deployDir, 'build-heavy'), { server: catalogServer(''), appChunkBytes: crypto.randomBytes(catalogBudgets.firstLoadScriptsBrotliBytes + 4096) });
    assertRefused(deployDir, heavy, /catalog's route pages load [\d.]+ KB of script at start \(brotli: remoteEntry\.1\.js [\d.]+ KB, app\.1\.js [\d.]+ KB\), over the first-load budget of [\d.]+ KB \(mfe-catalog\/release-budgets\.json\)/);
  });
});

describe('render gate inputs', () => {
  it('gives every route of a remote with a server bundle a sample URL on that route', () => {
    for (const remote of layout.remotes) {
      if (!fs.existsSync(path.join(root, remote.project, 'src/server/index.tsx'))) continue;
      for (const { route, url } of samplesOf(remote)) {
        assert.ok(url, `${remote.name}: ${route} has no sample URL in tools/remotes.json`);
        const pathname = url.split('?')[0];
        assert.ok(route.endsWith('/*') ? pathname.startsWith(route.slice(0, -1)) && pathname.length > route.length - 1 : pathname === route, `${remote.name}: ${url} is not on ${route}`);
      }
    }
  });

  it("counts the remote's entry and ./app's start chunks, brotli-compressed, not its on-demand chunks", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: [{ path: './app', assets: { js: { sync: ['a.js'], async: ['later.js'] } } }, { path: './Other', assets: { js: { sync: ['other.js'] } } }] }));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'x'.repeat(10_000));
    fs.writeFileSync(path.join(dir, 'a.js'), crypto.randomBytes(5000));
    const scripts = firstLoadScripts(dir);
    assert.deepEqual(scripts.map((s) => s.file), ['remoteEntry.js', 'a.js']);
    assert.ok(scripts[0].brotli < 100, 'repetitive text compresses');
    assert.ok(scripts[1].brotli >= 5000, 'random bytes do not');
  });

  it('takes the median of the timed renders', () => {
    assert.equal(median([9, 1, 5]), 5);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });
});
