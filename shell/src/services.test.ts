import { bus, topics } from '@store/shared-events';
import type { RemoteEntry } from './registry';
import { startServices } from './services';

const remote = (name: string, service?: boolean): RemoteEntry => ({ name, manifest: `/cdn/${name}/1/mf-manifest.json`, version: '1', routes: [], ...(service ? { service } : {}) });

describe('startServices', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('starts the service of every flagged remote and skips the others', async () => {
    const starts: string[] = [];
    const load = jest.fn(async (id: string) => ({ start: () => void starts.push(id) }));
    const started = await startServices([remote('catalog'), remote('cart_checkout', true), remote('account', true)], load, 1000);
    expect(load.mock.calls.map(([id]) => id).sort()).toEqual(['account/service', 'cart_checkout/service']);
    expect(starts.sort()).toEqual(['account/service', 'cart_checkout/service']);
    expect(started.sort()).toEqual(['account', 'cart_checkout']);
  });

  it('reports a service that fails, and still starts the others', async () => {
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const load = jest.fn(async (id: string) => {
      if (id.startsWith('account')) throw new Error('remoteEntry 503');
      return { start: jest.fn() };
    });
    const started = await startServices([remote('cart_checkout', true), remote('account', true)], load, 1000);
    expect(started).toEqual(['cart_checkout']);
    expect(failures).toContainEqual({ remote: 'account', reason: 'load-error', message: 'service: remoteEntry 503' });
    stop();
  });

  it('gives up on a service that never loads', async () => {
    jest.useFakeTimers();
    const failures: unknown[] = [];
    const stop = bus.subscribe(topics.remoteFailed, (payload) => failures.push(payload));
    const pending = startServices([remote('account', true)], () => new Promise(() => undefined), 500);
    jest.advanceTimersByTime(501);
    await expect(pending).resolves.toEqual([]);
    expect(failures).toContainEqual(expect.objectContaining({ remote: 'account', reason: 'load-timeout' }));
    jest.useRealTimers();
    stop();
  });

  it('rejects a module without start()', async () => {
    const started = await startServices([remote('cart_checkout', true)], async () => ({ begin() {} }), 1000);
    expect(started).toEqual([]);
  });
});
