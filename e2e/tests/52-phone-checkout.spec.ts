/**
 * The shopper's journey on a phone (375 × 812, touch) through the cart and checkout:
 * every step fits without sideways scrolling, the order number is on the first screen of the
 * success page, a signed-in shopper's reloads keep their step with the contact prefilled, a
 * keyboard-only checkout where focus lands on each new step's heading, and axe (WCAG 2.2 AA) on
 * every step with each shipping and payment option. Screenshots of each step at 375 px go to the
 * test results (docs/screenshots/ with UPDATE_SCREENSHOTS=1).
 */
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillCard, remote, test } from '../support/fixtures';
import { screenshotsDir } from '../support/paths';

interface Variant {
  id: string;
  label: string;
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

const PHONE = { width: 375, height: 812 };
const PASSWORD = 'Pohutukawa-Summer-26';
const screenshots = screenshotsDir;

/** Sellable, stocked single-variant products of a category (no challenge question), under a price. */
async function productsIn(request: APIRequestContext, category: string, count: number, maxPrice = 60_000, minPrice = 0): Promise<{ product: Product; variant: Variant }[]> {
  const listing = await request.get(`/api/catalog/listing?category=${category}&page=1`);
  expect(listing.ok()).toBe(true);
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 48);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  const picked: { product: Product; variant: Variant }[] = [];
  for (const product of products) {
    if (!product || product.state !== 'current' || product.functionalType !== 'basic' || product.challengeQuestion || product.price > maxPrice || product.price < minPrice || product.variants.length !== 1) continue;
    const variant = product.variants.find((v) => v.qty >= 5);
    if (variant) picked.push({ product, variant });
    if (picked.length === count) break;
  }
  expect(picked.length).toBe(count);
  return picked;
}

/** Seeds the guest cart (the synced state in local storage), as adds through the product page would. */
async function seedCart(page: Page, lines: { product: Product; variant: Variant }[]) {
  await page.goto('/orders');
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Find an order' })).toBeVisible();
  await page.evaluate((items) => {
    const now = Date.now();
    const state = { version: 0, cart: { items: items.map((l, i) => ({ id: `e2e-${i}-${now}`, productId: l.productId, variantId: l.variantId, qty: 1, createdAt: new Date(now - i * 1000).toISOString() })) }, wishlist: { items: [] } };
    localStorage.setItem('fernleaf.synced.guest', JSON.stringify(state));
  }, lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id })));
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectFits(page: Page, where: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
  expect(widths.scroll, `${where}: document width`).toBeLessThanOrEqual(PHONE.width);
  expect(widths.body, `${where}: body width`).toBeLessThanOrEqual(PHONE.width);
}

/** The page from the top down to the footer (the footer is the same on every page), or the screen when an overlay is open. */
async function shot(page: Page, name: string, { screen = false } = {}) {
  const file = path.join(screenshots, `checkout-375-${name}.png`);
  if (screen) return void (await page.screenshot({ path: file, animations: 'disabled' }));
  await page.evaluate(() => window.scrollTo(0, 0));
  const footerTop = await page.evaluate(() => Math.ceil(document.getElementById('shell-footer')!.getBoundingClientRect().top + window.scrollY));
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: PHONE.width, height: Math.max(PHONE.height, footerTop) }, animations: 'disabled' });
}

