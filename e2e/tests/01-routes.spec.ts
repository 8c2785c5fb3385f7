import { chrome, expect, expectChrome, expectImagesLoaded, headerLink, markDocument, remote, test } from '../support/fixtures';

interface ListingItem {
  name: string;
  path: string;
}

test.describe('route prefixes: each remote renders its pages inside the shell', () => {
  test('/ shows the home page of the content remote', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(remote(page, 'content').getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expectChrome(page);
  });

  test('/categories/bags lists seeded products from the catalog remote, with images', async ({ page }) => {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    const grid = catalog.getByRole('list', { name: 'Bags', exact: true });
    const tiles = grid.getByRole('link');
    await expect(tiles.first()).toBeVisible();
    expect(await tiles.count()).toBeGreaterThan(4);
    await expect(catalog.locator('p').filter({ hasText: /^\d+ products?$/ })).toBeVisible();
    // the eagerly loaded first row: real pixels from the image endpoint
    await expectImagesLoaded(grid.getByRole('listitem').locator('img').filter({ visible: true }).first());
    await expectImagesLoaded(catalog.locator('img[loading="eager"]'), 4);
    await expectChrome(page);
  });

  test('/products/<path> from the listing shows the product name as its heading', async ({ page, request }) => {
    const listing = await request.get('/api/catalog/listing?category=bags&page=1');
    expect(listing.ok()).toBe(true);
    const item = ((await listing.json()) as { items: ListingItem[] }).items[0]!;

    await page.goto('/categories/bags');
    const link = remote(page, 'catalog').locator(`a[href="/products/${item.path}"]`);
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');

    await page.goto(href!);
    await expect(remote(page, 'catalog').getByRole('heading', { level: 1 })).toHaveText(item.name);
    await expectChrome(page);
  });

  test('/cart shows the cart page of the cart_checkout remote', async ({ page }) => {
    await page.goto('/cart');
    await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expectChrome(page);
  });

  test('/account/signin shows the sign-in form of the account remote', async ({ page }) => {
    await page.goto('/account/signin');
    const account = remote(page, 'account');
    await expect(account.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    const form = account.getByRole('form', { name: 'Sign in' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.getByLabel('Password')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectChrome(page);
  });

  test('header links navigate between remotes without a full page load', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const sameDocument = await markDocument(page);

    await headerLink(page, 'Bags').click();
    await expect(page).toHaveURL(/\/categories\/bags$/);
    await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(remote(page, 'content')).toHaveCount(0);

    // a product tile inside the catalog
    const tile = remote(page, 'catalog').getByRole('list', { name: 'Bags', exact: true }).getByRole('link').first();
    const href = await tile.getAttribute('href');
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(remote(page, 'catalog').getByRole('heading', { level: 1 })).not.toHaveText(/^\s*$/);

    await headerLink(page, 'Cart').click();
    await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(remote(page, 'catalog')).toHaveCount(0);

    await headerLink(page, 'Account').click();
    // signed out: /account sends the visitor to the sign-in page
    await expect(page).toHaveURL(/\/account\/signin$/);
    await expect(remote(page, 'account').getByRole('form', { name: 'Sign in' })).toBeVisible();

    await chrome(page).header.getByRole('link', { name: 'Fernleaf home' }).click();
    await expect(remote(page, 'content').getByRole('heading', { level: 1, name: 'Made for the long way round' })).toBeVisible();
    await expect(remote(page, 'account')).toHaveCount(0);

    await sameDocument();
  });
});
