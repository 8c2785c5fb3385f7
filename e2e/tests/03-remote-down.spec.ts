import { readRegistry, waitUntilServed, writeRegistry } from '../support/deploy';
import { expect, expectChrome, headerLink, remote, test } from '../support/fixtures';

const CATALOG_FILES = '**/cdn/catalog/**';

test.describe('a remote that is down or slow is replaced by its fallback; the rest of the store works', () => {
  test('catalog down: fallback in its place, chrome and other remotes work, recovery without reload', async ({ page }) => {
    await page.route(CATALOG_FILES, (route) => route.abort('connectionrefused'));

    await page.goto('/categories/bags');
    const fallback = page.locator('[data-remote-fallback="catalog"]');
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveRole('alert');
    await expect(fallback.getByRole('heading', { name: 'Sorry, we hit a snag' })).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(remote(page, 'catalog')).toContainText('unavailable');
    await expectChrome(page);

    // the header still navigates, client-side, to another remote
    const start = await page.evaluate(() => performance.timeOrigin);
    await headerLink(page, 'Cart').click();
    await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(fallback).toHaveCount(0);

    // the catalog's CDN is back: coming back to a catalog route loads it afresh, no reload
    await page.unroute(CATALOG_FILES);
    await headerLink(page, 'Bags').click();
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first()).toBeVisible();
    await expect(fallback).toHaveCount(0);
    expect(await page.evaluate(() => performance.timeOrigin), 'same document').toBe(start);
  });

  // the shell's federation runtime plugin (shell/src/app/mfRuntimePlugin.ts) loads a remote entry
  // that failed once more, from its URL with ?mf-retry=<stamp>; only a second failure is the fallback
  const CATALOG_ENTRY = '**/cdn/catalog/*/remoteEntry*.js*';
  /** Fails the first remote entry script of the catalog (not a <link rel=prefetch> of it); returns the URLs asked for. */
  async function failFirstCatalogEntry(page: import('@playwright/test').Page): Promise<string[]> {
    const requested: string[] = [];
    await page.route(CATALOG_ENTRY, (route) => {
      if (route.request().resourceType() !== 'script') return route.continue();
      requested.push(route.request().url());
      return requested.length === 1 ? route.abort('connectionrefused') : route.continue();
    });
    return requested;
  }

  test('catalog remote entry fails once on a client-side navigation: retried, the catalog renders without the fallback', async ({ page }) => {
    const requested = await failFirstCatalogEntry(page);
    await page.goto('/cart');
    await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await headerLink(page, 'Bags').click();
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first()).toBeVisible();
    await expect(page.locator('[data-remote-fallback="catalog"]')).toHaveCount(0);
    expect(requested).toHaveLength(2);
    expect(requested[1]).toBe(`${requested[0]}?mf-retry=${new URL(requested[1]!).searchParams.get('mf-retry')}`);
  });

  test('catalog remote entry fails once on a server-rendered page: retried, the page hydrates without the fallback', async ({ page }) => {
    const requested = await failFirstCatalogEntry(page);
    await page.goto('/categories/bags'); // waits until the page is hydrated
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(page.locator('[data-remote-fallback="catalog"]')).toHaveCount(0);
    expect(requested).toHaveLength(2);
    expect(new URL(requested[1]!).searchParams.has('mf-retry')).toBe(true);
    // hydrated: a client-side navigation inside the catalog works
    await catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first().click();
    await expect(catalog.getByRole('heading', { level: 1 })).not.toHaveText('Bags');
    await expect(page.locator('[data-remote-fallback="catalog"]')).toHaveCount(0);
  });

  test('catalog slower than the registry loadTimeoutMs: loading, then "taking longer than usual" (fallback with Try again), then the page when it arrives', async ({ page, store }) => {
    test.slow();
    const original = readRegistry(store.deployDir);
    const timeoutMs = 1500;
    const quicker = { ...original, loadTimeoutMs: timeoutMs };
    await writeRegistry(store.deployDir, quicker);
    try {
      await waitUntilServed(store.baseURL, quicker);
      // the manifest arrives, but only well after the shell's loadTimeoutMs counted from the click
      // (a prefetch of the header's links before it is held as well, so nothing is loaded earlier)
      let delayed = 0;
      let arm!: () => void;
      const armed = new Promise<void>((resolve) => (arm = resolve));
      await page.route('**/cdn/catalog/*/mf-manifest.json', async (route) => {
        delayed += 1;
        await armed;
        await new Promise((resolve) => setTimeout(resolve, timeoutMs + 2500));
        await route.continue().catch(() => undefined);
      });
      await page.goto('/');
      await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();

      const started = Date.now();
      arm();
      await headerLink(page, 'Bags').click();
      // a region the browser renders: a loading state at once
      await expect(page.locator('[data-remote-loading="catalog"]')).toHaveText('Loading…');
      const fallback = page.locator('[data-remote-fallback="catalog"]');
      await expect(fallback).toBeVisible({ timeout: timeoutMs + 2000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs - 100);
      expect(delayed).toBeGreaterThan(0);
      await expect(fallback).toHaveRole('alert');
      await expect(fallback).toContainText('taking longer than usual');
      await expect(fallback.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expectChrome(page);
      // the shell kept waiting: the page replaces the fallback when the remote arrives
      await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible({ timeout: 10_000 });
      await expect(fallback).toHaveCount(0);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    } finally {
      await writeRegistry(store.deployDir, original);
      await waitUntilServed(store.baseURL, original);
    }
  });
});
