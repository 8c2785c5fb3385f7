import { parseRegistry } from './registry';
import { changedRemotes, watchReleases } from './liveUpdates';

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

describe('watchReleases', () => {
  it('reads the registry before each client-side navigation for the page being navigated to (the edge pins checkout)', async () => {
    const asked: (string | undefined)[] = [];
    const stop = watchReleases({
      registry: registry('a1', 'k1'),
      fetchLive: async (pathname) => {
        asked.push(pathname);
        return registry('a1', 'k1');
      },
      reregister: () => {},
      overridden: new Set(),
    });
    const navigate = async (newUrl: string) => {
      let decided: Promise<boolean> | boolean | undefined;
      window.dispatchEvent(new CustomEvent('single-spa:before-routing-event', { detail: { newUrl, cancelNavigation: (value: Promise<boolean> | boolean) => (decided = value) } }));
      return decided;
    };
    await navigate('http://localhost/cart'); // the initial route: the registry was just read
    expect(await navigate('http://localhost/checkout/shipping?step=1')).toBe(false);
    expect(asked).toEqual(['/checkout/shipping']);
    stop();
  });
});
