import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRelease, describeChange, payloadIncompatibility, serverRequires } from '../gate.mjs';

const shared = (entries) => entries.map(([name, version, requiredVersion = `^${version}`]) => ({ name, version, requiredVersion }));
const REACT = [
  ['react', '19.3.1'],
  ['react-dom', '19.3.1'],
  ['react-router', '7.18.5'],
  ['@store/shared-events', '1.2.0'],
];
const TOPICS = [
  { name: 'cart.add', version: 1, kind: 'event' },
  { name: 'cart.add.result', version: 1, kind: 'event' },
  { name: 'cart.quantity', version: 1, kind: 'state' },
  { name: 'session.state', version: 1, kind: 'state' },
];

const SESSION_1_0 = ['getIdToken', 'getState', 'setAuthProvider', 'signIn', 'signOut', 'start', 'state$', 'synced'];
const SESSION_1_1 = [...SESSION_1_0, 'accountUpdating$', 'isAccountUpdating', 'trackAccountUpdate'];
/** What the shell's build says it provides of @store/shared-events (storefront-contract.json). */
const provides = (version = '1.2.0', session = SESSION_1_1) => ({
  version,
  exports: { '.': ['bus', 'cartAdd', 'session', 'topics'], './remote': ['ReportNotFound', 'defineRemoteApp'] },
  session,
});
/** What a remote's build says it uses of @store/shared-events. */
const uses = ({ requires = '^1.2.0', session = ['getState'], exports = { '.': ['bus', 'session', 'topics'], './remote': ['defineRemoteApp'] }, topics = ['cart.add@1', 'cart.add.result@1'] } = {}) => ({
  requires,
  uses: { exports, session, topics },
});

function live() {
  return {
    shell: {
      name: 'shell',
      manifest: { shared: shared(REACT), exposes: [] },
      contract: { publishes: [], consumes: ['cart.quantity@1'], fragments: ['catalog/./SearchOverlay', 'cart_checkout/./CartDrawer'], topics: TOPICS, sharedEvents: { ...uses(), provides: provides() } },
    },
    remotes: [
      {
        name: 'catalog',
        manifest: { shared: shared(REACT), exposes: [{ path: './app' }, { path: './SearchOverlay' }] },
        contract: { publishes: ['cart.add@1'], consumes: ['cart.add.result@1'], fragments: [] },
      },
      {
        name: 'cart_checkout',
        manifest: { shared: shared(REACT), exposes: [{ path: './app' }, { path: './service' }, { path: './CartDrawer' }] },
        contract: { publishes: ['cart.quantity@1', 'cart.add.result@1'], consumes: ['cart.add@1', 'session.state@1'], fragments: [] },
      },
    ],
  };
}

const catalogBuild = (change = (b) => b) =>
  change({
    name: 'catalog',
    manifest: { shared: shared(REACT), exposes: [{ path: './app' }, { path: './SearchOverlay' }] },
    contract: { publishes: ['cart.add@1'], consumes: ['cart.add.result@1'], fragments: [], sharedEvents: uses() },
  });

