import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { readRegistry } from '../support/deploy';
import { expect, expectChrome, headerLink, remote, test } from '../support/fixtures';
import { startStaticServer, type StaticServer } from '../support/static-server';

let cdn: StaticServer;
let deployedVersion: string;

test.beforeAll(async ({ store }) => {
  // a second copy of the deployed catalog build on another origin, as a developer's server would be
  const catalog = readRegistry(store.deployDir).remotes.find((r) => r.name === 'catalog')!;
  deployedVersion = catalog.version;
  cdn = await startStaticServer(path.join(store.deployDir, 'cdn/catalog', catalog.version));
});

test.afterAll(async () => {
  await cdn?.close();
});

test.afterEach(async ({ page }) => {
  await page.evaluate(() => localStorage.removeItem('mf-override:catalog')).catch(() => undefined);
});

function requestsTo(page: Page, origin: string): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin === origin) urls.push(request.url());
  });
  return urls;
}

test('an override on an allowed origin (localhost) is loaded, shown on the banner and can be cleared', async ({ page }) => {
  const origin = `http://localhost:${cdn.port}`;
  const manifest = `${origin}/mf-manifest.json`;
  const seen = requestsTo(page, origin);

  await page.goto(`/categories/bags?mf-override.catalog=${encodeURIComponent(manifest)}`);
  const banner = page.getByTestId('override-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(`catalog → ${manifest}`);
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first()).toBeVisible();
  await expect(catalog).toHaveAttribute('data-remote-version', 'override');
  await expectChrome(page);

  // the remote's code came from the other origin, not from the store's CDN
  expect(seen).toContain(manifest);
  expect(seen.some((url) => /\/remoteEntry\.[0-9a-f]+\.js$/.test(url)), 'remoteEntry from the override origin').toBe(true);
  expect(cdn.requests.map((r) => r.path)).toContain('/mf-manifest.json');
  const fromStoreCdn = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/cdn/catalog/')),
  );
  expect(fromStoreCdn).toEqual([]);

  // remembered: a plain visit keeps the override
  // (with its expiry: 8 hours from now, shown on the banner)
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('mf-override:catalog'))) ?? 'null') as { manifest: string; expiresAt: number };
  expect(stored.manifest).toBe(manifest);
  expect(Math.abs(stored.expiresAt - (Date.now() + 8 * 3600_000))).toBeLessThan(5 * 60_000);
  await expect(banner).toContainText('(expires ');
  await page.goto('/cart');
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(banner).toBeVisible();

  // the banner's button clears it: the registry's catalog is back
  await banner.getByRole('button', { name: 'Clear overrides' }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mf-override:catalog'))).toBeNull();
  await headerLink(page, 'Bags').click();
  await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(catalog).toHaveAttribute('data-remote-version', deployedVersion);
  expect(page.url()).not.toContain('mf-override');
});

test('the same override on an origin outside the allow-list (127.0.0.1) is refused', async ({ page }) => {
  const origin = `http://127.0.0.1:${cdn.port}`;
  const manifest = `${origin}/mf-manifest.json`;
  const seen = requestsTo(page, origin);
  const served = cdn.requests.length;
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto(`/categories/bags?mf-override.catalog=${encodeURIComponent(manifest)}`);
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first()).toBeVisible();
  await expect(catalog).toHaveAttribute('data-remote-version', deployedVersion);
  await expect(page.getByTestId('override-banner')).toHaveCount(0);
  expect(seen, 'requests to the refused origin').toEqual([]);
  expect(cdn.requests.length, 'requests the other server received').toBe(served);
  expect(await page.evaluate(() => localStorage.getItem('mf-override:catalog'))).toBeNull();
  expect(warnings.join('\n')).toContain('override for "catalog" ignored');
});
