/**
 * One deployment serves two markets by host. On au.localhost:<port> (the default
 * SITE_HOSTS) a shopper browses in AUD, signs up, checks out with an Australian address and a test
 * card and finds the order in AUD in their account; the NZ site (127.0.0.1:<port>) is unchanged.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { chrome, expect, fillCard, remote, test } from '../support/fixtures';

interface Product {
  id: string;
  name: string;
  path: string;
  price: number;
  state: string;
  functionalType: string;
  challengeQuestion?: string | null;
  variants: { id: string; label: string; qty: number }[];
}

const PASSWORD = 'Wattle-Spring-2026';
const aud = (cents: number) => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);
const nzd = (cents: number) => new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD', currencyDisplay: 'narrowSymbol' }).format(cents / 100);

/** GET/POST from inside the page: the request goes to the page's own host (and so its market). */
async function api<T>(page: Page, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([u, b]) => {
      const res = await fetch(u as string, b === undefined ? { headers: { accept: 'application/json' } } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return res.json();
    },
    [url, body] as const,
  ) as Promise<T>;
}

async function codeFor(page: Page, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = await api<{ messages: { purpose: string; code: string }[] }>(page, `/api/cognito/outbox?email=${encodeURIComponent(email)}`);
      code = messages.find((m) => m.purpose === 'SIGN_UP')?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test.describe('the Australian store', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the AU site declares its language as en-AU, in the server page and after hydration; the NZ site en-NZ', async ({ page, store }) => {
    const port = new URL(store.baseURL).port;
    const au = `http://au.localhost:${port}`;
    for (const path of ['/', '/categories/bags', '/cart', '/nowhere-at-all']) {
      const response = await page.goto(`${au}${path}`);
      expect(await response!.text(), path).toMatch(/<html lang="en-AU">/);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'en-AU');
    }
    const response = await page.goto(`${store.baseURL}/categories/bags`);
    expect(await response!.text()).toMatch(/<html lang="en-NZ">/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-NZ');
  });

  test('a shopper on au.localhost browses in AUD, checks out with an Australian address and sees the order in AUD in their account; the NZ site stays in NZD', async ({ page, store }, testInfo) => {
    const port = new URL(store.baseURL).port;
    const au = `http://au.localhost:${port}`;

    // the market comes from the host: the page carries AU settings
    await page.goto(`${au}/categories/bags`);
    const market = await page.evaluate(() => JSON.parse(document.getElementById('site-market')!.textContent!) as { id: string; currency: string; gstPercent: number });
    expect(market).toMatchObject({ id: 'AU', currency: 'AUD', gstPercent: 10 });
    const { header, footer } = chrome(page);
    await expect(header.getByRole('button', { name: 'AUD: Change region (current: Australia)' })).toBeVisible();
    await expect(footer.getByText('All prices in AUD and include GST.')).toBeVisible();

    // the listing shows the AUD price list (server-rendered and hydrated)
    const listing = await api<{ items: { id: string; name: string; price: number }[] }>(page, '/api/catalog/listing?category=bags&page=1');
    const catalog = remote(page, 'catalog');
    const firstTile = listing.items[0]!;
    await expect(catalog.getByRole('link', { name: new RegExp(firstTile.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first()).toBeVisible();
    await expect(catalog.getByText(aud(firstTile.price), { exact: true }).first()).toBeVisible();

    // a sellable product, its page in AUD
    const objects = await api<{ data: { results: (Product | null)[] } }>(page, '/api/search/indexes/nz_products/objects', { objectIds: listing.items.slice(0, 40).map((i) => i.id) });
    const product = objects.data.results.find((p): p is Product => !!p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.variants.length === 1 && p.variants[0]!.qty >= 3 && p.price < 50_000);
    expect(product).toBeTruthy();
    const nzProduct = await (await page.request.get(`${store.baseURL}/api/products/by-path?path=${product!.path}`)).json();
    expect(nzProduct.price).not.toBe(product!.price);

    // sign up and sign in on the Australian site
    const email = `mia.${Date.now()}@example.com.au`;
    await page.goto(`${au}/account/signup`);
    const account = remote(page, 'account');
    await expect(account.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await account.getByLabel('First name').fill('Mia');
    await account.getByLabel('Last name', { exact: true }).fill('Nguyen');
    await account.getByLabel('Email').fill(email);
    await account.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await account.getByLabel('Repeat password').fill(PASSWORD);
    await account.getByRole('button', { name: 'Create account' }).click();
    await expect(account.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    await account.getByLabel('Verification code').fill(await codeFor(page, email));
    await account.getByRole('button', { name: 'Verify email' }).click();
    await expect(account.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
    await page.goto(`${au}/account/signin`);
    await account.getByLabel('Email').fill(email);
    await account.getByLabel('Password').fill(PASSWORD);
    await account.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    // the account greets in the site's way: "Kia ora" is the NZ site's
    await expect(account.getByRole('heading', { level: 1, name: 'Hello, Mia' })).toBeVisible();

    // the product page in AUD, added to the cart
    await page.goto(`${au}/products/${product!.path}`);
    await expect(catalog.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    await expect(catalog.getByText(aud(product!.price), { exact: true }).first()).toBeVisible();
    await catalog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(catalog.getByTestId('add-result')).toContainText('to your cart');

    // checkout: contact prefilled from the account, an Australian address with a state, AU delivery
    await page.goto(`${au}/cart`);
    const app = remote(page, 'cart_checkout');
    await expect(app.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(app.getByTestId('cart-line')).toHaveCount(1);
    await app.getByRole('button', { name: 'Checkout' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
    await app.getByLabel('Phone').fill('0412 345 678');
    await app.getByRole('button', { name: 'Continue to delivery' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
    // click and collect from the Australian stores: an Australian postcode finds the nearest
    await app.getByRole('radio', { name: 'Click and collect from a store (free)' }).check();
    await app.getByLabel('Postcode').fill('2000');
    await app.getByRole('button', { name: 'Find stores' }).click();
    await expect(app.getByTestId('stores-status')).toContainText('near 2000, nearest first');
    const pickup = app.getByRole('group', { name: 'Stores offering click and collect' }).getByRole('radio');
    await expect(pickup.first()).toHaveAccessibleName(/^Fernleaf Pitt Street · [\d.]+ km Shop 21, Level 1, 188 Pitt Street Mall, Sydney, NSW 2000$/);
    await expect(pickup.filter({ hasText: 'Auckland' })).toHaveCount(0);
    await app.getByRole('radio', { name: 'Delivery to an address in Australia' }).check();
    await expect(app.getByText('Country: Australia')).toBeVisible();
    await app.getByLabel('Street address').fill('200 George Street');
    await app.getByLabel('Suburb or town').fill('Sydney');
    await app.getByLabel('Postcode').fill('2000');
    await expect(app.getByRole('radio', { name: /Standard delivery/ })).toBeVisible();
    await app.getByRole('radio', { name: /Standard delivery/ }).check();
    // the state is required on the Australian site
    await app.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'Choose the state this address is in.' })).toBeVisible();
    await app.getByLabel('State').selectOption('NSW');
    await app.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    // Afterpay's limit is the AU site's own, in AUD (the e2e server sets AFTERPAY_MAX_CENTS_AUD=1000, A$10)
    await expect(app.getByTestId('afterpay-limit')).toHaveText('Afterpay is available for orders up to $10.');
    await expect(app.getByRole('radio', { name: /Afterpay/ })).toHaveCount(0);
    await fillCard(page, '4111 1111 1111 1111');
    await app.getByRole('button', { name: /^Place order/ }).click();

    await expect(app.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 20_000 });
    const number = (await app.getByTestId('order-number').textContent())!.trim();
    const details = app.getByTestId('order-details');
    await expect(details.getByTestId('order-currency')).toHaveText('AUD');
    await expect(details).toContainText('Sydney time');
    await expect(details).toContainText(aud(product!.price));
    await expect(details).toContainText('NSW');

    // the order in the account, in AUD: its total is the AUD price plus AU delivery
    const token = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'))!));
    const orders = await page.evaluate(async (t) => (await fetch('/api/account/orders', { headers: { authorization: `Bearer ${t}` } })).json(), token);
    const summary = (orders as { orders: { number: string; currency: string; grandTotal: number }[] }).orders.find((o) => o.number === number)!;
    expect(summary.currency).toBe('AUD');
    await page.goto(`${au}/account/orders`);
    const row = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText(aud(summary.grandTotal));

    // the address book takes Australian addresses: a state from the list and a 4-digit postcode
    await page.goto(`${au}/account/addresses`);
    await expect(account.getByText('We deliver to addresses in Australia.')).toBeVisible();
    await account.getByRole('button', { name: 'Add an address' }).click();
    await account.getByLabel('Contact name').fill('Mia Nguyen');
    await account.getByLabel('Street address', { exact: true }).fill('211 La Trobe Street');
    await account.getByLabel('Suburb').fill('Melbourne');
    await account.getByLabel('Postcode').fill('3000');
    await account.getByRole('button', { name: 'Save address' }).click();
    await expect(account.getByText('Choose the state this address is in.')).toBeVisible();
    await account.getByLabel('State').selectOption('VIC');
    await account.getByRole('button', { name: 'Save address' }).click();
    const saved = account.getByRole('listitem').filter({ hasText: '211 La Trobe Street' });
    await expect(saved).toContainText('Melbourne, VIC 3000');
    await expect(saved).toContainText('Australia');
    await expectNoAxe(page, testInfo);

    // the NZ site is unchanged: NZD prices, the NZ region, GST 15%
    await page.goto(`${store.baseURL}/products/${product!.path}`);
    await expect(chrome(page).header.getByRole('button', { name: 'NZD: Change region (current: New Zealand)' })).toBeVisible();
    await expect(remote(page, 'catalog').getByText(nzd(nzProduct.price), { exact: true }).first()).toBeVisible();
    const nzMarket = await page.evaluate(() => JSON.parse(document.getElementById('site-market')!.textContent!) as { id: string; currency: string; gstPercent: number });
    expect(nzMarket).toMatchObject({ id: 'NZ', currency: 'NZD', gstPercent: 15 });
    await expect(chrome(page).footer.getByText('All prices in NZD and include GST.')).toBeVisible();

    // the AU order's return form on the NZ site: its return-by date is the order's (Sydney), not the page's
    await page.goto(`${store.baseURL}/return/guest/create`);
    const returns = remote(page, 'cart_checkout');
    await returns.getByLabel('Order number').fill(number);
    await returns.getByLabel('Email', { exact: true }).fill(email);
    await returns.getByRole('button', { name: 'Find order' }).click();
    const returnable = await api<{ market: string; currency: string; returnBy: string }>(page, '/api/returns/lookup', { number, email });
    expect(returnable).toMatchObject({ market: 'AU', currency: 'AUD' });
    const sydneyDate = new Date(returnable.returnBy).toLocaleDateString('en-AU', { timeZone: 'Australia/Sydney', day: 'numeric', month: 'long', year: 'numeric' });
    await expect(returns.getByTestId('return-by')).toContainText(`You can request the return for this order online until ${sydneyDate}.`);
  });
  test('the AU store locator at 375 px: Australian stores and suburbs, each store by its own clock; the NZ site keeps its own stores', async ({ page, store }, testInfo) => {
    const port = new URL(store.baseURL).port;
    const au = `http://au.localhost:${port}`;
    await page.setViewportSize({ width: 375, height: 800 });

    // the AU site's own home page copy and its own help centre, terms and privacy links
    await page.goto(`${au}/`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Free delivery over A\$150/);
    const { footer } = chrome(page);
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/articles/terms-of-use-australia');
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/articles/privacy-policy-australia');
    await expect(footer.getByRole('link', { name: 'Help centre', exact: true })).toHaveAttribute('href', '/articles/help-centre-australia');

    await page.goto(`${au}/stores`);
    const content = remote(page, 'content');
    await expect(content.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();
    await expect(content.getByTestId('store-result')).toHaveCount(8);
    await expect(content.getByTestId('store-result').filter({ hasText: 'Auckland' })).toHaveCount(0);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /click and collect at our stores around Australia\.$/);
    await expect(content.getByRole('group', { name: 'Map of Fernleaf stores in Australia' })).toBeVisible();

    // the suggestions are Australian suburbs, written as Australian addresses are
    const box = content.getByRole('combobox', { name: 'Suburb, town or postcode' });
    await expect(box).toHaveAttribute('placeholder', 'e.g. Surry Hills or 2010');
    await box.fill('Surry');
    await content.getByRole('option', { name: 'Surry Hills NSW 2010' }).click();
    await expect(page).toHaveURL(/\/stores\?q=Surry(\+|%20)Hills(\+|%20)NSW(\+|%20)2010$/);
    await expect(content.getByText(/stores within 200 km of Surry Hills NSW 2010, nearest first/)).toBeVisible();
    const first = content.getByTestId('store-result').first();
    await expect(first.getByRole('link', { name: 'Fernleaf Pitt Street' })).toBeVisible();
    await expect(first).toContainText('Sydney NSW 2000');
    await expect(content.getByTestId('store-result').filter({ hasText: 'Melbourne' })).toHaveCount(0);
    await expectNoAxe(page, testInfo);

    // a place of the other country is not found here
    await page.goto(`${au}/stores?q=Mount%20Eden`);
    await expect(content.getByRole('alert').filter({ hasText: 'We couldn\'t find the suburb or postcode "Mount Eden" in Australia.' })).toBeVisible();

    // the Perth store keeps Perth time, two or three hours behind Sydney
    await page.goto(`${au}/stores/perth-murray-street`);
    await expect(content.getByRole('heading', { level: 1, name: 'Fernleaf Murray Street' })).toBeVisible();
    await expect(content.getByRole('table')).toContainText('Opening hours (Perth time)');
    const perthDay = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', weekday: 'long' }).format(new Date());
    await expect(content.getByRole('row', { name: new RegExp(`^${perthDay} \\(today\\)`) })).toHaveCount(1);
    await expect(content.getByText(/^(Open now until|Closed)/)).toBeVisible();
    await expect(content.getByRole('group', { name: 'Map showing Fernleaf Murray Street in Perth' }).getByTestId('map-pin')).toHaveCount(1);
    await expectNoAxe(page, testInfo);

    // stores are per country: an Australian store is not a page of the NZ site, and the NZ locator lists no Australian store
    const nzPage = await page.request.get(`${store.baseURL}/stores/perth-murray-street`);
    expect(nzPage.status()).toBe(404);
    await page.goto(`${store.baseURL}/stores`);
    await expect(content.getByTestId('store-result')).toHaveCount(20);
    await expect(content.getByTestId('store-result').filter({ hasText: 'Fernleaf Pitt Street' })).toHaveCount(0);
  });

  test("content per market at 375 px: NZ-only posts and articles are 404 on the AU site and not in its journal; the AU site's own gift-card article and posts", async ({ page, store }, testInfo) => {
    const port = new URL(store.baseURL).port;
    const au = `http://au.localhost:${port}`;
    await page.setViewportSize({ width: 375, height: 800 });
    const main = page.getByRole('main');
    const content = remote(page, 'content');
    const shot = async (name: string) => {
      const file = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
    };

    // a NZ-only post and the NZ gift-card article: HTTP 404 and the 404 page on the AU site
    for (const path of ['/blog/ferry-to-waiheke', '/articles/help-centre/gift-cards']) {
      const response = await page.goto(`${au}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(main.getByRole('heading', { level: 1 }), path).toHaveText('404');
      await expect(page).toHaveTitle(/Page Not Found/);
    }
    await shot('au-404-nz-post');
    await expectNoAxe(page, testInfo);
    // the AU site's own post is 404 on the NZ site; the NZ post is there
    expect((await page.request.get(`${store.baseURL}/blog/christmas-gift-guide-australia`)).status()).toBe(404);
    expect((await page.request.get(`${store.baseURL}/blog/ferry-to-waiheke`)).status()).toBe(200);

    // the AU journal lists the AU site's posts only: market-neutral ones and its own
    const nzList = await (await page.request.get(`${store.baseURL}/api/content/blog`)).json();
    const nzPage2 = await (await page.request.get(`${store.baseURL}/api/content/blog?page=2`)).json();
    // (asked from the page: only the browser resolves au.localhost)
    const auList = await api<{ items: { path: string }[]; total: number }>(page, '/api/content/blog');
    const auPaths = auList.items.map((p) => p.path);
    const nzOnly = [...nzList.items, ...nzPage2.items].map((p: { path: string }) => p.path).filter((p: string) => !auPaths.includes(p));
    expect(nzOnly).toEqual(expect.arrayContaining(['ferry-to-waiheke', 'great-walks-day-pack', 'christmas-gift-guide']));
    expect(auPaths).toContain('christmas-gift-guide-australia');
    await page.goto(`${au}/blog`);
    await expect(content.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
    await expect(content.getByRole('article')).toHaveCount(auList.total);
    await expect(content.getByText(`Showing 1-${auList.total} of ${auList.total} posts`)).toBeVisible();
    const hrefs = await content.getByRole('article').getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const path of nzOnly) expect(hrefs, path).not.toContain(`/blog/${path}`);
    await expect(content.getByRole('navigation', { name: 'Filter posts by tag' }).getByRole('link', { name: /Outdoors/ })).toHaveCount(0);
    await shot('au-journal');
    await expectNoAxe(page, testInfo);

    // the AU Christmas gift guide: AUD prices and Australian delivery, linked to the AU delivery page
    await content.getByRole('link', { name: 'The Fernleaf Christmas gift guide' }).first().click();
    await expect(page).toHaveURL(/\/blog\/christmas-gift-guide-australia$/);
    await expect(content.getByText(/anywhere in Australia/)).toBeVisible();
    await expect(content.getByRole('link', { name: 'Read about delivery in Australia' })).toHaveAttribute('href', '/articles/shipping-australia');
    await shot('au-gift-guide');
    await expectNoAxe(page, testInfo);

    // the home page's latest posts are the AU site's
    await page.goto(`${au}/`);
    const journal = content.getByRole('region', { name: 'From the journal' });
    await expect(journal.getByRole('link').first()).toBeVisible();
    const homeLinks = await journal.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const path of nzOnly) expect(homeLinks, path).not.toContain(`/blog/${path}`);

    // the AU help centre links its own gift-card article, in AUD
    await page.goto(`${au}/articles/help-centre-australia`);
    await content.getByRole('link', { name: 'Using and checking gift cards in Australia' }).click();
    await expect(content.getByRole('heading', { level: 1, name: 'Gift cards (Australia)' })).toBeVisible();
    await expect(content.getByText(/in Australian dollars/).first()).toBeVisible();
    await shot('au-gift-cards');
    await expectNoAxe(page, testInfo);

    // a market-neutral post links the AU warranty page on the AU site
    await page.goto(`${au}/blog/luggage-repair-or-replace`);
    await expect(content.getByRole('link', { name: 'Our warranty and repairs' })).toHaveAttribute('href', '/articles/warranty-australia');
  });
});

async function expectNoAxe(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const describe = (v: (typeof results.violations)[number]) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`;
  if (blocking.length > 0) await testInfo.attach('axe', { body: blocking.map(describe).join('\n'), contentType: 'text/plain' });
  expect(blocking.map(describe)).toEqual([]);
}