describe('checkRelease', () => {
  it('accepts a build that shares the singletons in range and keeps its contracts', () => {
    assert.deepEqual(checkRelease(catalogBuild(), live()).conflicts, []);
  });

  it('refuses a build that bundles its own React', () => {
    const build = catalogBuild((b) => ({ ...b, manifest: { ...b.manifest, shared: b.manifest.shared.filter((s) => !s.name.startsWith('react')) } }));
    const { conflicts } = checkRelease(build, live());
    assert.ok(conflicts.some((c) => c === 'catalog does not share "react": it would load a second react next to the shell\'s 19.3.1 (build it with @store/webpack-config, which shares it as a singleton)'), conflicts.join('\n'));
    assert.ok(conflicts.some((c) => c.includes('does not share "react-dom"')));
  });

  it('refuses a build whose singleton range the live shell does not satisfy', () => {
    const build = catalogBuild((b) => ({ ...b, manifest: { ...b.manifest, shared: shared([['react', '20.0.0'], ['react-dom', '20.0.0'], ['react-router', '7.18.5']]) } }));
    const { conflicts } = checkRelease(build, live());
    assert.ok(conflicts.includes('catalog requires react ^20.0.0, but the live shell provides react 19.3.1: the singleton range is broken'), conflicts.join('\n'));
  });

  it('refuses publishing an event version the live shared-events does not define', () => {
    const build = catalogBuild((b) => ({ ...b, contract: { ...b.contract, publishes: ['cart.add@2'] } }));
    const { conflicts } = checkRelease(build, live());
    assert.ok(conflicts.includes('catalog publishes cart.add v2, which the live shared-events does not define (it has cart.add@1): incompatible event version'), conflicts.join('\n'));
    assert.ok(conflicts.includes('cart_checkout consumes cart.add@1, but after this release cart.add is only published as cart.add@2: incompatible event version'), conflicts.join('\n'));
  });

  it('refuses a payload changed incompatibly under the same version (qty renamed to quantity in cart.add@1), accepts a new optional field', () => {
    const payload = (properties, required) => ({ type: 'object', properties, required, additionalProperties: false });
    const id = { type: 'string', minLength: 1 };
    const qty = { type: 'integer', exclusiveMinimum: 0 };
    const liveAdd = payload({ requestId: id, variantId: id, qty }, ['requestId', 'variantId', 'qty']);
    const withShellSchemas = () => {
      const l = live();
      l.shell.contract.topics = TOPICS.map((t) => (t.name === 'cart.add' ? { ...t, schema: liveAdd } : t));
      return l;
    };
    const builtWith = (schema) => catalogBuild((b) => ({ ...b, contract: { ...b.contract, topics: [{ name: 'cart.add', version: 1, kind: 'event', schema }] } }));

    const renamed = checkRelease(builtWith(payload({ requestId: id, variantId: id, quantity: qty }, ['requestId', 'variantId', 'quantity'])), withShellSchemas());
    assert.ok(
      renamed.conflicts.includes(
        'catalog was built with a cart.add v1 payload that differs from the live shared-events\' (required field "qty" is gone, new required field "quantity"): change a payload only compatibly, or publish a new version',
      ),
      renamed.conflicts.join('\n'),
    );
    assert.deepEqual(checkRelease(builtWith(liveAdd), withShellSchemas()).conflicts, []);
    assert.deepEqual(checkRelease(builtWith(payload({ requestId: id, variantId: id, qty, source: { type: 'string' } }, ['requestId', 'variantId', 'qty'])), withShellSchemas()).conflicts, []);
  });

  it('payloadIncompatibility names type changes, required changes and removed fields', () => {
    const p = (properties, required = []) => ({ type: 'object', properties, required });
    assert.equal(payloadIncompatibility(p({ a: { type: 'string' } }, ['a']), p({ a: { type: 'string' } }, ['a'])), null);
    assert.equal(payloadIncompatibility(p({ a: { type: 'string' } }, ['a']), p({ a: { type: 'integer' } }, ['a'])), 'field "a" has another type');
    assert.equal(payloadIncompatibility(p({ a: { type: 'string' } }), p({ a: { type: 'string' } }, ['a'])), 'field "a" is required now');
    assert.equal(payloadIncompatibility(p({ a: { type: 'string' }, b: { type: 'string' } }), p({ a: { type: 'string' } })), null);
    assert.equal(payloadIncompatibility(p({ s: { type: 'string', enum: ['X', 'Y'] } }, ['s']), p({ s: { type: 'string', enum: ['X'] } }, ['s'])), 'field "s" has another type');
  });

  it('refuses consuming an event version nobody publishes any more', () => {
    const build = catalogBuild((b) => ({ ...b, contract: { ...b.contract, consumes: ['cart.add.result@2'] } }));
    const { conflicts } = checkRelease(build, live());
    assert.ok(conflicts.some((c) => c.startsWith('catalog consumes cart.add.result v2, which the live shared-events does not define')), conflicts.join('\n'));
  });

  it('refuses a release that leaves a live consumer with no publisher of its topic at all', () => {
    const build = catalogBuild((b) => ({ ...b, contract: { ...b.contract, publishes: [] } }));
    const { conflicts } = checkRelease(build, live());
    assert.deepEqual(conflicts, [
      'cart_checkout consumes cart.add@1, but after this release nobody publishes cart.add (catalog no longer publishes cart.add@1): the consumer would be left without a publisher',
    ]);
  });

  it('accepts dropping a topic another live remote still publishes, and a consumer that had no publisher before', () => {
    const site = live();
    site.remotes.push({ name: 'account', manifest: { shared: shared(REACT), exposes: [{ path: './app' }] }, contract: { publishes: ['cart.add@1'], consumes: ['wishlist.sync@1'] } });
    const build = catalogBuild((b) => ({ ...b, contract: { ...b.contract, publishes: [] } }));
    assert.deepEqual(checkRelease(build, site).conflicts, []);
  });

  it('refuses dropping the lifecycles, the service, or a fragment another party loads', () => {
    const cart = {
      name: 'cart_checkout',
      service: true,
      manifest: { shared: shared(REACT), exposes: [{ path: './CartDrawerV2' }] },
      contract: live().remotes[1].contract,
    };
    const { conflicts } = checkRelease(cart, live());
    assert.ok(conflicts.includes('cart_checkout no longer exposes ./app, which the shell loads'));
    assert.ok(conflicts.includes('cart_checkout no longer exposes ./service, which the shell loads'));
    assert.ok(conflicts.includes('shell loads ./CartDrawer from cart_checkout, which this build no longer exposes'));
  });

  it('notes when the live shell predates contracts instead of guessing', () => {
    const site = live();
    delete site.shell.contract;
    const { conflicts, notes } = checkRelease(catalogBuild((b) => ({ ...b, contract: { ...b.contract, publishes: ['cart.add@7'] } })), site);
    assert.equal(conflicts.filter((c) => c.includes('does not define')).length, 0);
    assert.deepEqual(notes, [
      'the live shell has no storefront-contract.json: topic versions were not checked against it',
      "the live shell's storefront-contract.json does not say which @store/shared-events it provides (built before versioned shared-events): catalog's use of it was not checked",
    ]);
  });
});

