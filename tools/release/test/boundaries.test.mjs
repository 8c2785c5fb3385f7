import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEP_CONSTRAINTS, workspaceProjects } from '../../eslint-boundaries.mjs';

// Who may import what (docs/architecture.md), enforced by lint: each checked project's own lint
// (its package.json "lint" script, `eslint src` from the project folder, which is what
// `nx run-many -t lint` and so `npm run lint` and `npm test` run) refuses a forbidden import.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const projects = workspaceProjects(root);
const byDir = new Map(projects.map((p) => [p.dir, p]));
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

/**
 * Lints `code` as if it were `<project>/src/features/probe/boundary-probe.ts` with the eslint CLI run
 * from the project folder (the config it finds there, as the project's lint script does). One
 * process per call: typescript-eslint refuses two projects' configs in one process.
 */
function lint(projectDir, code) {
  const run = spawnSync(path.join(root, 'node_modules/.bin/eslint'), ['--stdin', '--stdin-filename', 'src/features/probe/boundary-probe.ts', '--format', 'json'], {
    cwd: path.join(root, projectDir),
    input: code,
    encoding: 'utf8',
  });
  assert.ok(run.stdout.startsWith('['), run.stdout + run.stderr);
  const messages = JSON.parse(run.stdout)[0].messages;
  assert.deepEqual(messages.filter((m) => m.fatal), [], `${projectDir}: the probe did not parse`);
  return messages;
}
const boundaryErrors = (messages) => messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax');

describe('project tags', () => {
  it('every project has one type tag, and the shell, the remotes, the shared packages and the api are checked', () => {
    for (const p of projects) assert.equal(p.tags.filter((t) => t.startsWith('type:')).length, 1, `${p.dir}/package.json "nx": { "tags": ["type:..."] }`);
    const tag = (dir) => byDir.get(dir).tags[0];
    assert.equal(tag(layout.shell.project), 'type:shell');
    for (const r of layout.remotes) assert.equal(tag(r.project), 'type:remote', r.project);
    for (const dir of ['shared-events', 'contracts', 'ui']) assert.equal(tag(dir), 'type:shared', dir);
    assert.equal(tag('api'), 'type:api');
    for (const { sourceTag } of DEP_CONSTRAINTS) assert.ok(projects.some((p) => p.tags.includes(sourceTag)), sourceTag);
  });

  it('every checked project lints its src folder', () => {
    for (const p of projects.filter((p) => DEP_CONSTRAINTS.some((c) => p.tags.includes(c.sourceTag)))) {
      const script = JSON.parse(fs.readFileSync(path.join(root, p.dir, 'package.json'), 'utf8')).scripts?.lint ?? '';
      assert.match(script, /^eslint .*\bsrc\b/, `${p.dir}: "lint" must be eslint over src`);
    }
  });
});

// [project, forbidden import (code), what the message names]
const FORBIDDEN = [
  ['mfe-catalog', "import { x } from '@store/mfe-account';", '@store/mfe-account is mfe-account (type:remote)'],
  ['mfe-catalog', "export { x } from '@store/mfe-cart-checkout/src/lib/accountUpdate';", '@store/mfe-cart-checkout is mfe-cart-checkout (type:remote)'],
  ['mfe-catalog', "import type { X } from '@store/api';", '@store/api is api (type:api)'],
  ['mfe-catalog', "const m = import('@store/shell'); void m;", '@store/shell is shell (type:shell)'],
  ['mfe-catalog', "import { x } from '../../../../mfe-content/src/lib/x';", 'may not reach into mfe-content/'],
  ['mfe-catalog', "import { bus } from '../../../../shared-events/src/index';", 'import it by its package name, @store/shared-events'],
  ['mfe-cart-checkout', "import { x } from '@store/mfe-catalog';", '@store/mfe-catalog is mfe-catalog (type:remote)'],
  ['mfe-account', "type T = typeof import('@store/mfe-cart-checkout'); export type { T };", '@store/mfe-cart-checkout is mfe-cart-checkout (type:remote)'],
  ['mfe-content', "import { x } from '@store/api/src/catalog/service';", '@store/api is api (type:api)'],
  ['shell', "import { x } from '@store/mfe-catalog';", '@store/mfe-catalog is mfe-catalog (type:remote)'],
  ['shared-events', "import { x } from '@store/shell';", '@store/shell is shell (type:shell)'],
  ['shared-events', "import { x } from '@store/mfe-account';", 'shared-events (type:shared) may import only type:shared'],
  ['contracts', "import { x } from '@store/mfe-catalog';", '@store/mfe-catalog is mfe-catalog (type:remote)'],
  ['ui', "import { x } from '../../../../shell/src/app/registry';", 'ui (type:shared) may not import shell at all'],
  ['api', "import { x } from '@store/mfe-catalog';", '@store/mfe-catalog is mfe-catalog (type:remote)'],
  ['api', "import { x } from '@store/shell';", 'api (type:api) may import only type:shared'],
  ['api', "const { x } = require('../../../../shell/src/server');", 'api (type:api) may not import shell at all'],
];

