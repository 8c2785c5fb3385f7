// Walls between features (docs/architecture.md "Rooms: one skeleton for every remote"): a file in
// `<project>/src/features/<a>/` never imports `<project>/src/features/<b>/`. What several features
// need lives in the project's src/lib/; features are put together in src/app/ (routes, a fragment
// made of two features) and offered through src/exposes/.
//
// `feature-walls/no-cross-feature` resolves every module specifier of the linted file (static
// imports, re-exports, `import()`, `require()`, `typeof import()` types, `import type` included;
// tests too, with their `jest.mock()`) to a path and refuses one that lands in another feature's folder, however it is
// written: relative (`../checkout/x`, `../../features/checkout/x`, `../../../mfe-cart-checkout/src/
// features/checkout/x`), through the project's own package name (`@store/mfe-cart-checkout/src/
// features/checkout/x`) or from the workspace root as tsconfig's baseUrl allows
// (`mfe-cart-checkout/src/features/checkout/x`). It applies to every remote and to the shell.
//
// Checked by tools/release/test/feature-walls.test.mjs (forbidden examples refused, allowed ones
// let through).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOC = 'see docs/architecture.md "Rooms: one skeleton for every remote"';
const EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
/** The projects whose features are walled off (folders of the workspace root, globs). */
export const WALLED = ['mfe-*', 'shell'];

/** `<project>/src/features/<feature>/...` of an absolute path: { project, feature } or null. */
function featureOf(file) {
  const parts = path.resolve(file).split(path.sep);
  for (let i = parts.length - 3; i >= 1; i--) {
    if (parts[i] === 'src' && parts[i + 1] === 'features') return { project: parts.slice(0, i).join(path.sep) || path.sep, feature: parts[i + 2] ?? '' };
  }
  return null;
}

const packageNames = new Map();
function packageNameOf(projectDir) {
  if (!packageNames.has(projectDir)) {
    let name = null;
    try {
      name = JSON.parse(fs.readFileSync(path.join(projectDir, 'package.json'), 'utf8')).name ?? null;
    } catch {
      // not a package: no self-import to resolve
    }
    packageNames.set(projectDir, name);
  }
  return packageNames.get(projectDir);
}

/** Where `specifier`, imported from `file` of `projectDir`, lands (an absolute path), or null for another package. */
function targetOf(file, projectDir, specifier) {
  if (/^\.{1,2}(\/|$)/.test(specifier)) return path.resolve(path.dirname(file), specifier);
  const own = packageNameOf(projectDir);
  if (own && (specifier === own || specifier.startsWith(`${own}/`))) return path.join(projectDir, specifier.slice(own.length));
  // tsconfig's baseUrl is the workspace root: `mfe-cart-checkout/src/...` is a path from there
  const fromRoot = path.join(workspaceRoot, specifier);
  if (!specifier.startsWith('@') && fromRoot.startsWith(projectDir + path.sep)) return fromRoot;
  return null;
}

const JEST_LOADERS = new Set(['mock', 'doMock', 'unmock', 'requireActual', 'requireMock']);

const noCrossFeature = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature never imports another feature of its project' },
    schema: [],
    messages: {
      cross: 'src/features/{{from}}/ may not import src/features/{{to}}/: a feature never imports another feature; move what both need to src/lib/, or put the two together in src/app/; ' + DOC + '.',
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const here = featureOf(file);
    if (!here || !here.feature) return {};
    const featuresDir = path.join(here.project, 'src', 'features');
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const target = targetOf(file, here.project, specifier);
      if (target === null) return;
      const rel = path.relative(featuresDir, target);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return;
      const to = rel.split(path.sep)[0] || '';
      if (to === here.feature) return;
      context.report({ node, messageId: 'cross', data: { from: here.feature, to: to || '(the features folder itself)' } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // require('…'), and a test's jest.mock('…') / jest.requireActual('…')
      CallExpression: (node) => {
        const { callee } = node;
        const loads =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'jest' && callee.property.type === 'Identifier' && JEST_LOADERS.has(callee.property.name));
        if (loads && node.arguments[0]?.type === 'Literal') check(node.arguments[0], node.arguments[0].value);
      },
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};

/** Flat-config objects for the workspace's eslint.config.js (globs relative to the workspace root). */
export function featureWalls() {
  return [
    {
      name: 'feature-walls',
      files: WALLED.map((project) => `${project}/src/features/**/*.${EXTENSIONS}`),
      plugins: { 'feature-walls': { rules: { 'no-cross-feature': noCrossFeature } } },
      rules: { 'feature-walls/no-cross-feature': 'error' },
    },
  ];
}
