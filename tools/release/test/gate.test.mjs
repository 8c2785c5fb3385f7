import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkRelease, describeChange, serverRequires } from '../gate.mjs';

const shared = (entries) => entries.map(([name, version, requiredVersion = `^${version}`]) => ({ name, version, requiredVersion }));
const REACT = [
  ['react', '19.3.1'],
  ['react-dom', '19.3.1'],
  ['react-router', '7.18.5'],
  ['@store/shared-events', '0.1.0'],
];
const TOPICS = [
  { name: 'cart.add', version: 1, kind: 'event' },
  { name: 'cart.add.result', version: 1, kind: 'event' },
  { name: 'cart.quantity', version: 1, kind: 'state' },
  { name: 'session.state', version: 1, kind: 'state' },
];

function live() {
  return {
    shell: {
      name: 'shell',
      manifest: { shared: shared(REACT), exposes: [] },
      contract: { publishes: [], consumes: ['cart.quantity@1'], fragments: ['catalog/./SearchOverlay', 'cart_checkout/./CartDrawer'], topics: TOPICS },
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
    contract: { publishes: ['cart.add@1'], consumes: ['cart.add.result@1'], fragments: [] },
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

describe('the server build (issue 17)', () => {
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
});
