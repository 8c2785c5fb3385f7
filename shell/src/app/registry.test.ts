import { applyOverrides, matchRoute, originAllowed, OVERRIDE_TTL_MS, ownerOf, parseRegistry, parseStoredOverride, RegistryError, resolveOverrides, serializeStoredOverride } from './registry';

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
    expect(parseRegistry({ ...raw, analytics: { vitalsSampleRate: 1 } }).analytics).toEqual({ vitalsSampleRate: 1 });
    expect(() => parseRegistry({ ...raw, analytics: { vitalsSampleRate: 1.5 } })).toThrow('analytics.vitalsSampleRate');
    expect(() => parseRegistry({ ...raw, analytics: { errorEndpoint: 'javascript:alert(1)' } })).toThrow('analytics.errorEndpoint');
  });

  it('keeps the background-service flag and rejects a malformed one', () => {
    const registry = parseRegistry({ remotes: [{ name: 'cart_checkout', manifest: '/m.json', routes: ['/cart'], service: true }, { name: 'catalog', manifest: '/c.json', routes: ['/search'] }] });
    expect(registry.remotes.map((r) => r.service)).toEqual([true, undefined]);
    expect(() => parseRegistry({ remotes: [{ name: 'a', manifest: '/m.json', routes: ['/'], service: 'yes' }] })).toThrow('remotes.0.service');
  });

  it('keeps the route-payloads flag and rejects a malformed one', () => {
    const registry = parseRegistry({ remotes: [{ name: 'catalog', manifest: '/c.json', routes: ['/search'], payloads: true }, { name: 'content', manifest: '/m.json', routes: ['/'] }] });
    expect(registry.remotes.map((r) => r.payloads)).toEqual([true, undefined]);
    expect(() => parseRegistry({ remotes: [{ name: 'a', manifest: '/m.json', routes: ['/'], payloads: 1 }] })).toThrow('remotes.0.payloads');
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

describe('route ownership', () => {
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
  const now = Date.UTC(2026, 10, 25, 9, 0, 0);
  const later = (ms: number) => now + ms;

  it('accepts an allow-listed origin from the query and asks to store it', () => {
    const { decisions, store } = resolveOverrides(registry, {
      search: '?mf-override.catalog=http://localhost:3001/mf-manifest.json',
      stored: {},
      pageUrl,
      now,
    });
    expect(decisions).toEqual([{ name: 'catalog', manifest: 'http://localhost:3001/mf-manifest.json', accepted: true, expiresAt: later(OVERRIDE_TTL_MS) }]);
    expect(store).toEqual({ catalog: { manifest: 'http://localhost:3001/mf-manifest.json', expiresAt: now + 8 * 60 * 60 * 1000 } });
    const applied = applyOverrides(registry, decisions);
    expect(applied.remotes.find((r) => r.name === 'catalog')?.manifest).toBe('http://localhost:3001/mf-manifest.json');
    expect(applied.remotes.find((r) => r.name === 'content')?.manifest).toBe('/cdn/content/a1/mf-manifest.json');
  });

  it('refuses an origin outside the allow-list and forgets a stored one', () => {
    const { decisions, store } = resolveOverrides(registry, {
      search: '',
      stored: { catalog: { manifest: 'https://evil.example.com/mf-manifest.json', expiresAt: later(1000) } },
      pageUrl,
      now,
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
      now,
    });
    expect(decisions.every((d) => !d.accepted)).toBe(true);
  });

  it('an empty query value clears a stored override', () => {
    const { decisions, store } = resolveOverrides(registry, { search: '?mf-override.catalog=', stored: { catalog: { manifest: 'http://localhost:3001/m.json', expiresAt: later(1000) } }, pageUrl, now });
    expect(decisions).toEqual([]);
    expect(store).toEqual({ catalog: null });
  });

  it('honours a configured allow-list with exact origins', () => {
    const custom = parseRegistry({ ...raw, overrideOrigins: ['https://dev.fernleaf.example'] });
    expect(originAllowed('https://dev.fernleaf.example/catalog/mf-manifest.json', custom.overrideOrigins)).toBe(true);
    expect(originAllowed('http://localhost:3001/mf-manifest.json', custom.overrideOrigins)).toBe(false);
  });

  it('a stored override applies until its time and is not extended by visits', () => {
    const stored = { catalog: { manifest: 'http://localhost:3001/m.json', expiresAt: later(60_000) } };
    const { decisions, store } = resolveOverrides(registry, { search: '', stored, pageUrl, now });
    expect(decisions).toEqual([{ name: 'catalog', manifest: 'http://localhost:3001/m.json', accepted: true, expiresAt: later(60_000) }]);
    expect(store).toEqual({});
  });

  it('an expired stored override is dropped (and a query sets a fresh 8 hours)', () => {
    const stored = { catalog: { manifest: 'http://localhost:3001/m.json', expiresAt: now } };
    const expired = resolveOverrides(registry, { search: '', stored, pageUrl, now });
    expect(expired.decisions).toEqual([{ name: 'catalog', manifest: 'http://localhost:3001/m.json', accepted: false, reason: 'expired' }]);
    expect(expired.store).toEqual({ catalog: null });
    expect(applyOverrides(registry, expired.decisions).remotes.find((r) => r.name === 'catalog')?.version).toBe('b2');
    const renewed = resolveOverrides(registry, { search: '?mf-override.catalog=http://localhost:3002/m.json', stored, pageUrl, now });
    expect(renewed.decisions).toEqual([{ name: 'catalog', manifest: 'http://localhost:3002/m.json', accepted: true, expiresAt: later(OVERRIDE_TTL_MS) }]);
    expect(renewed.store).toEqual({ catalog: { manifest: 'http://localhost:3002/m.json', expiresAt: later(OVERRIDE_TTL_MS) } });
  });

  it('stored values: JSON with the manifest and its time; a bare URL from before expiry existed is dropped', () => {
    const value = { manifest: 'http://localhost:3001/m.json', expiresAt: later(5) };
    expect(parseStoredOverride(serializeStoredOverride(value))).toEqual(value);
    expect(parseStoredOverride('http://localhost:3001/m.json')).toBeNull();
    expect(parseStoredOverride('{"manifest":"http://localhost:3001/m.json"}')).toBeNull();
    expect(parseStoredOverride('{not json')).toBeNull();
    expect(parseStoredOverride(null)).toBeNull();
    const { decisions, store } = resolveOverrides(registry, { search: '', stored: { catalog: null }, pageUrl, now });
    expect(decisions).toEqual([]);
    expect(store).toEqual({ catalog: null });
  });

  it('overrides are off when the registry allows no origin (production without OVERRIDE_ORIGINS)', () => {
    const production = parseRegistry({ ...raw, overrideOrigins: [] });
    const { decisions, store } = resolveOverrides(production, {
      search: '?mf-override.catalog=http://localhost:9/mf-manifest.json',
      stored: { content: { manifest: 'http://localhost:3004/mf-manifest.json', expiresAt: later(1000) } },
      pageUrl,
      now,
    });
    expect(decisions.map((d) => [d.name, d.accepted, d.reason])).toEqual([
      ['content', false, 'overrides are off on this site'],
      ['catalog', false, 'overrides are off on this site'],
    ]);
    expect(store).toEqual({ content: null, catalog: null });
    expect(applyOverrides(production, decisions)).toEqual(production);
  });
});
