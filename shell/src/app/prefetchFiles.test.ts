import { exposeFiles, prefetchRemoteApp, prefetchUrls, resetPrefetchedFiles } from './prefetchFiles';

const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.abc.js', path: '' } },
  exposes: [
    { name: 'SearchOverlay', path: './SearchOverlay', assets: { js: { sync: ['862.js', '__federation_expose_SearchOverlay.js'], async: ['59.js'] } } },
    { name: 'app', path: './app', assets: { js: { sync: ['862.js', '__federation_expose_app.js'], async: ['59.js', '305.js'] } } },
  ],
};

describe('exposeFiles', () => {
  it('lists the remote entry and the expose’s own files beside the manifest, not the shared chunks', () => {
    expect(exposeFiles(manifest, 'https://shop.test/cdn/catalog/v1/mf-manifest.json')).toEqual([
      'https://shop.test/cdn/catalog/v1/remoteEntry.abc.js',
      'https://shop.test/cdn/catalog/v1/862.js',
      'https://shop.test/cdn/catalog/v1/__federation_expose_app.js',
    ]);
  });

  it('honours a remote entry path and gives nothing for another shape', () => {
    const nested = { ...manifest, metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static/' } } };
    expect(exposeFiles(nested, 'http://localhost:3001/mf-manifest.json', 'SearchOverlay')).toEqual([
      'http://localhost:3001/static/remoteEntry.js',
      'http://localhost:3001/static/862.js',
      'http://localhost:3001/static/__federation_expose_SearchOverlay.js',
    ]);
    expect(exposeFiles({ name: 'x' }, 'http://localhost/mf-manifest.json')).toEqual([]);
    expect(exposeFiles(null, 'http://localhost/mf-manifest.json')).toEqual([]);
  });
});

describe('prefetchRemoteApp', () => {
  beforeEach(() => {
    resetPrefetchedFiles();
    document.head.innerHTML = '';
  });

  it('adds one prefetch link per file, once per page, and runs none of them', async () => {
    const load = jest.fn(async () => ({ ok: true, json: async () => manifest }));
    await prefetchRemoteApp('/cdn/catalog/v1/mf-manifest.json', load as unknown as typeof fetch);
    await prefetchRemoteApp('/cdn/catalog/v1/mf-manifest.json', load as unknown as typeof fetch);
    expect(load).toHaveBeenCalledTimes(1);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['prefetch', 'http://localhost/cdn/catalog/v1/remoteEntry.abc.js'],
      ['prefetch', 'http://localhost/cdn/catalog/v1/862.js'],
      ['prefetch', 'http://localhost/cdn/catalog/v1/__federation_expose_app.js'],
    ]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    prefetchUrls(['http://localhost/cdn/catalog/v1/862.js']);
    expect(document.head.querySelectorAll('link')).toHaveLength(3);
  });

  it('leaves a manifest on another origin (a developer override) alone', async () => {
    const load = jest.fn(async () => ({ ok: true, json: async () => manifest }));
    await prefetchRemoteApp('http://localhost:3001/mf-manifest.json', load as unknown as typeof fetch);
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('does nothing when the manifest cannot be read', async () => {
    const load = jest.fn(async () => ({ ok: false, json: async () => null }));
    await prefetchRemoteApp('/cdn/content/v2/mf-manifest.json', load as unknown as typeof fetch);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
