import { applyScreen, debounce, screenClass, STICKY_DEBOUNCE_MS, STICKY_MAX_WAIT_MS, watchScreen } from './screen';

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
