import { expect, remote, test } from '../support/fixtures';

interface Product {
  id: string;
  path: string;
  name: string;
  state: string;
  functionalType: string;
  challengeQuestion?: string | null;
  variants: { id: string; label: string; qty: number }[];
  cartQtyProductMax: number | null;
  cartQtyVariantMax: number | null;
  cartQtyVariantMin: number | null;
  cartQtyVariantMultipleOf: number | null;
}

/** stock at least 2 and below the per-order limits, so one more is refused for stock (qtyAvailableExceeded) alone */
function stockIsTheLimit(p: Product): boolean {
  const stock = p.variants[0]!.qty;
  const limit = Math.min(p.cartQtyProductMax ?? 99, p.cartQtyVariantMax ?? 99);
  return stock >= 2 && stock < limit && (p.cartQtyVariantMin ?? 1) <= 1 && (p.cartQtyVariantMultipleOf ?? 1) <= 1;
}

test('adding from the product page goes through the cart service: the drawer opens with the item, the badge counts it', async ({ page, request }) => {
  const ids: string[] = [];
  for (const category of ['accessories', 'bags']) {
    const listing = await request.get(`/api/catalog/listing?category=${category}&page=1`);
    ids.push(...((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id));
  }
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: ids } });
  const product = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results.find(
    (p) => p && p.state === 'current' && p.functionalType === 'basic' && !p.challengeQuestion && p.variants.length === 1 && stockIsTheLimit(p),
  )!;
  expect(product).toBeTruthy();
  await page.goto(`/products/${product.path}`);
  // the cart service has started once the badge state is published (empty cart: no count)
  await page.waitForFunction(() => document.readyState === 'complete');
  await remote(page, 'catalog').getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByTestId('cart-line')).toContainText(product.name);
  await expect(page.locator('#shell-header').getByRole('button', { name: /cart/i })).toContainText('1');
  await drawer.getByRole('button', { name: 'View cart' }).click();
  await expect(remote(page, 'cart_checkout').getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  await expect(remote(page, 'cart_checkout').getByTestId('cart-line')).toHaveCount(1);

  // over the stock: the service refuses with the validity rule and its message, and the cart is unchanged
  const stock = product.variants[0]!.qty;
  await page.evaluate(
    ({ productId, variantId, qty }) => {
      const state = JSON.parse(localStorage.getItem('fernleaf.synced.guest') ?? '{"version":0,"cart":{"items":[]},"wishlist":{"items":[]}}');
      state.cart.items = [{ id: 'e2e-full', productId, variantId, qty, createdAt: new Date().toISOString() }];
      localStorage.setItem('fernleaf.synced.guest', JSON.stringify(state));
    },
    { productId: product.id, variantId: product.variants[0]!.id, qty: stock },
  );
  await page.goto(`/products/${product.path}`);
  // the cart service has started once the badge shows the seeded quantity
  await expect(page.locator('#shell-header').getByRole('button', { name: /cart/i })).toContainText(String(stock));
  await remote(page, 'catalog').getByRole('button', { name: 'Add to cart' }).click();
  await expect(remote(page, 'catalog').getByText(`Only ${stock} left, and your cart already has them all.`)).toBeVisible({ timeout: 15_000 });
  await page.goto('/cart');
  await expect(remote(page, 'cart_checkout').getByRole('group', { name: /Quantity of/ })).toContainText(String(stock));
});

test('a product sold in multiples of 2 can be bought: the product page adds 2, the cart takes it, + and − step by 2, and checkout opens', async ({ page, request }) => {
  const ids: string[] = [];
  for (const category of ['bags', 'accessories', 'travel']) {
    for (const pageNo of [1, 2, 3]) {
      const listing = await request.get(`/api/catalog/listing?category=${category}&page=${pageNo}`);
      if (listing.ok()) ids.push(...((await listing.json()) as { items: { id: string }[] }).items.map((i) => i.id));
    }
  }
  const objects = await request.post('/api/search/indexes/nz_products/objects', { data: { objectIds: [...new Set(ids)] } });
  const product = ((await objects.json()) as { data: { results: (Product | null)[] } }).data.results.find(
    (p) =>
      p &&
      p.state === 'current' &&
      p.functionalType === 'basic' &&
      !p.challengeQuestion &&
      p.variants.length === 1 &&
      p.cartQtyVariantMultipleOf === 2 &&
      (p.cartQtyVariantMin ?? 1) <= 2 &&
      (p.cartQtyProductMax ?? 99) >= 4 &&
      (p.cartQtyVariantMax ?? 99) >= 4 &&
      p.variants[0]!.qty >= 4,
  )!;
  expect(product).toBeTruthy();
  await page.goto(`/products/${product.path}`);
  const catalog = remote(page, 'catalog');
  await expect(catalog.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await expect(catalog.getByText('Sold in multiples of 2.')).toBeVisible();
  await catalog.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByTestId('cart-line')).toContainText(product.name);
  await expect(page.locator('#shell-header').getByRole('button', { name: /cart/i })).toContainText('2');
  await drawer.getByRole('button', { name: 'View cart' }).click();
  const cart = remote(page, 'cart_checkout');
  await expect(cart.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const quantity = cart.getByRole('group', { name: /Quantity of/ });
  await expect(quantity).toContainText('2');
  await expect(cart.getByTestId('cart-line').getByRole('alert')).toHaveCount(0);
  await quantity.getByRole('button', { name: /Increase quantity/ }).click();
  await expect(quantity).toContainText('4');
  await quantity.getByRole('button', { name: /Decrease quantity/ }).click();
  await expect(quantity).toContainText('2');
  await expect(quantity.getByRole('button', { name: /Decrease quantity/ })).toBeDisabled();
  await expect(cart.getByTestId('cart-line').getByRole('alert')).toHaveCount(0);
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\//);
});
