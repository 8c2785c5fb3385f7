// Bundles src/server.ts (and the seed CLI) into dist/ with esbuild: npm packages stay external
// (resolved from node_modules at run time), the @store/contracts workspace (TypeScript source) is
// bundled in.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const contractsDir = path.resolve(apiDir, '../contracts/src');

/** Every bare import is external except @store/contracts (and its subpaths). */
const externals = {
  name: 'externals-except-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@store\/contracts(\/.*)?$/ }, (args) => ({
      path: path.join(contractsDir, args.path === '@store/contracts' ? 'index.ts' : `${args.path.slice('@store/contracts/'.length)}.ts`),
    }));
    b.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => (path.isAbsolute(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
await build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', seed: 'src/seed-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externals],
});
console.log(`[api] built dist/server.js and dist/seed.js in ${Date.now() - started} ms`);
