import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { previousVersion } from '../release.mjs';
import { withLockFile } from '../registry/lock.mjs';

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
function fakeBuild(dir, { label, shared = REACT, publishes = ['cart.add@1'], consumes = ['cart.add.result@1'], exposes = ['./app', './SearchOverlay'] }) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ name: 'catalog', shared, exposes: exposes.map((p) => ({ path: p })) }));
  fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify({ name: 'catalog', publishes, consumes, fragments: [], topics: TOPICS }));
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
/** Runs the CLI without waiting for it: resolves to { status, stdout, stderr }. */
const start = (deployDir, ...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, DEPLOY_DIR: deployDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
const historyOf = (deployDir) => fs.readFileSync(path.join(deployDir, 'registry-history.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
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

describe('canary releases', () => {
  it('makes a build live for a share of shoppers beside the stable one, then promotes it, recording each step', () => {
    const deployDir = site();
    const v1 = fakeBuild(path.join(deployDir, 'build-1'), { label: 'one' });
    const started = run(deployDir, 'release', 'mfe-catalog', '--dist', v1, '--canary', '10', '--market', 'au');
    assert.equal(started.status, 0, started.stderr);
    const entry = liveCatalog(deployDir);
    assert.equal(entry.version, 'c0', 'the stable version stays for everyone else');
    assert.equal(entry.canary.share, 10);
    assert.equal(entry.canary.market, 'AU');
    assert.equal(entry.canary.manifest, `/cdn/catalog/${entry.canary.version}/mf-manifest.json`);
    assert.deepEqual(entry.canary.routes, entry.routes);

    const again = run(deployDir, 'release', 'catalog', '--dist', fakeBuild(path.join(deployDir, 'build-2'), { label: 'two' }));
    assert.equal(again.status, 2);
    assert.match(again.stderr, /is on canary \(10%\): promote or abort it first/);
    assert.equal(run(deployDir, 'rollback', 'catalog').status, 2, 'a rollback while a canary runs is refused');

    const promoted = run(deployDir, 'release', 'catalog', '--promote', '--reason', 'looks good');
    assert.equal(promoted.status, 0, promoted.stderr);
    const { share, market, since, ...promotedEntry } = entry.canary;
    assert.ok(share && market && since);
    assert.deepEqual(liveCatalog(deployDir), promotedEntry, 'the canary is the stable entry, for every shopper');
    const history = run(deployDir, 'history', 'catalog').stdout.trim().split('\n');
    assert.match(history[0], /canary .* c0 -> \S+ .*10% of AU .*\(released as a canary\)/);
    assert.match(history[1], /promote .* c0 -> \S+ +\(live\).*\(looks good\)/);
    // the rollback target of the promoted version is the one before the canary
    assert.equal(run(deployDir, 'rollback', 'catalog').status, 0);
    assert.equal(liveCatalog(deployDir).version, 'c0');
  });

  it('aborts a canary: everyone is on the stable version, and the aborted build is not a rollback target', () => {
    const deployDir = site();
    assert.equal(run(deployDir, 'release', 'catalog', '--dist', fakeBuild(path.join(deployDir, 'b1'), { label: 'one' })).status, 0);
    const stable = liveCatalog(deployDir).version;
    assert.equal(run(deployDir, 'release', 'catalog', '--dist', fakeBuild(path.join(deployDir, 'b2'), { label: 'two' }), '--canary', '50').status, 0);
    const aborted = run(deployDir, 'abort', 'catalog', '--reason', 'checkout errors');
    assert.equal(aborted.status, 0, aborted.stderr);
    assert.equal(liveCatalog(deployDir).canary, undefined);
    assert.equal(liveCatalog(deployDir).version, stable);
    assert.match(run(deployDir, 'history', 'catalog').stdout, /abort .*\(checkout errors\)/);
    assert.equal(run(deployDir, 'abort', 'catalog').status, 2, 'nothing left to abort');
    assert.equal(run(deployDir, 'rollback', 'catalog').status, 0);
    assert.equal(liveCatalog(deployDir).version, 'c0');
  });

  it("steps, promotes or aborts only the canary it was told of (the judge's commands), recording who and why", () => {
    const deployDir = site();
    assert.equal(run(deployDir, 'release', 'catalog', '--dist', fakeBuild(path.join(deployDir, 'b1'), { label: 'one' }), '--canary', '10').status, 0);
    const canary = liveCatalog(deployDir).canary.version;
    const stale = run(deployDir, 'step', 'catalog', '50', '--expect', 'other', '--reason', 'healthy');
    assert.equal(stale.status, 3, stale.stderr);
    assert.equal(run(deployDir, 'step', 'catalog', '50').status, 2, 'a step names the canary it judged');
    const stepped = run(deployDir, 'step', 'catalog', '50', '--expect', canary, '--reason', 'healthy for 30 min', '--by', 'canary judge');
    assert.equal(stepped.status, 0, stepped.stderr);
    assert.equal(liveCatalog(deployDir).canary.share, 50);
    // a judge that saw the canary at 10% (its copy of the registry from before that step) changes nothing
    const late = run(deployDir, 'step', 'catalog', '50', '--expect', canary, '--expect-share', '10', '--reason', 'healthy', '--by', 'canary judge');
    assert.equal(late.status, 3, late.stderr);
    assert.equal(liveCatalog(deployDir).canary.share, 50);
    assert.equal(run(deployDir, 'abort', 'catalog', '--expect', 'other').status, 3);
    assert.equal(run(deployDir, 'abort', 'catalog', '--expect', canary, '--reason', 'render failures 8% against 1%', '--by', 'canary judge').status, 0);
    assert.equal(liveCatalog(deployDir).version, 'c0');
    assert.equal(liveCatalog(deployDir).canary, undefined);
    const lines = run(deployDir, 'history', 'catalog').stdout.trim().split('\n');
    assert.match(lines[1], /canary-step .* 50% +by canary judge .*\(healthy for 30 min\)/);
    assert.match(lines[2], /abort .* by canary judge .*\(render failures 8% against 1%\)/);
    assert.equal(lines.length, 3, 'one step, one abort');
    // the judge's abort of a canary already ended: a conflict (another judge or a person acted first), not an error
    assert.equal(run(deployDir, 'abort', 'catalog', '--expect', canary, '--by', 'canary judge').status, 3);
  });

  it('pauses a canary (held at its share, recorded) and resumes it; the paused canary is no rollback target', () => {
    const deployDir = site();
    assert.equal(run(deployDir, 'release', 'catalog', '--dist', fakeBuild(path.join(deployDir, 'b1'), { label: 'one' }), '--canary', '10').status, 0);
    const canary = liveCatalog(deployDir).canary.version;
    assert.equal(run(deployDir, 'pause', 'catalog', '--expect', 'other').status, 3);
    const paused = run(deployDir, 'pause', 'catalog', '--expect', canary, '--reason', 'watching checkout', '--by', 'operator');
    assert.equal(paused.status, 0, paused.stderr);
    assert.equal(liveCatalog(deployDir).canary.paused, true);
    assert.equal(liveCatalog(deployDir).canary.share, 10);
    assert.equal(run(deployDir, 'resume', 'catalog').status, 0);
    assert.equal(liveCatalog(deployDir).canary.paused, undefined);
    const lines = run(deployDir, 'history', 'catalog').stdout.trim().split('\n');
    assert.match(lines[1], /canary-pause .* 10% +by operator .*\(watching checkout\)/);
    assert.match(lines[2], /canary-resume .*\(resumed by hand\)/);
    assert.equal(run(deployDir, 'abort', 'catalog').status, 0);
    assert.equal(run(deployDir, 'pause', 'catalog').status, 2, 'no canary to pause');
    assert.equal(run(deployDir, 'rollback', 'catalog').status, 2, 'c0 has nothing before it: the paused canary never went live for everyone');
  });

  it('refuses a share outside 1-100, an unknown market, and a market without a canary', () => {
    const deployDir = site();
    const build = fakeBuild(path.join(deployDir, 'b1'), { label: 'one' });
    for (const [args, message] of [
      [['--canary', '0'], /--canary must be a whole percentage from 1 to 100 \(got "0"\)/],
      [['--canary', '12.5'], /--canary must be a whole percentage/],
      [['--canary'], /--canary must be a whole percentage/],
      [['--canary', '10', '--market', 'US'], /--market must be one of NZ, AU \(got "US"\)/],
      [['--market', 'AU'], /--market applies to a canary/],
    ]) {
      const result = run(deployDir, 'release', 'catalog', '--dist', build, ...args);
      assert.equal(result.status, 2, args.join(' '));
      assert.match(result.stderr, message);
    }
    assert.equal(liveCatalog(deployDir).version, 'c0');
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

  it('tells a release that another one switched its remote meanwhile, and switches nothing', async () => {
    const deployDir = site();
    // releases of one remote started together: every one that exits 0 is in an unbroken history and
    // the last of them is live; the others exit 3 and say so
    for (let round = 0; round < 3; round += 1) {
      const builds = [0, 1, 2].map((i) => fakeBuild(path.join(deployDir, `race-${round}-${i}`), { label: `r${round}-${i}` }));
      const results = await Promise.all(builds.map((dir) => start(deployDir, 'release', 'catalog', '--dist', dir)));
      for (const r of results) {
        if (r.status !== 0) {
          assert.equal(r.status, 3, r.stderr);
          assert.match(r.stderr, /catalog changed while this release ran: .* by another release; nothing was switched/);
        }
      }
      const releases = historyOf(deployDir).filter((h) => h.name === 'catalog');
      for (let i = 1; i < releases.length; i += 1) assert.equal(releases[i].from, releases[i - 1].to, 'each switch starts from the version the previous one made live');
      assert.equal(liveCatalog(deployDir).version, releases[releases.length - 1].to);
      const won = results.filter((r) => r.status === 0).map((r) => r.stdout.match(/catalog: \S+ -> (\w+)/)[1]);
      assert.ok(won.length >= 1);
      for (const version of won) assert.ok(releases.some((h) => h.to === version));
    }
  });

  it('releases of different remotes started together both go live', async () => {
    const deployDir = site();
    const catalog = fakeBuild(path.join(deployDir, 'both-catalog'), { label: 'both' });
    const cart = fakeBuild(path.join(deployDir, 'both-cart'), { label: 'cart', publishes: ['cart.add.result@1'], consumes: ['cart.add@1'], exposes: ['./app', './service'] });
    const [a, b] = await Promise.all([start(deployDir, 'release', 'catalog', '--dist', catalog), start(deployDir, 'release', 'cart_checkout', '--dist', cart)]);
    assert.equal(a.status, 0, a.stderr);
    assert.equal(b.status, 0, b.stderr);
    const live = registryOf(deployDir).remotes;
    assert.equal(live.find((r) => r.name === 'catalog').version, a.stdout.match(/catalog: c0 -> (\w+)/)[1]);
    assert.equal(live.find((r) => r.name === 'cart_checkout').version, b.stdout.match(/cart_checkout: k0 -> (\w+)/)[1]);
  });

  it('waits for the registry lock, takes over one left by a process that is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
    const file = path.join(dir, 'registry.lock');
    const order = [];
    withLockFile(file, () => {
      order.push('outer');
      assert.throws(() => withLockFile(file, () => order.push('inner'), { waitMs: 100 }), /the registry is locked by process/);
    });
    assert.equal(fs.existsSync(file), false, 'released after use');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(file, `${gone} ${os.hostname()}\n`);
    assert.equal(withLockFile(file, () => 'taken over', { waitMs: 1000 }), 'taken over');
    assert.deepEqual(order, ['outer']);
  });

  it('prunes old builds after a release and on demand, never the live one or its rollback target', () => {
    const deployDir = site();
    const env = { RELEASE_KEEP_PREVIOUS: '1', RELEASE_KEEP_DAYS: '0' };
    const runKeeping = (...args) => spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, DEPLOY_DIR: deployDir, ...env }, encoding: 'utf8' });
    const versions = ['c0'];
    for (const label of ['one', 'two', 'three']) {
      const released = runKeeping('release', 'catalog', '--dist', fakeBuild(path.join(deployDir, `build-${label}`), { label }));
      assert.equal(released.status, 0, released.stderr);
      versions.push(liveCatalog(deployDir).version);
    }
    const kept = () => fs.readdirSync(path.join(deployDir, 'cdn/catalog')).sort();
    // after the third release: live (three) and the rollback target (two); c0 and one went
    assert.deepEqual(kept(), [versions[2], versions[3]].sort());
    assert.ok(fs.existsSync(path.join(deployDir, 'cdn/cart_checkout/k0')), 'another remote\'s live build stays');
    const back = runKeeping('rollback', 'catalog');
    assert.equal(back.status, 0, back.stderr);
    assert.equal(liveCatalog(deployDir).version, versions[2]);
    // the prune command: two is live, three the last version before it in the order they went live
    const pruned = runKeeping('prune');
    assert.equal(pruned.status, 0, pruned.stderr);
    assert.deepEqual(kept(), [versions[2], versions[3]].sort());
    const bad = spawnSync(process.execPath, [cli, 'prune'], { env: { ...process.env, DEPLOY_DIR: deployDir, RELEASE_KEEP_DAYS: 'soon' }, encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^RELEASE_KEEP_DAYS must be a whole number of 0 or more \(got "soon"\)/);
  });
});
