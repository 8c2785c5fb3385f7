/**
 * What a demanding shopper checks on a phone and a desktop: two products a row on a 375 px (and
 * 320 px) phone, a delivery step whose summary follows the choice at once and lists each option at
 * what it is charged, delivery figures on the Shipping page equal to checkout's, and a signed-in
 * shopper's saved addresses offered at the delivery step. Axe (WCAG 2.2 AA) on each page.
 * Screenshots go to the system's temporary folder, not into the repository.
 */
import AxeBuilder from '@axe-core/playwright';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { signUpAndSignIn } from '../support/accounts';
import { expect, fillCard, remote, test } from '../support/fixtures';

interface Variant {
  id: string;
  qty: number;
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

const PASSWORD = 'Pohutukawa-Summer-26';
/** The screen with `at` scrolled into view (the top of the page without one). */
async function shot(page: Page, name: string, at?: Locator) {
  if (at) await at.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(os.tmpdir(), `fernleaf-walk-${name}.png`), animations: 'disabled' });
}

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: [${v.impact}] ${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

/** A sellable, stocked single-variant product of a category (no challenge question) in a price range. */
async function productIn(request: APIRequestContext, category: string, minPrice: number, maxPrice: number): Promise<{ product: Product; variant: Variant }> {
  const listing = await request.get(`/api/catalog/listing?category=${category}&page=1`);
  expect(listing.ok()).toBe(true);
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 48);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  for (const product of products) {
    if (!product || product.state !== 'current' || product.functionalType !== 'basic' || product.challengeQuestion || product.price > maxPrice || product.price < minPrice || product.variants.length !== 1) continue;
    const variant = product.variants.find((v) => v.qty >= 5);
    if (variant) return { product, variant };
  }
  throw new Error(`no product in ${category} between ${minPrice} and ${maxPrice}`);
}

/** The guest cart (the synced state in local storage), as an add on the product page would leave it. */
async function seedCart(page: Page, line: { product: Product; variant: Variant }) {
  await page.goto('/orders');
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Find an order' })).toBeVisible();
  await page.evaluate(({ productId, variantId }) => {
    const state = { version: 0, cart: { items: [{ id: `walk-${Date.now()}`, productId, variantId, qty: 1, createdAt: new Date().toISOString() }] }, wishlist: { items: [] } };
    localStorage.setItem('fernleaf.synced.guest', JSON.stringify(state));
  }, { productId: line.product.id, variantId: line.variant.id });
}

async function toDeliveryStep(page: Page) {
  const app = remote(page, 'cart_checkout');
  await page.goto('/checkout/contact-info');
  await expect(app.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await app.getByLabel('Email', { exact: true }).fill('walk.e2e@example.co.nz');
  await app.getByLabel('First name').fill('Aroha');
  await app.getByLabel('Last name', { exact: true }).fill('Ngata');
  await app.getByLabel('Phone').fill('021 555 0101');
  await app.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  await expect(app.getByRole('radio', { name: /^Express delivery/ })).toBeVisible();
}

/** Items of a grid that share the first item's row. */
async function perRow(items: Locator): Promise<number> {
  await expect(items.nth(2)).toBeVisible();
  const tops = await items.evaluateAll((els) => els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().top)));
  return tops.filter((t) => t === tops[0]).length;
}

async function expectFits(page: Page, width: number, where: string) {
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll, `${where}: no sideways scrolling`).toBeLessThanOrEqual(width);
}

for (const width of [375, 320]) {
  test.describe(`product grids at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });

    test(`listings, search results and the home page's rails show two products a row`, async ({ page }) => {
      await page.goto('/categories/bags');
      const catalog = remote(page, 'catalog');
      expect(await perRow(catalog.getByTestId('product-tile'))).toBe(2);
      await expectFits(page, width, 'listing');
      await shot(page, `${width}-listing`, catalog.getByTestId('product-tile').first());
      if (width === 375) await axe(page, 'listing');

      await page.goto('/search?q=backpack');
      expect(await perRow(catalog.getByTestId('product-tile'))).toBe(2);
      await expectFits(page, width, 'search');
      await shot(page, `${width}-search`, catalog.getByTestId('product-tile').first());
      if (width === 375) await axe(page, 'search');

      await page.goto('/');
      const rail = remote(page, 'content').locator('ul[aria-busy="false"]').filter({ has: page.locator('a[href^="/products/"]') }).first();
      expect(await perRow(rail.locator(':scope > li'))).toBe(2);
      await expectFits(page, width, 'home');
      await shot(page, `${width}-home`, rail);
      if (width === 375) await axe(page, 'home');
    });
  });
}

