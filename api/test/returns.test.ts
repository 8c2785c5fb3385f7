/**
 * Return requests: guest lookup by order number and e-mail (rate-limited, same 404 for a wrong
 * number or e-mail), the return token (HMAC of the order number keyed with the order's access
 * token), creation (never more than ordered less earlier returns, also under concurrent requests),
 * and the signed-in customer's return token for their own order only.
 */
import crypto from 'node:crypto';
import type { CheckoutInfoResponse, OrderPlaceRequest, ReturnableOrder, ReturnCreateResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { returnableLines, returnTokenFor, returnTokenValid } from '../src/store/returns/service';
import { BACKENDS, createTestContext, plainProducts, type TestContext } from './helpers';

const address = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' } as const;
const PASSWORD = 'Kauri-Trail-42';

describe('return token and returnable lines', () => {
  it('the token is bound to the order number and its access token', () => {
    const token = returnTokenFor('FL12345678', 'secret-a');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(returnTokenValid('FL12345678', 'secret-a', token)).toBe(true);
    expect(returnTokenValid('FL12345679', 'secret-a', token)).toBe(false);
    expect(returnTokenValid('FL12345678', 'secret-b', token)).toBe(false);
    expect(returnTokenValid('FL12345678', 'secret-a', token.slice(0, 31))).toBe(false);
  });
  it('sums earlier returns per variant and leaves promo items out', () => {
    const item = (variantId: string, qty: number, promo = false) => ({ productId: 'p', variantId, name: 'N', variantLabel: 'L', qty, unitPrice: 1000, total: 1000 * qty, promo });
    const r = (variantId: string, qty: number) => ({ productId: 'p', variantId, name: 'N', variantLabel: 'L', qty, reason: 'FAULTY' as const, refund: 0 });
    const lines = returnableLines([item('1', 3), item('2', 1), item('9', 1, true)], [[r('1', 1)], [r('1', 1), r('2', 1)]]);
    expect(lines.map((l) => [l.variantId, l.ordered, l.returnable])).toEqual([
      ['1', 3, 1],
      ['2', 1, 0],
    ]);
  });
});

describe.each(BACKENDS)('return requests on %s', (backend) => {
  let ctx: TestContext;
  let plain: { productId: string; variantId: string; price: number }[];

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60 });
    plain = await plainProducts(ctx.db, 3);
    expect(plain.length).toBe(3);
    for (const p of plain) await ctx.db.execute(sql`update variants set qty = 500 where id = ${Number(p.variantId)}`);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  let ip = 0;
  /** Each call from its own client address unless given (the limits are per client). */
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, { token, remoteAddress }: { token?: string; remoteAddress?: string } = {}) =>
    ctx.app.inject({ method, url, remoteAddress: remoteAddress ?? `10.9.${Math.floor(++ip / 250)}.${ip % 250}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

  let cartSeq = 0;
  async function placeOrder(lines: { index: number; qty: number }[], idToken?: string, email = 'returns@example.co.nz'): Promise<string> {
    const items = lines.map((l) => ({ productId: plain[l.index]!.productId, variantId: plain[l.index]!.variantId, qty: l.qty }));
    const cart = { items, promoCodes: [], email, firstName: 'Aroha', lastName: 'Ngata', shippingAddress: address, shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } } };
    const info = (await api('POST', '/api/checkout/info', { cart })).json() as CheckoutInfoResponse;
    cartSeq += 1;
    const body: OrderPlaceRequest = {
      cartId: `cart-returns-${backend}-${Date.now().toString(36)}-${cartSeq}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: address },
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: info.amountOutstanding, token: 'fake-valid-nonce' }] },
      expectedPromotions: info.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    };
    const res = await api('POST', '/api/order/place', body, { token: idToken });
    expect(res.statusCode).toBe(200);
    return res.json().orderNumber as string;
  }

  it('a guest finds the order by number and e-mail, creates a return, and cannot return more than ordered', async () => {
    const number = await placeOrder([
      { index: 0, qty: 2 },
      { index: 1, qty: 1 },
    ]);
    // a wrong e-mail and a wrong number get the same answer
    const wrongEmail = await api('POST', '/api/returns/lookup', { number, email: 'someone@example.co.nz' });
    const wrongNumber = await api('POST', '/api/returns/lookup', { number: 'FL00000001', email: 'returns@example.co.nz' });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongEmail.json()).toEqual(wrongNumber.json());

    const found = await api('POST', '/api/returns/lookup', { number: number.toLowerCase(), email: 'Returns@Example.co.nz' });
    expect(found.statusCode).toBe(200);
    const order = found.json() as ReturnableOrder;
    expect(order.returnToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [a, b] = [plain[0]!, plain[1]!];
    expect(order.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ variantId: a.variantId, ordered: 2, returnable: 2, unitPrice: a.price }), expect.objectContaining({ variantId: b.variantId, ordered: 1, returnable: 1 })]),
    );

    const create = (items: { variantId: string; qty: number; reason: string }[], token = order.returnToken) => api('POST', '/api/returns', { number, token, items });
    // more than ordered: refused, nothing stored
    const tooMany = await create([{ variantId: a.variantId, qty: 3, reason: 'FAULTY' }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('QuantityExceeded');
    // not in the order, a forged token, a variant listed twice
    expect((await create([{ variantId: plain[2]!.variantId, qty: 1, reason: 'FAULTY' }])).statusCode).toBe(409);
    expect((await create([{ variantId: a.variantId, qty: 1, reason: 'FAULTY' }], 'A'.repeat(32))).statusCode).toBe(404);
    const dup = await create([
      { variantId: a.variantId, qty: 1, reason: 'FAULTY' },
      { variantId: a.variantId, qty: 1, reason: 'OTHER' },
    ]);
    expect(dup.statusCode).toBe(400);

    const first = await create([
      { variantId: a.variantId, qty: 1, reason: 'CHANGED_MIND' },
      { variantId: b.variantId, qty: 1, reason: 'FAULTY' },
    ]);
    expect(first.statusCode).toBe(200);
    const created = first.json() as ReturnCreateResponse;
    expect(created).toMatchObject({ returnNumber: expect.stringMatching(/^RT\d{8}$/), orderNumber: number, status: 'requested', refundEstimate: a.price + b.price });
    expect(created.instructions.join(' ')).toContain(created.returnNumber);
    // the same quantity again: only 1 of a is left, none of b
    expect((await create([{ variantId: b.variantId, qty: 1, reason: 'FAULTY' }])).json().error).toBe('QuantityExceeded');
    expect((await create([{ variantId: a.variantId, qty: 2, reason: 'FAULTY' }])).statusCode).toBe(409);
    expect((await create([{ variantId: a.variantId, qty: 1, reason: 'FAULTY' }])).statusCode).toBe(200);
    expect((await create([{ variantId: a.variantId, qty: 1, reason: 'FAULTY' }])).statusCode).toBe(409);
    const after = (await api('GET', `/api/returns/orders/${number}?token=${order.returnToken}`)).json() as ReturnableOrder;
    expect(after.lines.map((l) => l.returnable)).toEqual([0, 0]);
    const stored = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from return_requests where order_number = ${number}`);
    expect(Number(stored[0]!.n)).toBe(2);
  });

  it('orders can be returned online for 60 days after they were placed (RETURN_WINDOW_DAYS)', async () => {
    const number = await placeOrder([{ index: 0, qty: 1 }]);
    const placedAgo = (days: number) => ctx.db.execute(sql`update orders set created_at = now() - make_interval(days => ${days}) where number = ${number}`);
    await placedAgo(59);
    const open = await api('POST', '/api/returns/lookup', { number, email: 'returns@example.co.nz' });
    expect(open.statusCode).toBe(200);
    const order = open.json() as ReturnableOrder;
    const days = (Date.parse(order.returnBy!) - Date.parse(order.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(60, 5);

    await placedAgo(61);
    const closed = await api('POST', '/api/returns/lookup', { number, email: 'returns@example.co.nz' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ error: 'NotReturnable', message: expect.stringMatching(new RegExp(`^Order ${number} was placed on \\d{1,2} \\w+ \\d{4}, and orders can be returned online for 60 days\\.`)) });
    // the return link and the creation refuse it too, and nothing is stored
    expect((await api('GET', `/api/returns/orders/${number}?token=${order.returnToken}`)).statusCode).toBe(409);
    const create = await api('POST', '/api/returns', { number, token: order.returnToken, items: [{ variantId: plain[0]!.variantId, qty: 1, reason: 'CHANGED_MIND' }] });
    expect(create.statusCode).toBe(409);
    expect(create.json().error).toBe('NotReturnable');
    const stored = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from return_requests where order_number = ${number}`);
    expect(Number(stored[0]!.n)).toBe(0);
    // a wrong e-mail still gets the same answer as an unknown order (the window is not revealed)
    expect((await api('POST', '/api/returns/lookup', { number, email: 'someone@example.co.nz' })).statusCode).toBe(404);
  });

  it('concurrent identical requests never return more than ordered', async () => {
    const number = await placeOrder([{ index: 2, qty: 2 }]);
    const order = (await api('POST', '/api/returns/lookup', { number, email: 'returns@example.co.nz' })).json() as ReturnableOrder;
    const results = await Promise.all(Array.from({ length: 6 }, () => api('POST', '/api/returns', { number, token: order.returnToken, items: [{ variantId: plain[2]!.variantId, qty: 1, reason: 'DOES_NOT_FIT' }] })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
  });

  it('rate-limits the lookup and creation per client', async () => {
    const remoteAddress = '10.250.0.1';
    const codes: number[] = [];
    for (let i = 0; i < ctx.config.checkout.voucherLookupsPerMinute + 1; i++) codes.push((await api('POST', '/api/returns/lookup', { number: 'FL00000002', email: 'x@example.co.nz' }, { remoteAddress })).statusCode);
    expect(codes.slice(0, -1).every((c) => c === 404)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const create: number[] = [];
    for (let i = 0; i < ctx.config.checkout.voucherLookupsPerMinute + 1; i++) create.push((await api('POST', '/api/returns', { number: 'FL00000002', token: 'A'.repeat(32), items: [{ variantId: '1', qty: 1, reason: 'OTHER' }] }, { remoteAddress })).statusCode);
    expect(create.at(-1)).toBe(429);
  });

  it("a signed-in customer gets the return token of their own order only (the account's return page)", async () => {
    const cognito = async (operation: string, body: Record<string, unknown>) =>
      (
        await ctx.app.inject({ method: 'POST', url: '/api/cognito/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${operation}` }, payload: JSON.stringify(body) })
      ).json() as Record<string, { IdToken?: string }>;
    const newCustomer = async () => {
      const ClientId = ctx.config.account.userPoolClientId;
      const email = `returner.${crypto.randomBytes(4).toString('hex')}@example.co.nz`;
      await cognito('SignUp', { ClientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] });
      const outbox = await ctx.app.inject({ method: 'GET', url: `/api/cognito/outbox?email=${encodeURIComponent(email)}` });
      const code = (outbox.json().messages as { purpose: string; code: string }[]).find((m) => m.purpose === 'SIGN_UP')!.code;
      await cognito('ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code });
      return { email, token: (await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD } })).AuthenticationResult!.IdToken! };
    };
    const alice = await newCustomer();
    const bob = await newCustomer();
    const number = await placeOrder([{ index: 0, qty: 1 }], alice.token, alice.email);
    expect((await api('GET', `/api/account/orders/${number}/return-token`)).statusCode).toBe(401);
    expect((await api('GET', `/api/account/orders/${number}/return-token`, undefined, { token: bob.token })).statusCode).toBe(404);
    const mine = await api('GET', `/api/account/orders/${number}/return-token`, undefined, { token: alice.token });
    expect(mine.statusCode).toBe(200);
    const { returnToken } = mine.json() as { returnToken: string };
    const view = await api('GET', `/api/returns/orders/${number}?token=${returnToken}`);
    expect(view.statusCode).toBe(200);
    expect((view.json() as ReturnableOrder).lines).toHaveLength(1);
    expect((await api('GET', `/api/returns/orders/${number}?token=${'B'.repeat(32)}`)).statusCode).toBe(404);
    const created = await api('POST', '/api/returns', { number, token: returnToken, items: [{ variantId: plain[0]!.variantId, qty: 1, reason: 'WRONG_ITEM' }] });
    expect(created.statusCode).toBe(200);
  }, 60_000);
});
