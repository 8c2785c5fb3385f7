import { chrome, expect, markDocument, remote, test, waitForHydration } from '../support/fixtures';

test.describe('desktop main navigation', () => {
  test('mouse: expands on enter (one at a time), collapses on leave; parent click does not navigate; a link inside navigates and collapses', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const nav = chrome(page).header.getByRole('navigation', { name: 'Main' });
    const bags = nav.getByRole('link', { name: 'Bags', exact: true });
    const travel = nav.getByRole('link', { name: 'Travel', exact: true });
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
    const bagsDropdown = page.locator(`#${await bags.getAttribute('aria-controls')}`);

    await bags.hover();
    await expect(bags).toHaveAttribute('aria-expanded', 'true');
    await expect(bagsDropdown).toBeVisible();
    await expect(bagsDropdown.getByRole('link', { name: 'Backpacks' })).toHaveAttribute('href', '/categories/bags/backpacks');
    // the right-hand feature image comes through the image CDN and loads
    const image = bagsDropdown.getByRole('img');
    await expect(image).toHaveAttribute('src', /\/cdn-cgi\/image\/.*images\/site\/category-bags\.jpg/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await travel.hover();
    await expect(travel).toHaveAttribute('aria-expanded', 'true');
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
    await expect(bagsDropdown).toBeHidden();

    // leaving the item (the mouse goes down into the page) collapses it
    await page.mouse.move(640, 700);
    await expect(travel).toHaveAttribute('aria-expanded', 'false');

    // clicking an expandable parent does not navigate
    const sameDocument = await markDocument(page);
    await bags.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(bags).toHaveAttribute('aria-expanded', 'false');

    // a link inside navigates (client-side) and collapses the dropdown
    await page.mouse.move(640, 700);
    await bags.hover();
    await expect(bags).toHaveAttribute('aria-expanded', 'true');
    await bagsDropdown.getByRole('link', { name: 'Backpacks' }).click();
    await expect(page).toHaveURL(/\/categories\/bags\/backpacks$/);
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
    await expect(remote(page, 'catalog').getByRole('heading', { level: 1 })).toBeVisible();
    await sameDocument();
  });

  test('keyboard: Enter expands, Escape collapses with focus back on the parent, focus leaving collapses', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const nav = chrome(page).header.getByRole('navigation', { name: 'Main' });
    const bags = nav.getByRole('link', { name: 'Bags', exact: true });
    const travel = nav.getByRole('link', { name: 'Travel', exact: true });
    await expect(bags).toHaveAttribute('aria-controls', /.+/);
    await bags.focus();
    await page.keyboard.press('Enter');
    await expect(bags).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Shop by style' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
    await expect(bags).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(bags).toHaveAttribute('aria-expanded', 'true');
    // tab through the dropdown and out of it: it collapses when focus leaves
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      if (await travel.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(travel).toBeFocused();
    await expect(bags).toHaveAttribute('aria-expanded', 'false');
  });

  test('touch: the first tap on a parent expands without navigating', async ({ browser, store }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 }, baseURL: store.baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.locator('#shell-header').getByRole('navigation', { name: 'Main' });
    const accessories = nav.getByRole('link', { name: 'Accessories', exact: true });
    await expect(accessories).toHaveAttribute('aria-controls', /.+/);
    await accessories.tap();
    await expect(accessories).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(/\/$/);
    await accessories.tap();
    await expect(accessories).toHaveAttribute('aria-expanded', 'false');
    await context.close();
  });
});
