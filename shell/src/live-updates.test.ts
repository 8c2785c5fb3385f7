import { parseRegistry } from './registry';
import { changedRemotes } from './live-updates';

const registry = (catalog: string, cart: string) =>
  parseRegistry({
    remotes: [
      { name: 'catalog', manifest: `/cdn/catalog/${catalog}/mf-manifest.json`, version: catalog, routes: ['/search'] },
      { name: 'cart_checkout', manifest: `/cdn/cart_checkout/${cart}/mf-manifest.json`, version: cart, routes: ['/cart'] },
    ],
  });

describe('changedRemotes', () => {
  it('lists the remotes released since the page loaded', () => {
    expect(changedRemotes(registry('a1', 'k1'), registry('a2', 'k1'), new Set()).map((r) => r.version)).toEqual(['a2']);
    expect(changedRemotes(registry('a1', 'k1'), registry('a1', 'k1'), new Set())).toEqual([]);
  });

  it('never replaces a remote the developer overrode', () => {
    expect(changedRemotes(registry('a1', 'k1'), registry('a2', 'k2'), new Set(['catalog'])).map((r) => r.name)).toEqual(['cart_checkout']);
  });

  it('ignores remotes the running page does not know (they need a shell release for their routes)', () => {
    const live = parseRegistry({ remotes: [...registry('a1', 'k1').remotes, { name: 'loyalty', manifest: '/m.json', version: 'l1', routes: ['/rewards'] }] });
    expect(changedRemotes(registry('a1', 'k1'), live, new Set())).toEqual([]);
  });
});
