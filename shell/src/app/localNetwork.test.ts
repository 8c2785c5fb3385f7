import { blockedByLocalNetworkAccess, isLocalAddress, localNetworkHelp, renderLocalNetworkHelp } from './localNetwork';

const HOSTED = 'https://store.example.com/categories/bags?mf-override.catalog=http://localhost:3001/mf-manifest.json';
const LOCAL_MANIFEST = 'http://localhost:3001/mf-manifest.json';

describe('Local Network Access for a developer override', () => {
  it('knows this machine and private networks from public hosts', () => {
    for (const url of ['http://localhost:3001/', 'http://127.0.0.1:3001/', 'http://[::1]:3001/', 'http://192.168.1.20:3001/', 'http://10.0.0.5/', 'http://172.20.1.1/', 'http://devbox.local:3001/']) {
      expect([url, isLocalAddress(new URL(url))]).toEqual([url, true]);
    }
    for (const url of ['https://store.example.com/', 'http://172.32.0.1/', 'https://8.8.8.8/']) expect([url, isLocalAddress(new URL(url))]).toEqual([url, false]);
  });

  it('blames Local Network Access for a network failure of a local manifest under a public page only', () => {
    const failed = new TypeError('Failed to fetch');
    expect(blockedByLocalNetworkAccess(HOSTED, LOCAL_MANIFEST, failed)).toBe(true);
    // the federation runtime's wrapping of the same failure
    expect(blockedByLocalNetworkAccess(HOSTED, LOCAL_MANIFEST, new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'))).toBe(true);
    // a page on localhost itself is not blocked; a public manifest is not a local one
    expect(blockedByLocalNetworkAccess('http://localhost:8080/categories/bags', LOCAL_MANIFEST, failed)).toBe(false);
    expect(blockedByLocalNetworkAccess(HOSTED, 'https://cdn.example.com/catalog/mf-manifest.json', failed)).toBe(false);
    // the manifest answered (a broken build): not a network block
    expect(blockedByLocalNetworkAccess(HOSTED, LOCAL_MANIFEST, new Error('catalog/app does not expose single-spa lifecycles'))).toBe(false);
  });

  it('tells the developer what was blocked and how to allow local network access', () => {
    const [what, allow, still] = localNetworkHelp('catalog', LOCAL_MANIFEST, HOSTED);
    expect(what).toBe('Your local catalog build (http://localhost:3001/mf-manifest.json) could not be loaded: the browser blocked https://store.example.com from reaching http://localhost:3001 (Local Network Access).');
    expect(allow).toContain('turn on "Local network access" for https://store.example.com, then reload the page');
    expect(allow).toContain('chrome://settings/content/localNetworkAccess');
    expect(still).toContain('npm run dev -w <remote>');
  });

  it('shows the help in place of the remote, with Try again', () => {
    document.body.innerHTML = '<div id="region"><p>old</p></div>';
    const region = document.getElementById('region')!;
    const retry = jest.fn();
    renderLocalNetworkHelp(region, 'catalog', LOCAL_MANIFEST, HOSTED, retry);
    const alert = region.querySelector('[role="alert"]')!;
    expect(alert.querySelector('h2')?.textContent).toBe('Allow local network access to see your local build');
    expect(alert.textContent).toContain('Local network access');
    expect(region.textContent).not.toContain('old');
    (alert.querySelector('button') as HTMLButtonElement).click();
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
