// The rooms of every remote and of the shell (docs/architecture.md "Rooms: one skeleton for every
// remote"):
//
//   src/exposes/   what the shell and other remotes load  -> may import anything of the remote
//   src/server/    the server entry                      -> not exposes/
//   src/app/       routes, lifecycles, services           -> not exposes/ or server/
//   src/features/  one folder per feature                 -> not app/, exposes/ or server/
//   src/lib/       what features share                    -> not app/, exposes/ or server/; features/ for types only
//
// so imports point inward and a feature never depends on how the remote is wired (tests excepted:
// a test may render the remote's routes or its server entry). Enforced with
// @typescript-eslint/no-restricted-imports (it can let `import type` through, which ESLint's own
// rule cannot; a different rule name than the package boundaries' no-restricted-imports, so the two
// do not override each other). Which folders may exist under src/ is checked by
// tools/release/test/rooms.test.mjs.
export const ROOMS = ['app', 'features', 'exposes', 'server', 'lib', 'test'];
/** The projects built on the rooms (folders of the workspace root, globs). */
export const ROOMED = ['mfe-*', 'shell'];

const DOC = 'see docs/architecture.md "Rooms: one skeleton for every remote"';
const EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const up = (rooms) => `^(\\./)?(\\.\\./)+(${rooms.join('|')})(/|$)`;

/** [room, forbidden rooms, rooms allowed for `import type` only] */
const RULES = [
  ['server', ['exposes'], []],
  ['app', ['exposes', 'server'], []],
  ['features', ['app', 'exposes', 'server'], []],
  ['lib', ['app', 'exposes', 'server'], ['features']],
];

/** Flat-config objects for the src folders of the remotes and the shell (globs relative to the workspace root). */
export function rooms(projects = ROOMED) {
  return RULES.map(([room, forbidden, typeOnly]) => ({
    name: `rooms/${room}`,
    files: projects.map((project) => `${project}/src/${room}/**/*.${EXTENSIONS}`),
    // a test may drive its feature through the project's routes (app/App.tsx) or server entry
    ignores: projects.map((project) => `${project}/src/**/*.test.${EXTENSIONS}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: up(forbidden), message: `src/${room}/ may not import ${forbidden.map((r) => `src/${r}/`).join(', ')}: imports point inward; ${DOC}.` },
            ...(typeOnly.length
              ? [{ regex: up(typeOnly), allowTypeImports: true, message: `src/${room}/ may import ${typeOnly.map((r) => `src/${r}/`).join(', ')} for types only; ${DOC}.` }]
              : []),
          ],
        },
      ],
    },
  }));
}
