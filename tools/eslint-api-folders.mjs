// The API's wings, kept apart by lint (docs/architecture.md "API and data"):
//
//   api/src/store/      the store's own backend          -> never stand-ins/
//   api/src/stand-ins/  local stand-ins for hosted services (user pool, bot check, fraud, payments,
//                       image CDN); they implement the store's interfaces, so they may import store/
//   api/src/edge/       the server-rendering edge        -> never stand-ins/
//   api/src/platform/   db, http, cache, telemetry         -> never stand-ins/ (nor store/: the
//                       store's settings are read by the composition root's config.ts)
//   api/src/seed/       the deterministic seed            -> never stand-ins/; nothing at run time
//                       imports it but the composition root (server.ts seeds an empty database)
//   api/src/app.ts      the composition root: the only file that picks the stand-ins and hands
//                       them to the store (server.ts, the entry, starts what app.ts builds; config.ts
//                       reads every setting, production.ts refuses unsafe ones in production)
//
// Two rules:
// - `@typescript-eslint/no-restricted-imports` (a different rule name from the package boundaries'
//   `no-restricted-imports`, so the two do not override each other) refuses a static import or
//   re-export of stand-ins/ from the other wings and from the entries beside app.ts, and of seed/
//   from runtime code (store, platform, edge, stand-ins);
// - `api-folders/no-cycles` refuses an import (static, re-export, `import()`, `require()`,
//   `typeof import()`) from one folder of api/src to another folder that already reaches the first
//   one through imports: the folders' dependencies form no cycle. A folder is a file's directory
//   (api/src/store/catalog, api/src/platform/db, api/src/edge/ssr, ...). The graph is read from the
//   files on disk (every relative import of every file under api/src), plus the linted file as it is
//   being linted.
//
// Checked by api/test/folder-rules.test.ts (each rule refuses a forbidden example and lets an
// allowed one through).
import fs from 'node:fs';
import path from 'node:path';

const DOC = 'see docs/architecture.md "API and data"';
const EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
/** The wings that may not import a stand-in, and those that may not read the seed (folders of api/src). */
export const NO_STAND_INS = ['store', 'platform', 'edge', 'seed'];
export const NO_SEED = ['store', 'platform', 'edge', 'stand-ins'];

const up = (folder) => `^(\\./)?(\\.\\./)+${folder}(/|$)`;
const PATTERNS = {
  'stand-ins': {
    regex: up('stand-ins'),
    message: `only the composition root (api/src/app.ts) may import a stand-in; everything else uses the store's interface it implements; ${DOC}.`,
  },
  wings: {
    regex: up('(store|edge)'),
    message: `api/src/platform/ is the layer under the store and the edge (db, http, cache, telemetry): it does not import them; settings of the store are read by the composition root (api/src/config.ts); ${DOC}.`,
  },
  seed: {
    regex: up('seed'),
    message: `runtime code does not read api/src/seed/ (the seed writes the database once; data the store needs at run time lives in the store, and the composition root runs the seed); ${DOC}.`,
  },
};

/** Flat-config objects for api/eslint.config.js (globs relative to the api folder). */
export function apiFolders() {
  const wings = [...new Set([...NO_STAND_INS, ...NO_SEED])];
  return [
    ...wings.map((wing) => ({
      name: `api-folders/${wing}`,
      files: [`src/${wing}/**/*.${EXTENSIONS}`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              ...(NO_STAND_INS.includes(wing) ? [PATTERNS['stand-ins']] : []),
              ...(NO_SEED.includes(wing) ? [PATTERNS.seed] : []),
              ...(wing === 'platform' ? [PATTERNS.wings] : []),
            ],
          },
        ],
      },
    })),
    {
      name: 'api-folders/composition-root',
      files: [`src/*.${EXTENSIONS}`],
      ignores: [`src/app.${EXTENSIONS}`],
      rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ ...PATTERNS['stand-ins'], regex: '^\\./stand-ins(/|$)' }] }] },
    },
    {
      name: 'api-folders/no-cycles',
      files: [`src/**/*.${EXTENSIONS}`],
      plugins: { 'api-folders': { rules: { 'no-cycles': noCycles } } },
      rules: { 'api-folders/no-cycles': 'error' },
    },
  ];
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"]*)\1/g;

/** The src folder a file belongs to (the nearest ancestor called src whose parent holds package.json), or null. */
function srcRootOf(file) {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    if (path.basename(dir) === 'src' && fs.existsSync(path.join(dir, '..', 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return null;
}

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return listFiles(full);
    return SOURCE.test(e.name) ? [full] : [];
  });
}

/** The folder (relative to src, '.' for src itself) an import from `file` lands in, or null outside src. */
function targetFolder(srcRoot, file, specifier) {
  const target = path.resolve(path.dirname(file), specifier);
  const rel = path.relative(srcRoot, target);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  // `./x.js` is a file of the folder; `./x` may be a file or a folder's index
  const isDir = !SOURCE.test(target) && fs.existsSync(target) && fs.statSync(target).isDirectory();
  return path.relative(srcRoot, isDir ? target : path.dirname(target)) || '.';
}

const graphs = new Map();
/** folder -> Map(folder it imports -> a file that does), read from disk once per src root and process. */
function folderGraph(srcRoot) {
  if (!graphs.has(srcRoot)) {
    const graph = new Map();
    for (const file of listFiles(srcRoot)) {
      const from = path.relative(srcRoot, path.dirname(file)) || '.';
      for (const [, , specifier] of fs.readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
        const to = targetFolder(srcRoot, file, specifier);
        if (to === null || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        if (!graph.get(from).has(to)) graph.get(from).set(to, path.relative(srcRoot, file));
      }
    }
    graphs.set(srcRoot, graph);
  }
  return graphs.get(srcRoot);
}

/** A shortest path of folders from `start` to `goal` (both included), or null. */
function findPath(graph, start, goal) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const trail = queue.shift();
    const here = trail[trail.length - 1];
    if (here === goal) return trail;
    for (const next of graph.get(here)?.keys() ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([...trail, next]);
    }
  }
  return null;
}

const noCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between the folders of api/src' },
    schema: [],
    messages: { cycle: 'folder cycle: {{cycle}} ({{via}}); move what both need into a folder both may import, or pass it in; ' + DOC + '.' },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const srcRoot = srcRootOf(file);
    if (!srcRoot) return {};
    const from = path.relative(srcRoot, path.dirname(file)) || '.';
    const graph = folderGraph(srcRoot);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !/^\.{1,2}\//.test(specifier)) return;
      const to = targetFolder(srcRoot, file, specifier);
      if (to === null || to === from) return;
      const back = findPath(graph, to, from);
      if (!back) return;
      const via = back.slice(0, -1).map((f, i) => `${graph.get(f).get(back[i + 1])} imports ${back[i + 1]}/`);
      context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' -> '), via: via.join('; ') } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal' && check(node.arguments[0], node.arguments[0].value),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(literal, literal.value);
      },
    };
  },
};
