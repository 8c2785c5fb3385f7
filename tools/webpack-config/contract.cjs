// The storefront contract of one build: what the release gate (tools/release) compares with the
// live site. Written into every build as storefront-contract.json:
//   { name, exposes: ["./app", ...],
//     publishes / consumes: ["cart.quantity@1", ...]   (bus topics, from package.json "storefront";
//                                                       a scratch copy without package.json: storefront.json),
//     fragments: ["cart_checkout/./CartDrawer", ...]   (other remotes' modules it loads at run time),
//     topics: [{ name, version, kind, schema }],       (the topic catalog of the shared-events it was built with,
//                                                       each payload as JSON Schema: shared-events/topic-schemas.json)
//     sharedEvents: {                                  (@store/shared-events, semver: shared-events/CHANGELOG.md)
//       requires: "^1.2.0",                            the range the build needs (its package.json dependency)
//       uses: { exports: { ".": ["bus", ...], "./remote": [...] },   what its code imports from the package,
//               session: ["getState", ...],            the session members it reads,
//               topics: ["cart.add@1", ...] },         the topic constants it references
//       provides?: { version, exports, session } } }   the shell only: the copy it provides to the page
// `uses` and `provides.exports` come from the build's webpack module graph (the import specifiers
// that request @store/shared-events and their member chains; the exports webpack finds in the
// package's entry modules), not from reading source; `provides.session` is the package's declared
// session API (shared-events/package.json "storefront.session", kept equal to the session object
// by shared-events/src/session.test.ts).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const SHARED_EVENTS_DIR = path.join(root, 'shared-events');
const TOPICS_FILE = path.join(SHARED_EVENTS_DIR, 'src/topics.ts');
const TOPIC_SCHEMAS_FILE = path.join(SHARED_EVENTS_DIR, 'topic-schemas.json');
const SHARED_EVENTS = '@store/shared-events';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const sharedEventsPackage = () => readJson(path.join(SHARED_EVENTS_DIR, 'package.json'));

/** The version of @store/shared-events in this workspace (what a build carries and provides). */
function sharedEventsVersion() {
  return sharedEventsPackage().version;
}

/**
 * The @store/shared-events range a project needs: its package.json dependency (a scratch copy
 * without package.json, or a "*" range: what it was built with, `^<version>`).
 */
function requiredSharedEvents(projectDir) {
  const pkg = projectDir && fs.existsSync(path.join(projectDir, 'package.json')) ? readJson(path.join(projectDir, 'package.json')) : {};
  const range = pkg.dependencies?.[SHARED_EVENTS] ?? pkg.peerDependencies?.[SHARED_EVENTS];
  return range && range !== '*' ? range : `^${sharedEventsVersion()}`;
}

/** "./remote" for shared-events/src/remote.tsx, from the package's export map. */
function subpathOf(resource) {
  const exportsMap = sharedEventsPackage().exports;
  const rel = `./${path.relative(SHARED_EVENTS_DIR, resource).split(path.sep).join('/')}`;
  return Object.keys(exportsMap).find((key) => exportsMap[key] === rel);
}

const sortedObject = (map) => Object.fromEntries([...map.keys()].sort().map((key) => [key, [...map.get(key)].sort()]));

/**
 * What a compilation's own code uses of @store/shared-events, from its module graph: every import
 * specifier requesting the package (or a subpath), outside the package itself, with the member
 * chain webpack records for it (`session.isAccountUpdating()` -> ["session", "isAccountUpdating"]).
 */
function sharedEventsUse(compilation, modules = compilation.modules) {
  const { moduleGraph } = compilation;
  const byConst = new Map(topicDefinitions().map((t) => [t.constName, `${t.name}@${t.version}`]));
  const exportsUsed = new Map();
  const session = new Set();
  const topics = new Set();
  const inPackage = (module) => typeof module.resource === 'string' && module.resource.startsWith(SHARED_EVENTS_DIR + path.sep);
  const visit = (dependency) => {
    if (dependency.type !== 'harmony import specifier' || typeof dependency.request !== 'string') return;
    const request = dependency.request;
    if (request !== SHARED_EVENTS && !request.startsWith(`${SHARED_EVENTS}/`)) return;
    const subpath = request === SHARED_EVENTS ? '.' : `.${request.slice(SHARED_EVENTS.length)}`;
    const ids = dependency.getIds(moduleGraph);
    if (!ids.length) return; // a namespace object: its members are recorded as ids when read
    if (!exportsUsed.has(subpath)) exportsUsed.set(subpath, new Set());
    exportsUsed.get(subpath).add(ids[0]);
    if (subpath === '.' && ids[0] === 'session' && ids[1]) session.add(ids[1]);
    // a topic constant, imported by name or read off the `topics` object
    const topic = ids[0] === 'topics' ? ids[1] : ids[0];
    if (subpath === '.' && byConst.has(topic)) topics.add(byConst.get(topic));
  };
  const walkBlock = (block) => {
    for (const dependency of block.dependencies) visit(dependency);
    for (const child of block.blocks ?? []) walkBlock(child);
  };
  for (const module of modules) if (!inPackage(module)) walkBlock(module);
  return { exports: sortedObject(exportsUsed), session: [...session].sort(), topics: [...topics].sort() };
}

