import { ENGAGED_EVENT, ENGAGED_GLOBAL, isEngaged, warmWhenIdle } from './remote';

const flags = window as unknown as Record<string, unknown>;

describe('warmWhenIdle', () => {
  let idle: Array<{ cb: () => void; timeout?: number }>;
  beforeEach(() => {
    idle = [];
    flags.requestIdleCallback = (cb: () => void, options?: { timeout: number }) => idle.push({ cb, timeout: options?.timeout });
    flags.cancelIdleCallback = (id: number) => {
      idle[id - 1] = { cb: () => undefined };
    };
  });
  afterEach(() => {
    delete flags[ENGAGED_GLOBAL];
    delete flags.requestIdleCallback;
    delete flags.cancelIdleCallback;
  });

  it('runs at the next idle moment on a page without the edge loader (engaged)', () => {
    const task = jest.fn();
    expect(isEngaged()).toBe(true);
    warmWhenIdle(task, 1500);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(1500);
    idle[0]!.cb();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the shopper\'s first intent on a page nobody has touched', () => {
    flags[ENGAGED_GLOBAL] = false;
    const task = jest.fn();
    warmWhenIdle(task);
    expect(isEngaged()).toBe(false);
    expect(idle).toHaveLength(0);
    flags[ENGAGED_GLOBAL] = true;
    window.dispatchEvent(new Event(ENGAGED_EVENT));
    expect(idle).toHaveLength(1);
    idle[0]!.cb();
    expect(task).toHaveBeenCalledTimes(1);
    // once
    window.dispatchEvent(new Event(ENGAGED_EVENT));
    expect(idle).toHaveLength(1);
  });

  it('cancels before and after the shopper engaged', () => {
    flags[ENGAGED_GLOBAL] = false;
    const early = jest.fn();
    warmWhenIdle(early)();
    window.dispatchEvent(new Event(ENGAGED_EVENT));
    expect(idle).toHaveLength(0);
    flags[ENGAGED_GLOBAL] = true;
    const late = jest.fn();
    const cancel = warmWhenIdle(late);
    cancel();
    idle[0]!.cb();
    expect(late).not.toHaveBeenCalled();
    expect(early).not.toHaveBeenCalled();
  });
});
