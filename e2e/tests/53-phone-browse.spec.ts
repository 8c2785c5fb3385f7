/**
 * On a phone (375 × 812, touch), before the cart: finding a product through the filter
 * drawer (products on the first screen), search with no results (not a dead end) and focus after a
 * search, the search overlay leaving the header's search button usable, scroll to the top on a new
 * page and back where the shopper was on Back, and a remote that takes 8 s (loading, then the page).
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, remote, test } from '../support/fixtures';
import { screenshotsDir } from '../support/paths';

const screenshots = screenshotsDir;
/** The first screen, as the shopper sees it. */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshots, `browse-375-${name}.png`), animations: 'disabled' });

const PHONE = { width: 375, height: 812 };

interface Product {
  id: string;
  name: string;
  path: string;
  state: string;
  functionalType: string;
  variants: { id: string; label: string; qty: number }[];
  challengeQuestion?: string | null;
}

/** The first product of a listing a guest can add at once (on sale, one size in stock, no question). */
async function addableIn(request: APIRequestContext, query: string): Promise<Product> {
  const listing = await request.get(`/api/catalog/listing?${query}&page=1`);
  expect(listing.ok()).toBe(true);
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 48);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  const found = products.find((p) => p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.variants.length === 1 && p.variants[0]!.qty >= 3);
  expect(found, `an addable product for ${query}`).toBeTruthy();
  return found!;
}

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: [${v.impact}] ${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

async function expectFits(page: Page, where: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
}

/** Navigates client-side, as a link would (single-spa reroutes, the remotes' routers follow). */
async function spaNavigate(page: Page, path: string) {
  await page.evaluate((to) => (window as unknown as { singleSpaNavigate: (url: string) => void }).singleSpaNavigate(to), path);
}

test.describe('browsing on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a guest finds a product through the filter drawer (products on the first screen) and adds it; axe with the drawer open', async ({ page, request }) => {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    const list = catalog.getByRole('list', { name: 'Bags', exact: true });
    // below 1024 px: the Filters button, not the sidebar; the first product is on the first screen
    await expect(catalog.getByTestId('facets-sidebar')).toBeHidden();
    const filters = catalog.getByTestId('filters-button');
    await expect(filters).toBeVisible();
    await expect(list.getByRole('listitem').first()).toBeInViewport();
    await expectFits(page, 'listing');
    await shot(page, '1-listing');

    await filters.tap();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('[data-facet="colours"]')).toBeVisible();
    await page.waitForTimeout(400); // the slide-in finished
    await axe(page, 'listing with the filter drawer open');
    await shot(page, '2-filter-drawer');
    const colour = drawer.locator('[data-facet="colours"] label').first();
    const colourName = (await colour.locator('span').nth(1).textContent())!.trim();
    await colour.tap();
    await expect(page).toHaveURL(/[?&]colour=[a-z0-9-]+/);
    const value = new URL(page.url()).searchParams.get('colour')!;
    const done = drawer.getByTestId('filters-done');
    await expect(done).toHaveText(/^Show \d+ products?$/);
    await done.tap();
    await expect(drawer).toBeHidden();
    await expect(filters).toBeFocused();
    // the applied filter is summarised above the products, and counted on the button
    await expect(catalog.getByTestId('filters-count')).toHaveText('1 applied');
    const chip = catalog.getByTestId('filter-chip');
    await expect(chip).toHaveText(`Remove filter: ${colourName}×`);
    await expect(list.getByRole('listitem').first()).toBeInViewport();
    await expectFits(page, 'filtered listing');
    await shot(page, '3-filtered-listing');

    const product = await addableIn(request, `category=bags&colours=${value}`);
    const tile = list.getByRole('link', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    await tile.tap();
    await expect(catalog.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), 'the product page starts at the top').toBe(0);
    await catalog.getByRole('button', { name: 'Add to cart' }).tap();
    const cart = page.getByRole('dialog', { name: 'Your cart' });
    await expect(cart.getByTestId('cart-line')).toContainText(product.name);
    // the rest of the checkout is 52-phone-checkout.spec.ts
  });

  test('a chip removes its filter', async ({ page }) => {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByTestId('filters-button')).toBeVisible();
    await catalog.getByTestId('filters-button').tap();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.locator('[data-facet="colours"] label').first().tap();
    await expect(page).toHaveURL(/colour=/);
    await drawer.getByTestId('filters-done').tap();
    await expect(drawer).toBeHidden();
    await catalog.getByTestId('filter-chip').tap();
    await expect(page).not.toHaveURL(/colour=/);
    await expect(catalog.getByTestId('filter-chip')).toHaveCount(0);
    await expect(catalog.getByTestId('filters-count')).toHaveCount(0);
  });

  test('a search with no results shows the search box, suggestions and popular categories', async ({ page }) => {
    await page.goto('/search?q=zqxvwnothing');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Search results for “zqxvwnothing”');
    const box = catalog.getByRole('searchbox', { name: 'Search the store' });
    await expect(box).toHaveValue('zqxvwnothing');
    await expect(catalog.getByTestId('no-results')).toContainText('We couldn\'t find anything for “zqxvwnothing”');
    await expect(catalog.getByRole('heading', { level: 2, name: 'Popular searches' })).toBeVisible();
    await expect(catalog.getByTestId('popular-searches').getByRole('link').first()).toBeVisible();
    const categories = catalog.getByTestId('popular-categories').getByRole('link');
    await expect(categories.first()).toBeVisible();
    await expectFits(page, 'no results');
    await shot(page, '4-search-no-results');
    await axe(page, 'search with no results');

    // a new search from the page's own box
    await box.fill('backpack');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=backpack$/);
    await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Search results for “backpack”');
    await expect(catalog.getByRole('list', { name: 'Search results for “backpack”' }).getByRole('listitem').first()).toBeVisible();

    // a popular category is a way on
    await page.goto('/search?q=zqxvwnothing');
    await catalog.getByTestId('popular-categories').getByRole('link', { name: 'Backpacks' }).tap();
    await expect(page).toHaveURL(/\/categories\/bags\/backpacks$/);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Backpacks' })).toBeVisible();
  });

  test('the search overlay leaves the search button usable (it closes it); after a search focus is on the results heading', async ({ page }) => {
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    const button = page.locator('#shell-header').getByRole('button', { name: 'Search' });
    await button.tap();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    // nothing covers the button: the element at its centre is the button
    const box = (await button.boundingBox())!;
    await shot(page, '5-search-overlay');
    const hit = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('#shell-header button[aria-label="Search"]')), [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit, 'the search button is not covered by the overlay').toBe(true);
    await button.tap();
    await expect(dialog).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.tap();
    const input = dialog.getByRole('combobox', { name: 'Search the store' });
    await input.fill('backpack');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=backpack$/);
    const heading = remote(page, 'catalog').getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Search results for “backpack”');
    await expect(heading).toBeFocused();
    await expect(remote(page, 'catalog').getByRole('searchbox', { name: 'Search the store' })).toHaveValue('backpack');
  });

  test('a new page starts at the top; Back restores where the shopper was', async ({ page }) => {
    // the home page (content remote): well down, then a footer link to another remote's page
    await page.goto('/');
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(content.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
    await page.waitForTimeout(300); // the position is saved (debounced)
    await spaNavigate(page, '/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY), 'the new page starts at the top').toBe(0);

    // down the listing, into a product, and back: the listing where it was
    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(1400);
    await page.waitForTimeout(300);
    // a product on the screen (tapping one off it would scroll to it first)
    const links = catalog.getByRole('list', { name: 'Bags', exact: true }).getByRole('link').filter({ visible: true });
    const onScreen = await links.evaluateAll((els) => els.findIndex((el) => el.getBoundingClientRect().top >= 120 && el.getBoundingClientRect().bottom <= window.innerHeight));
    expect(onScreen).toBeGreaterThanOrEqual(0);
    const tile = links.nth(onScreen);
    await tile.tap();
    await expect(catalog.getByRole('heading', { level: 1 })).not.toHaveText('Bags');
    expect(await page.evaluate(() => window.scrollY), 'the product page starts at the top').toBe(0);
    await page.goBack();
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBeGreaterThan(1200);

    // and back again to the home page: where the shopper left it
    await page.goBack();
    await expect(content.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(900);
  });

  test("a tapped tile's product shows its name, price and picture at once, while the rest of it loads", async ({ page }) => {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await page.mouse.move(10, 10); // the scripts start on intent
    await expect(catalog.locator('[data-ssr="rendered"]')).toHaveCount(0);
    const tile = catalog.getByTestId('product-tile').first();
    const name = (await tile.getByTestId('tile-name').textContent())!;
    const price = (await tile.getByTestId('tile-price').locator('strong').textContent())!;
    // the product's data is held back until released
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/products\/[^/]+\/_payload\.json|\/api\/products\/by-path/, async (route) => {
      await released;
      await route.continue();
    });
    await tile.tap();
    const preview = catalog.getByTestId('product-preview');
    await expect(preview).toHaveAttribute('aria-busy', 'true');
    await expect(catalog.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(preview.getByTestId('pdp-price')).toContainText(price);
    await expect(preview.getByRole('img')).toBeVisible();
    await expect(catalog.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    release();
    await expect(catalog.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await expect(preview).toHaveCount(0);
    await expect(catalog.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('a remote that takes 8 s shows a loading state, then the page (not the error)', async ({ page }) => {
    test.setTimeout(90_000);
    // every request of the catalog's manifest (a link prefetch too) answers 8 s after the navigation
    let arm!: () => void;
    const armed = new Promise<void>((resolve) => (arm = resolve));
    await page.route('**/cdn/catalog/*/mf-manifest.json', async (route) => {
      await armed;
      await new Promise((resolve) => setTimeout(resolve, 8000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/');
    await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
    arm();
    await spaNavigate(page, '/categories/bags');
    const status = page.locator('[data-remote-loading="catalog"]');
    await expect(status).toHaveRole('status');
    await expect(status).toHaveText('Loading…');
    await expect(page.locator('#app-catalog')).toHaveAttribute('aria-busy', 'true');
    // past the registry's loadTimeoutMs (5 s) it says so, and keeps waiting
    await expect(page.locator('[data-remote-fallback="catalog"]')).toContainText('taking longer than usual', { timeout: 8000 });
    const heading = remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Bags' });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[data-remote-fallback]')).toHaveCount(0);
    await expect(page.locator('#app-catalog')).not.toHaveAttribute('aria-busy', 'true');
    await expect(remote(page, 'catalog').getByRole('list', { name: 'Bags', exact: true }).getByRole('listitem').first()).toBeVisible();
  });

  test('a server-rendered page whose remote takes 8 s keeps its HTML (no loading state, no error), then works', async ({ page }) => {
    test.setTimeout(90_000);
    await page.route('**/cdn/catalog/*/mf-manifest.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 8000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await page.waitForTimeout(6000);
    await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
    await expect(page.locator('[data-remote-fallback], [data-remote-loading]')).toHaveCount(0);
    // hydrated once the code arrived: the Filters button opens the drawer
    await expect(page.locator('#app-catalog')).not.toHaveAttribute('data-ssr', 'rendered', { timeout: 20_000 });
    await catalog.getByTestId('filters-button').tap();
    await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  });
});
