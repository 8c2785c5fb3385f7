import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The server build reports its own module graph (server/server-modules.json): what it leaves to the
// edge and which packages' code it carries. Built for real here, once as the store builds it and
// once with React bundled in (a team that dropped the externals), so the gate's input is proven.
const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webpack = require(path.join(root, 'node_modules/webpack'));
const { createServerConfig } = require('../../webpack-config/index.cjs');

function build(config) {
  return new Promise((resolve, reject) => webpack(config, (error, stats) => (error || stats.hasErrors() ? reject(error ?? new Error(stats.toString('errors-only'))) : resolve())));
}

describe('server-modules.json', { timeout: 120_000 }, () => {
  it('lists the externals and the packages bundled, and shows a bundled React', async () => {
    // inside the repository (its loaders and packages resolve from here), in e2e's gitignored scratch folder
    fs.mkdirSync(path.join(root, 'e2e/.tmp'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, 'e2e/.tmp/server-modules-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'probe-remote', private: true }));
      fs.writeFileSync(path.join(dir, 'server.js'), "const React = require('react');\nexports.render = () => React.createElement('p', null, 'hi');\n");
      const config = createServerConfig({ name: 'probe', dir, serverEntry: './server.js' }, { mode: 'production' });
      config.resolve.modules = [path.join(root, 'node_modules')];
      await build(config);
      const good = JSON.parse(fs.readFileSync(path.join(dir, 'dist/server/server-modules.json'), 'utf8'));
      assert.deepEqual(good.requires, ['react']);
      assert.deepEqual(good.bundled, ['probe-remote']);
      await build({ ...config, externals: {} });
      const bad = JSON.parse(fs.readFileSync(path.join(dir, 'dist/server/server-modules.json'), 'utf8'));
      assert.deepEqual(bad.requires, []);
      assert.ok(bad.bundled.includes('react'), JSON.stringify(bad));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
