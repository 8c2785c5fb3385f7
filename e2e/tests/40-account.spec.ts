import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillCard, remote, test } from '../support/fixtures';

interface Product {
  id: string;
  name: string;
  path: string;
  state: string;
  functionalType: string;
  challengeQuestion?: string | null;
  variants: { id: string; label: string; qty: number }[];
}

const PASSWORD = 'Pohutukawa-Summer-26';

/** Two sellable, stocked products without a challenge question. */
async function pickProducts(request: APIRequestContext): Promise<Product[]> {
  const listing = await request.get('/api/catalog/listing?category=bags&page=1');
  const ids = ((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id).slice(0, 40);
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results;
  const picked = products.filter((p): p is Product => !!p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.variants.some((v) => v.qty >= 3));
  expect(picked.length).toBeGreaterThanOrEqual(2);
  return picked.slice(0, 2);
}

/** The latest code the local user pool "e-mailed" to an address (the outbox the tests use). */
async function codeFor(request: APIRequestContext, email: string, purpose: 'SIGN_UP' | 'FORGOT_PASSWORD'): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/cognito/outbox?email=${encodeURIComponent(email)}`);
      const messages = ((await res.json()) as { messages: { purpose: string; code: string }[] }).messages;
      code = messages.find((m) => m.purpose === purpose)?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${where}: [${v.impact}] ${v.id}: ${v.nodes[0]?.target.join(' ')}`),
    'serious or critical axe violations',
  ).toEqual([]);
}

