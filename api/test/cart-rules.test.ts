/**
 * Cart item validity on the server: /checkout/info and /order/place refuse
 * a cart the browser would show as invalid, with 422 naming the item and the rule (the same
 * function as the browser: contracts/cart-rules). Stock stays checked under the row lock.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

describe.each(BACKENDS)('cart validity rules on the server on %s', (backend) => {
  let ctx: TestContext;
  let item: { productId: string; variantId: string; price: number };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60 });
    item = (await plainProducts(ctx.db, 1))[0]!;
    await ctx.db.execute(sql`update variants set qty = 500 where id = ${Number(item.variantId)}`);
    await ctx.db.execute(sql`update products set cart_qty_product_max = 10, cart_qty_variant_max = 4, cart_qty_variant_min = 1, cart_qty_variant_multiple_of = 2 where id = ${Number(item.productId)}`);
    ctx.app.catalog.invalidate();
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const cartOf = (qty: number) => ({
    items: [{ productId: item.productId, variantId: item.variantId, qty }],
    promoCodes: [],
    email: 'aroha@example.co.nz',
    firstName: 'Aroha',
    lastName: 'Ngata',
    shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } },
  });
  const info = (qty: number) => ctx.app.inject({ method: 'POST', url: '/api/checkout/info', payload: { cart: cartOf(qty), availableCreditBalances: [] } });

  it('checkout/info: quantity over the variant maximum and not a multiple are 422 naming the item and the rule', async () => {
    expect((await info(4)).statusCode).toBe(200);
    const over = await info(6);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ error: 'CartItemInvalid', rule: 'qtyMaxViolated', limit: 4, item: { index: 0, productId: item.productId, variantId: item.variantId } });
    expect(over.json().message).toMatch(/^cart\.items\.0 \(.+\): qtyMaxViolated: There is a limit of 4 per size for this product\.$/);
    const odd = await info(3);
    expect(odd.statusCode).toBe(422);
    expect(odd.json()).toMatchObject({ error: 'CartItemInvalid', rule: 'qtyMultipleInvalid', limit: 2, item: { index: 0, variantId: item.variantId } });
    expect(odd.json().message).toContain('sold in multiples of 2');
  });

  it('checkout/info: the whole-product maximum counts every line of the product', async () => {
    const cart = { ...cartOf(4), items: [0, 1, 2].map(() => ({ productId: item.productId, variantId: item.variantId, qty: 4 })) };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/checkout/info', payload: { cart, availableCreditBalances: [] } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ rule: 'productQtyMaxViolated', limit: 10 });
  });

  it('order/place: a broken cart is refused before anything is taken; a valid one is placed', async () => {
    const valid = await orderRequest(ctx.app, [{ productId: item.productId, variantId: item.variantId, qty: 2 }]);
    const [before] = await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(item.variantId)}`);
    for (const [qty, rule] of [
      [6, 'qtyMaxViolated'],
      [3, 'qtyMultipleInvalid'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: { ...valid, cartId: `${valid.cartId}-${qty}`, cart: { ...valid.cart, items: [{ ...valid.cart.items[0]!, qty }] } } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'CartItemInvalid', rule, item: { index: 0, productId: item.productId, variantId: item.variantId } });
    }
    const [after] = await queryRows<{ qty: number; n: number }>(ctx.db, sql`select qty, (select count(*)::int from orders) as n from variants where id = ${Number(item.variantId)}`);
    expect(after!.qty).toBe(before!.qty);
    expect(Number(after!.n)).toBe(0);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: valid });
    expect(ok.statusCode).toBe(200);
  });
});
