import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillCard, remote, test } from '../support/fixtures';

interface Variant {
  id: string;
  label: string;
  qty: number;
}
interface Product {
  id: string;
  name: string;
  state: string;
  functionalType: string;
  price: number;
  variants: Variant[];
  challengeQuestion?: string | null;
}

/** Sellable, stocked products of a category with a variant holding at least `minStock`. */
async function productsIn(request: APIRequestContext, category: string, count: number, minStock = 3): Promise<{ product: Product; variant: Variant }[]> {
  const listing = await request.get(`/api/catalog/listing?category=${category}&page=1`);
  expect(listing.ok()).toBe(true);
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 40);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  const picked: { product: Product; variant: Variant }[] = [];
  for (const product of products) {
    if (!product || product.state !== 'current' || product.functionalType !== 'basic' || product.challengeQuestion || product.price > 60_000) continue;
    const variant = product.variants.find((v) => v.qty >= minStock);
    if (variant) picked.push({ product, variant });
    if (picked.length === count) break;
  }
  expect(picked.length).toBe(count);
  return picked;
}

/** Seeds the guest cart (the synced state in local storage), as adds through the product page would. */
async function seedCart(page: Page, lines: { product: Product; variant: Variant; qty?: number }[]) {
  await page.goto('/orders');
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Find an order' })).toBeVisible();
  await page.evaluate((items) => {
    const now = Date.now();
    const state = {
      version: 0,
      cart: { items: items.map((l, i) => ({ id: `e2e-${i}-${now}`, productId: l.productId, variantId: l.variantId, qty: l.qty, createdAt: new Date(now - (items.length - i) * 1000).toISOString() })) },
      wishlist: { items: [] },
    };
    localStorage.setItem('fernleaf.synced.guest', JSON.stringify(state));
  }, lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id, qty: l.qty ?? 1 })));
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

