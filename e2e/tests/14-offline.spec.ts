import { chrome, expect, remote, test } from '../support/fixtures';

test.use({ serviceWorkers: 'allow' });

test.describe('offline helper', () => {
  test('/sw.js comes from the deployed shell build, no-cache, with the shell precached', async ({ request, store }) => {
    const response = await request.get('/sw.js');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-cache');
    expect(response.headers()['content-type']).toContain('javascript');
    const body = await response.text();
    const registry = (await (await request.get('/registry.json')).json()) as { shell: { html: string } };
    const base = registry.shell.html.replace(/index\.html$/, '');
    expect(body).toContain(`"${base}"`);
    expect(body).toMatch(/"main\.[0-9a-f]+\.js"/);
    expect(body).not.toContain('__SHELL_BASE__');
    const manifest = await request.get('/manifest.webmanifest');
    expect(await manifest.json()).toMatchObject({ short_name: 'Fernleaf', start_url: '/', display: 'standalone' });
    void store;
  });

  test('the worker installs, precaches the shell and serves the store offline', async ({ page, context }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached.some((url) => /^\/cdn\/shell\/[^/]+\/main\.[0-9a-f]+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => /^\/api\/(cart|account|checkout|orders|klaviyo)/.test(url))).toEqual([]);

    // once visited, the page and its remotes come from the caches when the network is gone
    await page.reload();
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(chrome(page).header.getByRole('link', { name: 'Fernleaf home' })).toBeVisible();
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test('the install prompt, once dismissed, stays dismissed', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    // the browser's offer, sent until the chrome's listener has taken it (it prevents the default)
    const offer = () =>
      expect
        .poll(() =>
          page.evaluate(() => {
            const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
            window.dispatchEvent(event);
            return event.defaultPrevented;
          }),
        )
        .toBe(true);
    await offer();
    const prompt = page.getByRole('complementary', { name: 'Install the app' });
    // shown once the shopper interacts (not as the page's first, largest paint)
    await page.waitForTimeout(300);
    await expect(prompt).toHaveCount(0);
    await page.mouse.wheel(0, 200);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toHaveCount(0);
    await page.reload();
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await offer();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(300);
    await expect(prompt).toHaveCount(0);
  });
});