describe('@store/shared-events by semver: a build\'s declared use against the live shell\'s declared provision', () => {
  const withUse = (options) => catalogBuild((b) => ({ ...b, contract: { ...b.contract, sharedEvents: uses(options) } }));
  const shellProviding = (version, session) => {
    const site = live();
    site.shell.contract.sharedEvents.provides = provides(version, session);
    return site;
  };

  it('accepts a build whose range, session members, exports and topics the live shell provides', () => {
    assert.deepEqual(checkRelease(withUse({ session: ['getState', 'isAccountUpdating'] }), live()), { conflicts: [], notes: [] });
  });

  it('refuses a build that needs a newer shared-events than the live shell provides', () => {
    const { conflicts } = checkRelease(withUse({ requires: '^1.3.0' }), live());
    assert.deepEqual(conflicts, ['catalog needs @store/shared-events ^1.3.0, but the live shell provides 1.2.0: release a shell built with a satisfying shared-events first']);
  });

  it('refuses a build across a major version', () => {
    const { conflicts } = checkRelease(withUse({ requires: '^1.2.0' }), shellProviding('2.0.0'));
    assert.deepEqual(conflicts, ['catalog needs @store/shared-events ^1.2.0, but the live shell provides 2.0.0: release a shell built with a satisfying shared-events first']);
  });

  it('refuses a build that uses a session member the live shell does not provide (an older session)', () => {
    const { conflicts } = checkRelease(withUse({ requires: '^1.0.0', session: ['getState', 'isAccountUpdating', 'accountUpdating$'] }), shellProviding('1.0.0', SESSION_1_0));
    assert.deepEqual(conflicts, [
      "catalog uses session.isAccountUpdating, which the live shell's @store/shared-events 1.0.0 does not provide",
      "catalog uses session.accountUpdating$, which the live shell's @store/shared-events 1.0.0 does not provide",
    ]);
  });

  it('refuses a build that imports an export the live shell\'s shared-events does not have', () => {
    const { conflicts } = checkRelease(withUse({ exports: { '.': ['bus', 'createFancyBus'], './remote': ['defineRemoteApp', 'EmotionRoot'], './analytics': ['track'] } }), live());
    assert.deepEqual(conflicts, [
      "catalog imports createFancyBus from @store/shared-events, which the live shell's @store/shared-events 1.2.0 does not export",
      "catalog imports EmotionRoot from @store/shared-events/remote, which the live shell's @store/shared-events 1.2.0 does not export",
    ]);
  });

  it('refuses a build whose code uses a topic version the live shared-events does not define', () => {
    const { conflicts } = checkRelease(withUse({ topics: ['cart.add@1', 'cart.add.result@2'] }), live());
    assert.deepEqual(conflicts, ["catalog uses the topic cart.add.result v2, which the live shell's @store/shared-events 1.2.0 does not define: incompatible event version"]);
  });

  it('says once when the manifest\'s singleton range already refuses the shared-events version', () => {
    const build = withUse({ requires: '^1.3.0' });
    build.manifest = { ...build.manifest, shared: shared([...REACT.filter(([n]) => n !== '@store/shared-events'), ['@store/shared-events', '1.3.0']]) };
    const { conflicts } = checkRelease(build, live());
    assert.deepEqual(conflicts, ['catalog requires @store/shared-events ^1.3.0, but the live shell provides @store/shared-events 1.2.0: the singleton range is broken']);
  });

  it('notes, and does not guess, when the build or the live shell predates versioned shared-events', () => {
    const old = catalogBuild((b) => ({ ...b, contract: { ...b.contract, sharedEvents: undefined } }));
    assert.deepEqual(checkRelease(old, live()), { conflicts: [], notes: ["catalog's storefront-contract.json does not say what it uses of @store/shared-events (built before versioned shared-events): not checked"] });
    const site = live();
    delete site.shell.contract.sharedEvents;
    const { conflicts, notes } = checkRelease(withUse({ requires: '^9.0.0' }), site);
    assert.deepEqual(conflicts, []);
    assert.equal(notes.length, 1);
  });
});