test.describe('delivery step', () => {
  test('the summary follows Express and Click and collect at once, and over $150 each option is listed at what it is charged', async ({ page, request }) => {
    const line = await productIn(request, 'bags/totes', 16_000, 60_000);
    await seedCart(page, line);
    await toDeliveryStep(page);
    const app = remote(page, 'cart_checkout');
    const delivery = app.getByTestId('delivery-line');
    const total = app.getByTestId('grand-total');
    // over $150 the free-delivery offer makes Standard and Express free alike, listed as such
    await expect(app.getByRole('radio', { name: /^Standard delivery · was \$9\.95 now Free/ })).toBeVisible();
    await expect(app.getByRole('radio', { name: /^Express delivery · was \$19\.95 now Free/ })).toBeVisible();
    await expect(delivery).toContainText('Standard delivery');
    const itemsOnly = (await total.textContent())!.trim();

    await app.getByRole('radio', { name: /^Express delivery/ }).check();
    // at once, still on the delivery step (not after Continue)
    await expect(delivery).toContainText('Express delivery');
    await expect(delivery).toContainText('Free');
    await expect(total).toHaveText(itemsOnly);
    await axe(page, 'delivery step, express');

    await app.getByRole('radio', { name: /^Click and collect/ }).check();
    await expect(delivery).toContainText('Click & collect');
    await expect(delivery).not.toContainText('Standard delivery');
    await shot(page, 'delivery-click-collect', app.getByRole('group', { name: 'How would you like to get your order?' }));
    await shot(page, 'delivery-summary', app.getByTestId('order-totals'));
  });

  test('under $150 the summary changes to Express at its price as soon as it is chosen', async ({ page, request }) => {
    const line = await productIn(request, 'bags/backpacks', 3_000, 12_000);
    await seedCart(page, line);
    await toDeliveryStep(page);
    const app = remote(page, 'cart_checkout');
    await expect(app.getByRole('radio', { name: /^Express delivery · \$19\.95/ })).toBeVisible();
    await expect(app.getByTestId('delivery-line')).toContainText('$9.95');
    await app.getByRole('radio', { name: /^Express delivery/ }).check();
    await expect(app.getByTestId('delivery-line')).toContainText('Express delivery$19.95');
    await expect(app.getByTestId('grand-total')).toHaveText(`$${((line.product.price + 1995) / 100).toFixed(2)}`);
  });
});

test('a click and collect order names its store on the confirmation', async ({ page, request }) => {
  const line = await productIn(request, 'bags/backpacks', 3_000, 12_000);
  await seedCart(page, line);
  await toDeliveryStep(page);
  const app = remote(page, 'cart_checkout');
  await app.getByRole('radio', { name: /^Click and collect/ }).check();
  await app.getByLabel('Postcode').fill('1010');
  await app.getByLabel('Postcode').press('Enter');
  const stores = app.getByRole('group', { name: 'Stores offering click and collect' }).getByRole('radio');
  await stores.first().check();
  const storeName = (await stores.first().evaluate((el) => el.closest('label')!.querySelector('strong')!.textContent))!.trim();
  await app.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  // no delivery address to bill to: the billing address is asked for
  const billing = app.getByRole('region', { name: 'Billing address' });
  await billing.getByLabel('Street address').fill('12 Queen Street');
  await billing.getByLabel('Suburb or town').fill('Auckland Central');
  await billing.getByLabel('Postcode').fill('1010');
  await fillCard(page, '4111 1111 1111 1111');
  await app.getByRole('button', { name: /^Place order/ }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 15_000 });
  const pickup = app.getByRole('region', { name: 'Pickup address' });
  await expect(pickup.getByRole('heading', { name: 'Collect from' })).toBeVisible();
  await expect(pickup.getByTestId('pickup-store')).toHaveText(storeName);
  await axe(page, 'success, click and collect');
});

