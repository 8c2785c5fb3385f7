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