async function axe(page: Page, where: string) {
  // the alerts region and the fraud script's additions are not the page's content
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: [${v.impact}] ${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

async function codeFor(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/cognito/outbox?email=${encodeURIComponent(email)}`);
      const messages = ((await res.json()) as { messages: { purpose: string; code: string }[] }).messages;
      code = messages.find((m) => m.purpose === 'SIGN_UP')?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

const heading = (page: Page, name: string | RegExp) => remote(page, 'cart_checkout').getByRole('heading', { level: 1, name });

test.describe('checkout on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a guest adds a product on its page, checks out with delivery and a test card, and sees the order number first; nothing scrolls sideways', async ({ page, request }) => {
    const [{ product }] = (await productsIn(request, 'bags/backpacks', 1, 14_000)) as [{ product: Product; variant: Variant }];
    await page.goto(`/products/${product.path}`);
    const catalog = remote(page, 'catalog');
    await expect(catalog.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectFits(page, 'product page');
    const add = catalog.getByRole('button', { name: 'Add to cart' });
    await add.tap();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByTestId('cart-line')).toContainText(product.name);
    await expectFits(page, 'cart overlay');
    await shot(page, '0-cart-overlay', { screen: true });
    // Escape on the cart opened by Add to cart gives focus back to Add to cart
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.goto('/cart');
    const app = remote(page, 'cart_checkout');
    await expect(heading(page, 'Your cart')).toBeVisible();
    await expect(app.getByTestId('order-totals')).toContainText('Standard delivery');
    await expectFits(page, 'cart');
    await shot(page, '1-cart');
    await app.getByRole('button', { name: 'Checkout' }).tap();

    await expect(heading(page, 'Contact details')).toBeVisible();
    await expectFits(page, 'contact');
    await app.getByLabel('Email', { exact: true }).fill('phone.e2e@example.co.nz');
    await app.getByLabel('First name').fill('Mere');
    await app.getByLabel('Last name', { exact: true }).fill('Tipene');
    await app.getByLabel('Phone').fill('021 555 0199');
    await shot(page, '2-contact');
    await app.getByRole('button', { name: 'Continue to delivery' }).tap();

    await expect(heading(page, 'Delivery')).toBeVisible();
    await expectFits(page, 'delivery');
    await app.getByLabel('Street address').fill('12 Queen Street');
    await app.getByLabel('Suburb or town').fill('Auckland Central');
    await app.getByLabel('Postcode').fill('1010');
    await app.getByRole('radio', { name: /Standard delivery/ }).check();
    await shot(page, '3-delivery');
    await app.getByRole('button', { name: 'Continue to payment' }).tap();

    await expect(heading(page, 'Payment')).toBeVisible();
    // the payment step opens at the top, and its card fields fit the phone
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectFits(page, 'payment');
    const cardNumber = page.frameLocator('iframe[name="braintree-hosted-field-number"]').getByLabel('Card number');
    await expect(cardNumber).toBeVisible();
    const box = (await page.locator('iframe[name="braintree-hosted-field-number"]').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await fillCard(page, '4111 1111 1111 1111');
    await shot(page, '4-payment');
    await app.getByRole('button', { name: /^Place order/ }).tap();

    await expect(heading(page, 'Thank you, your order is confirmed')).toBeVisible({ timeout: 15_000 });
    const number = app.getByTestId('success-order-number');
    await expect(number).toHaveText(/^FL\d{8}$/);
    // on the first screen: the page starts at the top and the number is inside the viewport
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(number).toBeInViewport({ ratio: 1 });
    await expect(heading(page, 'Thank you, your order is confirmed')).toBeFocused();
    await expect(app.getByTestId('order-details')).toBeVisible();
    await expectFits(page, 'success');
    await shot(page, '5-success');
  });

  test('an alert raised while the shopper types in the promo field covers neither the field nor its Apply button', async ({ page, request }) => {
    // over $150: free delivery applies, and the exclusive VIP30 pushes it out with an alert
    const [line] = (await productsIn(request, 'bags/totes', 1, 60_000, 16_000)) as [{ product: Product; variant: Variant }];
    await seedCart(page, [line]);
    await page.goto('/cart');
    const app = remote(page, 'cart_checkout');
    await expect(app.getByTestId('delivery-line')).toContainText('Free delivery over $150');
    const promo = app.getByRole('textbox', { name: 'Promo code' });
    const apply = app.getByRole('button', { name: 'Apply' });
    // the field just below the sticky header, where alerts used to appear
    await promo.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 90));
    await promo.tap();
    await page.keyboard.type('VIP30');
    await page.keyboard.press('Enter');
    const alert = page.getByTestId('alerts').getByRole('alert');
    await expect(alert).toHaveText('Offer Free delivery over $150 has been removed because it cannot be redeemed with VIP 30% off everything.');
    await expect(app.getByTestId('order-totals')).toContainText('VIP 30% off everything');
    await expect(app.getByTestId('promo-status')).toHaveText('Code VIP30 applied: VIP 30% off everything.');
    // below the header it would cover the field: it went to the bottom of the screen
    await expect(page.getByTestId('alerts')).toHaveAttribute('data-placement', 'bottom');
    const a = (await alert.boundingBox())!;
    for (const control of [promo, apply]) {
      const c = (await control.boundingBox())!;
      const apart = a.y >= c.y + c.height || a.y + a.height <= c.y || a.x >= c.x + c.width || a.x + a.width <= c.x;
      expect(apart, `the alert (${JSON.stringify(a)}) covers ${JSON.stringify(c)}`).toBe(true);
    }
    await expectFits(page, 'cart with an alert');
  });

  test('an item that sells out while the shopper pays: the cart in the same tab shows it and Checkout is disabled', async ({ page, browser, request }) => {
    // a product with only a few left
    const listing = await request.get('/api/catalog/listing?category=bags&page=1');
    const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id);
    const objects = ((await (await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } })).json()) as { data: { results: (Product | null)[] } }).data.results;
    const product = objects.find((p) => p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.variants.length === 1 && p.variants[0]!.qty >= 1 && p.variants[0]!.qty <= 4)!;
    expect(product, 'a product with 1 to 4 left').toBeTruthy();
    const variant = product.variants[0]!;
    const fillContact = async (p: Page, email: string) => {
      const a = remote(p, 'cart_checkout');
      await expect(heading(p, 'Contact details')).toBeVisible();
      await a.getByLabel('Email', { exact: true }).fill(email);
      await a.getByLabel('First name').fill('Rua');
      await a.getByLabel('Last name', { exact: true }).fill('Kenana');
      await a.getByLabel('Phone').fill('021 555 0144');
      await a.getByRole('button', { name: 'Continue to delivery' }).click();
      await expect(heading(p, 'Delivery')).toBeVisible();
      await a.getByLabel('Street address').fill('9 Cameron Road');
      await a.getByLabel('Suburb or town').fill('Tauranga');
      await a.getByLabel('Postcode').fill('3110');
      await a.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(heading(p, 'Payment')).toBeVisible();
      await fillCard(p, '4111 1111 1111 1111');
    };
    // this shopper gets to the payment step with one
    await seedCart(page, [{ product, variant }]);
    await page.goto('/checkout/contact-info');
    await fillContact(page, 'slow.e2e@example.co.nz');
    // meanwhile another shopper buys every one left
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin, serviceWorkers: 'block' });
    const otherPage = await other.newPage();
    await otherPage.goto('/orders');
    await otherPage.evaluate(({ productId, variantId, qty }) => {
      localStorage.setItem('fernleaf.synced.guest', JSON.stringify({ version: 0, cart: { items: [{ id: 'other-1', productId, variantId, qty, createdAt: new Date().toISOString() }] }, wishlist: { items: [] } }));
    }, { productId: product.id, variantId: variant.id, qty: variant.qty });
    await otherPage.goto('/checkout/contact-info');
    await fillContact(otherPage, 'quick.e2e@example.co.nz');
    await remote(otherPage, 'cart_checkout').getByRole('button', { name: /^Place order/ }).click();
    await expect(heading(otherPage, 'Thank you, your order is confirmed')).toBeVisible({ timeout: 15_000 });
    await other.close();

    await remote(page, 'cart_checkout').getByRole('button', { name: /^Place order/ }).tap();
    await expect(page.getByTestId('alerts').getByRole('alert')).toHaveText('An item in your cart has sold out. Review your cart and try again.', { timeout: 15_000 });
    // the cart shows which, and Checkout waits until it is sorted
    await expect(page).toHaveURL(/\/cart$/);
    const app = remote(page, 'cart_checkout');
    await expect(app.getByTestId('cart-line')).toContainText('Sorry, this item is sold out.');
    await expect(app.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await expect(app.getByText('Some items need your attention before you can check out.')).toBeVisible();
    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' }).getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  test('a signed-in shopper reloads each checkout step and stays on it, with the contact prefilled from the account', async ({ page, request }) => {
    test.setTimeout(120_000);
    const [{ product }] = (await productsIn(request, 'bags/totes', 1)) as [{ product: Product; variant: Variant }];
    const email = `mere.${Date.now()}@example.co.nz`;
    // sign up through the local pool's outbox, and sign in
    await page.goto('/account/signup');
    const account = remote(page, 'account');
    await expect(account.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await expectFits(page, '/account/signup');
    await account.getByLabel('First name').fill('Mere');
    await account.getByLabel('Last name', { exact: true }).fill('Tipene');
    await account.getByLabel('Email').fill(email);
    await account.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await account.getByLabel('Repeat password').fill(PASSWORD);
    await account.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account\/verify\?user=/);
    await account.getByLabel('Verification code').fill(await codeFor(request, email));
    await account.getByRole('button', { name: 'Verify email' }).click();
    await expect(account.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
    await page.goto('/account/signin');
    await expect(account.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectFits(page, '/account/signin');
    await account.getByLabel('Email').fill(email);
    await account.getByLabel('Password').fill(PASSWORD);
    await account.getByRole('button', { name: 'Sign in' }).click();
    await expect(account.getByRole('heading', { level: 1, name: 'Kia ora, Mere' })).toBeVisible();
    // a phone number on the account
    await page.goto('/account/contact-info');
    await account.getByLabel(/^Phone/).fill('021 555 0123');
    await account.getByRole('button', { name: /^Save/ }).click();
    await expect(account.getByText('Your contact info has been saved.')).toBeVisible();

    // the cart (the server's synced state) from the product page
    await page.goto(`/products/${product.path}`);
    await remote(page, 'catalog').getByRole('button', { name: '♡ Add to wishlist' }).tap();
    await expect(remote(page, 'catalog').getByRole('button', { name: '♥ In your wishlist' })).toBeVisible();
    await remote(page, 'catalog').getByRole('button', { name: 'Add to cart' }).tap();
    await expect(page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line')).toContainText(product.name);

    const app = remote(page, 'cart_checkout');
    await page.goto('/checkout/contact-info');
    await expect(heading(page, 'Contact details')).toBeVisible();
    const expectPrefilled = async () => {
      await expect(app.getByLabel('Email', { exact: true })).toHaveValue(email);
      await expect(app.getByLabel('First name')).toHaveValue('Mere');
      await expect(app.getByLabel('Last name', { exact: true })).toHaveValue('Tipene');
      await expect(app.getByLabel('Phone')).toHaveValue('021 555 0123');
    };
    await expectPrefilled();
    await page.reload();
    await expect(heading(page, 'Contact details')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/checkout/contact-info');
    await expectPrefilled();
    await app.getByRole('button', { name: 'Continue to delivery' }).click();

    await expect(heading(page, 'Delivery')).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Delivery')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/checkout/shipping');
    await app.getByLabel('Street address').fill('3 Willis Street');
    await app.getByLabel('Suburb or town').fill('Wellington Central');
    await app.getByLabel('Postcode').fill('6011');
    await app.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(heading(page, 'Payment')).toBeVisible();
    await page.reload();
    await expect(heading(page, 'Payment')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/checkout/payment');
    await expect(app.getByRole('button', { name: /^Place order · \$/ })).toBeEnabled();

    // a direct link in a new tab of the same browser
    const second = await page.context().newPage();
    await second.goto('/checkout/payment');
    await expect(heading(second, 'Payment')).toBeVisible();
    expect(new URL(second.url()).pathname).toBe('/checkout/payment');
    await second.close();

    await fillCard(page, '5555 5555 5555 4444');
    await app.getByRole('button', { name: /^Place order/ }).tap();
    await expect(heading(page, 'Thank you, your order is confirmed')).toBeVisible({ timeout: 15_000 });
    const number = (await app.getByTestId('success-order-number').textContent())!.trim();

    // the account pages fit the phone too, the order's sums included
    for (const [url, title] of [
      ['/account', 'Kia ora, Mere'],
      ['/account/orders', 'Orders'],
      [`/account/orders/${number}`, null],
      ['/account/wishlist', 'Wishlist'],
      ['/account/qantas', 'Qantas Frequent Flyer'],
      ['/account/addresses', null],
      ['/account/contact-info', null],
      ['/account/payment-methods', null],
    ] as const) {
      await page.goto(url);
      if (title) await expect(account.getByRole('heading', { level: 1, name: title })).toBeVisible();
      else await expect(account.getByRole('heading', { level: 1 })).toBeVisible();
      if (url.endsWith(number)) await expect(page.getByTestId('order-details')).toContainText(number);
      await expectFits(page, url);
      // and on the narrowest phone
      await page.setViewportSize({ width: 320, height: 640 });
      const wide = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        offenders: [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 321)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 20)} "${(el.textContent ?? '').slice(0, 30)}" ${Math.round(el.getBoundingClientRect().right)}`),
      }));
      expect(wide.width, `${url} at 320 px: ${wide.offenders.join(' | ')}`).toBeLessThanOrEqual(320);
      await page.setViewportSize(PHONE);
    }

    // signing out forgets the last order (its access token) and the contact on this device
    await page.goto('/account');
    await account.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/account\/signin$/);
    await expect.poll(() => page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(email);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(number);
  });
});

