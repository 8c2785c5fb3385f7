import { expect, expectChrome, headerLink, remote, test } from '../support/fixtures';
import { startStaticServer, type StaticServer } from '../support/static-server';

let cdn: StaticServer;

test.beforeAll(async ({ store }) => {
  // the fixture remote (federation name "catalog") whose mount throws, on another origin
  cdn = await startStaticServer(store.brokenRemoteDist);
});

test.afterAll(async () => {
  await cdn?.close();
});

test('a remote that throws while mounting shows the fallback; the chrome keeps working', async ({ page }) => {
  const manifest = cdn.url('/mf-manifest.json');
  await page.goto(`/categories/bags?mf-override.catalog=${encodeURIComponent(manifest)}`);

  const banner = page.getByTestId('override-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(manifest);

  const fallback = page.locator('[data-remote-fallback="catalog"]');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveRole('alert');
  await expect(fallback).toContainText('Something went wrong while showing this part of the store.');
  // the fallback replaced whatever the broken remote left behind
  await expect(remote(page, 'catalog').getByText('Half-mounted fixture remote')).toHaveCount(0);
  expect(cdn.requests.map((r) => r.path)).toContain('/mf-manifest.json');
  await expectChrome(page);

  // header navigation to another remote still works
  await headerLink(page, 'Cart').click();
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(fallback).toHaveCount(0);
  await expect(banner).toBeVisible();

  // clear the override with the banner: the real catalog is back
  await banner.getByRole('button', { name: 'Clear overrides' }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mf-override:catalog'))).toBeNull();
  await headerLink(page, 'Bags').click();
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(fallback).toHaveCount(0);
});

test('a page that throws while rendering shows the error page (Something Went Wrong); leaving it recovers', async ({ page }) => {
  const manifest = cdn.url('/mf-manifest.json');
  await page.goto(`/categories/render-error?mf-override.catalog=${encodeURIComponent(manifest)}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Something Went Wrong');
  await expect(page).toHaveTitle(/^Something Went Wrong/);
  await expect(main.getByRole('link', { name: 'Head home' })).toBeVisible();
  // the remote's own fallback is replaced by the shell's page, and the chrome keeps working
  await expect(page.locator('[data-remote-fallback="catalog"]')).toHaveCount(0);
  await expectChrome(page);
  // the error page's analytics event carries the code and the message
  const errorEvents = () =>
    page.evaluate(() => JSON.stringify(((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'error_page')));
  await expect.poll(errorEvents).toContain('render failed on purpose');
  expect(await errorEvents()).toContain('"code":500');

  await main.getByRole('link', { name: 'Head home' }).click();
  await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: 'Something Went Wrong' })).toHaveCount(0);
});

test.afterEach(async ({ page }) => {
  // never leave an override behind, whatever happened above
  await page.evaluate(() => localStorage.removeItem('mf-override:catalog')).catch(() => undefined);
});
