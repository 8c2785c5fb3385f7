import { bus, topics } from '@store/shared-events';
import type { AppProps, LifeCycles } from 'single-spa';

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: jest.fn(),
}));

import { remoteApplication, slowLimitMs, withTimeout } from './remoteLoader';

const remote = { name: 'catalog', manifest: '/cdn/catalog/v1/mf-manifest.json', version: 'v1', routes: ['/categories/*'] };
const props = { name: 'catalog', singleSpa: {}, mountParcel: jest.fn() } as unknown as AppProps;

function setup(timeoutMs = 50, giveUpMs?: number) {
  document.body.innerHTML = '<main id="shell-main"></main>';
  const onFailure = jest.fn();
  const onRetry = jest.fn();
  const failures: unknown[] = [];
  const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
  const load = remoteApplication({ remote, timeoutMs, giveUpMs, mountPoint: () => document.getElementById('shell-main')!, onFailure, onRetry });
  return { load, onFailure, onRetry, failures, stop };
}

async function mountApp(lifecycles: LifeCycles) {
  const call = <K extends 'bootstrap' | 'mount' | 'unmount'>(k: K) => (lifecycles[k] as (p: AppProps) => Promise<unknown>)(props);
  await call('bootstrap');
  await call('mount');
  return () => call('unmount');
}

afterEach(() => loadRemote.mockReset());
jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe('remoteApplication', () => {
  it('mounts a healthy remote into its own container', async () => {
    const mount = jest.fn(async ({ domElement }: { domElement: HTMLElement }) => {
      domElement.innerHTML = '<h1>Bags</h1>';
    });
    loadRemote.mockResolvedValue({ bootstrap: async () => undefined, mount, unmount: async () => undefined });
    const { load, onFailure } = setup();
    const unmount = await mountApp(await load());
    expect(loadRemote).toHaveBeenCalledWith('catalog/app');
    expect(document.querySelector('[data-remote="catalog"] h1')?.textContent).toBe('Bags');
    expect(onFailure).not.toHaveBeenCalled();
    await unmount();
    expect(document.querySelector('[data-remote="catalog"]')).toBeNull();
  });

  it('shows a fallback with a retry button when the remote cannot be loaded', async () => {
    loadRemote.mockRejectedValue(new Error('ScriptExternalLoadError'));
    const { load, onFailure, onRetry, failures, stop } = setup();
    await mountApp(await load());
    const fallback = document.querySelector('[data-remote-fallback="catalog"]');
    expect(fallback?.getAttribute('role')).toBe('alert');
    expect(fallback?.textContent).toContain('unavailable');
    expect(onFailure).toHaveBeenCalledWith('catalog');
    expect(failures).toEqual([expect.objectContaining({ remote: 'catalog', reason: 'load-error' })]);
    (fallback?.querySelector('button') as HTMLButtonElement).click();
    expect(onRetry).toHaveBeenCalledWith('catalog');
    stop();
  });

  it('a slow remote: Loading… at once, "taking longer than usual" past the timeout, then the page when it arrives', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const { load, failures, onFailure, stop } = setup(30, 5000);
    const pending = load();
    const region = document.querySelector<HTMLElement>('#app-catalog')!;
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.querySelector('[role="status"]')?.textContent).toBe('Loading…');
    await new Promise((r) => setTimeout(r, 60));
    const slow = document.querySelector('[data-remote-fallback="catalog"]');
    expect(slow?.getAttribute('role')).toBe('alert');
    expect(slow?.textContent).toContain('taking longer than usual');
    expect(slow?.querySelector('button')?.textContent).toBe('Try again');
    arrive({ mount: async ({ domElement }: { domElement: HTMLElement }) => void (domElement.innerHTML = '<h1>Bags</h1>'), unmount: async () => undefined });
    await mountApp(await pending);
    expect(document.querySelectorAll('#app-catalog')).toHaveLength(1);
    expect(document.querySelector('#app-catalog h1')?.textContent).toBe('Bags');
    expect(document.querySelector('[data-remote-fallback]')).toBeNull();
    expect(region.hasAttribute('aria-busy')).toBe(false);
    expect(failures).toEqual([]);
    expect(onFailure).not.toHaveBeenCalled();
    stop();
  });

  it('Try again while waiting asks again; whichever answer arrives first shows', async () => {
    loadRemote.mockReturnValueOnce(new Promise(() => undefined));
    const { load, stop } = setup(20, 5000);
    const pending = load();
    await new Promise((r) => setTimeout(r, 40));
    loadRemote.mockResolvedValueOnce({ mount: async ({ domElement }: { domElement: HTMLElement }) => void (domElement.innerHTML = '<h1>Bags</h1>'), unmount: async () => undefined });
    (document.querySelector('[data-remote-fallback="catalog"] button') as HTMLButtonElement).click();
    await mountApp(await pending);
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(document.querySelector('#app-catalog h1')?.textContent).toBe('Bags');
    stop();
  });

  it('gives up on a remote that never arrives after the much longer limit: the error fallback', async () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));
    const { load, failures, stop } = setup(20, 60);
    await mountApp(await load());
    expect(document.querySelector('[data-remote-fallback="catalog"]')?.textContent).toContain('taking far longer');
    expect(document.querySelector('#app-catalog')?.hasAttribute('aria-busy')).toBe(false);
    expect(failures).toEqual([expect.objectContaining({ reason: 'load-timeout' })]);
    expect(slowLimitMs(5000)).toBeGreaterThanOrEqual(30_000);
    stop();
  });

  it('a server-rendered region keeps its HTML while the code loads (no loading state, no "taking longer")', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const { load, stop } = setup(20, 5000);
    const main = document.getElementById('shell-main')!;
    main.innerHTML = '<div id="app-catalog" data-remote="catalog" data-remote-version="v1" data-ssr="rendered"><h1>Bags</h1></div>';
    const pending = load();
    await new Promise((r) => setTimeout(r, 40));
    expect(main.querySelector('h1')?.textContent).toBe('Bags');
    expect(main.querySelector('[role="status"], [data-remote-fallback]')).toBeNull();
    const mount = jest.fn(async () => undefined);
    arrive({ mount, unmount: async () => undefined });
    await mountApp(await pending);
    expect(mount).toHaveBeenCalledWith(expect.objectContaining({ domElement: main.querySelector('#app-catalog') }));
    stop();
  });

  it('replaces a remote that throws while mounting with the fallback', async () => {
    loadRemote.mockResolvedValue({
      mount: async () => {
        throw new Error('boom');
      },
      unmount: async () => undefined,
    });
    const { load, failures, stop } = setup();
    await mountApp(await load());
    expect(document.querySelector('[data-remote-fallback="catalog"]')?.textContent).toContain('Something went wrong');
    expect(failures).toEqual([expect.objectContaining({ reason: 'render-error', message: 'boom' })]);
    stop();
  });

  it('rejects a module without lifecycles', async () => {
    loadRemote.mockResolvedValue({});
    const { load, failures, stop } = setup();
    await mountApp(await load());
    expect(document.querySelector('[data-remote-fallback="catalog"]')).not.toBeNull();
    expect(failures).toEqual([expect.objectContaining({ reason: 'load-error', message: expect.stringContaining('lifecycles') })]);
    stop();
  });
});

