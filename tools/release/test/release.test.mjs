import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { previousVersion } from '../release.mjs';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), '../release.mjs');
const REACT = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
];
const TOPICS = [
  { name: 'cart.add', version: 1, kind: 'event' },
  { name: 'cart.add.result', version: 1, kind: 'event' },
];

/** A build folder as webpack leaves it: manifest, contract and a hashed entry. */
function fakeBuild(dir, { label, shared = REACT, publishes = ['cart.add@1'], exposes = ['./app', './SearchOverlay'] }) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', shared, exposes: exposes.map((p) => ({ path: p })) }));
  fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify({ name: 'catalog', publishes, consumes: ['cart.add.result@1'], fragments: [], topics: TOPICS }));
  fs.writeFileSync(path.join(dir, `remoteEntry.${label}.js`), `/* ${label} */`);
  return dir;
}

function site() {
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
  const put = (name, version, manifest, contract) => {
    const dir = path.join(deployDir, 'cdn', name, version);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify(contract));
  };
  put('shell', 's1', { shared: REACT, exposes: [] }, { publishes: [], consumes: [], fragments: ['catalog/./SearchOverlay'], topics: TOPICS });
  put('catalog', 'c0', { shared: REACT, exposes: [{ path: './app' }, { path: './SearchOverlay' }] }, { publishes: ['cart.add@1'], consumes: ['cart.add.result@1'], topics: TOPICS });
  put('cart_checkout', 'k0', { shared: REACT, exposes: [{ path: './app' }, { path: './service' }] }, { publishes: ['cart.add.result@1'], consumes: ['cart.add@1'], topics: TOPICS });
  const registry = {
    shell: { version: 's1', html: '/cdn/shell/s1/index.html' },
    remotes: [
      { name: 'catalog', manifest: '/cdn/catalog/c0/mf-manifest.json', version: 'c0', routes: ['/categories/*', '/products/*', '/search', '/brands/*'] },
      { name: 'cart_checkout', manifest: '/cdn/cart_checkout/k0/mf-manifest.json', version: 'k0', routes: ['/cart'], service: true },
    ],
    overrideOrigins: [],
    loadTimeoutMs: 5000,
  };
  fs.writeFileSync(path.join(deployDir, 'registry.json'), JSON.stringify(registry));
  return deployDir;
}

const run = (deployDir, ...args) => spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DEPLOY_DIR: deployDir }, encoding: 'utf8' });
const registryOf = (deployDir) => JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8'));
const liveCatalog = (deployDir) => registryOf(deployDir).remotes.find((r) => r.name === 'catalog');

describe('release and rollback', () => {
  it('releases a build to a new immutable path, keeps the old one, and rolls back in one command', () => {
    const deployDir = site();
    const v1 = fakeBuild(path.join(deployDir, 'build-1'), { label: 'one' });
    const released = run(deployDir, 'release', 'mfe-catalog', '--dist', v1);
    assert.equal(released.status, 0, released.stderr);
    const first = liveCatalog(deployDir);
    assert.notEqual(first.version, 'c0');
    assert.equal(first.manifest, `/cdn/catalog/${first.version}/mf-manifest.json`);
    assert.ok(fs.existsSync(path.join(deployDir, 'cdn/catalog', first.version, 'remoteEntry.one.js')));
    assert.ok(fs.existsSync(path.join(deployDir, 'cdn/catalog/c0/mf-manifest.json')), 'the previous build stays for open tabs');
    assert.match(released.stdout, new RegExp(`catalog: c0 -> ${first.version}`));
    // the other entries are untouched
    assert.deepEqual(registryOf(deployDir).remotes.find((r) => r.name === 'cart_checkout').version, 'k0');

    const v2 = fakeBuild(path.join(deployDir, 'build-2'), { label: 'two' });
    assert.equal(run(deployDir, 'release', 'catalog', '--dist', v2).status, 0);
    const second = liveCatalog(deployDir).version;

    const back = run(deployDir, 'rollback', 'catalog');
    assert.equal(back.status, 0, back.stderr);
    assert.match(back.stdout, new RegExp(`rollback catalog: ${second} -> ${first.version}`));
    assert.equal(liveCatalog(deployDir).version, first.version);
    assert.equal(run(deployDir, 'rollback', 'catalog').status, 0);
    assert.equal(liveCatalog(deployDir).version, 'c0');
    const none = run(deployDir, 'rollback', 'catalog');
    assert.equal(none.status, 2);
    assert.match(none.stderr, /catalog has no earlier version/);

    const history = run(deployDir, 'history', 'catalog');
    assert.equal(history.stdout.trim().split('\n').length, 4);
  });

  it('refuses a build that bundles its own React and leaves the live site as it was', () => {
    const deployDir = site();
    const before = fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8');
    const bad = fakeBuild(path.join(deployDir, 'build-bad'), { label: 'bad', shared: [] });
    const refused = run(deployDir, 'release', 'catalog', '--dist', bad);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /release of catalog refused by the compatibility gate:\n {2}- catalog does not share "react": it would load a second react/);
    assert.equal(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8'), before);
    assert.equal(fs.readdirSync(path.join(deployDir, 'cdn/catalog')).length, 1, 'nothing was published');
  });

  it('refuses an incompatible event version', () => {
    const deployDir = site();
    const bad = fakeBuild(path.join(deployDir, 'build-v2'), { label: 'v2', publishes: ['cart.add@2'] });
    const refused = run(deployDir, 'release', 'catalog', '--dist', bad);
    assert.equal(refused.status, 2);
    assert.match(refused.stderr, /catalog publishes cart\.add v2, which the live shared-events does not define \(it has cart\.add@1\): incompatible event version/);
    assert.match(refused.stderr, /cart_checkout consumes cart\.add@1, but after this release cart\.add is only published as cart\.add@2/);
  });
});

describe('previousVersion', () => {
  it('walks back along the order versions went live, ignoring rollbacks', () => {
    const history = [
      { action: 'deploy', name: 'catalog', from: null, to: 'a' },
      { action: 'release', name: 'catalog', from: 'a', to: 'b' },
      { action: 'release', name: 'catalog', from: 'b', to: 'c' },
      { action: 'rollback', name: 'catalog', from: 'c', to: 'b' },
      { action: 'release', name: 'content', from: 'x', to: 'y' },
    ];
    assert.equal(previousVersion(history, 'catalog', 'c'), 'b');
    assert.equal(previousVersion(history, 'catalog', 'b'), 'a');
    assert.equal(previousVersion(history, 'catalog', 'a'), undefined);
  });
});
