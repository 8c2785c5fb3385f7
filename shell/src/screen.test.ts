import { applyScreen, debounce, screenClass, STICKY_DEBOUNCE_MS, STICKY_MAX_WAIT_MS, watchScreen } from './chrome/screen';
import { guardedReload, handlePageRenderError, isStaleScriptError, RELOAD_GUARD_MS, shouldReload } from './stale-guard';

describe('screen classes', () => {
  it('below 768 mobile, below 1024 tablet, else desktop', () => {
    expect([375, 767, 768, 1023, 1024, 1440].map(screenClass)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
  });
  it('sets data-screen and the sticky offsets', () => {
    document.body.innerHTML = '<header id="shell-header"></header><div data-sticky="list-controls"></div>';
    document.getElementById('shell-header')!.getBoundingClientRect = () => ({ height: 64 }) as DOMRect;
    (document.querySelector('[data-sticky="list-controls"]') as HTMLElement).getBoundingClientRect = () => ({ height: 48 }) as DOMRect;
    applyScreen();
    const root = document.documentElement;
    expect(root.dataset.screen).toBe('desktop'); // jsdom is 1024 wide
    expect(root.style.getPropertyValue('--sticky-header')).toBe('64px');
    expect(root.style.getPropertyValue('--sticky-offset-list-controls')).toBe('64px');
    expect(root.style.getPropertyValue('--sticky-offset-total')).toBe('112px');
  });
  it('picks up the product-list controls when a page adds them, debounced at 150 ms', async () => {
    jest.useFakeTimers();
    document.body.innerHTML = '<header id="shell-header"></header><main id="shell-main"></main>';
    document.getElementById('shell-header')!.getBoundingClientRect = () => ({ height: 64 }) as DOMRect;
    const stop = watchScreen();
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--sticky-list-controls')).toBe('0px');
    const controls = document.createElement('div');
    controls.dataset.sticky = 'list-controls';
    controls.getBoundingClientRect = () => ({ height: 52 }) as DOMRect;
    document.getElementById('shell-main')!.append(controls);
    await Promise.resolve(); // mutation observers run as microtasks
    jest.advanceTimersByTime(STICKY_DEBOUNCE_MS - 10);
    expect(root.style.getPropertyValue('--sticky-list-controls')).toBe('0px');
    jest.advanceTimersByTime(20);
    expect(root.style.getPropertyValue('--sticky-list-controls')).toBe('52px');
    expect(root.style.getPropertyValue('--sticky-offset-list-controls')).toBe('64px');
    controls.remove();
    await Promise.resolve();
    jest.advanceTimersByTime(STICKY_DEBOUNCE_MS + 10);
    expect(root.style.getPropertyValue('--sticky-list-controls')).toBe('0px');
    stop();
    jest.useRealTimers();
  });
});

describe('debounce with a maximum wait', () => {
  it('fires 150 ms after the last call, and at least every 1000 ms while calls keep coming', () => {
    jest.useFakeTimers();
    let now = 0;
    const run = jest.fn();
    const d = debounce(run, STICKY_DEBOUNCE_MS, STICKY_MAX_WAIT_MS, () => now);
    const step = (ms: number) => {
      now += ms;
      jest.advanceTimersByTime(ms);
    };
    d();
    step(100);
    d();
    step(149);
    expect(run).not.toHaveBeenCalled();
    step(1);
    expect(run).toHaveBeenCalledTimes(1);
    // a call every 100 ms for 2 s: the max wait forces a run each second
    for (let i = 0; i < 20; i += 1) {
      d();
      step(100);
    }
    expect(run).toHaveBeenCalledTimes(3);
    jest.useRealTimers();
  });
});

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
