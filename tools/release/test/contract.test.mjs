import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';

const require = createRequire(import.meta.url);
const { topicDefinitions, TOPICS_FILE } = require('../../webpack-config/contract.cjs');

describe('storefront contract', () => {
  it('reads every topic definition in shared-events (the gate compares their versions)', () => {
    const source = fs.readFileSync(TOPICS_FILE, 'utf8');
    const definitions = topicDefinitions(source);
    // if this fails, topics.ts changed its layout: keep `name`, `version`, `kind` first in defineTopic
    assert.equal(definitions.length, source.match(/defineTopic\(/g).length);
    assert.ok(definitions.some((t) => t.name === 'cart.add' && t.version === 1 && t.kind === 'event'));
    assert.ok(definitions.some((t) => t.name === 'cart.quantity' && t.version === 1 && t.kind === 'state'));
  });

  it('records every topic\'s payload schema, and refuses a topics.ts the schemas were not made from', async () => {
    const os = await import('node:os');
    const path = await import('node:path');
    const { topicSchemas } = require('../../webpack-config/contract.cjs');
    const schemas = topicSchemas();
    assert.ok(schemas['cart.add@1'].required.includes('qty'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topics-'));
    try {
      const edited = path.join(dir, 'topics.ts');
      fs.writeFileSync(edited, fs.readFileSync(TOPICS_FILE, 'utf8').replace('qty:', 'quantity:'));
      assert.throws(() => topicSchemas(edited), /topic-schemas\.json was not made from this .*topics\.ts: run `npm run topic-schemas -w shared-events`/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a scratch copy\'s declaration from storefront.json when it has no package.json', async () => {
    const os = await import('node:os');
    const path = await import('node:path');
    const { declaredContract } = require('../../webpack-config/contract.cjs');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
    try {
      assert.deepEqual(declaredContract(dir), { publishes: [], consumes: [], fragments: [] });
      fs.writeFileSync(path.join(dir, 'storefront.json'), JSON.stringify({ storefront: { publishes: ['cart.add@2'], consumes: ['cart.add.result@1'] } }));
      assert.deepEqual(declaredContract(dir), { publishes: ['cart.add@2'], consumes: ['cart.add.result@1'], fragments: [] });
      fs.writeFileSync(path.join(dir, 'storefront.json'), JSON.stringify({ storefront: { publishes: ['cart.add'] } }));
      assert.throws(() => declaredContract(dir), /storefront\.json: storefront\.publishes must be a list/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('declared contracts match the code', async () => {
  const path = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const { usageOf } = await import('../usage.mjs');
  const { declaredContract } = require('../../webpack-config/contract.cjs');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
  // the shell provides shared-events, so what the session and ReportNotFound publish is the shell's
  const projects = [
    { project: layout.shell.project, dirs: ['shell/src', 'shared-events/src'] },
    ...layout.remotes.map((r) => ({ project: r.project, dirs: [`${r.project}/src`] })),
  ];
  for (const { project, dirs } of projects) {
    it(`${project}: package.json "storefront" lists exactly the topics and fragments its code uses`, () => {
      const used = usageOf(dirs.map((d) => path.join(root, d)));
      const declared = declaredContract(path.join(root, project));
      assert.deepEqual(declared, used, `update ${project}/package.json "storefront" to ${JSON.stringify(used)}`);
    });
  }
});

describe('@store/shared-events in the build metadata', async () => {
  const os = await import('node:os');
  const path = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const semver = (await import('semver')).default;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const webpack = require(require.resolve('webpack', { paths: [path.join(root, 'tools/webpack-config')] }));
  const { StorefrontContractPlugin, requiredSharedEvents, sharedEventsVersion } = require('../../webpack-config/contract.cjs');
  const sharedEventsPkg = JSON.parse(fs.readFileSync(path.join(root, 'shared-events/package.json'), 'utf8'));

  it('shared-events has a semver version with its CHANGELOG entry, and every project\'s range accepts it', () => {
    const version = sharedEventsVersion();
    assert.ok(semver.valid(version) && semver.major(version) >= 1, version);
    const changelog = fs.readFileSync(path.join(root, 'shared-events/CHANGELOG.md'), 'utf8');
    assert.match(changelog, new RegExp(`^## ${version.replace(/\./g, '\\.')}\\b`, 'm'), 'add the version to shared-events/CHANGELOG.md');
    const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));
    for (const project of [layout.shell.project, ...layout.remotes.map((r) => r.project)]) {
      const range = requiredSharedEvents(path.join(root, project));
      assert.notEqual(JSON.parse(fs.readFileSync(path.join(root, project, 'package.json'), 'utf8')).dependencies['@store/shared-events'], '*', `${project}: give @store/shared-events a range`);
      assert.ok(semver.satisfies(version, range), `${project} needs @store/shared-events ${range}, the workspace has ${version}`);
    }
  });

  it('a build declares what it uses and (the shell) provides, read off its module graph', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-build-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'probe', dependencies: { '@store/shared-events': '^1.1.0' } }));
      fs.writeFileSync(
        path.join(dir, 'entry.js'),
        [
          "import { bus, topics, session, cartAddResult } from '@store/shared-events';",
          "import * as remote from '@store/shared-events/remote';",
          // a mention in a comment or a string is not a use: session.trackAccountUpdate, topics.alertShow
          "const note = 'session.trackAccountUpdate topics.alertShow';",
          'export function run() {',
          '  bus.publish(topics.cartAdd, { sku: note });',
          '  bus.subscribe(cartAddResult, () => session.isAccountUpdating());',
          '  return [session.synced.items$, remote.defineRemoteApp];',
          '}',
        ].join('\n'),
      );
      const compiler = webpack({
        mode: 'production',
        context: dir,
        entry: { main: './entry.js' },
        output: { path: path.join(dir, 'dist'), library: { type: 'module' } },
        experiments: { outputModule: true },
        target: 'web',
        resolve: { extensions: ['.ts', '.tsx', '.js'], modules: ['node_modules', path.join(root, 'node_modules')] },
        module: {
          rules: [{ test: /\.tsx?$/, use: { loader: require.resolve('swc-loader', { paths: [path.join(root, 'tools/webpack-config')] }), options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', importSource: '@emotion/react' } } } } } }],
        },
        optimization: { minimize: false },
        plugins: [new StorefrontContractPlugin({ name: 'probe', projectDir: dir, exposes: {}, provider: true })],
      });
      const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : compiler.close(() => resolve(result)))));
      assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
      const { sharedEvents } = JSON.parse(fs.readFileSync(path.join(dir, 'dist/storefront-contract.json'), 'utf8'));
      assert.equal(sharedEvents.requires, '^1.1.0');
      assert.deepEqual(sharedEvents.uses, {
        exports: { '.': ['bus', 'cartAddResult', 'session', 'topics'], './remote': ['defineRemoteApp'] },
        session: ['isAccountUpdating', 'synced'],
        topics: ['cart.add.result@1', 'cart.add@1'],
      });
      assert.equal(sharedEvents.provides.version, sharedEventsVersion());
      assert.deepEqual(sharedEvents.provides.session, [...sharedEventsPkg.storefront.session].sort());
      for (const name of ['bus', 'session', 'topics', 'cartAdd', 'createSession']) assert.ok(sharedEvents.provides.exports['.'].includes(name), name);
      assert.ok(sharedEvents.provides.exports['./remote'].includes('defineRemoteApp'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
