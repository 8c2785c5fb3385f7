import { expect, remote, test } from '../support/fixtures';

/** The catalog's ./SearchOverlay fragment inside the shell's search overlay. */

test('the search overlay suggests products as you type, submits to /search and closes', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await page.locator('#shell-header').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  // the catalog fragment (a combobox with a suggestion list), not the shell's fallback form
  const box = dialog.getByRole('combobox', { name: 'Search the store' });
  await expect(box).toBeVisible();
  await box.fill('backpack');
  const options = dialog.getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(6);
  for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('backpack');

  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=backpack$/);
  await expect(dialog).toBeHidden();
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1 })).toHaveText('Search results for “backpack”');

  // A suggestion opens its product page.
  await page.locator('#shell-header').getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('combobox', { name: 'Search the store' }).fill('wallet');
  const first = dialog.getByRole('option').first();
  await expect(first).toBeVisible();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(dialog).toBeHidden();
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1 })).toBeVisible();
});
