// Who may import what, enforced by lint. Every project carries an nx tag in its
// package.json ("nx": { "tags": ["type:remote"] }); DEP_CONSTRAINTS says which tags a project of a
// tag may import, in the shape of @nx/enforce-module-boundaries' depConstraints:
//
//   type:remote  (mfe-*)                      -> type:shared only (never another remote, the shell, the api)
//   type:shell   (shell)                      -> type:shared only
//   type:shared  (shared-events, contracts, ui) -> type:shared only (never a remote, the shell, the api)
//   type:api     (api)                        -> type:shared only (never a frontend)
//   type:tool, type:e2e                       -> not checked (build and test tooling)
//
// and no checked project reaches into another project's folder by a relative path (a shared
// package imported by path would be bundled as a second copy instead of the page's singleton).
//
// @nx/enforce-module-boundaries itself is not used: its releases stop at 23.x while this workspace
// runs nx 24, and it drags in a second nx. The rule here is ESLint's own `no-restricted-imports`
// (static imports and re-exports, `import type` included) plus `no-restricted-syntax` for
// `import()`, `require()` and `typeof import()` types, generated from the tags. The tags are read
// from the projects' package.json when the config loads, so `nx show project <name>` and the lint
// agree. Checked by tools/release/test/boundaries.test.mjs (it lints forbidden imports in every
// checked project with the project's own lint config and expects them refused).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a project of each tag may import (projects whose tag is not listed are not checked). */
export const DEP_CONSTRAINTS = [
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:shared'] },
  { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:shared'] },
  { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:shared'] },
  { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:shared'] },
];

const DOC = 'see docs/architecture.md "Who may import what"';
const EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
/** Folder depth below a project's root the generated globs reach (deeper files are not checked). */
const MAX_DEPTH = 12;
/** Build configuration at a project's root (webpack, jest) may use the build tooling. */
const BUILD_CONFIG = [`*.config.${EXTENSIONS}`];

/** The workspace's projects: { dir, name, packageName, tags } (from package.json "workspaces"). */
export function workspaceProjects(root = workspaceRoot) {
  const read = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
  return read(path.join(root, 'package.json')).workspaces.map((dir) => {
    const pkg = read(path.join(root, dir, 'package.json'));
    return { dir, name: pkg.nx?.name ?? pkg.name, packageName: pkg.name, tags: pkg.nx?.tags ?? [] };
  });
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// esquery (no-restricted-syntax selectors) ends a regular expression at its first "/"
const forSelector = (regex) => regex.replaceAll('/', '\\u002F');

/** The constraint for a project, or undefined when it is not checked. */
function constraintOf(project) {
  return DEP_CONSTRAINTS.find((c) => project.tags.includes(c.sourceTag));
}

/** [{ regex, message }] a file of `project` at `upToRoot` folders below the workspace root may not import. */
export function restrictedPatterns(project, projects, upToRoot) {
  const constraint = constraintOf(project);
  if (!constraint) return [];
  const allowed = constraint.onlyDependOnLibsWithTags;
  const others = projects.filter((p) => p.dir !== project.dir);
  const forbidden = others.filter((p) => !p.tags.some((t) => allowed.includes(t)));
  const allowedNames = others.filter((p) => !forbidden.includes(p)).map((p) => p.packageName).join(', ');
  return [
    ...forbidden.map((target) => ({
      regex: `^${escape(target.packageName)}(/|$)`,
      message: `${project.name} (${constraint.sourceTag}) may import only ${allowed.join(', ')} projects (${allowedNames}); ${target.packageName} is ${target.name} (${target.tags.join(', ') || 'untagged'}): ${DOC}.`,
    })),
    ...others.map((target) => ({
      regex: `^(\\./)?(\\.\\./){${upToRoot}}${escape(target.dir)}(/|$)`,
      message: `${project.name} may not reach into ${target.dir}/ by a relative path: ${forbidden.includes(target) ? `${project.name} (${constraint.sourceTag}) may not import ${target.name} at all` : `import it by its package name, ${target.packageName}`}; ${DOC}.`,
    })),
  ];
}

function rulesFor(patterns) {
  const syntax = patterns.flatMap(({ regex, message }) => {
    const r = `/${forSelector(regex)}/`;
    return [
      { selector: `ImportExpression[source.value=${r}]`, message },
      { selector: `CallExpression[callee.name='require'][arguments.0.value=${r}]`, message },
      { selector: `TSImportType[argument.literal.value=${r}]`, message },
    ];
  });
  return {
    'no-restricted-imports': ['error', { patterns: patterns.map(({ regex, message }) => ({ regex, message })) }],
    'no-restricted-syntax': ['error', ...syntax],
  };
}

/**
 * Flat-config objects enforcing the boundaries.
 * - `boundaries()`: for the workspace's eslint.config.js (globs relative to the workspace root; every
 *   checked project).
 * - `boundaries('api')`: for a project's own eslint.config.js (globs relative to that project).
 */
export function boundaries(projectDir) {
  const projects = workspaceProjects();
  const chosen = projectDir === undefined ? projects : projects.filter((p) => p.dir === projectDir);
  if (projectDir !== undefined && chosen.length === 0) throw new Error(`eslint-boundaries: ${projectDir} is not a workspace project`);
  return chosen.filter(constraintOf).flatMap((project) => {
    const prefix = projectDir === undefined ? `${project.dir}/` : '';
    const projectDepth = project.dir.split('/').length;
    return Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `boundaries/${project.name}/depth-${depth}`,
      files: [`${prefix}${'*/'.repeat(depth)}*.${EXTENSIONS}`],
      ...(depth === 0 ? { ignores: BUILD_CONFIG.map((glob) => `${prefix}${glob}`) } : {}),
      rules: rulesFor(restrictedPatterns(project, projects, projectDepth + depth)),
    }));
  });
}
