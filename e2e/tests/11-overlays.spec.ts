import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { chrome, expect, remote, test } from '../support/fixtures';

async function expectNoSeriousAxe(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`), `axe, ${label}`).toEqual([]);
}

test.describe('overlays', () => {
  test('search overlay toggles from the header; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const button = chrome(page).header.getByRole('button', { name: 'Search' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    // the catalog's fragment or the fallback form: either way a search box to type in
    const box = dialog.getByRole('searchbox').or(dialog.getByRole('combobox')).first();
    await expect(box).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
  });

  test('cart overlay opens from the header button, traps focus, closes on an outside click; axe clean', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await chrome(page).header.getByRole('button', { name: /^Cart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('[data-cart-overlay]')).toHaveAttribute('data-position', 'right');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    // the cart's fragment or the fallback link, once loaded
    await expect(dialog.locator('a, button').nth(1)).toBeVisible();
    await page.waitForTimeout(350); // enter transition
    await expectNoSeriousAxe(page, 'cart overlay open');

    // Tab stays inside the dialog
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.mouse.click(20, 400);
    await expect(dialog).toHaveCount(0);

  });

  test('the mobile menu opens at 375 px, is axe-clean, and closes itself at 1024 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const header = chrome(page).header;
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = header.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: /Travel/ }).click();
    await expect(menu.getByRole('link', { name: 'Carry-on Luggage' })).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoSeriousAxe(page, 'mobile menu open');

    await page.setViewportSize({ width: 1100, height: 800 });
    await expect(menu).toHaveCount(0);
    await expect(open).toBeHidden();
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('a link in the mobile menu navigates and closes the menu (route change)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await chrome(page).header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Stores' }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(menu).toHaveCount(0);
  });

  test('the region dialog opened from the mobile menu is axe-clean and Escape closes only it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await chrome(page).header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: /Change region/ }).click();
    const regions = page.getByRole('dialog', { name: 'Choose your region' });
    await expect(regions).toBeVisible();
    await expectNoSeriousAxe(page, 'region dialog open');
    await page.keyboard.press('Escape');
    await expect(regions).toHaveCount(0);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('button', { name: /Change region/ })).toBeFocused();
  });

  test('an open overlay closes when the route changes without any of its own links (browser back)', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    await chrome(page).header.getByRole('link', { name: 'Stores' }).click();
    await expect(page).toHaveURL(/\/stores$/);
    await chrome(page).header.getByRole('button', { name: /^Cart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Your cart' });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(dialog).toHaveCount(0);
  });

  test('the 404 page is axe-clean with the cart overlay, the mobile menu and the region dialog open', async ({ page }) => {
    const response = await page.goto('/this-bag-does-not-exist');
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expectNoSeriousAxe(page, '404 page');

    await chrome(page).header.getByRole('button', { name: /^Cart/ }).click();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart).toBeVisible();
    await expect(cart.locator('a, button').nth(1)).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoSeriousAxe(page, '404 page, cart overlay open');
    await page.keyboard.press('Escape');
    await expect(cart).toHaveCount(0);

    await chrome(page).header.getByRole('button', { name: /Change region/ }).click();
    const regionsDesktop = page.getByRole('dialog', { name: 'Choose your region' });
    await expect(regionsDesktop).toBeVisible();
    await page.waitForTimeout(350);
    // a centred dialog stays centred once its enter transition is over
    const box = (await regionsDesktop.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
    await expectNoSeriousAxe(page, '404 page, region dialog open');
    await page.keyboard.press('Escape');
    await expect(regionsDesktop).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 800 });
    await chrome(page).header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoSeriousAxe(page, '404 page, mobile menu open');
    await menu.getByRole('button', { name: /Change region/ }).click();
    const regions = page.getByRole('dialog', { name: 'Choose your region' });
    await expect(regions).toBeVisible();
    await page.waitForTimeout(350);
    await expectNoSeriousAxe(page, '404 page at 375 px, region dialog open');
  });
});
