import { configureAnalytics, DEFAULT_ANALYTICS_SETTINGS, reportError, reportTrace, shouldSend, track } from './analytics';

const w = window as unknown as { dataLayer?: unknown[]; __storeAnalytics?: unknown };

describe('analytics', () => {
  let beacon: jest.Mock;
  beforeEach(() => {
    delete w.dataLayer;
    delete w.__storeAnalytics;
    beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });

  it('pushes events onto window.dataLayer (GTM convention)', () => {
    track('page_view', { page_path: '/categories/bags', user_type: 'guest' });
    expect(w.dataLayer).toEqual([{ event: 'page_view', page_path: '/categories/bags', user_type: 'guest' }]);
  });

  it('samples 1% of errors by default, traces 0.1%', () => {
    expect(DEFAULT_ANALYTICS_SETTINGS.errorSampleRate).toBe(0.01);
    expect(DEFAULT_ANALYTICS_SETTINGS.traceSampleRate).toBe(0.001);
    const s = DEFAULT_ANALYTICS_SETTINGS;
    expect(shouldSend({ level: 'error', location: '/categories/bags', kind: 'error' }, s, () => 0.009)).toBe(true);
    expect(shouldSend({ level: 'error', location: '/categories/bags', kind: 'error' }, s, () => 0.011)).toBe(false);
    expect(shouldSend({ level: 'warning', location: '/', kind: 'trace' }, s, () => 0.0009)).toBe(true);
    expect(shouldSend({ level: 'warning', location: '/', kind: 'trace' }, s, () => 0.002)).toBe(false);
  });

  it('always sends fatal events and events on checkout routes', () => {
    const s = DEFAULT_ANALYTICS_SETTINGS;
    expect(shouldSend({ level: 'fatal', location: '/', kind: 'error' }, s, () => 0.99)).toBe(true);
    expect(shouldSend({ level: 'error', location: '/checkout/payment?x=1', kind: 'error' }, s, () => 0.99)).toBe(true);
    expect(shouldSend({ level: 'error', location: '/checkoutish', kind: 'error' }, s, () => 0.99)).toBe(false);
  });

  it('sends a report to the configured endpoint and records an exception event', async () => {
    configureAnalytics({ errorEndpoint: '/collector', release: 'abc123' });
    expect(reportError(new TypeError('x is undefined'), { level: 'fatal', code: 500, source: 'catalog' }, () => 0.5)).toBe(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe('/collector');
    const body = JSON.parse(await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    }));
    expect(body).toMatchObject({ kind: 'error', level: 'fatal', message: 'x is undefined', name: 'TypeError', code: '500', source: 'catalog', location: '/', release: 'abc123' });
    expect(w.dataLayer).toEqual([expect.objectContaining({ event: 'exception', fatal: true, description: 'x is undefined' })]);

    expect(reportError('minor', {}, () => 0.5)).toBe(false);
    expect(reportTrace('slow listing', { ms: 900 }, () => 0.5)).toBe(false);
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
