import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// `npm run dev -w <remote>` inside the hosted shell (docs/deploying.md) relies on the dev server's
// hot-only mode: an edit is applied only if the remote's lifecycles module accepts updates of its
// root component; otherwise webpack gives up without reloading and the page never changes.
// The behaviour is tested end to end for the catalog in e2e/tests/61-hosted-dev.spec.ts.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const layout = JSON.parse(fs.readFileSync(path.join(root, 'tools/remotes.json'), 'utf8'));

describe('hot updates of every remote', () => {
  for (const { name, project } of layout.remotes) {
    it(`${project}: lifecycles.tsx accepts updates of ./App and re-renders through replaceRootComponent`, () => {
      const source = fs.readFileSync(path.join(root, project, 'src/app/lifecycles.tsx'), 'utf8');
      assert.match(source, new RegExp(`const (\\w+) = defineRemoteApp\\(\\{ name: '${name}', rootComponent: App \\}\\)`));
      const app = source.match(/const (\w+) = defineRemoteApp/)[1];
      assert.match(source, new RegExp(`import\\.meta\\.webpackHot\\?\\.accept\\('\\./App', \\(\\) => ${app}\\.replaceRootComponent\\(App\\)\\)`));
      assert.match(source, /export const \{ bootstrap, mount, unmount \} = /);
    });
  }
});
