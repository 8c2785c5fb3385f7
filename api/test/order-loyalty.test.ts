/**
 * The Qantas Frequent Flyer number on an order: validated like the contact step (6 to 12 digits,
 * spaces ignored; 400 with the field otherwise), stored with the order, and read back only masked
 * (•••…123) with the points by the success page, the account's order detail and the guest lookup.
 */
import type { OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, orderRequest, plainProducts, signUpCustomer, type TestContext } from './helpers';

describe.each(BACKENDS)('loyalty member id on orders on %s', (backend) => {
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

  const orderBody = (over: Partial<OrderPlaceRequest> = {}) => orderRequest(ctx.app, [item], over);
  const place = (body: OrderPlaceRequest, idToken?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body as object, headers: idToken ? { authorization: `Bearer ${idToken}` } : {} });

  it('refuses a member id that is not 6 to 12 digits with 400 naming loyalty.qantas.memberId, before anything is taken', async () => {
    const [before] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
    for (const memberId of ['12345', '1234567890123', '12345a78', '', '+64 1234567']) {
      const res = await place(await orderBody({ loyalty: { qantas: { memberId } } }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ValidationError', issues: [{ field: 'loyalty.qantas.memberId', reason: 'A Qantas Frequent Flyer number has 6 to 12 digits.' }] });
    }
    const [after] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders`);
    expect(after!.n).toBe(before!.n);
  });

  it('stores the number (spaces dropped) and reads it back masked but for its last 3 digits, with the points, on the success page and the guest lookup', async () => {
    const res = await place(await orderBody({ loyalty: { qantas: { memberId: '1234 5678 9123' } } }));
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    const [row] = await queryRows<{ loyalty_member_id: string; loyalty_points: number }>(ctx.db, sql`select loyalty_member_id, loyalty_points from orders where number = ${placed.orderNumber}`);
    expect(row!.loyalty_member_id).toBe('123456789123');

    const view = await ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.orderNumber}?token=${placed.accessToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().loyalty).toEqual({ points: placed.loyalty.points, qantas: { maskedMemberId: '•••••••••123' } });
    expect(view.json().loyaltyPoints).toBe(placed.loyalty.points);
    expect(view.body).not.toContain('123456789123');
    expect(view.body).not.toContain('456789');

    const lookup = await ctx.app.inject({ method: 'POST', url: '/api/orders/lookup', payload: { number: placed.orderNumber, email: 'aroha@example.co.nz' } });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().loyalty).toEqual({ points: placed.loyalty.points, qantas: { maskedMemberId: '•••••••••123' } });
    expect(lookup.body).not.toContain('123456789');
  });

  it("shows the masked number in the signed-in customer's order detail; an order without one has qantas null", async () => {
    const { idToken } = await signUpCustomer(ctx);
    const withId = (await place(await orderBody({ loyalty: { qantas: { memberId: '987654' } } }), idToken)).json();
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/account/orders/${withId.orderNumber}`, headers: { authorization: `Bearer ${idToken}` } });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().loyalty).toEqual({ points: withId.loyalty.points, qantas: { maskedMemberId: '•••654' } });
    expect(detail.body).not.toContain('987654');

    const without = (await place(await orderBody(), idToken)).json();
    const plainDetail = await ctx.app.inject({ method: 'GET', url: `/api/account/orders/${without.orderNumber}`, headers: { authorization: `Bearer ${idToken}` } });
    expect(plainDetail.json().loyalty).toEqual({ points: without.loyalty.points, qantas: null });
  });
});
