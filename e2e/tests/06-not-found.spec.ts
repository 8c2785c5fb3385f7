import { expect, expectChrome, remote, test } from '../support/fixtures';

test.describe('404 page', () => {
  test('a path no remote owns answers 404 and shows the shell error page inside the chrome', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(main.getByRole('link', { name: 'Head home' })).toBeVisible();
    for (const name of ['content', 'catalog', 'cart_checkout', 'account'] as const) await expect(remote(page, name)).toHaveCount(0);
    await expectChrome(page);

    // the way out works, client-side
    await main.getByRole('link', { name: 'Head home' }).click();
    await expect(remote(page, 'content').getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: '404' })).toHaveCount(0);
  });

  test('a product the catalog does not know shows the 404 page (reported by the remote)', async ({ page }) => {
    await page.goto('/products/does-not-exist-anywhere');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('404');
    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(remote(page, 'catalog')).toHaveCount(0);
    await expectChrome(page);
  });

  test('a malformed product address (escapes that do not decode) shows the 404 page in the chrome, not raw JSON', async ({ page }) => {
    for (const path of ['/products/%E0%A4%A', '/categories/bags%E0%A4%A']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(response?.headers()['content-type'], path).toMatch(/^text\/html/);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 }), path).toHaveText('404');
      await expect(page).toHaveTitle(/Page Not Found/);
      await expect(main.getByRole('link', { name: 'Head home' })).toBeVisible();
      await expect(page.getByText('FST_ERR_BAD_URL')).toHaveCount(0);
      await expect(page.getByText('"error"')).toHaveCount(0);
      await expectChrome(page);
    }
  });
});
