import type { CheckoutInfoResponse, OrderPlaceRequest } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { BACKENDS, createTestContext, freshRateWindow, plainProducts, type TestContext } from './helpers';

const address = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' } as const;

describe.each(BACKENDS)('checkout and orders on %s', (backend) => {
  let ctx: TestContext;
  let plain: { productId: string; variantId: string; price: number }[];

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60 });
    // stocked, sellable products outside the auto-offer categories, one variant each
    plain = await plainProducts(ctx.db, 6);
    expect(plain.length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const info = async (body: unknown) => {
    const res = await post('/api/checkout/info', body);
    expect(res.statusCode).toBe(200);
    return res.json() as CheckoutInfoResponse;
  };
  const setStock = (variantId: string, qty: number) => ctx.db.execute(sql`update variants set qty = ${qty} where id = ${Number(variantId)}`);
  const stockOf = async (variantId: string) => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(variantId)}`))[0]!.qty;

  let cartSeq = 0;
  async function orderFor(items: { productId: string; variantId: string; qty: number }[], over: Partial<OrderPlaceRequest> & { nonce?: string; codes?: string[] } = {}): Promise<OrderPlaceRequest> {
    const cart = { items, promoCodes: over.codes ?? [], email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: address, shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } } };
    const priced = await info({ cart });
    cartSeq += 1;
    return {
      cartId: `cart-${backend}-${Date.now().toString(36)}-${cartSeq}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: address },
      payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: priced.amountOutstanding, token: over.nonce ?? 'fake-valid-nonce' }] },
      expectedPromotions: priced.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
      ...over,
    };
  }

  it('answers CART_EMPTY, and 400 with the field for bad input', async () => {
    expect((await info({ cart: { items: [] } })).result).toBe('CART_EMPTY');
    const bad = await post('/api/checkout/info', { cart: { items: [{ productId: '1', variantId: '1', qty: 0 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].field).toBe('cart.items.0.qty');
    const postcode = await post('/api/checkout/info', { cart: { items: [], shippingAddress: { ...address, postcode: 'AB12' } } });
    expect(postcode.statusCode).toBe(400);
    expect(postcode.json().issues[0].field).toBe('cart.shippingAddress.postcode');
  });

  it('prices a cart: totals add up, GST is 3/23, shipping becomes free over $150, unknown variants give ERROR', async () => {
    const [a, b] = plain;
    const r = await info({ cart: { items: [{ ...a!, qty: 1 }, { ...b!, qty: 2 }], shipping: { type: 'DELIVERY', options: { methodId: 'express' } } } });
    expect(r.result).toBe('SUCCESS');
    const subtotal = a!.price + 2 * b!.price;
    expect(r.itemSubtotal).toBe(subtotal);
    expect(r.itemQuantity).toBe(3);
    expect(r.shippingMethods.map((m) => m.id)).toEqual(['standard', 'express']);
    const shipping = subtotal >= 15000 ? 0 : 1995;
    expect(r.selectedShippingMethod).toEqual({ id: 'express', label: 'Express delivery', price: shipping });
    expect(r.grandTotal).toBe(r.itemSubtotalAfterDiscounts + shipping);
    expect(r.gst).toBe(Math.round((r.grandTotal * 3) / 23 - 1e-9));
    expect(r.amountOutstanding).toBe(r.grandTotal);
    expect(r.loyaltyPoints).toBe(Math.floor(r.grandTotal / 100) * 2);
    const credit = await info({ cart: { items: [{ ...a!, qty: 1 }] }, availableCreditBalances: [{ id: 'FERN-1000-0003', methodCode: 'VOUCHER', amount: 1000 }] });
    expect(credit.creditUsages).toEqual([{ id: 'FERN-1000-0003', methodCode: 'VOUCHER', amount: 1000 }]);
    expect(credit.amountOutstanding).toBe(credit.grandTotal - 1000);
    const unknown = await info({ cart: { items: [{ productId: '1', variantId: '999999', qty: 1 }] } });
    expect(unknown).toMatchObject({ result: 'ERROR', message: 'Product variant not found.' });
  });

  it('lists every delivery option at the price it is charged, the free-delivery offer included', async () => {
    const cheap = plain.reduce((a, b) => (b.price < a.price ? b : a));
    for (const qty of [1, Math.ceil(15000 / cheap.price)]) {
      const items = [{ ...cheap, qty }];
      const listed = await info({ cart: { items, shipping: { type: 'DELIVERY', options: { methodId: 'standard' } } } });
      const express = listed.shippingMethods.find((m) => m.id === 'express')!;
      const charged = await info({ cart: { items, shipping: { type: 'DELIVERY', options: { methodId: 'express' } } } });
      expect(express.priceAfterOffers).toBe(charged.selectedShippingMethod!.price);
      expect(express.priceAfterOffers).toBe(qty * cheap.price >= 15000 ? 0 : 1995);
      expect(listed.shippingMethods.find((m) => m.id === 'standard')!.priceAfterOffers).toBe(listed.selectedShippingMethod!.price);
    }
  });

  it('applies codes and reports disallowed offers with their reasons', async () => {
    const items = [{ ...plain[0]!, qty: 1 }];
    const vip = await info({ cart: { items, promoCodes: ['vip30', 'WELCOME15', 'NOSUCH'] } });
    expect(vip.promotions.appliedPromotions.map((p) => p.id)).toEqual(['vip-30']);
    expect(vip.totalDiscount).toBe(Math.floor((plain[0]!.price * 30 + 50) / 100));
    const reasons = Object.fromEntries(vip.promotions.disallowedPromotions.map((d) => [d.id, d]));
    expect(reasons['welcome-15']).toMatchObject({ reason: 'Exclusitivity', exclusiveName: 'VIP 30% off everything' });
    expect(reasons.NOSUCH).toMatchObject({ reason: 'CodeNotFound' });
    const ended = await info({ cart: { items, promoCodes: ['SPRING10', 'WINTER20'] } });
    expect(Object.fromEntries(ended.promotions.disallowedPromotions.map((d) => [d.id, d.reason]))).toEqual({ 'spring-10': 'PromotionUsageExceeded', 'winter-backpacks-20': 'NoApplicableCartItems' });
  });

  it('places a guest order: stock taken, charge recorded, order readable with its token and by guest lookup', async () => {
    const item = { ...plain[1]!, qty: 2 };
    await setStock(item.variantId, 5);
    const body = await orderFor([item]);
    const res = await post('/api/order/place', body);
    expect(res.statusCode).toBe(200);
    const placed = res.json();
    expect(placed).toMatchObject({ status: 'complete', actionData: null, orderNumber: expect.stringMatching(/^FL\d{8}$/) });
    expect(await stockOf(item.variantId)).toBe(3);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.orderNumber}?token=${placed.accessToken}` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ number: placed.orderNumber, status: 'placed', email: 'aroha@example.co.nz', loyaltyPoints: placed.loyalty.points });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.orderNumber}?token=wrong-token-123` })).statusCode).toBe(404);
    const lookup = await post('/api/orders/lookup', { number: placed.orderNumber.toLowerCase(), email: 'AROHA@example.co.nz' });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().items[0]).toMatchObject({ variantId: item.variantId, qty: 2 });
    expect((await post('/api/orders/lookup', { number: placed.orderNumber, email: 'someone@example.co.nz' })).statusCode).toBe(404);
    // account order pages need a signed-in customer
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account/orders' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/account/orders/${placed.orderNumber}` })).statusCode).toBe(401);
    // the cart is spent
    const again = await post('/api/order/place', { ...body });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('OrderInProgress');
  });

  it('maps payment failures and gives the stock back', async () => {
    const item = { ...plain[2]!, qty: 1 };
    await setStock(item.variantId, 4);
    const declined = await post('/api/order/place', await orderFor([item], { nonce: 'fake-luhn-invalid-nonce' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'PaymentProcessorDeclinedHard' });
    expect(await stockOf(item.variantId)).toBe(4);
    const failure = await post('/api/order/place', await orderFor([item], { nonce: 'fake-processor-failure-jcb-nonce' }));
    expect(failure.json()).toMatchObject({ error: 'PaymentFailureUnrecoverable', orderNumber: expect.stringMatching(/^FL/) });
    const rejected = await post('/api/order/place', await orderFor([item], { nonce: 'fake-gateway-rejected-fraud-nonce' }));
    expect(rejected.json().error).toBe('PaymentGatewayRejected');
    expect(await stockOf(item.variantId)).toBe(4);
    const changed = await orderFor([item]);
    const stale = await post('/api/order/place', { ...changed, expectedPromotions: [{ promotionId: 'vip-30', versionId: 'v1' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('PromotionsChanged');
    const wrongAmount = await post('/api/order/place', { ...changed, payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: 1, token: 'fake-valid-nonce' }] } });
    expect(wrongAmount.statusCode).toBe(400);
  });

  it('pays with gift cards (NO_PAYMENT when they cover everything) and refuses a wrong PIN', async () => {
    const item = { ...plain[3]!, qty: 1 };
    const base = await orderFor([item]);
    const priced = await info({ cart: { ...base.cart, items: [item] }, availableCreditBalances: [{ id: 'FERN-9999-0004', methodCode: 'VOUCHER', amount: 100000 }] });
    expect(priced.amountOutstanding).toBe(0);
    const wrongPin = await post('/api/order/place', { ...base, payment: { methods: [{ methodCode: 'VOUCHER', amount: priced.grandTotal, code: 'FERN-9999-0004', pin: '0000' }, { methodCode: 'NO_PAYMENT', amount: 0 }] } });
    expect(wrongPin.json().error).toBe('VoucherInsufficientFunds');
    const ok = await post('/api/order/place', { ...base, payment: { methods: [{ methodCode: 'VOUCHER', amount: priced.grandTotal, code: 'fern-9999-0004', pin: '9999' }, { methodCode: 'NO_PAYMENT', amount: 0 }] } });
    expect(ok.statusCode).toBe(200);
    const [card] = await queryRows<{ balance: number }>(ctx.db, sql`select balance from gift_cards where code = 'FERN-9999-0004'`);
    expect(card!.balance).toBe(100000 - priced.grandTotal);
  });

  it('checks gift card balances with a bot-check token; wrong code and wrong PIN look the same; the card locks', async () => {
    const token = async () => (await post('/api/botcheck/recaptcha/token', { siteKey: 'local-botcheck-site-key', action: 'payment_voucher_balance_fetch' })).json().token as string;
    const balance = async (code: string, pin: string) => ctx.app.inject({ method: 'GET', url: `/api/payment/voucher/balance/${code}?pin=${pin}&recaptchaToken=${encodeURIComponent(await token())}`, remoteAddress: `10.0.0.${code.length}` });
    const ok = await balance('FERN-5000-0001', '1234');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: 'FERN-5000-0001', amountRemaining: 5000, expires: expect.any(Number) });
    const wrongPin = await balance('FERN-5000-0001', '9999');
    const wrongCode = await balance('FERN-0000-0000', '1234');
    expect(wrongPin.statusCode).toBe(404);
    expect(wrongPin.json()).toEqual(wrongCode.json());
    expect((await balance('FERN-SUSP-0005', '5555')).json()).toEqual({ error: 'VoucherSuspended', message: 'Gift card is suspended' });
    expect((await balance('FERN-OLD0-0006', '6666')).json().error).toBe('VoucherExpired');
    expect((await balance('FERN-USED-0007', '7777')).json().amountRemaining).toBe(0);
    const noBot = await ctx.app.inject({ method: 'GET', url: '/api/payment/voucher/balance/FERN-5000-0001?pin=1234&recaptchaToken=forged' });
    expect(noBot.statusCode).toBe(400);
    // four more wrong PINs (five in a row) lock the card, even for the right PIN
    for (let i = 0; i < 3; i += 1) expect((await balance('FERN-2500-0002', '0000')).statusCode).toBe(404);
    const fourth = await ctx.app.inject({ method: 'GET', url: `/api/payment/voucher/balance/FERN-2500-0002?pin=0000&recaptchaToken=${encodeURIComponent(await token())}`, remoteAddress: '10.0.1.1' });
    expect(fourth.statusCode).toBe(404);
    const fifth = await ctx.app.inject({ method: 'GET', url: `/api/payment/voucher/balance/FERN-2500-0002?pin=0000&recaptchaToken=${encodeURIComponent(await token())}`, remoteAddress: '10.0.1.1' });
    expect(fifth.json().error).toBe('VoucherLocked');
    const right = await ctx.app.inject({ method: 'GET', url: `/api/payment/voucher/balance/FERN-2500-0002?pin=4321&recaptchaToken=${encodeURIComponent(await token())}`, remoteAddress: '10.0.1.2' });
    expect(right.json().error).toBe('VoucherLocked');
  });

  it('rate-limits gift card checks per client', async () => {
    await freshRateWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/payment/voucher/balance/FERN-1000-0003?pin=1111&recaptchaToken=x', remoteAddress: '10.9.9.9' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('completes an Afterpay order through the approval page, and refuses a changed amount', async () => {
    const item = { ...plain[4]!, qty: 1 };
    await setStock(item.variantId, 3);
    await setStock(plain[5]!.variantId, 3);
    const base = await orderFor([item]);
    const amount = base.payment.methods[0]!.amount;
    const res = await post('/api/order/place', { ...base, payment: { methods: [{ methodCode: 'AFTERPAY', amount }] } });
    expect(res.json()).toMatchObject({ status: 'actionRequired', actionData: { type: 'redirect', url: expect.stringMatching(/^\/api\/payments\/afterpay\/checkout\/apt_/) } });
    const url = res.json().actionData.url as string;
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.body).toContain('4 interest-free payments every 2 weeks');
    const approve = await ctx.app.inject({ method: 'POST', url: `${url}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approve.statusCode).toBe(303);
    const token = url.split('/').pop()!;
    expect(approve.headers.location).toBe(`/checkout/payment?afterpayToken=${token}&afterpayStatus=SUCCESS`);
    const done = await post('/api/order/afterpay/complete', { token, amount });
    expect(done.json()).toMatchObject({ status: 'complete', orderNumber: res.json().orderNumber });

    const second = await orderFor([{ ...plain[5]!, qty: 1 }]);
    const amount2 = second.payment.methods[0]!.amount;
    const res2 = await post('/api/order/place', { ...second, payment: { methods: [{ methodCode: 'AFTERPAY', amount: amount2 }] } });
    const url2 = res2.json().actionData.url as string;
    await ctx.app.inject({ method: 'POST', url: `${url2}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    const mismatch = await post('/api/order/afterpay/complete', { token: url2.split('/').pop(), amount: amount2 + 100 });
    expect(mismatch.json()).toMatchObject({ error: 'InvalidRequest', message: expect.stringContaining('delayed-payment details mismatch') });
  });

  it('placement never uses stale catalogue rows: a price or state changed after /checkout/info is seen by the order', async () => {
    const item = { ...plain[4]!, qty: 1 };
    await setStock(item.variantId, 5);
    const setPrice = (price: number) => ctx.db.execute(sql`update products set price = ${price} where id = ${Number(item.productId)}`);
    try {
      // info cached the rows; the price changes before the order: the amount no longer matches
      const body = await orderFor([item]);
      await setPrice(item.price - 100);
      const changed = await post('/api/order/place', body);
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toMatchObject({ error: 'InvalidRequest', message: expect.stringContaining(`expected ${body.payment.methods[0]!.amount - 100}`) });
      expect(await stockOf(item.variantId)).toBe(5);
      // priced at the new price, the order goes through at that price
      const repriced = await orderFor([item]);
      const placed = await post('/api/order/place', repriced);
      expect(placed.statusCode).toBe(200);
      expect(await stockOf(item.variantId)).toBe(4);
      // no longer sellable after info priced it
      const later = await orderFor([item]);
      await ctx.db.execute(sql`update products set state = 'coming' where id = ${Number(item.productId)}`);
      const gone = await post('/api/order/place', later);
      expect(gone.statusCode).toBe(409);
      expect(gone.json().error).toBe('ProductNotAvailable');
      expect(await stockOf(item.variantId)).toBe(4);
    } finally {
      await setPrice(item.price);
      await ctx.db.execute(sql`update products set state = 'current' where id = ${Number(item.productId)}`);
    }
  });

  it('never oversells: 200 concurrent orders for stock 10 give exactly 10 orders and no 5xx', async () => {
    const item = { ...plain[0]!, qty: 1 };
    await setStock(item.variantId, 10);
    const template = await orderFor([item]);
    const responses = await Promise.all(Array.from({ length: 200 }, (_, i) => post('/api/order/place', { ...template, cartId: `${template.cartId}-c${i}` })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409 && r.json().error === 'InsufficientStock')).toHaveLength(190);
    expect(await stockOf(item.variantId)).toBe(0);
  }, 120_000);

  it('Idempotency-Key: 50 concurrent identical requests give one order and one charge; replay, 422 on a different body', async () => {
    const item = { ...plain[3]!, qty: 1 };
    await setStock(item.variantId, 50);
    const body = await orderFor([item]);
    const key = `key-${backend}-${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 50 }, () => post('/api/order/place', body, { 'idempotency-key': key })));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(responses.every((r) => r.statusCode === 200 || (r.statusCode === 409 && r.json().error === 'IdempotencyKeyInProgress'))).toBe(true);
    expect(new Set(ok.map((r) => r.json().orderNumber)).size).toBe(1);
    const number = ok[0]!.json().orderNumber;
    const [charges] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from payment_transactions where order_number = ${number}`);
    expect(Number(charges!.n)).toBe(1);
    const [orders] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from orders where cart_id = ${body.cartId}`);
    expect(Number(orders!.n)).toBe(1);
    expect(await stockOf(item.variantId)).toBe(49);
    const replay = await post('/api/order/place', body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().orderNumber).toBe(number);
    const different = await post('/api/order/place', { ...body, agreeToMarketing: true }, { 'idempotency-key': key });
    expect(different.statusCode).toBe(422);
  }, 120_000);
});
