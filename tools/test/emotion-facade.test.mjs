// Browser code imports from `@emotion/react` only what the shared facade exports
// (tools/webpack-config/emotion-react.mjs): in the page, `@emotion/react` is the federation's shared
// singleton, built from that facade by the shell, so a name it leaves out is undefined at run time
// (a remote's own build cannot see that: the shared module is resolved in the browser). Type-only
// imports and server-only code (src/server/, the edge) are not concerned.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The names the facade re-exports. */
function facadeExports() {
  const text = fs.readFileSync(path.join(root, 'tools/webpack-config/emotion-react.mjs'), 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from/.exec(text)?.[1] ?? '';
  return new Set(list.split(',').map((name) => name.trim().split(/\s+as\s+/)[0]).filter(Boolean));
}

const BROWSER_SOURCE = /^(shell|ui|shared-events|mfe-[a-z-]+)\/src\/.*\.(ts|tsx)$/;
const NOT_BROWSER = /(^|\/)src\/server\/|\.(test|spec)\.[a-z]+$/;

/** Value imports from '@emotion/react' in a file: [name, line]. */
export function emotionValueImports(text) {
  const found = [];
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]@emotion\/react['"]/g)) {
    if (match[1]) continue;
    const line = text.slice(0, match.index).split('\n').length;
    for (const part of match[2].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      found.push([spec.split(/\s+as\s+/)[0], line]);
    }
  }
  return found;
}

describe("browser code and the shared @emotion/react facade", () => {
  it('reads the value imports of a file, leaving type-only ones out', () => {
    const text = "import { css, type CSSObject } from '@emotion/react';\nimport type { Theme } from '@emotion/react';\nimport { __unsafe_useEmotionCache as useCache } from \"@emotion/react\";\n";
    assert.deepEqual(emotionValueImports(text), [['css', 1], ['__unsafe_useEmotionCache', 3]]);
  });

  it('imports only names the facade exports', () => {
    const allowed = facadeExports();
    assert.ok(allowed.has('css') && allowed.has('withEmotionCache'));
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
    const missing = [];
    for (const file of tracked.filter((f) => BROWSER_SOURCE.test(f) && !NOT_BROWSER.test(f))) {
      if (!fs.existsSync(path.join(root, file))) continue;
      for (const [name, line] of emotionValueImports(fs.readFileSync(path.join(root, file), 'utf8'))) {
        if (!allowed.has(name)) missing.push(`${file}:${line} imports ${name}`);
      }
    }
    assert.deepEqual(missing, [], 'add the name to tools/webpack-config/emotion-react.mjs (every remote then gets it with the next shell) or do without it');
  });
});
