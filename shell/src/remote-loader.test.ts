import { bus, topics } from '@store/shared-events';
import type { AppProps, LifeCycles } from 'single-spa';

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: jest.fn(),
}));

import { remoteApplication, withTimeout } from './remote-loader';

const remote = { name: 'catalog', manifest: '/cdn/catalog/v1/mf-manifest.json', version: 'v1', routes: ['/categories/*'] };
const props = { name: 'catalog', singleSpa: {}, mountParcel: jest.fn() } as unknown as AppProps;

function setup(timeoutMs = 50) {
  document.body.innerHTML = '<main id="shell-main"></main>';
  const onFailure = jest.fn();
  const onRetry = jest.fn();
  const failures: unknown[] = [];
  const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
  const load = remoteApplication({ remote, timeoutMs, mountPoint: () => document.getElementById('shell-main')!, onFailure, onRetry });
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

  it('gives up on a slow remote after the timeout', async () => {
    loadRemote.mockReturnValue(new Promise(() => undefined));
    const { load, failures, stop } = setup(30);
    await mountApp(await load());
    expect(document.querySelector('[data-remote-fallback="catalog"]')?.textContent).toContain('taking longer');
    expect(failures).toEqual([expect.objectContaining({ reason: 'load-timeout' })]);
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
