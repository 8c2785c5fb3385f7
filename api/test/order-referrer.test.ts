/**
 * The referrer an order is credited to: `analytics.referrerId`, exactly 6 capital letters or
 * digits (400 naming the field otherwise, before anything is taken), recorded on the order.
 */
import type { OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, orderRequest, plainProducts, type TestContext } from './helpers';

describe.each(BACKENDS)('referrer on orders on %s', (backend) => {
  let ctx: TestContext;
  let item: { productId: string; variantId: string; qty: number };

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 40 });
    const [plain] = await plainProducts(ctx.db, 1);
    item = { productId: plain!.productId, variantId: plain!.variantId, qty: 1 };
    await ctx.db.execute(sql`update variants set qty = 100 where id = ${Number(item.variantId)}`);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const place = async (analytics: OrderPlaceRequest['analytics']) =>
    ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: (await orderRequest(ctx.app, [item], { analytics })) as object });

  it('refuses an id that is not 6 capital letters or digits, naming analytics.referrerId, before anything is taken', async () => {
    const [before] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
    for (const referrerId of ['ABC12', 'ABC1234', 'abc123', 'ABC-12', '']) {
      const res = await place({ clientId: '1.2', referrerId });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].field).toBe('analytics.referrerId');
    }
    const [after] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
    expect(after!.n).toBe(before!.n);
  });

  it('records a valid id on the order; an order without one has none', async () => {
    const credited = await place({ clientId: '1.2', utm_source: 'partner', referrerId: 'ABC123' });
    expect(credited.statusCode).toBe(200);
    const plain = await place({ clientId: '1.2' });
    expect(plain.statusCode).toBe(200);
    const rows = await queryRows<{ number: string; referrer: string | null }>(
      ctx.db,
      sql`select number, analytics->>'referrerId' as referrer from orders where number in (${credited.json().orderNumber}, ${plain.json().orderNumber})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.number, r.referrer]))).toEqual({ [credited.json().orderNumber]: 'ABC123', [plain.json().orderNumber]: null });
  });
});
