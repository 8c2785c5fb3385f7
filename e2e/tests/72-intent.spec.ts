import type { APIRequestContext, Page } from '@playwright/test';
import { expect, remote, test } from '../support/fixtures';

/**
 * A server-rendered page is complete HTML: its scripts start only on the shopper's first intent
 * (or once the page has been quiet for a few seconds). What the shopper does before that works:
 * links are plain links, and a tap on a control that is not hydrated yet does what it says.
 */

const PHONE = { width: 375, height: 812 };

interface Product {
  path: string;
  name: string;
  variants: { id: string; qty: number }[];
  cartQtyVariantMultipleOf?: number;
  cartQtyVariantMin?: number;
  challengeQuestion?: string | null;
  state: string;
}

/** A bag sold one at a time, in stock, without a challenge question: Add to cart works at once. */
async function simpleProduct(request: APIRequestContext): Promise<Product> {
  const listing = (await (await request.get('/api/catalog/listing?category=bags&page=1')).json()) as { items: { path: string }[] };
  for (const item of listing.items) {
    const product = (await (await request.get(`/api/products/by-path?path=${encodeURIComponent(item.path)}`)).json()) as Product;
    const sellable = product.variants.some((v) => v.qty > 2);
    if (sellable && (product.cartQtyVariantMultipleOf ?? 1) === 1 && (product.cartQtyVariantMin ?? 1) <= 1 && !product.challengeQuestion && product.state !== 'coming') return product;
  }
  throw new Error('no simple product in the bags listing');
}

/** Opens `path` without any intent: the server's HTML on screen, the store's scripts not asked for. */
async function openUntouched(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/cdn/')) scripts.push(request.url());
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  return scripts;
}

test.describe('before the page is hydrated, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a tap on Add to cart right after load adds the product and opens the cart', async ({ page, request, consoleErrors }) => {
    const product = await simpleProduct(request);
    const scripts = await openUntouched(page, `/products/${product.path}`);
    const catalog = remote(page, 'catalog');
    await expect(catalog).toHaveAttribute('data-ssr', 'rendered');
    expect(scripts, 'no store script before the first tap').toEqual([]);
    await catalog.getByRole('button', { name: 'Add to cart' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByTestId('cart-line')).toContainText(product.name, { timeout: 20_000 });
    await expect(page.locator('#shell-header').getByRole('button', { name: /Cart/ })).toContainText('1');
    expect(consoleErrors).toEqual([]);
  });

  test('two taps on Add to cart 120 ms apart add one, before hydration and after it', async ({ page, request }) => {
    const product = await simpleProduct(request);
    await openUntouched(page, `/products/${product.path}`);
    const catalog = remote(page, 'catalog');
    const button = catalog.getByRole('button', { name: 'Add to cart' });
    const cartButton = page.locator('#shell-header').getByRole('button', { name: /Cart/ });
    const cartQty = () =>
      page.evaluate(() => {
        const state = JSON.parse(localStorage.getItem('fernleaf.synced.guest') ?? '{"cart":{"items":[]}}') as { cart: { items: { qty: number }[] } };
        return state.cart.items.reduce((sum, item) => sum + item.qty, 0);
      });
    // before hydration: both taps are kept and clicked again once the page has its scripts. Taps at
    // the button's place, as a finger makes them: the second lands 120 ms after the first whatever
    // the page shows by then (on a slow machine the cart drawer may already cover the button)
    await expect(catalog).toHaveAttribute('data-ssr', 'rendered');
    // (a scroll the page makes is not the shopper's intent: the page stays unhydrated)
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.touchscreen.tap(x, y);
    await page.waitForTimeout(120);
    await page.touchscreen.tap(x, y);
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByTestId('cart-line')).toContainText(product.name, { timeout: 20_000 });
    await expect(cartButton).toContainText('1');
    await page.waitForTimeout(1500);
    expect(await cartQty()).toBe(1);
    // hydrated: the same double tap while the add is in flight adds one more, not two
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await catalog.getByRole('button', { name: 'Add to cart' }).tap();
    await page.waitForTimeout(120);
    await catalog.getByRole('button', { name: /Add to cart|Adding…/ }).tap({ force: true }).catch(() => undefined);
    await expect(cartButton).toContainText('2', { timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(await cartQty()).toBe(2);
  });

  test('a tap on Filters right after load opens the filters', async ({ page }) => {
    await openUntouched(page, '/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog).toHaveAttribute('data-ssr', 'rendered');
    await catalog.getByTestId('filters-button').tap();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible({ timeout: 20_000 });
  });

  test('a tap on the menu button right after load opens the menu', async ({ page }) => {
    await openUntouched(page, '/');
    await expect(page.locator('#shell-header')).toHaveAttribute('data-ssr', 'rendered');
    await page.locator('#shell-header').getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible({ timeout: 20_000 });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the links of the server HTML navigate: a tile to its product page, a footer link to the store finder', async ({ page }) => {
    await page.goto('/categories/bags', { waitUntil: 'load' });
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    const tile = catalog.getByTestId('product-tile').nth(1);
    const href = (await tile.getAttribute('href'))!;
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(catalog.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    // the footer's links are plain links too
    const footerLink = page.locator('#shell-footer').getByRole('link', { name: 'Find a store' }).first();
    await footerLink.click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
  });
});
