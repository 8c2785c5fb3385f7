/**
 * The shell's federation runtime plugin against the real runtime (@module-federation/enhanced):
 * jsdom does not fetch scripts, so the test plays the network, answering each remote entry
 * script the runtime appends with an error or with the entry's global and a load event.
 */
import { createInstance } from '@module-federation/enhanced/runtime';
import shellRuntimePlugin, { RETRY_PARAM, withRetryQuery } from './mfRuntimePlugin';

const ENTRY = 'http://localhost/cdn/catalog/abc/remoteEntry.1234.js';

type Answer = 'fail' | 'load';

/** Answers the remote entry scripts appended to the document, in order; returns the URLs asked for. */
function network(answers: Answer[], globalName: string): { requested: string[]; stop: () => void } {
  const requested: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLScriptElement) || !node.src.includes('remoteEntry')) continue;
        requested.push(node.src);
        const answer = answers.shift() ?? 'fail';
        setTimeout(() => {
          if (answer === 'load') {
            (window as unknown as Record<string, unknown>)[globalName] = {
              init: async () => undefined,
              get: async () => () => ({ answer: 42 }),
            };
            node.dispatchEvent(new Event('load'));
          } else {
            node.dispatchEvent(new Event('error'));
          }
        }, 0);
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  return { requested, stop: () => observer.disconnect() };
}

let counter = 0;
function federation() {
  counter += 1;
  const name = `catalog${counter}`;
  const instance = createInstance({
    name: `shell_test_${counter}`,
    remotes: [{ name, entry: ENTRY, entryGlobalName: name, type: 'global' }],
    plugins: [shellRuntimePlugin()],
  });
  return { instance, name };
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('withRetryQuery', () => {
  it('adds the retry parameter to the query, before a fragment', () => {
    expect(withRetryQuery('https://cdn.test/a/remoteEntry.js', 'x1')).toBe(`https://cdn.test/a/remoteEntry.js?${RETRY_PARAM}=x1`);
    expect(withRetryQuery('/a/remoteEntry.js?v=2#top', 'x1')).toBe(`/a/remoteEntry.js?v=2&${RETRY_PARAM}=x1#top`);
  });
});

describe('remote entry retry (loadEntryError)', () => {
  it('loads a remote whose entry failed once, from the same URL with a cache-busting query', async () => {
    const { instance, name } = federation();
    const net = network(['fail', 'load'], name);
    try {
      const module = await instance.loadRemote<{ answer: number }>(`${name}/thing`);
      expect(module).toEqual({ answer: 42 });
      expect(net.requested).toHaveLength(2);
      expect(net.requested[0]).toBe(ENTRY);
      expect(net.requested[1]).toMatch(new RegExp(`^${ENTRY.replace(/\./g, '\\.')}\\?${RETRY_PARAM}=\\w+$`));
    } finally {
      net.stop();
    }
  });

  it('retries once only, then gives up with the runtime\'s error (the shell shows the fallback)', async () => {
    const { instance, name } = federation();
    const net = network(['fail', 'fail', 'load'], name);
    try {
      await expect(instance.loadRemote(`${name}/thing`)).rejects.toThrow(/RUNTIME-008|Failed to load script/);
      expect(net.requested).toHaveLength(2);
      expect(net.requested[1]).toContain(`${RETRY_PARAM}=`);
    } finally {
      net.stop();
    }
  });

  it('does not retry an entry that is already a retry', async () => {
    const plugin = shellRuntimePlugin();
    const getRemoteEntry = jest.fn();
    const result = await plugin.loadEntryError!({
      getRemoteEntry,
      origin: {} as never,
      remoteInfo: { name: 'catalog', entry: `${ENTRY}?${RETRY_PARAM}=1`, entryGlobalName: 'catalog', type: 'global', shareScope: 'default' } as never,
      globalLoading: {},
      uniqueKey: 'catalog',
    });
    expect(result).toBeUndefined();
    expect(getRemoteEntry).not.toHaveBeenCalled();
  });
});

describe('manifest retry (fetch)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('asks once more, bypassing the cache, after a failed request or a 5xx; not after a 404', async () => {
    const plugin = shellRuntimePlugin();
    const ok = { ok: true, status: 200 } as Response;
    const fetchMock = jest.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(ok);
    global.fetch = fetchMock;
    await expect(plugin.fetch!('/m.json', {})).resolves.toBe(ok);
    expect(fetchMock).toHaveBeenLastCalledWith('/m.json', { cache: 'no-cache' });

    const notFound = { ok: false, status: 404 } as Response;
    global.fetch = jest.fn().mockResolvedValueOnce(notFound);
    await expect(plugin.fetch!('/m.json', {})).resolves.toBe(notFound);
    expect(global.fetch).toHaveBeenCalledTimes(1);
  });
});
