import { expect, remote, test } from '../support/fixtures';

test.describe('analytics and error reporting', () => {
  test('a page_view reaches the dataLayer about 3 s after navigation, marked guest', async ({ page }) => {
    // when each page_view is pushed, in ms since the navigation started (the page's own clock: a
    // slow load on a busy machine does not move it)
    await page.addInitScript(() => {
      const w = window as unknown as { dataLayer?: { event: string }[]; pageViewsAt?: number[] };
      const layer: { event: string }[] = (w.dataLayer ??= []);
      w.pageViewsAt = [];
      const push = layer.push.bind(layer);
      layer.push = (...entries) => {
        for (const entry of entries) if (entry.event === 'page_view') w.pageViewsAt!.push(performance.now());
        return push(...entries);
      };
    });
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const pageViews = () => page.evaluate(() => ((window as unknown as { dataLayer?: { event: string; page_path?: string; user_type?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'page_view'));
    await expect.poll(pageViews, { timeout: 6000 }).toEqual([expect.objectContaining({ page_path: '/', user_type: 'guest' })]);
    const at = await page.evaluate(() => (window as unknown as { pageViewsAt: number[] }).pageViewsAt);
    expect(at).toHaveLength(1);
    expect(at[0]).toBeGreaterThanOrEqual(2950);
  });

  test('an unhandled error on a checkout route is always reported to the local collector', async ({ page, request }) => {
    await page.goto('/checkout/contact');
    await expect(page.locator('#shell-header').getByRole('link', { name: 'Fernleaf home' })).toBeVisible();
    // the reporter falls back to fetch(keepalive) where sendBeacon is missing: its body is observable here
    await page.evaluate(() => Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true }));
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/site/errors') && r.method() === 'POST');
    await page.evaluate(() => setTimeout(() => {
      throw new Error('Payment step could not render its form');
    }));
    const report = JSON.parse((await posted).postData() ?? '{}') as Record<string, unknown>;
    expect(report).toMatchObject({ kind: 'error', level: 'error', message: 'Payment step could not render its form', location: '/checkout/contact', source: 'window' });
    const stored = await (await posted).response();
    expect(stored?.status()).toBe(202);
    const bad = await request.post('/api/site/errors', { data: { kind: 'error' } });
    expect(bad.status()).toBe(400);
  });
});
