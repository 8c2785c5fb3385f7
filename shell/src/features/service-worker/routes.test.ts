import { isPublicApi, isRemoteAsset } from './routes';

describe('service worker caching rules', () => {
  it('caches immutable remote build files, not manifests', () => {
    expect(isRemoteAsset('/cdn/catalog/12819a38cb2a/remoteEntry.1234abcd.js')).toBe(true);
    expect(isRemoteAsset('/cdn/cart_checkout/5d0555a1b1ad/315.867ae2d6.js')).toBe(true);
    expect(isRemoteAsset('/cdn/catalog/12819a38cb2a/mf-manifest.json')).toBe(false);
    expect(isRemoteAsset('/cdn/shell/b0c8c3d185cd/index.html')).toBe(false);
    expect(isRemoteAsset('/categories/bags')).toBe(false);
  });
  it('never caches APIs that carry personal data', () => {
    expect(isPublicApi('/api/catalog/listing')).toBe(true);
    expect(isPublicApi('/api/products/by-path')).toBe(true);
    expect(isPublicApi('/api/site/navigation')).toBe(true);
    for (const path of ['/api/account/state', '/api/cart', '/api/checkout/orders', '/api/orders/F1001', '/api/klaviyo/subscribe', '/api/site/errors', '/api/search/indexes/nz_products/objects']) {
      expect(isPublicApi(path)).toBe(false);
    }
  });
});
