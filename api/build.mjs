// Bundles src/server.ts (and the seed and orders CLIs) into dist/ with esbuild: npm packages stay external
// (resolved from node_modules at run time), the @store/contracts workspace (TypeScript source) is
// bundled in.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const contractsDir = path.resolve(apiDir, '../contracts/src');

const require = createRequire(import.meta.url);
const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`, { paths: [apiDir] }));

/**
 * The server-rendering singletons (api/src/edge/ssr/singletons.ts) are bundled, once, in their
 * production builds: the edge hands these very copies to every remote's server bundle, so one React
 * (one router, one emotion, one bus) renders every page. Production builds by file, not by
 * NODE_ENV: the API process runs without NODE_ENV=production in development.
 */
const SSR_FILES = {
  react: () => path.join(pkgDir('react'), 'cjs/react.production.js'),
  'react/jsx-runtime': () => path.join(pkgDir('react'), 'cjs/react-jsx-runtime.production.js'),
  'react-dom': () => path.join(pkgDir('react-dom'), 'cjs/react-dom.production.js'),
  'react-dom/server': () => path.join(pkgDir('react-dom'), 'cjs/react-dom-server.node.production.js'),
  'react-dom/client': () => path.join(pkgDir('react-dom'), 'cjs/react-dom-client.production.js'),
  'react-router': () => path.join(pkgDir('react-router'), 'dist/production/index.js'),
};
/** Packages bundled (with what they import) rather than left to node_modules. */
const SSR_BUNDLED = /^(react|react-dom|react-router|scheduler|single-spa-react|hoist-non-react-statics|stylis|cookie|set-cookie-parser|@emotion\/[^/]+)(\/|$)/;
const sharedEventsDir = path.resolve(apiDir, '../shared-events/src');
const sharedEventsEntries = { '@store/shared-events': 'index.ts', '@store/shared-events/react': 'react.ts', '@store/shared-events/remote': 'remote.tsx', '@store/shared-events/analytics': 'analytics.ts' };

/** Every bare import is external except @store/contracts (and its subpaths) and the server-rendering singletons. */
const externals = {
  name: 'externals-except-workspaces',
  setup(b) {
    b.onResolve({ filter: /^@store\/contracts(\/.*)?$/ }, (args) => ({
      path: path.join(contractsDir, args.path === '@store/contracts' ? 'index.ts' : `${args.path.slice('@store/contracts/'.length)}.ts`),
    }));
    b.onResolve({ filter: /^@store\/shared-events(\/.*)?$/ }, (args) => ({ path: path.join(sharedEventsDir, sharedEventsEntries[args.path]) }));
    b.onResolve({ filter: /^(react|react-dom|react-router)(\/.*)?$/ }, (args) => (SSR_FILES[args.path] ? { path: SSR_FILES[args.path]() } : undefined));
    b.onResolve({ filter: /^[^./]|^\.[^./]|^\.\.[^/]/ }, (args) => {
      if (path.isAbsolute(args.path)) return undefined;
      // what the bundled singletons import is bundled with them (stylis, hoist-non-react-statics, ...)
      if (SSR_BUNDLED.test(args.path) || /node_modules[\\/](react|react-dom|react-router|@emotion|single-spa-react|hoist-non-react-statics)[\\/]/.test(args.importer)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: apiDir,
  entryPoints: { server: 'src/server.ts', seed: 'src/seed-cli.ts', orders: 'src/orders-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // the bundled CommonJS singletons (react and friends) call require for node built-ins
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  jsx: 'automatic',
  jsxImportSource: 'react',
  plugins: [externals],
});
// The server renderer (src/edge/ssr/renderer.ts, run as its own process): one self-contained file,
// since its permissions let it read only itself and the deploy folder's bundles
await build({
  absWorkingDir: apiDir,
  entryPoints: ['src/edge/ssr/renderer.ts'],
  outfile: 'dist/renderer.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
});
console.log(`[api] built dist/server.js, dist/seed.js, dist/orders.js and dist/renderer.cjs in ${Date.now() - started} ms`);
