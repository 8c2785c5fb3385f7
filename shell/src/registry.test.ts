import { applyOverrides, matchRoute, originAllowed, ownerOf, parseRegistry, RegistryError, resolveOverrides } from './registry';

const raw = {
  remotes: [
    { name: 'content', manifest: '/cdn/content/a1/mf-manifest.json', version: 'a1', routes: ['/', '/articles/*', '/blog', '/blog/*', '/stores', '/stores/*'] },
    { name: 'catalog', manifest: '/cdn/catalog/b2/mf-manifest.json', version: 'b2', routes: ['/categories/*', '/products/*', '/search', '/brands/*'] },
    { name: 'cart_checkout', manifest: '/cdn/cart_checkout/c3/mf-manifest.json', version: 'c3', routes: ['/cart', '/checkout/*', '/orders', '/return/guest/*'] },
    { name: 'account', manifest: '/cdn/account/d4/mf-manifest.json', version: 'd4', routes: ['/account', '/account/*'] },
  ],
};

describe('parseRegistry', () => {
  it('reads remotes and applies defaults', () => {
    const registry = parseRegistry(raw);
    expect(registry.remotes.map((r) => r.name)).toEqual(['content', 'catalog', 'cart_checkout', 'account']);
    expect(registry.loadTimeoutMs).toBe(5000);
    expect(registry.overrideOrigins).toContain('http://localhost:*');
  });

  it("reads the deployment's error-reporting settings and rejects bad ones", () => {
    expect(parseRegistry(raw).analytics).toBeUndefined();
    expect(parseRegistry({ ...raw, analytics: { errorEndpoint: 'https://errors.example.com/r', errorSampleRate: 0.05, traceSampleRate: 0 } }).analytics).toEqual({
      errorEndpoint: 'https://errors.example.com/r',
      errorSampleRate: 0.05,
      traceSampleRate: 0,
    });
    expect(() => parseRegistry({ ...raw, analytics: { errorSampleRate: 2 } })).toThrow('analytics.errorSampleRate');
    expect(() => parseRegistry({ ...raw, analytics: { errorEndpoint: 'javascript:alert(1)' } })).toThrow('analytics.errorEndpoint');
  });

  it('keeps the background-service flag and rejects a malformed one', () => {
    const registry = parseRegistry({ remotes: [{ name: 'cart_checkout', manifest: '/m.json', routes: ['/cart'], service: true }, { name: 'catalog', manifest: '/c.json', routes: ['/search'] }] });
    expect(registry.remotes.map((r) => r.service)).toEqual([true, undefined]);
    expect(() => parseRegistry({ remotes: [{ name: 'a', manifest: '/m.json', routes: ['/'], service: 'yes' }] })).toThrow('remotes.0.service');
  });

  it.each([
    [null, 'expected an object'],
    [{ remotes: 'x' }, 'remotes must be a list'],
    [{ remotes: [{ name: 'Bad Name', manifest: '/m.json', routes: ['/'] }] }, 'remotes.0.name'],
    [{ remotes: [{ name: 'a', manifest: '', routes: ['/'] }] }, 'remotes.0.manifest'],
    [{ remotes: [{ name: 'a', manifest: '/m.json', routes: ['nope'] }] }, 'remotes.0.routes'],
    [{ remotes: [{ name: 'a', manifest: '/m', routes: [] }, { name: 'a', manifest: '/m', routes: [] }] }, 'listed twice'],
    [{ remotes: [], loadTimeoutMs: -1 }, 'loadTimeoutMs'],
  ])('rejects %j with a message naming the problem', (input, message) => {
    expect(() => parseRegistry(input)).toThrow(RegistryError);
    expect(() => parseRegistry(input)).toThrow(message);
  });
});

describe('route ownership (spec §2)', () => {
  const registry = parseRegistry(raw);
  it.each([
    ['/', 'content'],
    ['/articles/terms-of-use', 'content'],
    ['/blog', 'content'],
    ['/blog/packing-light', 'content'],
    ['/stores', 'content'],
    ['/stores/ponsonby', 'content'],
    ['/categories/bags', 'catalog'],
    ['/categories/bags/backpacks/', 'catalog'],
    ['/products/harbour-backpack', 'catalog'],
    ['/search', 'catalog'],
    ['/brands/tide', 'catalog'],
    ['/cart', 'cart_checkout'],
    ['/checkout/shipping', 'cart_checkout'],
    ['/orders', 'cart_checkout'],
    ['/return/guest/create', 'cart_checkout'],
    ['/account', 'account'],
    ['/account/signin', 'account'],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOf(registry, path)?.name).toBe(owner);
  });

  it.each(['/nope', '/categories', '/articles', '/cartx', '/blogroll', '/checkout'])('%s has no owner', (path) => {
    expect(ownerOf(registry, path)).toBeUndefined();
  });

  it('treats "/x/*" as deeper paths only', () => {
    expect(matchRoute('/blog/*', '/blog')).toBe(false);
    expect(matchRoute('/blog/*', '/blog/a/b')).toBe(true);
  });
});

describe('overrides', () => {
  const registry = parseRegistry(raw);
  const pageUrl = 'https://shop.example.nz/categories/bags';

  it('accepts an allow-listed origin from the query and asks to store it', () => {
    const { decisions, store } = resolveOverrides(registry, {
      search: '?mf-override.catalog=http://localhost:3001/mf-manifest.json',
      stored: {},
      pageUrl,
    });
    expect(decisions).toEqual([{ name: 'catalog', manifest: 'http://localhost:3001/mf-manifest.json', accepted: true }]);
    expect(store).toEqual({ catalog: 'http://localhost:3001/mf-manifest.json' });
    const applied = applyOverrides(registry, decisions);
    expect(applied.remotes.find((r) => r.name === 'catalog')?.manifest).toBe('http://localhost:3001/mf-manifest.json');
    expect(applied.remotes.find((r) => r.name === 'content')?.manifest).toBe('/cdn/content/a1/mf-manifest.json');
  });

  it('refuses an origin outside the allow-list and forgets a stored one', () => {
    const { decisions, store } = resolveOverrides(registry, {
      search: '',
      stored: { catalog: 'https://evil.example.com/mf-manifest.json' },
      pageUrl,
    });
    expect(decisions[0]).toMatchObject({ accepted: false, reason: 'origin not in the override allow-list' });
    expect(store).toEqual({ catalog: null });
    expect(applyOverrides(registry, decisions).remotes.find((r) => r.name === 'catalog')?.manifest).toBe('/cdn/catalog/b2/mf-manifest.json');
  });

  it('refuses script-style and unknown remote overrides', () => {
    const { decisions } = resolveOverrides(registry, {
      search: '?mf-override.catalog=javascript:alert(1)&mf-override.unknown=http://localhost:1/m.json',
      stored: {},
      pageUrl,
    });
    expect(decisions.every((d) => !d.accepted)).toBe(true);
  });

  it('an empty query value clears a stored override', () => {
    const { decisions, store } = resolveOverrides(registry, { search: '?mf-override.catalog=', stored: { catalog: 'http://localhost:3001/m.json' }, pageUrl });
    expect(decisions).toEqual([]);
    expect(store).toEqual({ catalog: null });
  });

  it('honours a configured allow-list with exact origins', () => {
    const custom = parseRegistry({ ...raw, overrideOrigins: ['https://dev.fernleaf.example'] });
    expect(originAllowed('https://dev.fernleaf.example/catalog/mf-manifest.json', custom.overrideOrigins)).toBe(true);
    expect(originAllowed('http://localhost:3001/mf-manifest.json', custom.overrideOrigins)).toBe(false);
  });
});
