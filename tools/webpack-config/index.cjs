// One webpack configuration factory for the shell and every remote.
// Each project owns its own webpack.config.cjs and calls this with its name and exposes;
// the shared-singleton rules live here so every team shares exactly the same set.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { StorefrontContractPlugin, sharedEventsVersion, requiredSharedEvents } = require('./contract.cjs');

const root = path.resolve(__dirname, '../..');
const rootPkg = (name) => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`, { paths: [root] }), 'utf8'));
const versionOf = (name) => rootPkg(name).version;

/**
 * The singletons: exactly one copy of each runs in the page. Anything not listed here is
 * bundled per project (shared modules are not tree-shaken, so sharing costs first-load bytes).
 */
function sharedSingletons(projectDir) {
  const single = (name, extra = {}) => ({
    singleton: true,
    requiredVersion: `^${versionOf(name)}`,
    version: versionOf(name),
    ...extra,
  });
  return {
    react: single('react'),
    'react/': single('react'),
    'react-dom': single('react-dom'),
    'react-dom/': single('react-dom'),
    'react-router': single('react-router'),
    '@emotion/react': single('@emotion/react'),
    '@emotion/react/': single('@emotion/react'),
    // semver (shared-events/CHANGELOG.md): the version this build carries, and the range its
    // package.json asks for (a scratch copy without package.json: the version it was built with)
    '@store/shared-events': { singleton: true, requiredVersion: requiredSharedEvents(projectDir), version: sharedEventsVersion() },
    '@store/shared-events/': { singleton: true, requiredVersion: requiredSharedEvents(projectDir), version: sharedEventsVersion() },
  };
}

function swcRule(mode) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: {
            react: {
              runtime: 'automatic',
              importSource: '@emotion/react',
              // The production JSX runtime always: a dev-mode remote runs against the
              // shared production react-dom of the hosted shell (FIELD-NOTES).
              development: false,
              refresh: false,
            },
          },
        },
      },
    },
  };
}

function federationEsm() {
  // Packages hide package.json behind their export maps: find them on disk.
  const dir = (pkg) => path.join(root, 'node_modules/@module-federation', pkg);
  const aliases = {
    '@module-federation/runtime-core$': path.join(dir('runtime-core'), 'dist/index.js'),
    '@module-federation/sdk$': path.join(dir('sdk'), 'dist/index.js'),
    '@module-federation/error-codes$': path.join(dir('error-codes'), 'dist/index.mjs'),
    '@module-federation/runtime-tools/runtime-core$': path.join(dir('runtime-tools'), 'dist/runtime-core.js'),
  };
  // Only where the files are where we expect them (a different layout just costs bytes).
  return Object.fromEntries(Object.entries(aliases).filter(([, file]) => fs.existsSync(file)));
}

/**
 * @param {object} o
 * @param {string} o.name           federation name (shell, catalog, cart_checkout, account, content)
 * @param {string} o.dir            project directory (__dirname of the caller)
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.entry]        entry for hosts (the shell)
 * @param {string} [o.html]         html template (the shell)
 * @param {string[]} [o.runtimePlugins]
 * @param {number} [o.devPort]
 * @param {number} [o.sharedChunkMinSize] lazy chunks keep what they share below this many bytes of source (see optimization)
 */
/**
 * A deterministic id of what goes into a build: the project's own files plus the workspace
 * packages bundled into it and the lockfile. Two releases of one remote can be in the same page
 * (a tab that loaded the old one navigates into the new one), and webpack's chunk-loading global
 * must differ between them or the new runtime adopts the old release's chunk ids.
 */
function buildIdOf(dir) {
  const hash = require('node:crypto').createHash('sha256');
  const walk = (entry) => {
    if (!fs.existsSync(entry)) return;
    if (fs.statSync(entry).isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) walk(path.join(entry, name));
    } else {
      hash.update(path.relative(root, entry));
      hash.update(fs.readFileSync(entry));
    }
  };
  for (const entry of [dir, 'shared-events/src', 'contracts/src', 'ui/src', 'tools/webpack-config', 'package-lock.json']) walk(path.resolve(root, entry));
  return hash.digest('hex').slice(0, 10);
}

function createConfig(o, argv = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const prod = mode === 'production';
  const isHost = Boolean(o.entry);
  /** DEV_PORT overrides the project's dev-server port (two copies side by side, tests). */
  const devPort = Number(process.env.DEV_PORT) || o.devPort;
  const reactRouterProd = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [root] })), 'dist/production/index.mjs');
  /** @type {import('webpack').Configuration} */
  const config = {
    mode: prod ? 'production' : 'development',
    context: o.dir,
    target: 'web',
    entry: isHost ? { main: o.entry } : {},
    // no eval-based source maps in development: the store's CSP has no 'unsafe-eval' (developer overrides run under it)
    devtool: prod ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: path.join(o.dir, 'dist'),
      publicPath: 'auto',
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: o.name,
      chunkLoadingGlobal: `webpackChunk_${o.name}_${prod ? buildIdOf(o.dir) : 'dev'}`,
      // the server build (createServerConfig) writes dist/server/ beside this one
      clean: { keep: /^server[\\/]/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: {
        // Every `react-router` import goes to the facade (see react-router.mjs), which imports the
        // production build (the package's export map resolves to its development build here).
        'react-router$': path.join(__dirname, 'react-router.mjs'),
        'react-router-production-build$': reactRouterProd,
        // `@emotion/react` likewise (see emotion-react.mjs); its JSX runtime stays the package's own
        '@emotion/react$': path.join(__dirname, 'emotion-react.mjs'),
        '@emotion/react-browser-build$': path.join(path.dirname(require.resolve('@emotion/react/package.json', { paths: [root] })), 'dist/emotion-react.browser.esm.js'),
        // The federation runtime once: `provideExternalRuntime` pulls its plugin in through
        // require.resolve (CommonJS builds) while the shell's runtime imports use the ESM builds;
        // pin both to ESM so the shell's main chunk carries one copy (docs/performance.md).
        ...federationEsm(),
      },
      // rxjs's ES2015 build: its default (ES5) build carries tslib's helpers and down-levelled classes
      conditionNames: ['es2015', '...'],
    },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [
        swcRule(mode),
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: prod,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })],
      // `sharedChunkMinSize` (a project's choice): code its lazy chunks share goes into each of them
      // below this size (of source) rather than into a chunk of its own, so a page loads one file per
      // part (each file costs a request and its headers on a phone), at the price of some bytes
      // repeated across parts a page never loads together
      ...(o.sharedChunkMinSize ? { splitChunks: { minSize: o.sharedChunkMinSize } } : {}),
      moduleIds: prod ? 'deterministic' : 'named',
      chunkIds: prod ? 'deterministic' : 'named',
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        filename: prod ? 'remoteEntry.[contenthash:8].js' : 'remoteEntry.js',
        exposes: o.exposes || {},
        remotes: {},
        shared: sharedSingletons(o.dir),
        shareStrategy: 'loaded-first',
        runtimePlugins: o.runtimePlugins || [],
        manifest: { filePath: '' },
        dts: false,
        // One federation runtime per page: the shell provides it, remotes use it (saves ~25 KB
        // brotli per remote entry). Remotes therefore only run inside a shell.
        experiments: isHost
          ? { provideExternalRuntime: true, optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { target: 'web' } },
      }),
      new StorefrontContractPlugin({ name: o.name, projectDir: o.dir, exposes: o.exposes, provider: isHost }),
    ],
    // `npm run dev -w <remote>` inside a shell served from elsewhere (docs/deploying.md): hot
    // updates only, never a full page reload; the remote's lifecycles module accepts updates of its
    // root component (defineRemoteApp's replaceRootComponent).
    devServer: {
      port: devPort,
      // a store on a public https address may fetch this dev server once the developer allows it:
      // its answers (preflights included) say a private network resource agrees to be reached
      headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Private-Network': 'true' },
      hot: 'only',
      liveReload: false,
      client: { webSocketURL: `ws://localhost:${devPort}/ws`, overlay: false, logging: 'warn' },
      allowedHosts: 'all',
      historyApiFallback: false,
      static: false,
    },
    stats: 'errors-warnings',
  };
  if (o.html) {
    config.plugins.push(new HtmlWebpackPlugin({ template: o.html, inject: 'body', scriptLoading: 'defer', minify: prod, publicPath: '__SHELL_BASE__/', favicon: o.favicon }));
  }
  return config;
}

