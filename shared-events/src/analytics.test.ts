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
    // no registry in this page: no remote version
    expect(body.remoteVersion).toBeUndefined();
    expect(w.dataLayer).toEqual([expect.objectContaining({ event: 'exception', fatal: true, description: 'x is undefined' })]);

    expect(reportError('minor', {}, () => 0.5)).toBe(false);
    expect(reportTrace('slow listing', { ms: 900 }, () => 0.5)).toBe(false);
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('names the version of the reporting remote the page runs, from the page\'s registry', async () => {
    const registry = document.createElement('script');
    registry.type = 'application/json';
    registry.id = 'shell-registry';
    registry.textContent = JSON.stringify({ shell: { version: 's1' }, remotes: [{ name: 'catalog', version: '57b86e643f7c' }] });
    document.head.appendChild(registry);
    try {
      configureAnalytics({ errorEndpoint: '/collector', release: 's1' });
      expect(reportError(new Error('boom'), { level: 'fatal', source: 'catalog' }, () => 0.5)).toBe(true);
      const [, blob] = beacon.mock.calls.at(-1) as [string, Blob];
      const body = JSON.parse(await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.readAsText(blob);
      }));
      expect(body).toMatchObject({ source: 'catalog', remoteVersion: '57b86e643f7c', release: 's1' });
    } finally {
      registry.remove();
    }
  });
});