describe('withTimeout', () => {
  it('passes values and errors through before the deadline', async () => {
    await expect(withTimeout(Promise.resolve(1), 50, 'x')).resolves.toBe(1);
    await expect(withTimeout(Promise.reject(new Error('no')), 50, 'x')).rejects.toThrow('no');
  });
});

describe('a developer override in a server-rendered page', () => {
  const override = { ...remote, manifest: 'http://localhost:3001/mf-manifest.json', version: 'override' };
  const LIVE_REGION = '<div id="app-catalog" data-remote="catalog" data-remote-version="v1" data-ssr="rendered"><h1>Bags (live)</h1></div>';
  const setupOverride = (pageUrl?: string) => {
    document.body.innerHTML = `<main id="shell-main">${LIVE_REGION}</main>`;
    return remoteApplication({ remote: override, timeoutMs: 20, giveUpMs: 5000, mountPoint: () => document.getElementById('shell-main')!, onFailure: jest.fn(), onRetry: jest.fn(), ...(pageUrl ? { pageUrl: () => pageUrl } : {}) });
  };

  it('keeps the live server-rendered region on screen until the local build has drawn its page (not busy), then swaps', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    loadRemote.mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    const load = setupOverride();
    const main = document.getElementById('shell-main')!;
    const pending = load();
    await new Promise((r) => setTimeout(r, 40));
    expect(main.textContent).toBe('Bags (live)');
    expect(main.querySelector('[role="status"], [data-remote-fallback]')).toBeNull();
    let draw: () => void = () => undefined;
    // the local build's first render comes after its mount resolved (React commits later)
    let loaded: () => void = () => undefined;
    const mount = jest.fn(async ({ domElement }: { domElement: HTMLElement }) => {
      expect(domElement.hidden).toBe(true);
      // first the page's frame, waiting for its data; then the data
      draw = () => (domElement.innerHTML = '<h1>\u00a0</h1><ul aria-busy="true"></ul>');
      loaded = () => {
        domElement.querySelector('h1')!.textContent = 'Bags (local)';
        domElement.querySelector('ul')!.setAttribute('aria-busy', 'false');
      };
    });
    arrive({ mount, unmount: async () => undefined });
    await mountApp(await pending);
    expect(main.textContent).toBe('Bags (live)');
    draw();
    await Promise.resolve();
    expect(main.querySelector<HTMLElement>('[data-outdated]')?.textContent).toBe('Bags (live)');
    expect(main.querySelector<HTMLElement>('#app-catalog')!.hidden).toBe(true);
    loaded();
    await Promise.resolve();
    expect(main.textContent).toBe('Bags (local)');
    expect(main.querySelectorAll('[data-remote="catalog"]')).toHaveLength(1);
    const region = main.querySelector<HTMLElement>('#app-catalog')!;
    expect(region.hidden).toBe(false);
    expect(region.dataset.remoteVersion).toBe('override');
  });

  it('says how to allow local network access when the browser blocks the local manifest', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    const load = setupOverride('https://store.example.com/categories/bags');
    await mountApp(await load());
    const main = document.getElementById('shell-main')!;
    const alert = main.querySelector('[data-local-network-blocked]')!;
    expect(alert.querySelector('h2')?.textContent).toBe('Allow local network access to see your local build');
    expect(alert.textContent).toContain('turn on "Local network access" for https://store.example.com');
    // the live region gave way to the message
    expect(main.textContent).not.toContain('Bags (live)');
    expect(error.mock.calls.map((c) => String(c[0])).join('\n')).toContain('[shell] Your local catalog build (http://localhost:3001/mf-manifest.json) could not be loaded: the browser blocked https://store.example.com');
  });

  it('shows the usual fallback, not the local network help, when the store itself runs on localhost', async () => {
    loadRemote.mockRejectedValue(new TypeError('Failed to fetch'));
    const load = setupOverride('http://localhost:8080/categories/bags');
    await mountApp(await load());
    const main = document.getElementById('shell-main')!;
    expect(main.querySelector('[data-local-network-blocked]')).toBeNull();
    expect(main.querySelector('[data-remote-fallback="catalog"] h2')?.textContent).toBe('Sorry, we hit a snag');
  });
});
