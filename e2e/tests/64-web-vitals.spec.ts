import { expect, remote, test } from '../support/fixtures';

interface Report {
  path: string;
  metrics: { name: string; value: number; remote: string; version: string | null }[];
}

test('a sampled page view loads the Web Vitals reporter after its load and the first intent, and reports attributed to the version that rendered it', async ({ page }) => {
  // this deployment measuring every page view (VITALS_SAMPLE_RATE=1): the registry the edge embeds says so
  await page.route('**/categories/bags', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/(<script[^>]*id="shell-registry"[^>]*>)([\s\S]*?)(<\/script>)/, (_all, open: string, json: string, close: string) => {
      const registry = JSON.parse(json) as { analytics?: Record<string, unknown> };
      return `${open}${JSON.stringify({ ...registry, analytics: { ...registry.analytics, vitalsSampleRate: 1 } })}${close}`;
    });
    await route.fulfill({ response, body: html });
  });
  // when the shopper first showed intent (the edge's loader fires the event; a browser may count a
  // pointer resting under a layout shift as intent, so the test compares times instead of waiting)
  await page.addInitScript(() => window.addEventListener('store:engaged', () => ((window as unknown as { engagedAt: number }).engagedAt = performance.now())));
  await page.goto('/categories/bags');
  const region = remote(page, 'catalog');
  await expect(region).toHaveAttribute('data-remote-version', /\S+/);
  const version = await region.getAttribute('data-remote-version');
  await page.mouse.move(20, 300);
  await page.mouse.move(40, 320);
  const loadedAt = () =>
    page.evaluate(() => {
      const chunk = performance.getEntriesByType('resource').find((e) => /\/cdn\/shell\/[^/]+\/vitals\.[0-9a-f]+\.js$/.test(e.name));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return chunk ? { chunk: chunk.startTime, engaged: (window as unknown as { engagedAt?: number }).engagedAt ?? null, load: navigation.loadEventEnd } : null;
    });
  await expect.poll(loadedAt, { timeout: 20_000 }).not.toBeNull();
  const times = (await loadedAt())!;
  // the reporter came after the page's load and after the first intent, never before
  expect(times.engaged).not.toBeNull();
  expect(times.chunk).toBeGreaterThan(times.engaged!);
  expect(times.chunk).toBeGreaterThan(times.load);

  // the page is hidden: one report (sendBeacon removed here, so the fetch fallback's body is observable)
  await page.evaluate(() => Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true }));
  await page.waitForTimeout(1000); // the reporter's observers start once its chunk has run
  // a key press ends the largest paint (the browser's own, trusted event; the reporter takes it at the next idle moment)
  await page.keyboard.press('Shift');
  await page.waitForTimeout(1500);
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/site/vitals') && r.method() === 'POST');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const request = await posted;
  const report = JSON.parse(request.postData() ?? '{}') as Report;
  expect(report.path).toBe('/categories/bags');
  const names = report.metrics.map((m) => m.name);
  for (const name of ['LCP', 'FCP', 'TTFB', 'CLS']) expect(names).toContain(name);
  // the page's first paint and its server answer belong to the region that rendered the page, at the version the edge wrote
  for (const metric of report.metrics.filter((m) => m.name === 'FCP' || m.name === 'TTFB')) expect(metric).toMatchObject({ remote: 'catalog', version });
  for (const metric of report.metrics) expect(metric.remote).toMatch(/^(shell|catalog)$/);
  const answer = await request.response();
  expect(answer?.status()).toBe(202);
});
