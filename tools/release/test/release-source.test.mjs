import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cleanCheckout } from '../checkout.mjs';

// Releases come from commits: the release command refuses a working tree with uncommitted changes,
// builds a commit in a clean checkout after the project's typecheck, lint and unit tests, refuses a
// commit that fails them, and records the commit, its author and the checks in the history. Run in
// a scratch checkout of this repository's HEAD, so the real working tree is never touched.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REACT = [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1' },
];

function site() {
  const deployDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-source-'));
  const dir = path.join(deployDir, 'cdn', 'shell', 's1');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify({ shared: REACT, exposes: [] }));
  fs.writeFileSync(path.join(dir, 'storefront-contract.json'), JSON.stringify({ publishes: [], consumes: [], fragments: [], topics: [] }));
  fs.writeFileSync(path.join(deployDir, 'registry.json'), JSON.stringify({ shell: { version: 's1', html: '/cdn/shell/s1/index.html' }, remotes: [], overrideOrigins: [], loadTimeoutMs: 5000 }));
  return deployDir;
}

describe('a release comes from a commit', { timeout: 600_000 }, () => {
  let checkout;
  const git = (...args) => execFileSync('git', ['-c', 'user.name=Test Author', '-c', 'user.email=author@example.test', ...args], { cwd: checkout.dir, encoding: 'utf8' }).trim();
  const release = (deployDir, ...args) =>
    spawnSync(process.execPath, [path.join(checkout.dir, 'tools/release/release.mjs'), 'release', 'mfe-content', ...args], { cwd: checkout.dir, env: { ...process.env, DEPLOY_DIR: deployDir, REGISTRY: 'file' }, encoding: 'utf8' });

  before(() => {
    checkout = cleanCheckout(root, 'HEAD');
  });
  after(() => checkout?.remove());

  it('refuses a working tree with uncommitted changes, and switches nothing', () => {
    const deployDir = site();
    fs.writeFileSync(path.join(checkout.dir, 'mfe-content/src/scratch.ts'), 'export const scratch = 1;\n');
    try {
      const result = release(deployDir);
      assert.equal(result.status, 2, result.stdout + result.stderr);
      assert.match(result.stderr, /the working tree has uncommitted changes \(1: \?\? mfe-content\/src\/scratch\.ts\): a release is built from a commit/);
      assert.deepEqual(JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8')).remotes, []);
    } finally {
      fs.rmSync(path.join(checkout.dir, 'mfe-content/src/scratch.ts'));
    }
  });

  it('refuses a commit that fails typecheck; releases a commit that passes, recording commit, author and checks', () => {
    const deployDir = site();
    const good = git('rev-parse', 'HEAD');
    fs.writeFileSync(path.join(checkout.dir, 'mfe-content/src/broken.ts'), "export const broken: number = 'not a number';\n");
    git('add', 'mfe-content/src/broken.ts');
    git('commit', '-q', '-m', 'A type error');
    const refused = release(deployDir);
    assert.equal(refused.status, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /mfe-content: typecheck, lint, test, build failed, nothing was released/);
    assert.match(refused.stderr, /Type 'string' is not assignable to type 'number'/);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8')).remotes, []);

    // the commit before it, named: checked, built, gated (the scratch site's shell is minimal: --force) and live
    const released = release(deployDir, '--commit', good, '--force');
    assert.equal(released.status, 0, released.stdout + released.stderr);
    const live = JSON.parse(fs.readFileSync(path.join(deployDir, 'registry.json'), 'utf8'));
    assert.equal(live.remotes.find((r) => r.name === 'content')?.routes.includes('/articles/*'), true);
    const history = fs.readFileSync(path.join(deployDir, 'registry-history.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    const entry = history.at(-1);
    assert.equal(entry.name, 'content');
    assert.deepEqual(entry.source, { commit: good, author: execFileSync('git', ['log', '-1', '--format=%an <%ae>', good], { cwd: root, encoding: 'utf8' }).trim(), subject: execFileSync('git', ['log', '-1', '--format=%s', good], { cwd: root, encoding: 'utf8' }).trim(), checks: ['typecheck', 'lint', 'test'] });
  });
});
