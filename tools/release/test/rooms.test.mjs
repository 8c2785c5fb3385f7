// Every remote and the shell have the same rooms (docs/architecture.md "Rooms: one skeleton for
// every remote"): src/{app,features,exposes,server,lib} (and test/ for shared fixtures), one module in
// exposes/ per federated expose that only re-exports, the server entry at src/server/index.tsx, and
// file names one way. Which way imports point is lint's job (tools/eslint-rooms.mjs); the last test
// here lints a file that breaks it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ROOMS } from '../../eslint-rooms.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const workspaces = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
const tagged = (tag) => workspaces.filter((dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).nx?.tags?.includes(tag));
const remotes = tagged('type:remote');
const shells = tagged('type:shell');

/** The options a project's webpack.config.cjs passes to createConfig(s), read by running it against a stub of @store/webpack-config. */
function webpackOptions(dir) {
  const require = createRequire(path.join(root, dir, 'webpack.config.cjs'));
  const factory = require.resolve('@store/webpack-config');
  const saved = require.cache[factory];
  let options;
  const capture = (o) => {
    options = o;
    return {};
  };
  require.cache[factory] = { id: factory, filename: factory, loaded: true, exports: { createConfig: capture, createConfigs: capture } };
  try {
    const configPath = require.resolve(`./webpack.config.cjs`);
    delete require.cache[configPath];
    require(configPath)({}, { mode: 'production' });
  } finally {
    if (saved) require.cache[factory] = saved;
    else delete require.cache[factory];
  }
  return options;
}

/** Probe files other tests write for a moment (boundaries.test.mjs, the last test here) are not the remote's. */
const isProbe = (name) => /^__[a-z-]+-probe__\.tsx?$/.test(name);

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => !isProbe(entry.name)).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...filesUnder(full)] : [full];
  });
}

describe('the rooms of every remote and the shell', () => {
  it('finds the four remotes and the shell', () => {
    assert.deepEqual(remotes.sort(), ['mfe-account', 'mfe-cart-checkout', 'mfe-catalog', 'mfe-content']);
    assert.deepEqual(shells, ['shell']);
  });

  for (const dir of [...remotes, ...shells]) {
    const src = path.join(root, dir, 'src');
    const isShell = shells.includes(dir);
    // every remote exposes ./app; the shell exposes nothing, and the edge always renders its chrome
    const required = isShell ? ['app', 'features', 'lib', 'server'] : ['app', 'features', 'exposes', 'lib'];

    it(`${dir}: src/ holds only the rooms, with ${required.map((r) => `${r}/`).join(', ')}`, () => {
      const entries = fs.readdirSync(src, { withFileTypes: true }).filter((e) => !isProbe(e.name));
      assert.deepEqual(entries.filter((e) => !e.isDirectory()).map((e) => e.name), [], 'no loose files in src/');
      const folders = entries.map((e) => e.name);
      for (const folder of folders) assert.ok(ROOMS.includes(folder), `src/${folder}/ is not a room (${ROOMS.join(', ')})`);
      for (const room of required) assert.ok(folders.includes(room), `src/${room}/ is missing`);
    });

    it(`${dir}: every expose is src/exposes/<name> and only re-exports; the server entry is src/server/index.tsx`, () => {
      const options = webpackOptions(dir);
      const exposes = Object.entries(options.exposes ?? {});
      if (isShell) assert.ok(!fs.existsSync(path.join(src, 'exposes')) || exposes.length > 0, 'src/exposes/ in a shell that exposes nothing');
      else assert.ok(exposes.length > 0, 'exposes ./app at least');
      for (const [key, file] of exposes) {
        assert.match(file, new RegExp(`^\\./src/exposes/${key.replace(/^\.\//, '')}\\.tsx?$`), `expose ${key} -> ${file}`);
        const lines = fs
          .readFileSync(path.join(root, dir, file), 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('//') && !line.startsWith('/*') && !line.startsWith('*'));
        for (const line of lines) assert.match(line, /^export (\*|\{[^}]*\}) from '\.\.\/(app|features|lib)\/[^']+';$/, `${file}: only re-exports from app/, features/ or lib/`);
      }
      const exposed = new Set(exposes.map(([, file]) => path.basename(file)));
      const exposesDir = path.join(src, 'exposes');
      for (const name of fs.existsSync(exposesDir) ? fs.readdirSync(exposesDir).filter((n) => !isProbe(n)) : []) assert.ok(exposed.has(name), `src/exposes/${name} is not exposed by webpack.config.cjs`);
      if (options.serverEntry !== undefined) assert.equal(options.serverEntry, './src/server/index.tsx');
      else assert.ok(!fs.existsSync(path.join(src, 'server')), 'src/server/ without a server entry');
    });

    it(`${dir}: folders are lower-case (kebab-case), files camelCase or PascalCase`, () => {
      // the page template and icon the shell's webpack.config.cjs names (html, favicon) keep their own names
      const options = webpackOptions(dir);
      const assets = new Set([options.html, options.favicon].filter(Boolean).map((file) => path.join(root, dir, file)));
      for (const file of filesUnder(src)) {
        const name = path.basename(file);
        if (assets.has(file)) continue;
        if (fs.statSync(file).isDirectory()) assert.match(name, /^[a-z]+(-[a-z]+)*$/, path.relative(root, file));
        else assert.match(name, /^[A-Za-z][A-Za-z0-9]*((\.[a-z][A-Za-z0-9]*)?\.test)?\.(ts|tsx)$/, path.relative(root, file));
      }
    });
  }

  it('lint refuses an import that points outward (lib/ -> app/), and lets a type from features/ into lib/', () => {
    const dir = path.join(root, 'mfe-catalog/src/lib');
    const probe = path.join(dir, '__rooms-probe__.ts');
    fs.writeFileSync(probe, "import { App } from '../app/App';\nimport type { ListingScope } from '../features/listing/scope';\nexport const probe: [unknown, ListingScope | null] = [App, null];\n");
    try {
      const eslint = path.join(root, 'node_modules/.bin/eslint');
      const result = spawnSync(eslint, ['--no-warn-ignored', '--format', 'json', probe], { cwd: path.join(root, 'mfe-catalog'), encoding: 'utf8' });
      const [report] = JSON.parse(result.stdout);
      const rooms = report.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
      assert.equal(rooms.length, 1, JSON.stringify(report.messages, null, 2));
      assert.equal(rooms[0].line, 1);
      assert.match(rooms[0].message, /src\/lib\/ may not import src\/app\//);
    } finally {
      fs.rmSync(probe, { force: true });
    }
  });

  it('lint refuses an import that points outward in the shell too (features/ -> app/)', () => {
    const probe = path.join(root, 'shell/src/features/footer/__rooms-probe__.ts');
    fs.writeFileSync(probe, "import { parseRegistry } from '../../app/registry';\nimport { siteSettings } from '../../lib/config/site';\nexport const probe = [parseRegistry, siteSettings];\n");
    try {
      const eslint = path.join(root, 'node_modules/.bin/eslint');
      const result = spawnSync(eslint, ['--no-warn-ignored', '--format', 'json', probe], { cwd: path.join(root, 'shell'), encoding: 'utf8' });
      const [report] = JSON.parse(result.stdout);
      const rooms = report.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
      assert.equal(rooms.length, 1, JSON.stringify(report.messages, null, 2));
      assert.equal(rooms[0].line, 1);
      assert.match(rooms[0].message, /src\/features\/ may not import src\/app\//);
    } finally {
      fs.rmSync(probe, { force: true });
    }
  });
});
