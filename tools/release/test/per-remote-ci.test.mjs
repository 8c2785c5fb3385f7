import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// Per-remote CI (docs/deploying.md): a change in one remote builds and tests only that remote, plus
// the composed end-to-end suite. nx derives that from the project graph, where e2e depends on the
// shell, every remote, the api and the release tooling through its implicitDependencies.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

function affectedBy(file) {
  const out = execFileSync(path.join(root, 'node_modules/.bin/nx'), ['show', 'projects', '--affected', `--files=${file}`, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NX_TUI: 'false' },
  });
  return JSON.parse(out.slice(out.indexOf('['))).sort();
}

describe('per-remote CI', () => {
  it('e2e depends on the shell, every remote, the api and the release tooling', () => {
    const e2e = JSON.parse(fs.readFileSync(path.join(root, 'e2e/package.json'), 'utf8'));
    const expected = ['shell', ...layout.remotes.map((r) => r.project), 'api', 'release'].sort();
    assert.deepEqual([...(e2e.nx?.implicitDependencies ?? [])].sort(), expected);
  });

  it('a change in one remote affects only that remote and e2e', { timeout: 120_000 }, () => {
    assert.deepEqual(affectedBy('mfe-catalog/src/app/App.tsx'), ['e2e', 'mfe-catalog']);
  });
});

describe('ci:affected picks e2e specs', async () => {
  const { readOwners, specsFor } = await import('../../ci-affected.mjs');

  it('every e2e spec says which projects it exercises (a new spec must be listed)', () => {
    const owners = readOwners();
    assert.ok(owners.files.length > 20);
    for (const spec of owners.smoke) assert.ok(owners.files.includes(spec), spec);
  });

  it("a change in one remote runs that remote's specs and the smoke specs, not the others'", () => {
    const specs = specsFor(['mfe-content'], readOwners());
    assert.ok(specs.includes('30-content.spec.ts') && specs.includes('71-ssr-content.spec.ts'));
    assert.ok(specs.includes('01-routes.spec.ts') && specs.includes('02-singletons.spec.ts'));
    assert.ok(!specs.includes('50-checkout.spec.ts') && !specs.includes('20-catalog-listing.spec.ts') && !specs.includes('55-australia.spec.ts'));
  });

  it('a change in the shell, a shared package or the API runs every spec; nothing affected runs none', () => {
    for (const project of ['shell', 'shared-events', 'contracts', 'ui', 'api', 'webpack-config']) assert.equal(specsFor(['mfe-content', project], readOwners()), null, project);
    assert.deepEqual(specsFor([], readOwners()), []);
  });
});
