import { guardedReload, handlePageRenderError, isStaleScriptError, RELOAD_GUARD_MS, shouldReload } from './staleGuard';

describe('stale script guard', () => {
  it('recognises chunk and remote entry load failures', () => {
    expect(isStaleScriptError('ChunkLoadError: Loading chunk 312 failed.')).toBe(true);
    expect(isStaleScriptError('[ Federation Runtime ]: RUNTIME-008 remoteEntry failed to load')).toBe(true);
    expect(isStaleScriptError('TypeError: x is undefined')).toBe(false);
  });
  it('reloads once per path per 10 s', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReload('/categories/bags', storage, 1000)).toBe(true);
    expect(shouldReload('/categories/bags', storage, 5000)).toBe(false);
    expect(shouldReload('/products/x', storage, 5000)).toBe(true);
    expect(shouldReload('/categories/bags', storage, 11_000)).toBe(true);
    expect(shouldReload('/categories/bags', { getItem: () => null, setItem: () => { throw new Error('quota'); } }, 0)).toBe(false);
  });
  it('guardedReload reloads to the target path through the guard (sessionStorage by default)', () => {
    sessionStorage.clear();
    const assign = jest.fn();
    expect(guardedReload('/cart', sessionStorage, assign)).toBe(true);
    expect(guardedReload('/cart', sessionStorage, assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/cart');
    expect(sessionStorage.getItem('fernleaf.stale-reload')).toContain('/cart');
  });
  it('a stale chunk failing inside React reloads (guarded); other render errors show the error page', () => {
    const markFailed = jest.fn();
    const reload = jest.fn(() => true);
    expect(handlePageRenderError('ChunkLoadError: Loading chunk 77 failed.', markFailed, reload)).toBe('reloaded');
    expect(markFailed).not.toHaveBeenCalled();
    // inside the guard window the reload is refused: the page shows the error page instead of looping
    reload.mockReturnValueOnce(false);
    expect(handlePageRenderError('ChunkLoadError: Loading chunk 77 failed.', markFailed, reload)).toBe('failed');
    expect(markFailed).toHaveBeenCalledTimes(1);
    expect(handlePageRenderError('TypeError: product.variants is undefined', markFailed, reload)).toBe('failed');
    expect(markFailed).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