async function signUp(page: Page, request: APIRequestContext, email: string) {
  await page.goto('/account/signup');
  const app = remote(page, 'account');
  await expect(app.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await axe(page, '/account/signup');
  // Errors show on submit and the first invalid field gets focus
  await app.getByRole('button', { name: 'Create account' }).click();
  await expect(app.getByText('Enter your first name.')).toBeVisible();
  await expect(app.getByLabel('First name')).toBeFocused();
  await app.getByLabel('First name').fill('Hana');
  await app.getByLabel('Last name', { exact: true }).fill("O'Connor");
  await app.getByLabel('Email').fill(email);
  await app.getByLabel('Password', { exact: true }).fill('weakpassword');
  await app.getByLabel('Repeat password').fill('weakpassword');
  await app.getByRole('button', { name: 'Create account' }).click();
  await expect(app.getByText('Password needs an uppercase letter.')).toBeVisible();
  await app.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await app.getByLabel('Repeat password').fill(PASSWORD);
  await app.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/verify\?user=/);
  await expect(app.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
  await axe(page, '/account/verify');
  await app.getByLabel('Verification code').fill(await codeFor(request, email, 'SIGN_UP'));
  await app.getByRole('button', { name: 'Verify email' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Email verified' })).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/account/signin');
  const app = remote(page, 'account');
  await expect(app.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await app.getByLabel('Email').fill(email);
  await app.getByLabel('Password').fill(password);
  await app.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('account', () => {
  test.describe.configure({ timeout: 120_000 });

  test('sign up, verify from the outbox, sign in (SRP), and the wishlist and cart follow the customer to another browser', async ({ page, request, browser }) => {
    const email = `hana.${Date.now()}@example.co.nz`;
    const [first, second] = await pickProducts(request);

    // A signed-out visitor is sent to the sign-in page.
    await page.goto('/account/wishlist');
    await expect(page).toHaveURL(/\/account\/signin$/);

    await signUp(page, request, email);

    // As a guest: the first product to the wishlist and the cart (kept locally, merged at login).
    await page.goto(`/products/${first!.path}`);
    const guestCatalog = remote(page, 'catalog');
    await guestCatalog.getByRole('button', { name: '♡ Add to wishlist' }).click();
    await expect(guestCatalog.getByRole('button', { name: '♥ In your wishlist' })).toBeVisible();
    await guestCatalog.getByRole('button', { name: 'Add to cart' }).click();
    await expect(guestCatalog.getByTestId('add-result')).toContainText('to your cart');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.synced.guest') ?? '{}').wishlist?.items?.length ?? 0)).toBe(1);

    // Every sign-in goes through the user pool's JSON protocol with SRP (aws-amplify's default):
    // InitiateAuth with AuthFlow USER_SRP_AUTH, then the PASSWORD_VERIFIER challenge; never a password.
    const cognito: { target: string; body: Record<string, unknown> }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/cognito') cognito.push({ target: r.headers()['x-amz-target'] ?? '', body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown> });
    });

    // Wrong password: its error message.
    await signIn(page, email, 'Not-My-Password-1');
    await axe(page, '/account/signin');
    const app = remote(page, 'account');
    await expect(app.getByRole('alert')).toHaveText('Incorrect email or password.');

    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    await expect(app.getByRole('heading', { level: 1, name: 'Kia ora, Hana' })).toBeVisible();
    await axe(page, '/account');
    // The API was called with an ID token: the SRP sign-in went through aws-amplify's client.
    const tokens = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken')));
    expect(tokens).toHaveLength(1);
    const initiate = cognito.filter((c) => c.target === 'AWSCognitoIdentityProviderService.InitiateAuth');
    expect(initiate).toHaveLength(2); // the wrong password, then the right one
    for (const { body } of initiate) {
      expect(body.AuthFlow).toBe('USER_SRP_AUTH');
      expect(body.AuthParameters).toMatchObject({ USERNAME: email, SRP_A: expect.stringMatching(/^[0-9a-f]{256,}$/i) });
      expect(body.AuthParameters).not.toHaveProperty('PASSWORD');
    }
    const answers = cognito.filter((c) => c.target === 'AWSCognitoIdentityProviderService.RespondToAuthChallenge');
    expect(answers.map((c) => c.body.ChallengeName)).toEqual(['PASSWORD_VERIFIER', 'PASSWORD_VERIFIER']);
    expect(JSON.stringify(cognito)).not.toContain(PASSWORD);
    expect(JSON.stringify(cognito)).not.toContain('Not-My-Password-1');

    // Signed-out-only pages send a signed-in customer to /account.
    await page.goto('/account/signup');
    await expect(page).toHaveURL(/\/account$/);

    // Signed in: the second product to the wishlist through its product page.
    await page.goto(`/products/${second!.path}`);
    const catalog = remote(page, 'catalog');
    await catalog.getByRole('button', { name: '♡ Add to wishlist' }).click();
    await expect(catalog.getByRole('button', { name: '♥ In your wishlist' })).toBeVisible();

    // The server holds the merged guest items and the new wishlist item.
    const idToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    await expect
      .poll(async () => {
        const res = await request.get('/api/account/state', { headers: { authorization: `Bearer ${idToken}` } });
        const { state } = (await res.json()) as { state: { wishlist: { items: { productId: string }[] }; cart: { items: { productId: string }[] } } };
        return [state.wishlist.items.map((i) => i.productId).sort(), state.cart.items.map((i) => i.productId)];
      })
      .toEqual([[first!.id, second!.id].sort(), [first!.id]]);

    // The wishlist page: newest first.
    await page.goto('/account/wishlist');
    const saved = app.getByRole('list', { name: 'Saved products' }).getByRole('listitem');
    await expect(saved).toHaveCount(2);
    await expect(saved.first()).toContainText(second!.name);
    await axe(page, '/account/wishlist');

    // Sign out: cart and wishlist empty on this device.
    await app.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/account\/signin$/);
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('fernleaf.synced.guest') ?? '{"wishlist":{"items":[]}}').wishlist.items.length)).toBe(0);

    // Another browser: sign in and see the same cart and wishlist.
    const other = await browser.newContext({ baseURL: page.url().replace(/\/account.*$/, '') });
    const page2 = await other.newPage();
    try {
      await signIn(page2, email);
      await expect(page2).toHaveURL(/\/account$/);
      await page2.goto('/account/wishlist');
      const saved2 = remote(page2, 'account').getByRole('list', { name: 'Saved products' }).getByRole('listitem');
      await expect(saved2).toHaveCount(2);
      await expect(saved2.first()).toContainText(second!.name);
      await expect(saved2.last()).toContainText(first!.name);
      // Add to cart from the wishlist (cart.add through the bus to the cart service).
      await remote(page2, 'account').getByRole('button', { name: `Add ${second!.name} to cart` }).click();
      await expect(remote(page2, 'account').getByText('Added to your cart.')).toBeVisible();
      await page2.goto('/cart');
      await expect(remote(page2, 'cart_checkout').getByTestId('cart-line')).toHaveCount(2);
      await expect(remote(page2, 'cart_checkout').getByTestId('cart-line').filter({ hasText: first!.name })).toHaveCount(1);
    } finally {
      await other.close();
    }
  });

  test('forgot and reset password, then a password change with a wrong current password', async ({ page, request }) => {
    const email = `tama.${Date.now()}@example.co.nz`;
    await signUp(page, request, email);

    await page.goto('/account/password/forgot');
    const app = remote(page, 'account');
    await expect(app.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await axe(page, '/account/password/forgot');
    await app.getByLabel('Email').fill(email);
    await app.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/account\/password\/reset\?user=/);
    await expect(app.getByLabel('Email')).toHaveValue(email);
    // A wrong code: its error message.
    const code = await codeFor(request, email, 'FORGOT_PASSWORD');
    await app.getByLabel('Reset code').fill(code === '000000' ? '111111' : '000000');
    await app.getByLabel('New password', { exact: true }).fill('Rimu-Forest-2026!');
    await app.getByLabel('Repeat new password').fill('Rimu-Forest-2026!');
    await app.getByRole('button', { name: 'Reset password' }).click();
    await expect(app.getByRole('alert')).toHaveText("That code isn't right. Check the code in the email we sent you and try again.");
    await app.getByLabel('Reset code').fill(code);
    await app.getByRole('button', { name: 'Reset password' }).click();
    await expect(app.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();

    await signIn(page, email, 'Rimu-Forest-2026!');
    await expect(page).toHaveURL(/\/account$/);

    await page.goto('/account/password/change');
    await expect(app.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await app.getByLabel('Current password').fill('Not-The-Current-1');
    await app.getByLabel('New password', { exact: true }).fill('Kowhai-Spring-77!');
    await app.getByLabel('Repeat new password').fill('Kowhai-Spring-77!');
    await app.getByRole('button', { name: 'Change password' }).click();
    await expect(app.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await axe(page, '/account/password/change');
    await app.getByLabel('Current password').fill('Rimu-Forest-2026!');
    await app.getByRole('button', { name: 'Change password' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  });

  test('a signed-in shopper checks out twice saving cards: the orders are in /account/orders, the cards on /account/payment-methods (made default, deleted)', async ({ page, request }) => {
    const email = `ana.${Date.now()}@example.co.nz`;
    const [product] = await pickProducts(request);
    await signUp(page, request, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const app = remote(page, 'account');
    const shop = remote(page, 'cart_checkout');

    await page.goto('/account/payment-methods');
    await expect(app.getByText(/You have no saved cards/)).toBeVisible();

    const placed: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/order/place') placed.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    });

    /** Adds the product, checks out to the payment step and pays with a new card saved for next time. */
    const checkoutSavingCard = async (number: string, savedBefore: string[]) => {
      await page.goto(`/products/${product!.path}`);
      const catalog = remote(page, 'catalog');
      await catalog.getByRole('button', { name: 'Add to cart' }).click();
      await expect(catalog.getByRole('status').filter({ hasText: /^Added / })).toBeVisible();
      await page.goto('/cart');
      await shop.getByRole('button', { name: 'Checkout' }).click();
      await expect(shop.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
      await shop.getByLabel('Email', { exact: true }).fill(email);
      await shop.getByLabel('First name').fill('Ana');
      await shop.getByLabel('Last name', { exact: true }).fill('Fifita');
      await shop.getByLabel('Phone').fill('021 555 0199');
      await shop.getByRole('button', { name: 'Continue to delivery' }).click();
      await expect(shop.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
      await shop.getByLabel('Street address').fill('5 Cuba Street');
      await shop.getByLabel('Suburb or town').fill('Te Aro');
      await shop.getByLabel('Postcode').fill('6011');
      await shop.getByRole('radio', { name: /Standard delivery/ }).check();
      await shop.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(shop.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
      // cards saved earlier are offered, the default one chosen first
      for (const [i, name] of savedBefore.entries()) {
        const radio = shop.getByRole('radio', { name: new RegExp(`^Saved card: ${name}`) });
        await expect(radio).toBeVisible();
        if (i === 0) await expect(radio).toBeChecked();
      }
      if (savedBefore.length > 0) await shop.getByRole('radio', { name: /^A new credit or debit card/ }).check();
      await fillCard(page, number);
      await shop.getByLabel('Save this card for next time').check();
      await shop.getByRole('button', { name: /^Place order/ }).click();
      await expect(shop.getByRole('heading', { level: 1, name: 'Thank you, your order is confirmed' })).toBeVisible({ timeout: 15_000 });
      orderNumbers.push((await shop.getByTestId('success-order-number').textContent())!.trim());
    };
    const orderNumbers: string[] = [];

    await checkoutSavingCard('4111 1111 1111 1111', []);
    await checkoutSavingCard('5555 5555 5555 4444', ['Visa ending 1111']);
    // the order API got a nonce from the test card form and the save flag, never the card number
    expect(placed).toHaveLength(2);
    for (const body of placed) {
      expect(JSON.stringify(body)).not.toMatch(/4111|5555 ?5555/);
      expect(JSON.stringify(body)).toContain('"saveCard":true');
    }

    await page.goto('/account/payment-methods');
    const cards = app.getByRole('list', { name: 'Saved cards' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    // newest first; the first card saved is the default
    await expect(cards.nth(0)).toContainText('MasterCard ending 4444');
    await expect(cards.nth(1)).toContainText('Visa ending 1111');
    await expect(cards.filter({ hasText: 'Visa ending 1111' })).toContainText('Default');
    await expect(cards.filter({ hasText: 'MasterCard ending 4444' })).not.toContainText('Default');
    await axe(page, '/account/payment-methods');

    await app.getByRole('button', { name: 'Make default: MasterCard ending 4444' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'MasterCard ending 4444 is now your default card.' })).toBeVisible();
    await expect(cards.filter({ hasText: 'MasterCard ending 4444' })).toContainText('Default');
    await expect(cards.filter({ hasText: 'Visa ending 1111' })).not.toContainText('Default');

    await app.getByRole('button', { name: 'Delete Visa ending 1111' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Visa ending 1111 has been deleted.' })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('MasterCard ending 4444');

    // the server agrees after a reload
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(/MasterCard ending 4444.*Default/);

    // both orders are in the account, newest first, and one opens with its items
    expect(orderNumbers).toHaveLength(2);
    await page.goto('/account/orders');
    // the list is the cart remote's ./AccountOrders fragment inside the account page
    const orderLinks = page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: /^Order / });
    await expect(orderLinks).toHaveCount(2);
    await expect(orderLinks.nth(0)).toHaveText(`Order ${orderNumbers[1]}`);
    await expect(orderLinks.nth(1)).toHaveText(`Order ${orderNumbers[0]}`);
    await orderLinks.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${orderNumbers[0]}$`));
    await expect(page.getByText(product!.name).first()).toBeVisible();
    await axe(page, '/account/orders/{number}');
  });

  test('contact info, NZ addresses and the Qantas link', async ({ page, request }) => {
    const email = `mere.${Date.now()}@example.co.nz`;
    await signUp(page, request, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const app = remote(page, 'account');

    await page.goto('/account/contact-info');
    await expect(app.getByLabel('First name')).toHaveValue('Hana');
    await app.getByLabel('First name').fill('Mere');
    await app.getByLabel('Phone (optional)').fill('021 555 0147');
    await app.getByLabel('New arrivals and offers by email').check();
    await app.getByRole('button', { name: 'Save contact info' }).click();
    await expect(app.getByRole('status').filter({ hasText: 'Your contact info has been saved.' })).toBeVisible();
    await axe(page, '/account/contact-info');

    await page.goto('/account/addresses');
    await app.getByRole('button', { name: 'Add an address' }).click();
    await app.getByRole('button', { name: 'Save address' }).click();
    await expect(app.getByLabel('Contact name')).toBeFocused();
    await app.getByLabel('Contact name').fill('Mere Tane');
    await app.getByLabel('Street address', { exact: true }).fill('40 Ponsonby Road');
    await app.getByLabel('Suburb').fill('Grey Lynn');
    await app.getByLabel('Postcode').fill('10211');
    await app.getByRole('button', { name: 'Save address' }).click();
    await expect(app.getByText('Enter a 4-digit New Zealand postcode.')).toBeVisible();
    await app.getByLabel('Postcode').fill('1021');
    await app.getByRole('button', { name: 'Save address' }).click();
    await expect(app.getByText('40 Ponsonby Road')).toBeVisible();
    await expect(app.getByText('Default delivery · Default billing')).toBeVisible();
    await axe(page, '/account/addresses');

    await page.goto('/account/qantas');
    await app.getByLabel('Qantas Frequent Flyer number').fill('3456789012');
    await app.getByLabel('Last name on your membership').fill('Wilson');
    await app.getByRole('button', { name: 'Link membership' }).click();
    await expect(app.getByRole('alert')).toHaveText('Your Qantas Frequent Flyer membership is not active.');
    await app.getByLabel('Qantas Frequent Flyer number').fill('4567890123');
    await app.getByLabel('Last name on your membership').fill('Chen');
    await app.getByRole('button', { name: 'Link membership' }).click();
    await expect(app.getByText('Linked membership:')).toContainText('4567890123');
    await app.getByRole('button', { name: 'Unlink membership' }).click();
    await expect(app.getByRole('button', { name: 'Link membership' })).toBeVisible();
  });
});
