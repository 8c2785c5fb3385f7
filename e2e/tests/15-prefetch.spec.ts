import { expect, headerLink, remote, test } from '../support/fixtures';

test('visible links prefetch their route: the catalog code and the listing are fetched before the click, not again after it', async ({ page }) => {
  const listingRequests: string[] = [];
  const catalogCode: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/cdn\/catalog\/[^/]+\/(remoteEntry|__federation_expose_app)\./.test(url.pathname)) catalogCode.push(url.pathname);
    // the catalog's data for the route: its payload (_payload.json), or its own listing
    // request (it always names the page; the home page's rails do not)
    if (url.pathname === '/categories/sale/_payload.json') listingRequests.push(url.pathname);
    if (url.pathname === '/api/catalog/listing' && url.searchParams.get('category') === 'sale' && url.searchParams.has('page')) listingRequests.push(url.search);
  });
  await page.goto('/');
  await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
  // the header's "Sale" link is in view (a plain link: "Bags" opens its dropdown instead): the
  // listing is fetched without any click (the next test shows it is the prefetch: not on data-saver)
  await expect.poll(() => listingRequests.length, { timeout: 15_000 }).toBe(1);
  // the catalog's entry and page code are downloaded, but not run until the click (a phone's main
  // thread is not spent on a page the shopper may never open): no catalog chunk has registered
  await expect.poll(() => catalogCode.length, { timeout: 15_000 }).toBe(2);
  expect(await page.evaluate(() => Object.keys(window).some((key) => key.startsWith('webpackChunk_catalog')))).toBe(false);
  const sale = headerLink(page, 'Sale');
  await sale.click();
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: 'Sale' })).toBeVisible();
  await expect(remote(page, 'catalog').getByTestId('product-tile').first()).toBeVisible();
  expect(listingRequests).toHaveLength(1);
});

test('no prefetch on a data-saver connection', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' }, configurable: true });
  });
  const listingRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/catalog/listing') listingRequests.push(request.url());
  });
  await page.goto('/');
  await expect(remote(page, 'content').getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(2000);
  // the home page's own product rails (the content remote, no page parameter) are not prefetches
  expect(listingRequests.filter((url) => new URL(url).searchParams.has('page'))).toEqual([]);
});
