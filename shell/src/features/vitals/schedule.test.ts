import { ENGAGED_EVENT, ENGAGED_GLOBAL } from '@store/shared-events/remote';
import { sampled, scheduleVitals } from './schedule';

const flags = window as unknown as Record<string, unknown>;
const settings = { endpoint: '/api/site/vitals', sampleRate: 0.01, alwaysPaths: ['/checkout'], quietMs: 15_000 };

describe('Web Vitals scheduling', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    flags[ENGAGED_GLOBAL] = false; // the edge's loader: no intent yet
    window.history.replaceState(null, '', '/categories/bags');
  });
  afterEach(() => {
    jest.useRealTimers();
    delete flags[ENGAGED_GLOBAL];
  });

  it('samples page views at the rate, and checkout routes always', () => {
    expect(sampled('/categories/bags', settings, () => 0.5)).toBe(false);
    expect(sampled('/categories/bags', settings, () => 0.005)).toBe(true);
    expect(sampled('/checkout', settings, () => 0.99)).toBe(true);
    expect(sampled('/checkout/payment', settings, () => 0.99)).toBe(true);
    expect(sampled('/checkouts', settings, () => 0.99)).toBe(false);
  });

  it('loads nothing on a page view that is not sampled, even after intent', () => {
    const start = jest.fn();
    expect(scheduleVitals(settings, start, () => 0.5)).toBe(false);
    window.dispatchEvent(new Event(ENGAGED_EVENT));
    jest.advanceTimersByTime(60_000);
    expect(start).not.toHaveBeenCalled();
  });

  it('waits for the shopper\'s first intent after load, then starts at the next idle moment', () => {
    const start = jest.fn();
    expect(scheduleVitals(settings, start, () => 0)).toBe(true);
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled();
    flags[ENGAGED_GLOBAL] = true;
    window.dispatchEvent(new Event(ENGAGED_EVENT));
    jest.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts on a page nobody touches only once it has been quiet for the while after load', () => {
    const start = jest.fn();
    scheduleVitals(settings, start, () => 0);
    jest.advanceTimersByTime(14_999);
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