const { SERVER_SINGLETONS } = require('./server-singletons.cjs');

/** The package (package.json `name`) a module file belongs to: the nearest package.json above it. */
function owningPackage(file, cache) {
  let dir = path.dirname(file);
  const seen = [];
  while (dir !== path.dirname(dir)) {
    if (cache.has(dir)) break;
    seen.push(dir);
    const pkg = path.join(dir, 'package.json');
    if (fs.existsSync(pkg)) {
      let name = null;
      try {
        name = JSON.parse(fs.readFileSync(pkg, 'utf8')).name ?? null;
      } catch {
        name = null;
      }
      // a package.json without a name (a "type" marker inside a package) belongs to the one above
      if (name) {
        cache.set(dir, name);
        break;
      }
    }
    dir = path.dirname(dir);
  }
  const name = cache.get(dir) ?? null;
  for (const d of seen) cache.set(d, name);
  return name;
}

/**
 * Emits server/server-modules.json beside server.js: what the bundle leaves to the edge
 * (`requires`: its externals) and the packages whose code it carries (`bundled`), read off the
 * compilation's module graph. The release gate judges the build by it, not by the bundle's text.
 */
class ServerModulesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServerModulesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ServerModulesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const requires = new Set();
        const bundled = new Set();
        const cache = new Map();
        const visit = (module) => {
          if (module.externalType !== undefined && typeof module.request === 'string') requires.add(module.request);
          else if (typeof module.request === 'object' && Array.isArray(module.request)) requires.add(module.request[0]);
          if (module.modules) for (const inner of module.modules) visit(inner);
          const resource = module.resource && module.resource.split('?')[0];
          if (resource && path.isAbsolute(resource)) {
            const name = owningPackage(resource, cache);
            if (name) bundled.add(name);
          }
        };
        for (const module of compilation.modules) visit(module);
        const body = { requires: [...requires].sort(), bundled: [...bundled].sort() };
        compilation.emitAsset('server-modules.json', new RawSource(`${JSON.stringify(body, null, 2)}\n`));
      });
    });
  }
}