describe('forbidden imports are lint errors', () => {
  // one probe file per project, one forbidden import per line
  for (const project of [...new Set(FORBIDDEN.map(([p]) => p))]) {
    const cases = FORBIDDEN.filter(([p]) => p === project);
    it(`${project}: ${cases.map(([, code]) => code).join('  ')}`, () => {
      const errors = boundaryErrors(lint(project, cases.map(([, code]) => code).join('\n') + '\n'));
      cases.forEach(([, code, named], index) => {
        const onLine = errors.filter((e) => e.line === index + 1);
        assert.equal(onLine.length, 1, `${code}: ${JSON.stringify(onLine)}`);
        assert.equal(onLine[0].severity, 2);
        assert.ok(onLine[0].message.includes(named), onLine[0].message);
        assert.ok(onLine[0].message.includes('docs/architecture.md'), onLine[0].message);
      });
      assert.equal(errors.length, cases.length);
    });
  }
});

describe('allowed imports are not', () => {
  const ALLOWED = [
    ['mfe-catalog', "import { bus } from '@store/shared-events';\nimport { money } from '@store/contracts';\nimport { Overlay } from '@store/ui';\nimport { client } from '../../api/client';\nexport { bus, money, Overlay, client };"],
    ['shell', "import { session } from '@store/shared-events';\nimport { defineRemoteApp } from '@store/shared-events/remote';\nexport { session, defineRemoteApp };"],
    ['ui', "import { money } from '@store/contracts';\nexport { money };"],
    ['api', "import { session } from '@store/shared-events';\nimport { z } from '@store/contracts';\nimport { x } from '../../catalog/service';\nexport { session, z, x };"],
  ];
  for (const [project, code] of ALLOWED) {
    it(`${project}: shared packages and its own files`, () => {
      assert.deepEqual(boundaryErrors(lint(project, `${code}\n`)), []);
    });
  }
});

describe('npm run lint fails on a violation', () => {
  it('mfe-catalog\'s own lint script exits non-zero on a file importing another remote', { timeout: 120_000 }, () => {
    const probe = path.join(root, 'mfe-catalog/src/__boundary-probe__.ts');
    fs.writeFileSync(probe, "import { useAccountUpdating } from '@store/mfe-cart-checkout/src/lib/accountUpdate';\nexport const probe = useAccountUpdating;\n");
    try {
      const run = spawnSync('npm', ['run', 'lint'], { cwd: path.join(root, 'mfe-catalog'), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      assert.notEqual(run.status, 0, run.stdout + run.stderr);
      assert.match(run.stdout, /__boundary-probe__\.ts/);
      assert.match(run.stdout, /mfe-catalog \(type:remote\) may import only type:shared projects .*@store\/mfe-cart-checkout is mfe-cart-checkout \(type:remote\)/);
    } finally {
      fs.rmSync(probe, { force: true });
    }
  });
});