test('the Shipping page quotes the delivery prices, times and free-delivery amount checkout charges', async ({ page, request }) => {
  await page.goto('/articles/shipping');
  const content = remote(page, 'content');
  await expect(content.getByRole('heading', { level: 1, name: 'Shipping and delivery' })).toBeVisible();
  const policy = (await content.innerText()).replace(/\s+/g, ' ');
  expect(policy).not.toContain('{{');
  await axe(page, '/articles/shipping');

  const line = await productIn(request, 'bags/backpacks', 3_000, 12_000);
  await seedCart(page, line);
  await toDeliveryStep(page);
  const options = remote(page, 'cart_checkout').getByRole('group', { name: 'Delivery option' }).getByRole('radio');
  const offered: string[] = [];
  for (const radio of await options.all()) {
    // "Standard delivery · $9.95 NZ-wide, 2-5 working days" as the option is labelled
    const label = (await radio.evaluate((el) => el.closest('label')!.innerText)).replace(/\s+/g, ' ').trim();
    const [, name, price, time] = /^(.+?) · (\$\d+\.\d\d) (.+)$/.exec(label)!;
    offered.push(name!);
    expect(policy).toContain(`${name}: ${price}. ${time}`);
  }
  expect(offered).toEqual(['Standard delivery', 'Express delivery']);
  // and the free-delivery amount is the one the summary's offer names
  expect(policy).toContain('Free delivery, standard or express, on orders of $150 or more.');
  expect(policy).not.toMatch(/\$8\.95|\$14\.95 to main|Rural delivery: an extra/);
});

test('a signed-in shopper is offered the saved addresses at the delivery step, the default one chosen', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = `walk.${Date.now()}@example.co.nz`;
  const account = remote(page, 'account');
  await page.goto('/account/signup');
  await expect(account.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await signUpAndSignIn(page, request, { firstName: 'Mere', lastName: 'Tipene', email, password: PASSWORD });
  await expect(account.getByRole('heading', { level: 1, name: 'Kia ora, Mere' })).toBeVisible();

  // two saved addresses: the first is the default
  await page.goto('/account/addresses');
  for (const [street, suburb, postcode] of [
    ['40 Ponsonby Road', 'Grey Lynn', '1021'],
    ['5 Cuba Street', 'Te Aro', '6011'],
  ] as const) {
    await account.getByRole('button', { name: 'Add an address' }).click();
    await account.getByLabel('Contact name').fill('Mere Tipene');
    await account.getByLabel('Street address', { exact: true }).fill(street);
    await account.getByLabel('Suburb').fill(suburb);
    await account.getByLabel('Postcode').fill(postcode);
    await account.getByRole('button', { name: 'Save address' }).click();
    await expect(account.getByText(street)).toBeVisible();
  }
  // the button's name starts with the words it shows
  await expect(account.getByRole('button', { name: 'Make default: 5 Cuba Street' })).toHaveText('Make default');
  await axe(page, '/account/addresses');

  const line = await productIn(request, 'bags/backpacks', 3_000, 12_000);
  await page.goto(`/products/${line.product.path}`);
  await remote(page, 'catalog').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line')).toContainText(line.product.name);
  await page.goto('/checkout/contact-info');
  const app = remote(page, 'cart_checkout');
  await expect(app.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await expect(app.getByLabel('Email', { exact: true })).toHaveValue(email);
  await app.getByLabel('Phone').fill('021 555 0123');
  await app.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();

  const deliverTo = app.getByRole('group', { name: 'Deliver to' });
  await expect(deliverTo.getByRole('radio', { name: /40 Ponsonby Road.*Default delivery address/ })).toBeChecked();
  await expect(deliverTo.getByRole('radio', { name: /5 Cuba Street/ })).not.toBeChecked();
  await expect(deliverTo.getByRole('radio', { name: 'Use a new address' })).toBeVisible();
  await expect(app.getByLabel('Street address')).toHaveCount(0);
  await axe(page, 'delivery step, saved addresses');
  await shot(page, 'delivery-saved-addresses', deliverTo);

  // by keyboard: another saved address, then on to payment without typing one
  await deliverTo.getByRole('radio', { name: /5 Cuba Street/ }).focus();
  await page.keyboard.press('Space');
  await expect(deliverTo.getByRole('radio', { name: /5 Cuba Street/ })).toBeChecked();
  await app.getByRole('radio', { name: /^Standard delivery/ }).check();
  await app.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.checkout') ?? '{}') as { deliveryAddress?: { street1: string; suburb: string; postcode: string } });
  expect(stored.deliveryAddress).toMatchObject({ street1: '5 Cuba Street', suburb: 'Te Aro', postcode: '6011' });

  // "Use a new address" shows the address fields
  await page.goto('/checkout/shipping');
  await expect(deliverTo.getByRole('radio', { name: /5 Cuba Street/ })).toBeChecked();
  await deliverTo.getByRole('radio', { name: 'Use a new address' }).check();
  await expect(app.getByLabel('Street address')).toHaveValue('');
});
