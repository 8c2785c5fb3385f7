/**
 * A process that dies after the order is placed (and charged) but before the Idempotency-Key's
 * answer is saved: the database is left with the order placed, its charge recorded and the key
 * still `running`. That state is made here by placing an order and putting its key back to
 * `running` (what the dead process left); the retry, served by another app instance on the same
 * database, must get the placed order, without a second order or charge.
 */
import type { OrderPlaceRequest } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, orderRequest, plainProducts, type PlainProduct, type TestContext } from './helpers';

describe.each(BACKENDS)('a retry after a crash between placing the order and saving its answer, on %s', (backend) => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let plain: PlainProduct[];
  let seq = 0;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60, env: { IDEMPOTENCY_LEASE_SECONDS: '1' } });
    other = buildApp({ config: ctx.config, db: ctx.db });
    await other.ready();
    plain = await plainProducts(ctx.db, 2);
  }, 120_000);

  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const place = (app: FastifyInstance, body: OrderPlaceRequest, key: string) =>
    app.inject({ method: 'POST', url: '/api/order/place', payload: body, headers: { 'idempotency-key': key } });

  /** The state a process killed right after placing (and charging) leaves: the key back to running, claimed `ageSeconds` ago. */
  const crashAfterPlacing = async (key: string, ageSeconds = 0) => {
    await ctx.db.execute(
      sql`update idempotency_keys set state = 'running', response_status = null, response_body = null, claimed_at = now() - make_interval(secs => ${ageSeconds}) where key = ${key}`,
    );
  };
  const counts = async (cartId: string) => {
    const [row] = await queryRows<{ orders: number; charges: number }>(
      ctx.db,
      sql`select (select count(*)::int from orders where cart_id = ${cartId}) as orders,
                 (select count(*)::int from payment_transactions t join orders o on o.number = t.order_number where o.cart_id = ${cartId}) as charges`,
    );
    return { orders: Number(row!.orders), charges: Number(row!.charges) };
  };
  const cardOrder = () => orderRequest(ctx.app, [{ productId: plain[0]!.productId, variantId: plain[0]!.variantId, qty: 1 }]);
  const newKey = () => `crash-answer-${backend}-${Date.now()}-${++seq}`;

  it.each([
    ['while the lease still runs', 0],
    ['after the lease (the key is taken over)', 5],
  ])('answers with the placed order %s', async (_label, ageSeconds) => {
    const body = await cardOrder();
    const key = newKey();
    const first = await place(ctx.app, body, key);
    expect(first.statusCode).toBe(200);
    const placed = first.json() as { orderNumber: string; accessToken: string; status: string };
    expect(placed.status).toBe('complete');
    const [row] = await queryRows<{ idempotency_key: string }>(ctx.db, sql`select idempotency_key from orders where number = ${placed.orderNumber}`);
    expect(row!.idempotency_key).toBe(key);
    await crashAfterPlacing(key, ageSeconds);

    const retry = await place(other, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await counts(body.cartId)).toEqual({ orders: 1, charges: 1 });
    // the key keeps the answer now
    const [keyRow] = await queryRows<{ state: string; response_status: number }>(ctx.db, sql`select state, response_status from idempotency_keys where key = ${key}`);
    expect(keyRow).toEqual({ state: 'done', response_status: 200 });
    const again = await place(ctx.app, body, key);
    expect(again.json()).toEqual(first.json());
  });

  it('answers with the placed order when the key was forgotten (a retry refused with OrderInProgress before)', async () => {
    const body = await cardOrder();
    const key = newKey();
    const first = await place(ctx.app, body, key);
    expect(first.statusCode).toBe(200);
    await ctx.db.execute(sql`delete from idempotency_keys where key = ${key}`);
    const retry = await place(other, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().orderNumber).toBe(first.json().orderNumber);
    expect(await counts(body.cartId)).toEqual({ orders: 1, charges: 1 });
  });

  it('still refuses another key for a cart that has its order (OrderInProgress), and keeps no answer for it', async () => {
    const body = await cardOrder();
    expect((await place(ctx.app, body, newKey())).statusCode).toBe(200);
    const otherKey = newKey();
    const refused = await place(other, body, otherKey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('OrderInProgress');
    expect(await queryRows(ctx.db, sql`select key from idempotency_keys where key = ${otherKey}`)).toEqual([]);
  });

  it('answers an Afterpay order waiting for approval with its approval page again', async () => {
    const base = await orderRequest(ctx.app, [{ productId: plain[1]!.productId, variantId: plain[1]!.variantId, qty: 1 }]);
    const body: OrderPlaceRequest = { ...base, payment: { methods: [{ methodCode: 'AFTERPAY', amount: base.payment.methods[0]!.amount }] } };
    const key = newKey();
    const first = await place(ctx.app, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'actionRequired', actionData: { type: 'redirect' } });
    await crashAfterPlacing(key);
    const retry = await place(other, body, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
  });
});