async function contactStep(page: Page, email: string, qantas?: { memberId: string; lastName: string }) {
  const app = remote(page, 'cart_checkout');
  await expect(app.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await app.getByRole('button', { name: 'Continue to delivery' }).click();
  await expect(app.getByText('Enter your email address.')).toBeVisible();
  await expect(app.getByLabel('Email', { exact: true })).toBeFocused();
  await app.getByLabel('Email', { exact: true }).fill(email);
  await app.getByLabel('First name').fill('Aroha');
  await app.getByLabel('Last name', { exact: true }).fill("O'Neill-Ngata");
  await app.getByLabel('Phone').fill('021 555 0101');
  if (qantas) {
    await app.getByLabel(/Membership number/).fill(qantas.memberId);
    await app.getByLabel(/Member last name/).fill(qantas.lastName);
  }
  await app.getByRole('button', { name: 'Continue to delivery' }).click();
}

async function deliveryStep(page: Page) {
  const app = remote(page, 'cart_checkout');
  await expect(app.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
  await app.getByLabel('Street address').fill('12 Queen Street');
  await app.getByLabel('Suburb or town').fill('Auckland Central');
  await app.getByLabel('Postcode').fill('1010');
  await expect(app.getByRole('radio', { name: /Standard delivery/ })).toBeVisible();
  await app.getByRole('radio', { name: /Standard delivery/ }).check();
  await app.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
}

async function payByCard(page: Page, number: string) {
  const app = remote(page, 'cart_checkout');
  await fillCard(page, number);
  await app.getByRole('button', { name: /^Place order/ }).click();
}

test.describe('cart and checkout', () => {
  test('a guest checks out two products with a promo code, a gift card and a test card, then finds the order', async ({ page, request, store }) => {
    const [backpack] = await productsIn(request, 'bags/backpacks', 1);
    const [tote] = await productsIn(request, 'bags/totes', 1);
    const cardNumbers: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/order/place')) cardNumbers.push(r.postData() ?? '');
    });
    await seedCart(page, [{ ...backpack!, qty: 1 }, { ...tote!, qty: 1 }]);
    await page.goto('/cart');
    const app = remote(page, 'cart_checkout');
    await expect(app.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(app.getByTestId('cart-line')).toHaveCount(2);
    // newest first: the tote was added last
    await expect(app.getByTestId('cart-line').first()).toContainText(tote!.product.name);

    await app.getByLabel('Promo code').fill('winter20');
    await app.getByRole('button', { name: 'Apply' }).click();
    await expect(app.getByTestId('order-totals')).toContainText('20% off backpacks');
    await expectNoSeriousAxe(page);

    await app.getByRole('button', { name: 'Checkout' }).click();
    await contactStep(page, 'aroha.e2e@example.co.nz', { memberId: '12345678', lastName: 'Ngata' });
    await deliveryStep(page);
    // a guest's Qantas membership is kept locally, to be linked to an account after sign-in
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.loyalty.guest') ?? 'null'))).toMatchObject({ memberId: '12345678', lastName: 'Ngata' });

    await app.getByLabel('Gift card code').fill('FERN-1000-0003');
    await app.getByLabel('PIN').fill('1111');
    await app.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(app.getByRole('list', { name: 'Applied gift cards' })).toContainText('FERN-1000-0003');
    await expect(app.getByTestId('amount-outstanding')).toBeVisible();
    await expectNoSeriousAxe(page);
    // the card fields are the payment provider's frames, from its own origin: the store's document
    // holds no card input, and this page cannot read the frames' documents
    const numberFrame = page.locator('iframe[name="braintree-hosted-field-number"]');
    await expect(numberFrame).toBeVisible();
    expect(new URL((await numberFrame.getAttribute('src'))!).origin).toBe(store.paymentOrigin);
    expect(store.paymentOrigin).not.toBe(new URL(page.url()).origin);
    await fillCard(page, '4111 1111 1111 1111');
    await expect(app.getByTestId('card-brand')).toHaveText('Visa');
    await expect(page.locator('input')).not.toHaveCount(0);
    expect(await page.locator('input[autocomplete^="cc-"], input[name="cardnumber"], input[name="cvc"]').count()).toBe(0);
    expect(await page.evaluate(() => [...document.querySelectorAll('input')].some((i) => /\d{4} ?\d{4} ?\d{4}/.test(i.value)))).toBe(false);
    expect(await numberFrame.evaluate((frame: HTMLIFrameElement) => frame.contentDocument)).toBeNull();
    await app.getByRole('button', { name: /^Place order/ }).click();

    await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 15_000 });
    const number = (await app.getByTestId('order-number').textContent())!.trim();
    expect(number).toMatch(/^FL\d{8}$/);
    await expect(app.getByTestId('order-details')).toContainText('Gift card');
    await expect(app.getByTestId('order-details')).toContainText('WINTER20');
    // an NZD order on the NZ site names no currency (only the AU site, or another currency's order, does)
    await expect(app.getByTestId('order-details')).toContainText('(NZ time)');
    await expect(app.getByTestId('order-currency')).toHaveCount(0);
    // card numbers never reach the order API
    expect(cardNumbers.join('')).not.toContain('4111');
    // the order carries the analytics ids
    const placed = JSON.parse(cardNumbers.at(-1)!) as { analytics?: { clientId?: string }; loyalty?: { qantas?: { memberId: string } }; fraudAnalytics?: { token: string } };
    expect(placed.analytics?.clientId).toMatch(/^\d+\.\d+$/);
    // the fraud-prevention script's token, the same the script left in its cookie
    const fraudCookie = (await page.context().cookies()).find((c) => c.name === 'forterToken');
    expect(placed.fraudAnalytics?.token).toBeTruthy();
    expect(decodeURIComponent(fraudCookie!.value)).toBe(placed.fraudAnalytics!.token);
    // and the membership that earns the points (2 per $1), kept with the order and shown masked
    expect(placed.loyalty?.qantas?.memberId).toBe('12345678');
    await expect(app.getByText(/You will earn [\d,]+ airline points with this order\./)).toBeVisible();
    await expect(app.getByTestId('qantas-member')).toHaveText('•••••678');
    // the checkout steps and the purchase reached the dataLayer, the purchase with the order number and items
    const events = await page.evaluate(() => ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).filter((e) => typeof e.event === 'string'));
    const names = events.map((e) => e.event);
    for (const name of ['begin_checkout', 'add_shipping_info', 'add_payment_info', 'purchase']) expect(names).toContain(name);
    expect(names.indexOf('begin_checkout')).toBeLessThan(names.indexOf('add_shipping_info'));
    expect(names.indexOf('add_payment_info')).toBeLessThan(names.indexOf('purchase'));
    const purchase = events.find((e) => e.event === 'purchase') as { transaction_id: string; items: { item_id: string; quantity: number }[]; placedOrder: { number: string; shipping: { type: string }; promoCodes: string[]; contact: { emailSha256: string | null } } };
    expect(purchase.transaction_id).toBe(number);
    expect(purchase.items.map((i) => i.item_id).sort()).toEqual([backpack!.product.id, tote!.product.id].sort());
    expect(purchase.placedOrder).toMatchObject({ number, shipping: { type: 'DELIVERY' }, promoCodes: ['WINTER20'] });
    expect(JSON.stringify(purchase)).not.toContain('aroha.e2e@example.co.nz');
    // the cart is cleared
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.synced.guest') ?? '{}').cart?.items?.length ?? 0)).toBe(0);

    await page.goto('/orders');
    await app.getByLabel('Order number').fill(number);
    await app.getByLabel('Email', { exact: true }).fill('Aroha.E2E@example.co.nz');
    await app.getByRole('button', { name: 'Find order' }).click();
    await expect(app.getByTestId('order-details')).toContainText(backpack!.product.name);
    await expect(app.getByTestId('order-details')).toContainText(tote!.product.name);

    // a guest return of the backpack from the same order
    await page.goto('/return/guest/create');
    await expect(app.getByRole('heading', { level: 1, name: 'Return items' })).toBeVisible();
    await app.getByLabel('Order number').fill(number);
    await app.getByLabel('Email', { exact: true }).fill('aroha.e2e@example.co.nz');
    await app.getByRole('button', { name: 'Find order' }).click();
    const backpackLabel = `${backpack!.product.name}, ${backpack!.variant.label}`;
    await app.getByLabel(`Quantity to return of ${backpackLabel}`).selectOption('1');
    await app.getByLabel(`Reason for returning ${backpackLabel}`).selectOption('DOES_NOT_FIT');
    await app.getByRole('button', { name: 'Request return' }).click();
    await expect(app.getByRole('heading', { name: /^Return RT\d{8} requested$/ })).toBeVisible();
    await expect(app.getByTestId('return-created')).toContainText(`1 × ${backpackLabel}`);
  });

  test('a declined card shows the decline message and keeps the cart', async ({ page, request }) => {
    const [item] = await productsIn(request, 'bags/crossbody', 1);
    await seedCart(page, [{ ...item!, qty: 1 }]);
    const bodies: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/order/place')) bodies.push(r.postData() ?? '');
    });
    // campaign parameters are read at checkout and sent with the order
    await page.goto('/checkout/contact-info?utm_source=e2e&utm_medium=email&utm_campaign=winter');
    await contactStep(page, 'declined.e2e@example.co.nz');
    await deliveryStep(page);
    await payByCard(page, '4000 1111 1111 1115');
    const app = remote(page, 'cart_checkout');
    await expect(app.getByRole('alert').filter({ hasText: 'Your payment was declined. Try another payment method or contact your bank.' })).toBeVisible({ timeout: 15_000 });
    expect(JSON.parse(bodies.at(-1)!).analytics).toMatchObject({ clientId: expect.stringMatching(/^\d+\.\d+$/), utm_source: 'e2e', utm_medium: 'email', utm_campaign: 'winter' });
    await page.goto('/cart');
    await expect(app.getByTestId('cart-line')).toHaveCount(1);
  });

  test('click and collect builds the pickup address from the store', async ({ page, request }) => {
    const [item] = await productsIn(request, 'bags/shoulder-bags', 1);
    await seedCart(page, [{ ...item!, qty: 1 }]);
    await page.goto('/checkout/contact-info');
    await contactStep(page, 'pickup.e2e@example.co.nz');
    const app = remote(page, 'cart_checkout');
    await app.getByRole('radio', { name: /Click and collect/ }).check();
    await app.getByLabel('Postcode').fill('1024');
    await app.getByRole('button', { name: 'Find stores' }).click();
    await expect(app.locator('input[name="pickupStore"]').first()).toBeVisible();
    await app.locator('input[name="pickupStore"]').first().check();
    await app.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await app.getByLabel('Street address').fill('5 Mount Eden Road');
    await app.getByLabel('Suburb or town').fill('Mount Eden');
    await app.getByLabel('Postcode').fill('1024');
    await payByCard(page, '5555 5555 5555 4444');
    await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByRole('heading', { name: 'Collect from' })).toBeVisible();
    await expect(app.getByTestId('shipping-address')).toContainText("Aroha O'Neill-Ngata");
    // the pickup address is the store's: the first store offered for 1024
    const stores = (await (await request.get('/api/checkout/pickup-stores?postcode=1024')).json()) as { stores: { name: string; address: { street1: string; locality: string; postcode: string } }[] };
    const store = stores.stores[0]!;
    await expect(app.getByTestId('shipping-address')).toContainText(store.address.street1);
    await expect(app.getByTestId('shipping-address')).toContainText(store.address.locality);
    await expect(app.getByTestId('shipping-address')).toContainText(store.address.postcode);
    await expect(app.getByTestId('shipping-address')).not.toContainText('5 Mount Eden Road');
  });

  test('an Afterpay approval completes the order', async ({ page, request }) => {
    const [item] = await productsIn(request, 'bags/clutches', 1);
    await seedCart(page, [{ ...item!, qty: 1 }]);
    await page.goto('/checkout/contact-info');
    await contactStep(page, 'afterpay.e2e@example.co.nz');
    await deliveryStep(page);
    const app = remote(page, 'cart_checkout');
    await app.getByRole('radio', { name: /Afterpay: 4 interest-free payments/ }).check();
    await app.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Afterpay sandbox' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('4 interest-free payments every 2 weeks')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm and pay with Afterpay' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 20_000 });
    await expect(app.getByTestId('order-details')).toContainText('Afterpay');
  });

  /** A one-item cart at the payment step (guest). */
  async function atPayment(page: Page, request: APIRequestContext, category: string, email: string) {
    const [item] = await productsIn(request, category, 1);
    await seedCart(page, [{ ...item!, qty: 1 }]);
    await page.goto('/checkout/contact-info');
    await contactStep(page, email);
    await deliveryStep(page);
    return remote(page, 'cart_checkout');
  }
  const success = (page: Page) => remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' });

  test('PayPal: cancelled in the provider popup the shopper chooses again; approved, the order is placed', async ({ page, request, store }) => {
    const app = await atPayment(page, request, 'bags/backpacks', 'paypal.e2e@example.co.nz');
    await app.getByRole('radio', { name: 'PayPal' }).check();
    let popupOpened = page.waitForEvent('popup');
    await app.getByRole('button', { name: /^Place order/ }).click();
    let popup = await popupOpened;
    // the provider's approval page, on its own origin
    expect(new URL(popup.url()).origin).toBe(store.paymentOrigin);
    await expect(popup.getByRole('heading', { name: 'PayPal (test)' })).toBeVisible();
    await popup.getByRole('button', { name: 'Cancel and return to the store' }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'Your PayPal payment was cancelled. Choose another payment method.' })).toBeVisible({ timeout: 15_000 });
    await expect(app.getByRole('button', { name: /^Place order/ })).toBeEnabled();

    popupOpened = page.waitForEvent('popup');
    await app.getByRole('button', { name: /^Place order/ }).click();
    popup = await popupOpened;
    await expect(popup.getByText(/^Pay NZD \d+\.\d\d to 127\.0\.0\.1:\d+$/)).toBeVisible();
    await popup.getByRole('button', { name: 'Agree and pay' }).click();
    await expect(success(page)).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('order-details')).toContainText('PayPal');
  });

  test('Google Pay: the stand-in of the Google Pay client shows its sheet; cancel, a declining card, then pay', async ({ page, request, store }) => {
    const app = await atPayment(page, request, 'bags/totes', 'gpay.e2e@example.co.nz');
    await app.getByRole('radio', { name: 'Google Pay' }).check();
    const sheetFrame = page.locator('iframe[name="google-pay-sheet"]');
    const sheet = page.frameLocator('iframe[name="google-pay-sheet"]');
    await app.getByRole('button', { name: /^Place order/ }).click();
    await expect(sheetFrame).toBeVisible();
    expect(new URL((await sheetFrame.getAttribute('src'))!).origin).toBe(store.paymentOrigin);
    await expect(sheet.getByRole('dialog', { name: 'Google Pay (test)' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'Your Google Pay payment was cancelled. Choose another payment method.' })).toBeVisible({ timeout: 15_000 });
    await expect(sheetFrame).toHaveCount(0);

    // the wallet's test card that declines: the spec's decline message, nothing placed
    await app.getByRole('button', { name: /^Place order/ }).click();
    await sheet.getByLabel(/Visa •••• 1115/).check();
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'Your payment was declined. Try another payment method or contact your bank.' })).toBeVisible({ timeout: 15_000 });

    await app.getByRole('button', { name: /^Place order/ }).click();
    await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(success(page)).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('order-details')).toContainText('1111');
  });

  test('Apple Pay is not offered where the browser has no ApplePaySession (Chromium)', async ({ page, request }) => {
    const app = await atPayment(page, request, 'bags/crossbody', 'noapplepay.e2e@example.co.nz');
    await expect(app.getByRole('radio', { name: 'Google Pay' })).toBeVisible();
    await expect(app.getByRole('radio', { name: 'PayPal' })).toBeVisible();
    await expect(app.getByRole('radio', { name: 'Apple Pay' })).toHaveCount(0);
    expect(await page.evaluate(() => 'ApplePaySession' in window)).toBe(false);
  });

  test('Apple Pay with a test stand-in of ApplePaySession: a closed sheet places nothing; merchant validation, then the authorised payment places the order', async ({ page, request }) => {
    // A test double of Safari's ApplePaySession: it validates the merchant at an Apple URL, takes
    // the merchant session the gateway signed, then authorises with a token naming that session.
    await page.addInitScript(() => {
      type Handler = ((event: unknown) => void) | null;
      const log: { event: string; detail?: unknown }[] = [];
      (window as unknown as { __applePayLog: typeof log }).__applePayLog = log;
      class ApplePaySession {
        static STATUS_SUCCESS = 0;
        static STATUS_FAILURE = 1;
        static canMakePayments() {
          return true;
        }
        onvalidatemerchant: Handler = null;
        onpaymentauthorized: Handler = null;
        oncancel: Handler = null;
        constructor(version: number, request: { total: { label: string; amount: string }; currencyCode: string; supportedNetworks: string[] }) {
          log.push({ event: 'created', detail: { version, total: request.total, currencyCode: request.currencyCode, networks: request.supportedNetworks } });
        }
        begin() {
          // the shopper closes the sheet (a test sets __applePayCancel)
          if ((window as unknown as { __applePayCancel?: boolean }).__applePayCancel) return void setTimeout(() => this.oncancel?.({}), 10);
          setTimeout(() => this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession' }), 10);
        }
        abort() {
          log.push({ event: 'aborted' });
        }
        completeMerchantValidation(session: { merchantSessionIdentifier?: string; signature?: string; domainName?: string }) {
          log.push({ event: 'merchant-validated', detail: session });
          if (!session?.merchantSessionIdentifier || !session.signature) return void this.oncancel?.({});
          const data = btoa(JSON.stringify({ merchantSessionIdentifier: session.merchantSessionIdentifier, lastFour: '4444' }));
          setTimeout(
            () => this.onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1', data, signature: 'e2e' }, paymentMethod: { displayName: 'MasterCard 4444', network: 'MasterCard', type: 'debit' }, transactionIdentifier: `e2e-${Date.now()}` } } }),
            10,
          );
        }
        completePayment(status: number) {
          log.push({ event: 'completed', detail: status });
        }
      }
      (window as unknown as { ApplePaySession: typeof ApplePaySession }).ApplePaySession = ApplePaySession;
    });
    const app = await atPayment(page, request, 'bags/shoulder-bags', 'applepay.e2e@example.co.nz');
    await app.getByRole('radio', { name: 'Apple Pay' }).check();
    const total = (await app.getByRole('button', { name: /^Place order/ }).textContent())!.match(/\$([\d,.]+)/)![1]!.replace(/,/g, '');
    // closed sheet: nothing placed, the shopper chooses again
    await page.evaluate(() => ((window as unknown as { __applePayCancel?: boolean }).__applePayCancel = true));
    await app.getByRole('button', { name: /^Place order/ }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'Your Apple Pay payment was cancelled. Choose another payment method.' })).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => {
      const w = window as unknown as { __applePayCancel?: boolean; __applePayLog: unknown[] };
      w.__applePayCancel = false;
      w.__applePayLog.length = 0;
    });
    await app.getByRole('button', { name: /^Place order/ }).click();
    await expect(success(page)).toBeVisible({ timeout: 15_000 });
    await expect(app.getByTestId('order-details')).toContainText('4444');
    const log = await page.evaluate(() => (window as unknown as { __applePayLog: { event: string; detail?: Record<string, unknown> | number }[] }).__applePayLog);
    expect(log.map((e) => e.event)).toEqual(['created', 'merchant-validated', 'completed']);
    expect(log[0]!.detail).toMatchObject({ version: 3, total: { label: 'Fernleaf', amount: total }, currencyCode: 'NZD' });
    expect(log[1]!.detail).toMatchObject({ merchantSessionIdentifier: expect.stringMatching(/^SSH/), domainName: '127.0.0.1', displayName: 'Fernleaf' });
    expect(log[2]!.detail).toBe(0); // STATUS_SUCCESS, after the order was placed
  });

  test('a promotion that no longer applies raises the exact alert', async ({ page, request }) => {
    const [backpack] = await productsIn(request, 'bags/backpacks', 1);
    const [tote] = await productsIn(request, 'bags/totes', 1);
    await seedCart(page, [{ ...backpack!, qty: 1 }, { ...tote!, qty: 1 }]);
    await page.goto('/cart');
    const app = remote(page, 'cart_checkout');
    await app.getByLabel('Promo code').fill('WINTER20');
    await app.getByRole('button', { name: 'Apply' }).click();
    await expect(app.getByTestId('order-totals')).toContainText('20% off backpacks');
    await app.getByRole('button', { name: `Remove ${backpack!.product.name}, ${backpack!.variant.label}` }).click();
    await expect(page.getByText('Offer 20% off backpacks has been removed because there are no applicable items in your cart.')).toBeVisible();
  });
});
