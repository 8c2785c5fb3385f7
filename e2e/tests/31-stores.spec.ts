import AxeBuilder from '@axe-core/playwright';
import { expect, headerLink, remote, test } from '../support/fixtures';

test.describe('store locator', () => {
  test('finds the nearest store to a postcode and shows it on the map; the pin leads to the store page', async ({ page }, testInfo) => {
    await page.goto('/stores');
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(content.getByTestId('store-result')).toHaveCount(20);
    await expect(page).toHaveTitle('Find a store | Fernleaf');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Find your nearest Fernleaf store by suburb, postcode or your location/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/stores$/);

    const box = content.getByRole('combobox', { name: 'Suburb, town or postcode' });
    await box.fill('1024');
    await expect(content.getByRole('option', { name: 'Mount Eden, Auckland 1024' })).toBeVisible();
    await box.press('Escape');
    await content.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/stores\?q=1024$/);
    // the search is in the URL, not in the canonical
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/stores$/);
    await expect(content.getByText(/stores within 200 km of Mount Eden, Auckland 1024, nearest first/)).toBeVisible();
    const first = content.getByTestId('store-result').first();
    await expect(first.getByRole('link', { name: 'Fernleaf Newmarket' })).toBeVisible();
    await expect(first).toContainText(/\d\.\d km/);
    await expect(first).toContainText(/Open now until|Closed, opens/);
    // only stores within 200 km: Hamilton (about 110 km) yes, Wellington (about 490 km) no
    await expect(content.getByTestId('store-result').filter({ hasText: 'Fernleaf The Base' })).toHaveCount(1);
    await expect(content.getByTestId('store-result').filter({ hasText: 'Lambton Quay' })).toHaveCount(0);

    const map = content.getByRole('group', { name: 'Map of the stores near Mount Eden, Auckland 1024' });
    await expect(map).toBeVisible();
    const pin = map.locator('[data-testid="map-pin"][data-store="auckland-newmarket"]');
    await expect(pin).toHaveAttribute('aria-label', '1. Fernleaf Newmarket');
    await expect(map.getByTestId('map-origin')).toHaveCount(1);
    await expectNoAxe(page, testInfo);

    await pin.click();
    await expect(page).toHaveURL(/\/stores\/auckland-newmarket$/);
    await expect(content.getByRole('heading', { level: 1, name: 'Fernleaf Newmarket' })).toBeVisible();
    await expect(content.getByRole('table')).toContainText('Opening hours (New Zealand time)');
    await expect(content.getByRole('row')).toHaveCount(7);
    await expect(page).toHaveTitle('Fernleaf Newmarket | Fernleaf');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/stores\/auckland-newmarket$/);
  });

  test("searches by the visitor's location", async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: -43.531, longitude: 172.637 }); // Cathedral Square, Christchurch
    await page.goto('/stores');
    const content = remote(page, 'content');
    await content.getByRole('button', { name: 'Use my location' }).click();
    await expect(content.getByText(/within 200 km of your location, nearest first/)).toBeVisible();
    await expect(content.getByTestId('store-result').first()).toContainText('Fernleaf The Crossing');
    await expect(content.getByTestId('store-result').nth(1)).toContainText('Fernleaf Riccarton');
  });

  test('the address combobox shows its spinner only once a lookup takes longer than 1000 ms', async ({ page }) => {
    let delayMs = 1600;
    await page.route('**/api/stores/localities?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await route.continue();
    });
    await page.goto('/stores');
    const content = remote(page, 'content');
    const box = content.getByRole('combobox', { name: 'Suburb, town or postcode' });
    const spinner = content.getByTestId('address-spinner');
    await box.pressSequentially('Riccar');
    const typedAt = Date.now();
    await expect(spinner).toBeVisible({ timeout: 3000 });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(900); // 200 ms debounce + 1000 ms delay, minus timer slack
    await expect(content.getByRole('option', { name: 'Riccarton, Christchurch 8011' })).toBeVisible();
    await expect(spinner).toBeHidden();
    // a quick answer never shows it
    delayMs = 0;
    await box.fill('Dunedin');
    await expect(content.getByRole('option', { name: 'Dunedin Central, Dunedin 9016' })).toBeVisible();
    await expect(spinner).toHaveCount(0);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/stores\?q=Dunedin/);
    await expect(content.getByTestId('store-result').first()).toContainText('Fernleaf Dunedin');
  });

  test('an unknown store page shows the 404 page', async ({ page }) => {
    const response = await page.goto('/stores/atlantis');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('404');
  });

  test('loading failures show the stores and map messages', async ({ page }) => {
    await page.goto('/blog');
    await expect(remote(page, 'content').getByRole('article').first()).toBeVisible();
    // the map is its own chunk: once the remote is loaded, make its chunks and the stores API fail
    await page.route('**/cdn/content/**/*.js', (route) => route.abort());
    await page.route('**/api/stores?**', (route) => route.fulfill({ status: 500, body: '{}', contentType: 'application/json' }));
    // the page's data comes as its route payload first: that fails too, so the page asks the API
    await page.route('**/stores/_payload.json*', (route) => route.fulfill({ status: 503, body: '{}', contentType: 'application/json' }));
    await headerLink(page, 'Stores').click();
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(content.getByRole('alert').filter({ hasText: "We couldn't load our stores just now" })).toBeVisible();
    await expect(content.getByRole('alert').filter({ hasText: "We couldn't load the map" })).toBeVisible();
    await page.unroute('**/api/stores?**');
    await content.getByRole('button', { name: 'Try again' }).click();
    await expect(content.getByTestId('store-result')).toHaveCount(20);
  });
});

async function expectNoAxe(page: import('@playwright/test').Page, testInfo: import('@playwright/test').TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof results.violations)[number]) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`;
  if (blocking.length > 0) await testInfo.attach('axe', { body: blocking.map(describe).join('\n'), contentType: 'text/plain' });
  expect(blocking.map(describe)).toEqual([]);
}
