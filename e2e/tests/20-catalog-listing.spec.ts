import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, remote, test } from '../support/fixtures';

/** Category and search listings with facets, sort, load more and back. */

const tiles = (page: Page) => remote(page, 'catalog').getByTestId('product-tile');
const totalText = (page: Page) => remote(page, 'catalog').getByTestId('listing-total');
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-remote="catalog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
}

test('filter by category, colour and price, sort, load more, and back restores the list and scroll', async ({ page, request }) => {
  const api = await (await request.get('/api/catalog/listing?category=bags')).json();
  expect(api.total, 'enough bags for two pages').toBeGreaterThan(48);

  await page.goto('/categories/bags');
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('heading', { level: 1, name: 'Bags' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(48);
  await expect(totalText(page)).toHaveText(`${api.total} products`);
  expect(await seriousAxe(page), 'serious axe violations on the list').toEqual([]);

  // Load more keeps the page in the URL without a new history entry.
  const historyBefore = await page.evaluate(() => history.length);
  await catalog.getByRole('button', { name: 'Load more' }).click();
  await expect(tiles(page)).toHaveCount(Math.min(96, api.total));
  await expect(page).toHaveURL(/[?&]page=2/);
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);

  // Open a product from page 2, then come back: same 96 tiles and the same scroll position.
  const target = tiles(page).nth(60);
  await target.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore).toBeGreaterThan(500);
  const name = (await target.getByTestId('tile-name').textContent())!;
  await target.click();
  await expect(catalog.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(tiles(page)).toHaveCount(Math.min(96, api.total));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollBefore - 150);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollBefore + 150);

  // Category facet: a subcategory.
  const filters = catalog.getByRole('complementary', { name: 'Filters' });
  const backpacks = api.facets.categories.find((c: { value: string }) => c.value === 'bags/backpacks');
  // click, then wait: the checkbox follows the URL, which the router updates in a transition
  const backpacksBox = filters.getByRole('checkbox', { name: /^Backpacks/ });
  // Right after Back the sticky sidebar can still be settling (a busy machine once saw the click
  // land on the sidebar itself): tap again only while it is still unchecked (both taps ask for the
  // same URL, so a slow first one is harmless).
  await expect(async () => {
    if (!(await backpacksBox.isChecked())) await backpacksBox.click();
    await expect(backpacksBox).toBeChecked({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/category=bags%2Fbackpacks/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(totalText(page)).toHaveText(`${backpacks.count} ${backpacks.count === 1 ? 'product' : 'products'}`);

  // Colour facet: counts shown are what selecting it gives.
  const colourBox = filters.locator('[data-facet="colours"] label').first();
  const colourName = (await colourBox.locator('span').nth(1).textContent())!;
  const colourCount = Number((await colourBox.locator('span').nth(2).textContent())!.replace(/\D/g, ''));
  // by its name: the options re-order when the new counts arrive
  const colourCheckbox = filters.locator('[data-facet="colours"]').getByRole('checkbox', { name: new RegExp(`^${colourName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) });
  await colourCheckbox.click();
  await expect(colourCheckbox).toBeChecked();
  await expect(page).toHaveURL(/colour=/);
  await expect(totalText(page)).toHaveText(`${colourCount} ${colourCount === 1 ? 'product' : 'products'}`);
  const colours = await catalog.getByTestId('tile-colour').allTextContents();
  // every tile's colour line is the selected colour
  expect(new Set(colours)).toEqual(new Set([colourName]));

  // Price range (whole dollars in the URL).
  await filters.getByLabel('Min price ($)').fill('50');
  await filters.getByLabel('Max price ($)').fill('400');
  await filters.getByRole('button', { name: 'Apply price' }).click();
  await expect(page).toHaveURL(/minPrice=50/);
  await expect(page).toHaveURL(/maxPrice=400/);
  await expect(tiles(page).first()).toBeVisible();
  const prices = await catalog.getByTestId('tile-price').locator('strong').allTextContents();
  for (const price of prices) {
    expect(cents(price)).toBeGreaterThanOrEqual(5000);
    expect(cents(price)).toBeLessThanOrEqual(40000);
  }

  // Sort: replaces the history entry and clears the page.
  const beforeSort = await page.evaluate(() => history.length);
  await catalog.getByLabel('Sort by').selectOption({ label: 'Price Highest First' });
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect.poll(async () => {
    const list = (await catalog.getByTestId('tile-price').locator('strong').allTextContents()).map(cents);
    return list.length > 0 && list.every((v, i) => i === 0 || list[i - 1]! >= v);
  }).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(beforeSort);
});

test("search finds backpacks for 'backpacks' and for the typo 'lether backpak'", async ({ page }) => {
  await page.goto('/search?q=backpacks');
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText('Search results for “backpacks”');
  await expect(tiles(page).first()).toBeVisible();
  const names = (await catalog.getByTestId('tile-name').allTextContents()).slice(0, 5);
  for (const n of names) expect(n.toLowerCase()).toContain('backpack');
  // Product impressions are pushed to the dataLayer about 3 s after the list is shown.
  const impressions = () =>
    page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string; item_list_name?: string; items?: unknown[] }[] }).dataLayer ?? []).filter((e) => e.event === 'view_item_list'));
  await expect.poll(async () => (await impressions()).length, { timeout: 8000 }).toBe(1);
  const [impression] = await impressions();
  expect(impression!.item_list_name).toBe('search');
  expect(impression!.items!.length).toBe(await tiles(page).count());

  await page.goto('/search?q=lether%20backpak');
  await expect(catalog.getByTestId('corrected-query')).toContainText('leather backpack');
  await expect(tiles(page).first()).toBeVisible();
  const typoNames = (await catalog.getByTestId('tile-name').allTextContents()).slice(0, 3);
  for (const n of typoNames) expect(n.toLowerCase()).toContain('backpack');
});

test('category and search pages set title, description, canonical and breadcrumbs JSON-LD; search is noindex', async ({ page, request }) => {
  const catalog = remote(page, 'catalog');
  const head = () =>
    page.evaluate(() => ({
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => (l as HTMLLinkElement).href),
      robots: [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      ld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
    }));

  const bags = await (await request.get('/api/catalog/listing?category=bags')).json();
  await page.goto('/categories/bags?colour=black&sort=price-asc');
  await expect(catalog.getByRole('heading', { level: 1 })).toHaveText(bags.category.name);
  await expect(page).toHaveTitle(`${bags.category.name} | Fernleaf`);
  await expect.poll(async () => (await head()).canonicals).toEqual([new URL('/categories/bags', page.url()).toString()]);
  let meta = await head();
  expect(meta.robots).toEqual([]);
  expect(meta.description).toMatch(/^Shop \d+ /);
  // the category's BreadcrumbList (no ItemList: each product page carries its own Product data)
  expect(meta.ld.map((ld) => ld['@type'])).toEqual(['BreadcrumbList']);
  expect(meta.ld[0]).toMatchObject({ '@context': 'https://schema.org', itemListElement: [{ position: 1, name: 'Home' }, { position: 2, name: bags.category.name }] });

  await page.goto('/search?q=tote');
  await expect(page).toHaveTitle('Search results for “tote” | Fernleaf');
  await expect.poll(async () => (await head()).robots).toEqual(['noindex']);
  meta = await head();
  expect(meta.canonicals).toEqual([new URL('/search', page.url()).toString()]);
  expect(meta.ld).toEqual([]);

  // leaving the search for a product through the client-side router takes its noindex away
  await catalog.getByTestId('product-tile').first().click();
  await expect(page).toHaveURL(/\/products\//);
  await expect.poll(async () => (await head()).robots).toEqual([]);
});

test('a discounted product shows the floor of the discount percent on its tile and page', async ({ page, request }) => {
  const sale = await (await request.get('/api/catalog/listing?category=sale')).json();
  const item = sale.items[0];
  const percent = Math.floor(((item.erpOriginalPrice - item.price) * 100) / item.erpOriginalPrice);
  await page.goto('/categories/sale');
  const tile = remote(page, 'catalog').locator(`[data-product-id="${item.id}"]`);
  await expect(tile.getByTestId('tile-discount')).toHaveText(`-${percent}%`);
  await expect(tile.locator('s')).toHaveText(`$${(item.erpOriginalPrice / 100).toFixed(2)}`);
  await tile.click();
  await expect(remote(page, 'catalog').getByTestId('pdp-discount')).toHaveText(`Save ${percent}%`);
});

test('the header and the product-list controls stay in view while the list scrolls (sticky offsets)', async ({ page }) => {
  await page.goto('/categories/bags');
  await expect(tiles(page)).toHaveCount(48);
  const header = page.locator('#shell-header');
  const controls = remote(page, 'catalog').locator('[data-sticky="list-controls"]');
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  const headerBox = (await header.boundingBox())!;
  expect(headerBox.y).toBe(0);
  // the controls sit right below the header: the shell measured it into --sticky-offset-list-controls
  await expect.poll(async () => Math.round((await controls.boundingBox())!.y)).toBe(Math.round(headerBox.height));
  await expect(remote(page, 'catalog').getByLabel('Sort by')).toBeInViewport();
});

test('Load more by keyboard: focus stays on the button while the next page loads, then goes to the first new tile', async ({ page, request }) => {
  const api = await (await request.get('/api/catalog/listing?category=bags')).json();
  expect(api.total, 'enough bags for two pages').toBeGreaterThan(48);
  await page.goto('/categories/bags');
  const catalog = remote(page, 'catalog');
  await expect(tiles(page)).toHaveCount(48);
  // the next page is held back a moment, so the loading state can be seen
  await page.route(/\/api\/catalog\/listing\?.*page=2/, async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
  const loadMore = catalog.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(catalog.getByRole('button', { name: 'Loading…' })).toBeFocused();
  await expect(tiles(page)).toHaveCount(Math.min(96, api.total));
  const firstNew = tiles(page).nth(48);
  await expect(firstNew).toBeFocused();
  expect(await firstNew.getAttribute('data-position')).toBe('49');
  // and the page is not back at the top: the focused tile is on screen
  await expect(firstNew).toBeInViewport();
});

test('a list opened at a later page shows that page alone with its own title and canonical; Load previous fills in before it; a page past the end is not found', async ({ page, request }) => {
  const api = await (await request.get('/api/catalog/listing?category=bags')).json();
  expect(api.pageCount, 'enough bags for three pages').toBeGreaterThan(2);
  const second = await (await request.get('/api/catalog/listing?category=bags&page=2')).json();
  const response = await page.goto('/categories/bags?page=2');
  expect(response?.status()).toBe(200);
  const catalog = remote(page, 'catalog');
  await expect(tiles(page)).toHaveCount(48);
  await expect(tiles(page).first().getByTestId('tile-name')).toHaveText(second.items[0].name);
  expect(await tiles(page).first().getAttribute('data-position')).toBe('49');
  await expect(page).toHaveTitle('Bags, page 2 | Fernleaf');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/categories\/bags\?page=2$/);
  await expect(catalog.getByText('Showing 49–96 of')).toBeVisible();
  expect(await seriousAxe(page), 'serious axe violations on a later page').toEqual([]);

  // Load previous by keyboard: focus goes to the first tile of the page put above
  const previous = catalog.getByRole('button', { name: 'Load previous' });
  await previous.focus();
  await page.keyboard.press('Enter');
  await expect(tiles(page)).toHaveCount(96);
  await expect(tiles(page).first()).toBeFocused();
  expect(await tiles(page).first().getAttribute('data-position')).toBe('1');
  await expect(tiles(page).first().getByTestId('tile-name')).toHaveText(api.items[0].name);
  await expect(previous).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]page=2$/);

  // Load more goes on after page 2
  await catalog.getByRole('button', { name: 'Load more' }).click();
  await expect(tiles(page)).toHaveCount(Math.min(144, api.total));
  await expect(page).toHaveURL(/[?&]page=3$/);
  // and Back from a product shows the whole run again (the landing page's data and those loaded since)
  const count = await tiles(page).count();
  const target = tiles(page).nth(10);
  const name = (await target.getByTestId('tile-name').textContent())!;
  await target.click();
  await expect(catalog.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(tiles(page)).toHaveCount(count);
  expect(await tiles(page).first().getAttribute('data-position')).toBe('1');

  const past = await page.goto(`/categories/bags?page=${api.pageCount + 1}`);
  expect(past?.status()).toBe(404);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('404');
});
