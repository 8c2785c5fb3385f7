/**
 * A demanding shopper's second walk: a filter ticked low in the desktop sidebar brings the results
 * into view; the header's suggestions say when they widen; a no-results page offers no lone price
 * filter; /pcr and a malformed product address land on store pages; a guest's wishlist has a page
 * on the device; a wrong verification code is called a wrong code; keyboard focus is a ring you
 * can see on a dark button; find in store gives each store's address, hours and page; the guest
 * Find an order page explains itself; and a referral id on the landing URL is sent with the order
 * and named in its purchase event. On a phone the change-country prompt sits under the header, never
 * over the home slider's controls, and Pause stays on one line; the address book refuses a copy
 * of an address it holds; a product page with four photos keeps even margins. Axe (WCAG 2.2 AA) on the pages it opens.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { chrome, expect, fillCard, remote, test } from '../support/fixtures';

interface Variant {
  id: string;
  qty: number;
  label: string;
}
interface Product {
  id: string;
  name: string;
  path: string;
  state: string;
  functionalType: string;
  price: number;
  variants: Variant[];
  challengeQuestion?: string | null;
}

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: [${v.impact}] ${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

/** A sellable, stocked product of a category (no challenge question) in a price range, with `variants` sizes. */
async function productIn(request: APIRequestContext, category: string, minPrice: number, maxPrice: number, variants = 1): Promise<Product> {
  const listing = await request.get(`/api/catalog/listing?category=${category}&page=1`);
  expect(listing.ok()).toBe(true);
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 48);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  const found = products.find(
    (p) => p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.price >= minPrice && p.price <= maxPrice && p.variants.length === variants && p.variants.every((v) => v.qty >= 5),
  );
  if (!found) throw new Error(`no product in ${category} between ${minPrice} and ${maxPrice} with ${variants} sizes`);
  return found;
}