test.describe('checkout by keyboard alone', () => {
  test.use({ viewport: PHONE });

  /** Presses Tab until `target` has focus (at most `max` times): how a keyboard user gets there. */
  async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
    const handle = await target.elementHandle();
    for (let i = 0; i < max; i += 1) {
      if (await page.evaluate((el) => document.activeElement === el, handle)) return;
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  test('a guest checks out with the keyboard: focus lands on each new step heading, which is announced; errors are announced and linked', async ({ page, request }) => {
    const [{ product, variant }] = (await productsIn(request, 'bags/crossbody', 1)) as [{ product: Product; variant: Variant }];
    await seedCart(page, [{ product, variant }]);
    await page.goto('/cart');
    const app = remote(page, 'cart_checkout');
    await expect(heading(page, 'Your cart')).toBeVisible();
    await expect(app.getByTestId('order-totals')).toBeVisible();
    // the install prompt is never offered during checkout (it used to cover focused fields)
    await page.evaluate(() => window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => undefined, userChoice: Promise.resolve({ outcome: 'dismissed' }) })));

    // an unknown promo code: announced, linked to the field, the code kept
    const promo = app.getByRole('textbox', { name: 'Promo code' });
    await tabTo(page, promo);
    await page.keyboard.type('NOPE10');
    await page.keyboard.press('Enter');
    const promoError = app.getByRole('alert').filter({ hasText: 'NOPE10 is not a valid code' });
    await expect(promoError).toBeVisible();
    await expect(promo).toHaveValue('NOPE10');
    await expect(promo).toHaveAttribute('aria-invalid', 'true');
    await expect(promo).toHaveAttribute('aria-describedby', new RegExp(`\\b${await promoError.getAttribute('id')}\\b`));
    await expect(promo).toBeFocused();
    // no alert (toast) covers the promo field or its Apply button
    const alerts = page.getByTestId('alerts');
    if (await alerts.locator('[role="alert"], [role="status"]').count()) {
      const a = (await alerts.boundingBox())!;
      for (const control of [promo, app.getByRole('button', { name: 'Apply' })]) {
        const c = (await control.boundingBox())!;
        expect(a.y >= c.y + c.height || a.y + a.height <= c.y || a.x >= c.x + c.width || a.x + a.width <= c.x).toBe(true);
      }
    }
    await expect(page.getByRole('complementary', { name: 'Install the app' })).toHaveCount(0);

    await tabTo(page, app.getByRole('button', { name: 'Checkout' }));
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Contact details')).toBeFocused();
    await expect(app.getByTestId('step-announcement')).toHaveText('Step 1 of 3: Contact details');
    await expect(page.getByRole('complementary', { name: 'Install the app' })).toHaveCount(0);
    // the first Tab after the heading is the first field
    await page.keyboard.press('Tab');
    await expect(app.getByLabel('Email', { exact: true })).toBeFocused();
    await page.keyboard.type('keys.e2e@example.co.nz');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Tama');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Whaanga');
    await page.keyboard.press('Tab');
    await expect(app.getByLabel('Phone')).toBeFocused();
    await page.keyboard.type('021 555 0177');
    await page.keyboard.press('Enter');

    await expect(heading(page, 'Delivery')).toBeFocused();
    await expect(app.getByTestId('step-announcement')).toHaveText('Step 2 of 3: Delivery');
    // the earlier step's link is a target of at least 24 px
    const contactLink = app.getByRole('link', { name: '1. Contact' });
    expect((await contactLink.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await tabTo(page, app.getByLabel('Street address'));
    await page.keyboard.type('7 Victoria Street');
    await tabTo(page, app.getByLabel('Suburb or town'));
    await page.keyboard.type('Hamilton Central');
    await tabTo(page, app.getByLabel('Postcode'));
    await page.keyboard.type('3204');
    // nothing fixed covers the focused field
    const focused = (await app.getByLabel('Postcode').boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.getAttribute('name') ?? null, { x: focused.x + 5, y: focused.y + focused.height / 2 });
    expect(onTop).toBe('delivery-postcode');
    await page.keyboard.press('Enter');

    await expect(heading(page, 'Payment')).toBeFocused();
    await expect(app.getByTestId('step-announcement')).toHaveText('Step 3 of 3: Payment');
    expect((await app.getByRole('link', { name: '2. Delivery' }).boundingBox())!.height).toBeGreaterThanOrEqual(24);
    // a wrong gift card: announced, linked to both fields, which are marked invalid
    await tabTo(page, app.getByLabel('Gift card code'));
    await page.keyboard.type('FERN-0000-0000');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0000');
    await page.keyboard.press('Enter');
    const giftError = app.getByTestId('gift-card-error');
    await expect(giftError).toHaveAttribute('role', 'alert');
    await expect(giftError).toHaveText('The gift card code or PIN is incorrect.');
    for (const name of ['Gift card code', 'PIN']) {
      await expect(app.getByLabel(name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await expect(app.getByLabel(name, { exact: true })).toHaveAttribute('aria-describedby', new RegExp(`\\b${await giftError.getAttribute('id')}\\b`));
    }
    // into the payment provider's card fields (frames of its origin) and on through them with Tab
    await tabTo(page, page.locator('iframe[name="braintree-hosted-field-number"]'));
    await expect(page.frameLocator('iframe[name="braintree-hosted-field-number"]').getByLabel('Card number')).toBeFocused();
    await page.keyboard.type('4111 1111 1111 1111');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12/34');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await tabTo(page, app.getByRole('button', { name: /^Place order/ }), 60);
    await page.keyboard.press('Enter');

    await expect(heading(page, 'Thank you, your order is confirmed')).toBeFocused({ timeout: 15_000 });
    await expect(app.getByTestId('success-order-number')).toHaveText(/^FL\d{8}$/);
  });
});

test.describe('checkout accessibility (axe, WCAG 2.2 AA) on the narrowest phone (320 px)', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  const fits320 = async (page: Page, where: string) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${where}: document width at 320 px`).toBeLessThanOrEqual(320);
  };

  test('every checkout step with each shipping and payment option', async ({ page, request }) => {
    test.setTimeout(90_000);
    const [{ product, variant }] = (await productsIn(request, 'bags/totes', 1)) as [{ product: Product; variant: Variant }];
    await seedCart(page, [{ product, variant }]);
    await page.goto('/checkout/contact-info');
    const app = remote(page, 'cart_checkout');
    await expect(heading(page, 'Contact details')).toBeVisible();
    await fits320(page, 'contact');
    await axe(page, 'contact');
    // with its errors shown
    await app.getByRole('button', { name: 'Continue to delivery' }).click();
    await expect(app.getByText('Enter your email address.')).toBeVisible();
    await axe(page, 'contact with errors');
    // a long e-mail address must not widen the success page
    await app.getByLabel('Email', { exact: true }).fill('ana.lee.with.a.rather.long.address@example.co.nz');
    await app.getByLabel('First name').fill('Ana');
    await app.getByLabel('Last name', { exact: true }).fill('Lee');
    await app.getByLabel('Phone').fill('021 555 0166');
    await app.getByRole('button', { name: 'Continue to delivery' }).click();

    await expect(heading(page, 'Delivery')).toBeVisible();
    await expect(app.getByRole('radio', { name: /Standard delivery/ })).toBeVisible();
    await fits320(page, 'delivery');
    await axe(page, 'delivery');
    await app.getByRole('radio', { name: /Express delivery/ }).check();
    await axe(page, 'delivery, express');
    await app.getByRole('radio', { name: /Click and collect/ }).check();
    await app.getByLabel('Postcode').fill('1010');
    await app.getByLabel('Postcode').press('Enter');
    await expect(app.getByTestId('stores-status')).toContainText('offering click and collect near 1010');
    await fits320(page, 'click and collect');
    await axe(page, 'click and collect');
    await shot(page, '3b-click-and-collect');
    await app.getByRole('radio', { name: /Delivery to an NZ address/ }).check();
    await app.getByLabel('Street address').fill('12 Queen Street');
    await app.getByLabel('Suburb or town').fill('Auckland Central');
    await app.getByLabel('Postcode').fill('1010');
    await app.getByRole('button', { name: 'Continue to payment' }).click();

    await expect(heading(page, 'Payment')).toBeVisible();
    await expect(app.getByRole('button', { name: /^Place order · \$/ })).toBeEnabled();
    await fits320(page, 'payment');
    await axe(page, 'payment, card');
    // Apple Pay only where the browser has it (not in Chromium)
    await expect(app.getByRole('radio', { name: /^Google Pay$/ })).toBeVisible();
    await expect(app.getByRole('radio', { name: /^Apple Pay$/ })).toHaveCount(0);
    for (const option of [/^PayPal$/, /^Google Pay$/, /^Afterpay/]) {
      await app.getByRole('radio', { name: option }).check();
      await axe(page, `payment, ${option.source}`);
    }
    await app.getByLabel('Same as my delivery address').uncheck();
    await fits320(page, 'payment, billing address');
    await axe(page, 'payment, billing address');

    await app.getByLabel('Same as my delivery address').check();
    // a gift card covers the whole order
    await app.getByLabel('Gift card code').fill('FERN-9999-0004');
    await app.getByLabel('PIN', { exact: true }).fill('9999');
    await app.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(app.getByText('Gift card FERN-9999-0004 applied.')).toBeVisible();
    await expect(app.getByText('Your gift cards cover this order: no further payment is needed.')).toBeVisible();
    await fits320(page, 'payment, gift card');
    await axe(page, 'payment, gift card');
    await app.getByRole('button', { name: /^Place order/ }).click();
    await expect(heading(page, 'Thank you, your order is confirmed')).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('order-details')).toBeVisible();
    await expect(app.getByTestId('order-details')).toContainText('Paid with Gift card 0004');
    await expect(app.getByTestId('order-details')).not.toContainText('No payment needed');
    await expect(app.getByTestId('success-order-number')).toBeInViewport({ ratio: 1 });
    await fits320(page, 'success');
    await axe(page, 'success');
    await page.goto('/cart');
    await expect(heading(page, 'Your cart')).toBeVisible();
    await fits320(page, 'empty cart');
    // the guest order pages too
    for (const [url, title] of [
      ['/orders', 'Find an order'],
      ['/return/guest/create', 'Return items'],
    ] as const) {
      await page.goto(url);
      await expect(heading(page, title)).toBeVisible();
      await fits320(page, url);
      await axe(page, url);
    }
  });
});
