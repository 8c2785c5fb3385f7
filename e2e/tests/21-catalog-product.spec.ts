import AxeBuilder from '@axe-core/playwright';
import { expect, remote, test } from '../support/fixtures';

/** Product detail (challenge question, meta, 404). */

test('the challenge question rejects a wrong answer and accepts the right one', async ({ page, request }) => {
  // Limited releases are ids 7, 47, 87, ... (not coming soon); pick one with stock.
  const ids = Array.from({ length: 5 }, (_, i) => String(7 + i * 40));
  const res = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const products = (await res.json()).data.results as { id: string; path: string; name: string; colourName: string; state: string; soldOut: boolean; challengeQuestion: string | null }[];
  const limited = products.find((p) => p && p.challengeQuestion && p.state !== 'coming' && !p.soldOut)!;
  expect(limited).toBeDefined();

  await page.goto(`/products/${limited.path}`);
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('heading', { level: 1, name: limited.name })).toBeVisible();
  const answer = catalog.getByLabel(limited.challengeQuestion!);
  await expect(answer).toHaveAttribute('maxlength', '100');

  // No answer: required.
  await catalog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(catalog.getByTestId('challenge-error')).toHaveText(/Answer the question/);
  await expect(answer).toBeFocused();

  // Wrong answer: the server says ChallengeFailed -> productChallengeAnswerInvalid message.
  await answer.fill('Polka dots');
  const wrong = page.waitForResponse((r) => r.url().endsWith('/api/product/challenge/verify'));
  await catalog.getByRole('button', { name: 'Add to cart' }).click();
  expect((await wrong).status()).toBe(422);
  await expect(catalog.getByTestId('challenge-error')).toHaveText(/not right/);
  await expect(answer).toHaveAttribute('aria-invalid', 'true');

  expect(
    (await new AxeBuilder({ page }).include('[data-remote="catalog"]').withTags(['wcag2a', 'wcag2aa']).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);

  // Right answer (any case): verified with a bot-check token, then the cart is asked over the bus.
  await answer.fill(limited.colourName.toLowerCase());
  const right = page.waitForResponse((r) => r.url().endsWith('/api/product/challenge/verify'));
  await catalog.getByRole('button', { name: 'Add to cart' }).click();
  const verified = await right;
  expect(verified.status()).toBe(200);
  expect(JSON.parse(verified.request().postData()!)).toMatchObject({ productId: limited.id, answer: limited.colourName.toLowerCase() });
  await expect(catalog.getByTestId('challenge-error')).toHaveCount(0);
  // the cart's answer is a success, announced politely (role status), naming the product and size
  const added = catalog.getByRole('status').filter({ hasText: /^Added / });
  await expect(added).toHaveText(new RegExp(`^Added ${limited.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\) to your cart\\.$`), { timeout: 12_000 });
  await expect(catalog.getByRole('alert')).toHaveCount(0);
});

test('a product page sets title, description, canonical and Product JSON-LD', async ({ page, request }) => {
  const listing = await (await request.get('/api/catalog/listing?category=bags')).json();
  const tile = listing.items.find((t: { soldOut: boolean; state: string }) => !t.soldOut && t.state !== 'coming');
  const product = await (await request.get(`/api/products/by-path?path=${tile.path}`)).json();
  await page.goto(`/products/${product.path}`);
  await expect(remote(page, 'catalog').getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page).toHaveTitle(`${product.pageTitle} | Fernleaf`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${product.path}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
  const lds = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? 'null') as { '@type': string }));
  expect(lds.map((ld) => ld['@type'])).toEqual(['Product', 'BreadcrumbList']);
  expect(lds[0]).toMatchObject({ '@type': 'Product', name: product.name, offers: { priceCurrency: 'NZD', price: (product.price / 100).toFixed(2) } });
});

test('an unknown product answers 404, is not indexed and shows the 404 page', async ({ page }) => {
  const response = await page.goto('/products/no-such-bag-p999999');
  expect(response?.status()).toBe(404);
  expect(await response?.text()).toMatch(/<meta name="robots" content="noindex"[ >]/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page).toHaveTitle(/Page Not Found/);
});