test.describe('on a desktop', () => {
  test('a colour ticked low in the sidebar brings the results heading and their count into view', async ({ page }) => {
    await page.goto('/categories/bags');
    const catalog = remote(page, 'catalog');
    const filters = catalog.getByRole('complementary', { name: 'Filters' });
    const colours = filters.locator('[data-facet="colours"]');
    const option = colours.getByRole('checkbox').last();
    await option.scrollIntoViewIfNeeded();
    const heading = catalog.getByRole('heading', { level: 1 });
    // the sidebar is long: at its colours the results' heading is off screen
    await expect(heading).not.toBeInViewport();
    const count = Number((await colours.locator('label').last().innerText()).replace(/\D/g, ''));
    await expect(async () => {
      if (!(await option.isChecked())) await option.click();
      await expect(option).toBeChecked({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(page).toHaveURL(/colour=/);
    const total = catalog.getByTestId('listing-total');
    await expect(total).toHaveText(`${count} ${count === 1 ? 'product' : 'products'}`);
    await expect(total).toHaveAttribute('aria-live', 'polite');
    await expect(heading).toBeInViewport();
    await expect(total).toBeInViewport();
    // focus stays on the filter, for the next one
    await expect(option).toBeFocused();
  });

  test('a search with no results offers no filters, not a lone price range', async ({ page }) => {
    await page.goto('/search?q=qqqzzzxx');
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByText(/We couldn't find anything for “qqqzzzxx”/)).toBeVisible();
    await expect(catalog.getByLabel(/Min price/)).toBeHidden();
    await expect(catalog.getByRole('complementary', { name: 'Filters' })).toBeHidden();
    await axe(page, 'no results, desktop');
  });

  test('the header search suggestions say when they widen to any of the words', async ({ page }) => {
    await page.goto('/');
    await chrome(page).header.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    // the catalog fragment's combobox, not the shell's fallback form
    const box = dialog.getByRole('combobox', { name: 'Search the store' });
    await expect(box).toBeVisible();
    await box.fill('tote zebra');
    await expect(dialog.getByText('No products match all of these words; showing products that match any of them.')).toBeVisible();
    await expect(dialog.getByRole('option').first()).toBeVisible();
  });

  test('keyboard focus on a dark button is a 3 px ring with a white gap', async ({ page }) => {
    await page.goto('/orders');
    const app = remote(page, 'cart_checkout');
    await app.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    const button = app.getByRole('button', { name: 'Find order' });
    await expect(button).toBeFocused();
    const ring = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      return { width: s.outlineWidth, style: s.outlineStyle, offset: s.outlineOffset, gap: s.boxShadow, background: s.backgroundColor };
    });
    expect(ring).toMatchObject({ width: '3px', style: 'solid', offset: '2px' });
    expect(ring.gap).toContain('rgb(255, 255, 255)');
  });
});

test('/pcr is the products made with recycled materials, and a malformed product address is the store’s not-found page', async ({ page }) => {
  await page.goto('/pcr');
  await expect(page).toHaveURL(/\/search\?feature=recycled-materials$/);
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByTestId('product-tile').first()).toBeVisible();
  await expect(catalog.getByRole('button', { name: /Recycled materials/ })).toBeVisible();

  const response = await page.goto('/products/%E0%A4%A');
  expect(response!.status()).toBe(404);
  expect(response!.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ValidationError');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  for (const width of [375, 320]) {
    test(`at ${width} px the change-country prompt sits under the header, off the slider's controls, and Pause stays on one line on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.setExtraHTTPHeaders({ 'cloudfront-viewer-country': 'AU' });
      await page.goto('/');
      const prompt = page.getByRole('complementary', { name: 'Change country' });
      await expect(prompt).toBeVisible();
      // in the page's flow, right under the header: it scrolls away with the page instead of covering it
      expect(await prompt.evaluate((el) => getComputedStyle(el).position)).toBe('static');
      const header = await chrome(page).header.boundingBox();
      const promptBox = (await prompt.boundingBox())!;
      expect(Math.abs(promptBox.y - (header!.y + header!.height))).toBeLessThanOrEqual(2);

      const slider = remote(page, 'content').getByRole('region', { name: 'Highlights' });
      const pause = slider.getByRole('button', { name: 'Pause slides' });
      await expect(pause).toHaveText(/^Pause/);
      for (const at of ['top', 'controls in view'] as const) {
        if (at === 'controls in view') await pause.scrollIntoViewIfNeeded();
        const over = await prompt.boundingBox();
        for (const control of await slider.getByRole('button').all()) {
          const box = (await control.boundingBox())!;
          const overlaps = over !== null && box.x < over.x + over.width && over.x < box.x + box.width && box.y < over.y + over.height && over.y < box.y + box.height;
          expect(overlaps, `${await control.getAttribute('aria-label') ?? await control.innerText()} under the prompt (${at})`).toBe(false);
          // every control on screen across: none pushed past either edge
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
      }
      // the label on one line: one line box of text, the button no taller than its 44 px target
      const lines = await pause.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      expect((await pause.boundingBox())!.height).toBeLessThanOrEqual(44);
      await expect(page.locator('html')).toHaveJSProperty('scrollWidth', width);
      await prompt.getByRole('button', { name: 'Stay on the New Zealand site' }).click();
      await expect(prompt).toHaveCount(0);
    });
  }

  for (const width of [375, 320]) {
    test(`at ${width} px a product page with four photos keeps even side margins and fits the screen`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 740 });
      const listing = (await (await request.get('/api/catalog/listing?category=bags&page=1')).json()) as { items: { id: string }[] };
      const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: listing.items.map((i) => i.id).slice(0, 48) } });
      const products = ((await objects.json()) as { data: { results: ({ path: string; productGallery: { type: string }[] } | null)[] } }).data.results;
      const product = products.find((p) => p && p.productGallery.filter((g) => g.type === 'IMAGE').length >= 4);
      if (!product) throw new Error('no product in bags with four photos');
      await page.goto(`/products/${product.path}`);
      const catalog = remote(page, 'catalog');
      const photo = (await catalog.getByRole('region', { name: 'Gallery' }).locator('img').first().boundingBox())!;
      expect(Math.abs(photo.x - (width - photo.x - photo.width)), `photo at ${photo.x}, ${Math.round(width - photo.x - photo.width)} px from the right`).toBeLessThanOrEqual(1);
      const heading = (await catalog.getByRole('heading', { level: 1 }).boundingBox())!;
      expect(heading.x + heading.width).toBeLessThanOrEqual(width - photo.x + 1);
      for (const thumbnail of await catalog.getByRole('button', { name: /^Show image/ }).all()) {
        const box = (await thumbnail.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width - photo.x + 1);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('an address already in the Australian address book is refused on its street, whatever its spacing or case', async ({ page, request, store }) => {
    test.setTimeout(120_000);
    const au = `http://au.localhost:${new URL(store.baseURL).port}`;
    const email = `walk.au.${Date.now()}@example.com.au`;
    const password = 'Waratah-Spring-26';
    const account = remote(page, 'account');
    await page.goto(`${au}/account/signup`);
    await signUpAndSignIn(page, request, { origin: au, firstName: 'Mia', lastName: 'Nguyen', email, password });
    await expect(account.getByRole('heading', { level: 1, name: /Mia/ })).toBeVisible();

    const loading = page.waitForRequest((r) => r.url().endsWith('/api/account/addresses') && r.method() === 'GET');
    await page.goto(`${au}/account/addresses`);
    // the session's token, as the address book sends it
    const authorization = (await loading).headers()['authorization']!;
    expect(authorization).toMatch(/^Bearer /);
    const add = async (street: string, suburb: string) => {
      await account.getByRole('button', { name: 'Add an address' }).click();
      await account.getByLabel('Contact name').fill('Mia Nguyen');
      await account.getByLabel('Street address', { exact: true }).fill(street);
      await account.getByLabel('Suburb').fill(suburb);
      await account.getByLabel('State').selectOption('NSW');
      await account.getByLabel('Postcode').fill('2000');
      await account.getByRole('button', { name: 'Save address' }).click();
    };
    await add('200 George Street', 'Sydney');
    await expect(account.getByText('Your address book has been updated.')).toBeVisible();
    await add(' 200 GEORGE st ', 'sydney');
    const street = account.getByLabel('Street address', { exact: true });
    await expect(street).toBeFocused();
    await expect(street).toHaveAccessibleDescription(/This address is already in your address book\./);
    await expect(account.getByRole('list').getByRole('listitem').filter({ hasText: '200 George Street' })).toHaveCount(1);
    await axe(page, '/account/addresses, a copy refused');

    // the API refuses it too (street abbreviated, suburb and state code in another case)
    const refused = await page.evaluate(
      async (authorization) => {
        const res = await fetch('/api/account/addresses', {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ contactName: 'Mia Nguyen', country: 'AU', street1: '200 George St', suburb: 'SYDNEY', state: 'nsw', postcode: '2000' }),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      },
      authorization,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ field: 'street1', reason: 'This address is already in your address book' }] });
  });

  test('a guest saves a size to the wishlist and finds it on the wishlist page, kept on the device', async ({ page, request }) => {
    const product = await productIn(request, 'travel/luggage', 5_000, 200_000, 2).catch(() => productIn(request, 'bags', 3_000, 200_000, 2));
    await page.goto(`/products/${product.path}`);
    const catalog = remote(page, 'catalog');
    const size = product.variants[1]!;
    await catalog.getByRole('radio', { name: new RegExp(`^${size.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ·`) }).check();
    await catalog.getByRole('button', { name: /Add to wishlist/ }).click();
    const saved = catalog.getByTestId('add-result');
    await expect(saved).toContainText(`Saved ${product.name} (${size.label}) to your wishlist.`);
    await saved.getByRole('link', { name: 'View your wishlist' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const account = remote(page, 'account');
    await expect(account.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
    await expect(account.getByText('Your wishlist is kept on this device.')).toBeVisible();
    const item = account.getByRole('list', { name: 'Saved products' }).getByRole('listitem').filter({ hasText: product.name });
    await expect(item.getByTestId('wishlist-size')).toHaveText(`Size: ${size.label}`);
    await axe(page, '/wishlist, guest');
    // the sign-in page points to it too
    await page.goto('/account/signin');
    await expect(account.getByText('1 product saved on this device.')).toBeVisible();
    await expect(account.getByRole('link', { name: 'View your wishlist' })).toHaveAttribute('href', '/wishlist');
  });

  test('a wrong code typed on the verify page is called a wrong code', async ({ page }) => {
    await page.goto('/account/verify?user=nobody.walk%40example.co.nz');
    const account = remote(page, 'account');
    await account.getByLabel('Verification code').fill('111111');
    await account.getByRole('button', { name: 'Verify email' }).click();
    await expect(account.getByRole('alert')).toHaveText("That code isn't right. Check the code in the email we sent you and try again.");
    await axe(page, '/account/verify, wrong code');
  });

  test('find in store lists each store with its address, whether it is open and a link to its page', async ({ page, request }) => {
    const product = await productIn(request, 'bags/backpacks', 3_000, 200_000);
    await page.goto(`/products/${product.path}`);
    const catalog = remote(page, 'catalog');
    await catalog.getByRole('button', { name: 'Find in store' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Suburb, town or postcode').fill('1010');
    await dialog.getByRole('button', { name: 'Find stores' }).click();
    const first = dialog.getByTestId('store-results').getByRole('listitem').first();
    await expect(first.getByTestId('store-address')).toContainText(/\d{4}/);
    await expect(first.getByTestId('store-open')).toHaveText(/^(Open|Closed)/);
    await expect(first.getByRole('link', { name: /^Hours and directions/ })).toHaveAttribute('href', /^\/stores\/.+/);
    await axe(page, 'find in store');
  });

  test('the guest Find an order page says what to enter and where else to go', async ({ page }) => {
    await page.goto('/orders');
    const app = remote(page, 'cart_checkout');
    await expect(app.getByRole('heading', { level: 1, name: 'Find an order' })).toBeVisible();
    await expect(app.getByText(/order number from your confirmation email \(it starts with FL\)/)).toBeVisible();
    const more = app.getByRole('list', { name: 'More help with an order' });
    await expect(more.getByRole('link', { name: 'Start a return' })).toHaveAttribute('href', '/return/guest/create');
    await expect(more.getByRole('link', { name: 'Sign in to see all your orders' })).toBeVisible();
    await axe(page, '/orders');
  });
});

test('a referral id on the landing URL is sent with the order and named in its purchase event; a malformed one is ignored', async ({ page, request }) => {
  await page.goto('/?ref=zz9plz');
  // the cart service keeps it once it has started
  await expect.poll(() => page.evaluate(() => localStorage.getItem('fernleaf.referrers') ?? '')).toContain('ZZ9PLZ');
  await page.goto('/categories/bags?ref=abc123');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.referrers') ?? '[]')[0]?.id)).toBe('ABC123');
  await page.goto('/?ref=not-an-id');
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.referrers') ?? '[]').map((r: { id: string }) => r.id))).toEqual(['ABC123', 'ZZ9PLZ']);

  const product = await productIn(request, 'bags/backpacks', 3_000, 12_000);
  await page.evaluate(({ productId, variantId }) => {
    const state = { version: 0, cart: { items: [{ id: `ref-${Date.now()}`, productId, variantId, qty: 1, createdAt: new Date().toISOString() }] }, wishlist: { items: [] } };
    localStorage.setItem('fernleaf.synced.guest', JSON.stringify(state));
  }, { productId: product.id, variantId: product.variants[0]!.id });
  const app = remote(page, 'cart_checkout');
  await page.goto('/checkout/contact-info');
  await app.getByLabel('Email', { exact: true }).fill('referred.e2e@example.co.nz');
  await app.getByLabel('First name').fill('Aroha');
  await app.getByLabel('Last name', { exact: true }).fill('Ngata');
  await app.getByLabel('Phone').fill('021 555 0101');
  await app.getByRole('button', { name: 'Continue to delivery' }).click();
  await app.getByRole('radio', { name: /^Click and collect/ }).check();
  await app.getByLabel('Postcode').fill('1010');
  await app.getByLabel('Postcode').press('Enter');
  await app.getByRole('group', { name: 'Stores offering click and collect' }).getByRole('radio').first().check();
  await app.getByRole('button', { name: 'Continue to payment' }).click();
  const billing = app.getByRole('region', { name: 'Billing address' });
  await billing.getByLabel('Street address').fill('12 Queen Street');
  await billing.getByLabel('Suburb or town').fill('Auckland Central');
  await billing.getByLabel('Postcode').fill('1010');
  await fillCard(page, '4111 1111 1111 1111');
  const placing = page.waitForRequest((r) => r.url().endsWith('/api/order/place') && r.method() === 'POST');
  await app.getByRole('button', { name: /^Place order/ }).click();
  expect(((await placing).postDataJSON() as { analytics?: { referrerId?: string } }).analytics?.referrerId).toBe('ABC123');
  await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 15_000 });
  const purchase = await page.evaluate(() => ((window as unknown as { dataLayer?: { event: string; referrer_id?: string }[] }).dataLayer ?? []).find((e) => e.event === 'purchase'));
  expect(purchase?.referrer_id).toBe('ABC123');
});