/** What a compilation carries of @store/shared-events: the exports of each of its entry modules in the build. */
function sharedEventsProvided(compilation, modules = compilation.modules) {
  const exportsProvided = new Map();
  for (const module of modules) {
    const subpath = typeof module.resource === 'string' ? subpathOf(module.resource) : undefined;
    if (!subpath) continue;
    const provided = compilation.moduleGraph.getExportsInfo(module).getProvidedExports();
    if (Array.isArray(provided)) exportsProvided.set(subpath, new Set(provided));
  }
  return {
    version: sharedEventsVersion(),
    exports: sortedObject(exportsProvided),
    session: [...(sharedEventsPackage().storefront?.session ?? [])].sort(),
  };
}

/** `export const cartAdd = defineTopic({ name: 'cart.add', version: 1, kind: 'event', ...` */
const DEFINITION = /export const (\w+) = defineTopic\(\{\s*name: '([^']+)',\s*version: (\d+),\s*kind: '(state|event)'/g;

/** Topics defined in shared-events/src/topics.ts (parsed from the source; see the test). */
function topicDefinitions(text = fs.readFileSync(TOPICS_FILE, 'utf8')) {
  return [...text.matchAll(DEFINITION)].map(([, constName, name, version, kind]) => ({ constName, name, version: Number(version), kind }));
}

/**
 * The payload schemas of the topics (shared-events/topic-schemas.json, keyed name@version). A build
 * with a topics.ts the file was not made from fails: its payloads would go unchecked by the gate.
 */
function topicSchemas(topicsFile = TOPICS_FILE, schemasFile = TOPIC_SCHEMAS_FILE) {
  const source = crypto.createHash('sha256').update(fs.readFileSync(topicsFile)).digest('hex');
  const file = fs.existsSync(schemasFile) ? readJson(schemasFile) : null;
  if (!file || file.source !== source) {
    throw new Error(`${path.relative(root, schemasFile)} was not made from this ${path.relative(root, topicsFile)}: run \`npm run topic-schemas -w shared-events\``);
  }
  return file.topics;
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

/**
 * The contract of one build. `sharedEvents` (what the build uses and, for the shell, provides of
 * @store/shared-events) is read off the compilation's module graph by the plugin before webpack
 * concatenates modules (which hides the package's own modules and the import specifiers).
 */
function buildContract({ name, projectDir, exposes }, sharedEvents) {
  return {
    name,
    // BUILD_LABEL (optional) names a build in the release log and the dev panel, e.g. a commit
    ...(process.env.BUILD_LABEL ? { buildLabel: process.env.BUILD_LABEL } : {}),
    exposes: Object.keys(exposes || {}).sort(),
    ...declaredContract(projectDir),
    topics: topicsWithSchemas(),
    ...(sharedEvents ? { sharedEvents: { requires: requiredSharedEvents(projectDir), ...sharedEvents } } : {}),
  };
}

/** The topic catalog with each payload's JSON Schema. */
function topicsWithSchemas() {
  const schemas = topicSchemas();
  return topicDefinitions().map(({ name: topic, version, kind }) => {
    const schema = schemas[`${topic}@${version}`];
    if (!schema) throw new Error(`shared-events/topic-schemas.json has no schema for ${topic}@${version}: run \`npm run topic-schemas -w shared-events\``);
    return { name: topic, version, kind, schema };
  });
}

/** Webpack plugin: emits storefront-contract.json next to mf-manifest.json. */
class StorefrontContractPlugin {
  constructor(options) {
    this.options = options;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StorefrontContractPlugin', (compilation) => {
      let sharedEvents;
      // after the exports and used exports are known, before modules are concatenated
      compilation.hooks.afterOptimizeDependencies.tap('StorefrontContractPlugin', (modules) => {
        sharedEvents = {
          uses: sharedEventsUse(compilation, modules),
          ...(this.options.provider ? { provides: sharedEventsProvided(compilation, modules) } : {}),
        };
      });
      compilation.hooks.processAssets.tap({ name: 'StorefrontContractPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('storefront-contract.json', new RawSource(`${JSON.stringify(buildContract(this.options, sharedEvents), null, 2)}\n`));
      });
    });
  }
}

module.exports = {
  topicDefinitions,
  topicSchemas,
  declaredContract,
  buildContract,
  StorefrontContractPlugin,
  TOPICS_FILE,
  sharedEventsVersion,
  requiredSharedEvents,
  sharedEventsUse,
  sharedEventsProvided,
};
