// The storefront contract of one build: what the release gate (tools/release) compares with the
// live site. Written into every build as storefront-contract.json:
//   { name, exposes: ["./app", ...],
//     publishes / consumes: ["cart.quantity@1", ...]   (bus topics, from package.json "storefront";
//                                                       a scratch copy without package.json: storefront.json),
//     fragments: ["cart_checkout/./CartDrawer", ...]   (other remotes' modules it loads at run time),
//     topics: [{ name, version, kind }] }              (the topic catalog of the shared-events it was built with)
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const TOPICS_FILE = path.join(root, 'shared-events/src/topics.ts');

/** `export const cartAdd = defineTopic({ name: 'cart.add', version: 1, kind: 'event', ...` */
const DEFINITION = /export const (\w+) = defineTopic\(\{\s*name: '([^']+)',\s*version: (\d+),\s*kind: '(state|event)'/g;

/** Topics defined in shared-events/src/topics.ts (parsed from the source; see the test). */
function topicDefinitions(text = fs.readFileSync(TOPICS_FILE, 'utf8')) {
  return [...text.matchAll(DEFINITION)].map(([, constName, name, version, kind]) => ({ constName, name, version: Number(version), kind }));
}

const REF = /^([a-z][\w.-]*)@(\d+)$/;
const FRAGMENT = /^([a-z][a-z0-9_]*)\/(\.\/[\w-]+)$/;

function list(value, field, pattern, file) {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !pattern.test(v))) {
    throw new Error(`${file}: storefront.${field} must be a list like ${field === 'fragments' ? '"cart_checkout/./CartDrawer"' : '"cart.quantity@1"'}`);
  }
  return [...value].sort();
}

/** Where a build's declaration lives: the project's package.json, else a storefront.json. */
function declarationFile(projectDir) {
  const pkg = path.join(projectDir, 'package.json');
  if (fs.existsSync(pkg)) return pkg;
  // A build outside a project (a test's scratch copy of a remote has no package.json, so npm and nx
  // never mistake it for the project) declares its contract in storefront.json: { "storefront": {...} }.
  const own = path.join(projectDir, 'storefront.json');
  return fs.existsSync(own) ? own : null;
}

/** The declared part of a project's contract (package.json "storefront"). */
function declaredContract(projectDir) {
  const file = declarationFile(projectDir);
  // a scratch build without storefront.json declares nothing
  const pkg = file ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const declared = pkg.storefront ?? {};
  const where = file ?? path.join(projectDir, 'package.json');
  return {
    publishes: list(declared.publishes, 'publishes', REF, where),
    consumes: list(declared.consumes, 'consumes', REF, where),
    fragments: list(declared.fragments, 'fragments', FRAGMENT, where),
  };
}

function buildContract({ name, projectDir, exposes }) {
  return {
    name,
    // BUILD_LABEL (optional) names a build in the release log and the dev panel, e.g. a commit
    ...(process.env.BUILD_LABEL ? { buildLabel: process.env.BUILD_LABEL } : {}),
    exposes: Object.keys(exposes || {}).sort(),
    ...declaredContract(projectDir),
    topics: topicDefinitions().map(({ name: topic, version, kind }) => ({ name: topic, version, kind })),
  };
}

/** Webpack plugin: emits storefront-contract.json next to mf-manifest.json. */
class StorefrontContractPlugin {
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StorefrontContractPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'StorefrontContractPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('storefront-contract.json', new RawSource(`${JSON.stringify(buildContract(this.options), null, 2)}\n`));
      });
    });
  }
}

module.exports = { topicDefinitions, declaredContract, buildContract, StorefrontContractPlugin, TOPICS_FILE };