describe('describeChange', () => {
  it('lists shared version and exposes changes', () => {
    const before = { shared: shared([['react', '19.3.0'], ['rxjs', '7.8.2']]), exposes: [{ path: './app' }] };
    const after = { shared: shared([['react', '19.3.1']]), exposes: [{ path: './app' }, { path: './SearchOverlay' }] };
    assert.deepEqual(describeChange(before, after), ['shared react 19.3.0 -> 19.3.1', 'shared - rxjs', 'exposes + ./SearchOverlay']);
  });
});

describe('the server build', () => {
  const catalog = () => structuredClone(live().remotes[0]);
  it('reads what a CommonJS server bundle requires', () => {
    assert.deepEqual(serverRequires('const a = require("react"); const b = require(\'react-router\'); require("react");'), ['react', 'react-router']);
  });
  it('accepts a server build that leaves exactly the shared singletons to the edge', () => {
    const { conflicts } = checkRelease({ ...catalog(), server: { requires: ['react', 'react-dom', 'react-router', '@emotion/react/jsx-runtime', '@store/shared-events'] } }, live());
    assert.deepEqual(conflicts, []);
  });
  it('refuses a server build that requires what the edge does not provide, or bundles its own React', () => {
    const { conflicts } = checkRelease({ ...catalog(), server: { requires: ['react', 'lodash'] } }, live());
    assert.equal(conflicts.length, 1);
    assert.match(conflicts[0], /server build requires "lodash", which the edge does not provide/);
    const bundled = checkRelease({ ...catalog(), server: { requires: ['react-router'] } }, live()).conflicts;
    assert.equal(bundled.length, 1);
    assert.match(bundled[0], /server build does not leave "react" to the edge: it would render with a second React/);
  });
  it('has nothing to say about a remote without a server build', () => {
    assert.deepEqual(checkRelease(catalog(), live()).conflicts, []);
  });
  it('judges the module graph the build reports, not its text: a bundle that requires react and carries its own copy is refused', () => {
    // the text satisfies the old check (it requires react); the module graph says react-dom and react are inside
    const requires = ['react', 'react-dom', 'react-router', '@store/shared-events'];
    const carried = checkRelease({ ...catalog(), server: { requires, bundled: ['@store/mfe-catalog', 'react', 'react-dom', 'scheduler', 'zod'] } }, live()).conflicts;
    assert.deepEqual(
      carried.map((c) => c.replace(/ \(leave it external.*$/, '')),
      ['react', 'react-dom', 'scheduler'].map((name) => `catalog's server build carries its own copy of ${name}, which the edge provides: it would render with a second ${name}`),
    );
    assert.deepEqual(checkRelease({ ...catalog(), server: { requires, bundled: ['@store/contracts', '@store/mfe-catalog', 'openapi-fetch', 'zod'] } }, live()).conflicts, []);
    const { notes } = checkRelease({ ...catalog(), server: { requires } }, live());
    assert.ok(notes.some((n) => n.includes('has no server-modules.json')));
  });
});