/**
 * The server build of a project: `serverEntry` bundled for Node as one CommonJS file,
 * dist/server/server.js, released with the browser build under the same version. The edge loads
 * it at run time from the registry and renders the project's routes with it.
 */
function createServerConfig(o, argv = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const prod = mode === 'production';
  /** @type {import('webpack').Configuration} */
  return {
    name: `${o.name}-server`,
    mode: prod ? 'production' : 'development',
    context: o.dir,
    target: 'node20',
    entry: { server: o.serverEntry },
    devtool: false,
    output: {
      path: path.join(o.dir, 'dist/server'),
      filename: 'server.js',
      library: { type: 'commonjs2' },
      uniqueName: `${o.name}_server`,
      clean: true,
    },
    externalsType: 'commonjs',
    externals: Object.fromEntries(SERVER_SINGLETONS.map((name) => [name, name])),
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      parser: { javascript: { exportsPresence: 'error' } },
      rules: [swcRule(mode), { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource', generator: { emit: false } }],
    },
    optimization: {
      minimize: false,
      splitChunks: false,
      moduleIds: 'deterministic',
    },
    // one file: dynamic imports (lazy overlays, fragments) are inlined, the server never loads chunks
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }), new ServerModulesPlugin()],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The browser build, plus the server build when the project has a server entry (`o.serverEntry`). */
function createConfigs(o, argv = {}) {
  const browser = createConfig(o, argv);
  // `webpack serve` (a remote's dev server) runs the browser build only
  if (!o.serverEntry || argv.env?.WEBPACK_SERVE) return browser;
  return [browser, createServerConfig(o, argv)];
}

module.exports = { createConfig, createConfigs, createServerConfig, sharedSingletons, SERVER_SINGLETONS };
