/**
 * Saved cards (BRAINTREE_SAVED) and the signed-in order pages: saving a card at checkout vaults
 * it after a $1 verification that is voided (one void row per saved card); the account's
 * payment-method routes and orders are scoped to their customer (another customer's id is 404).
 */
import crypto from 'node:crypto';
import type { CheckoutInfoResponse, OrderPlaceRequest, PaymentMethodInput, SavedPaymentMethodsResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db';
import { buildPaymentClientOrigin } from '../src/stand-ins/payments/client-origin';
import { DEFAULT_PAYMENT_AUTHORIZATION } from '../src/store/payments/client-config';
import { SandboxGateway, VERIFICATION_AMOUNT } from '../src/stand-ins/payments/sandbox';
import { BACKENDS, cognitoCall, createTestContext, createTestDatabase, plainProducts, type TestContext } from './helpers';

const PASSWORD = 'Kauri-Trail-42';
const address = { contactName: 'Aroha Ngata', country: 'NZ', phone: '021 555 0101', postcode: '1010', street1: '12 Queen Street', suburb: 'Auckland Central' } as const;

describe('sandbox gateway vault', () => {
  it('vaults a card after a verification of at most $1, records the void, and charges the token only as BRAINTREE_SAVED', async () => {
    const database = await createTestDatabase();
    const gateway = new SandboxGateway(database.db, { duplicateWindowMs: 0, acceptedCardTypes: ['Visa', 'MasterCard'] });
    const card = await gateway.tokenizeCard({ number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' });
    if (!card.ok) throw new Error('tokenise failed');
    const vaulted = await gateway.vault(card.nonce);
    if (!vaulted.ok) throw new Error(vaulted.message);
    expect(vaulted).toMatchObject({ token: expect.stringMatching(/^pm_/), cardType: 'Visa', lastFour: '1111', expiry: '12/39' });
    expect(vaulted.verification.amount).toBeLessThanOrEqual(100);
    expect(VERIFICATION_AMOUNT).toBeLessThanOrEqual(100);
    expect(await gateway.transaction(vaulted.verification.transactionId)).toMatchObject({ kind: 'verification', status: 'authorized' });
    await gateway.void(vaulted.verification.transactionId);
    expect(await gateway.transaction(vaulted.verification.transactionId)).toMatchObject({ status: 'voided', voidedAt: expect.any(Number) });
    await expect(gateway.void('sbx_unknown')).rejects.toThrow('Unknown transaction');
    // the nonce is used up; the token is reusable, but only as a saved card
    expect(await gateway.vault(card.nonce)).toMatchObject({ ok: false, code: '93107' });
    expect(await gateway.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: vaulted.token, amount: 1000, orderNumber: 'FL1' })).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
    expect(await gateway.charge({ methodCode: 'BRAINTREE_SAVED', nonce: vaulted.token, amount: 1000, orderNumber: 'FL1' })).toMatchObject({ ok: true, instrument: 'Visa ending 1111' });
    expect(await gateway.charge({ methodCode: 'BRAINTREE_SAVED', nonce: vaulted.token, amount: 2000, orderNumber: 'FL2' })).toMatchObject({ ok: true });
    expect(await gateway.charge({ methodCode: 'BRAINTREE_SAVED', nonce: 'fake-valid-nonce', amount: 1000, orderNumber: 'FL3' })).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
    // a card that would decline is not vaulted
    expect(await gateway.vault('fake-processor-declined-visa-nonce')).toMatchObject({ ok: false, error: 'PaymentProcessorDeclined' });
    await database.close();
  }, 60_000);
});

describe.each(BACKENDS)('saved cards and account orders on %s', (backend) => {
  let ctx: TestContext;
  let plain: { productId: string; variantId: string; price: number }[];

  beforeAll(async () => {
    ctx = await createTestContext(backend, { products: 60 });
    plain = await plainProducts(ctx.db, 4);
    expect(plain.length).toBeGreaterThanOrEqual(3);
    for (const p of plain) await ctx.db.execute(sql`update variants set qty = 500 where id = ${Number(p.variantId)}`);
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const cognito = async (operation: string, body: Record<string, unknown>) => {
    const res = await cognitoCall(ctx, operation, body);
    expect(res.status).toBe(200);
    return res.body as Record<string, { IdToken?: string } & Record<string, unknown>>;
  };
  /** Signs up, confirms with the outbox code and signs in (USER_PASSWORD_AUTH): the ID token. */
  const newCustomer = async (): Promise<string> => {
    const ClientId = ctx.config.account.userPoolClientId;
    const email = `saver.${crypto.randomBytes(4).toString('hex')}@example.co.nz`;
    await cognito('SignUp', { ClientId, Username: email, Password: PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] });
    const outbox = await ctx.app.inject({ method: 'GET', url: `/api/cognito/outbox?email=${encodeURIComponent(email)}` });
    const code = (outbox.json().messages as { purpose: string; code: string }[]).find((m) => m.purpose === 'SIGN_UP')!.code;
    await cognito('ConfirmSignUp', { ClientId, Username: email, ConfirmationCode: code });
    const signedIn = await cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: email, PASSWORD } });
    return signedIn.AuthenticationResult!.IdToken!;
  };

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const cardsOf = async (token: string) => {
    const res = await api('GET', '/api/account/payment-methods', token);
    expect(res.statusCode).toBe(200);
    return (res.json() as SavedPaymentMethodsResponse).paymentMethods;
  };
  /** The hosted fields' controller frame tokenises at the stand-in's own origin, never at the store's API. */
  const tokenize = async (number: string) => {
    const standIn = buildPaymentClientOrigin({ authorization: DEFAULT_PAYMENT_AUTHORIZATION, gateway: () => ctx.app.paymentGateway });
    const res = await standIn.inject({ method: 'POST', url: '/client/v1/tokenize', payload: { authorization: DEFAULT_PAYMENT_AUTHORIZATION, creditCard: { number, expirationDate: '12/2039', cvv: '123' } } });
    await standIn.close();
    expect(res.statusCode).toBe(200);
    return res.json().nonce as string;
  };
  const voidRows = (orderNumber?: string) =>
    queryRows<{ id: string; amount: number; order_number: string }>(
      ctx.db,
      orderNumber
        ? sql`select id, amount, order_number from payment_transactions where method_code = 'CARD_VERIFICATION' and status = 'voided' and order_number = ${orderNumber}`
        : sql`select id, amount, order_number from payment_transactions where method_code = 'CARD_VERIFICATION' and status = 'voided'`,
    );

  let cartSeq = 0;
  /** An order for `qty` of product `index`, paid with `method` (amount filled in from /checkout/info). */
  async function order(index: number, qty: number, method: Omit<PaymentMethodInput, 'amount'>): Promise<OrderPlaceRequest> {
    const items = [{ productId: plain[index]!.productId, variantId: plain[index]!.variantId, qty }];
    const cart = { items, promoCodes: [], email: 'saver@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', shippingAddress: address, shipping: { type: 'DELIVERY' as const, options: { methodId: 'standard' } } };
    const info = (await api('POST', '/api/checkout/info', undefined, { cart })).json() as CheckoutInfoResponse;
    cartSeq += 1;
    return {
      cartId: `cart-saved-${backend}-${Date.now().toString(36)}-${cartSeq}`,
      cart: { ...cart, phone: '021 555 0101', billingAddress: address },
      payment: { methods: [{ ...method, amount: info.amountOutstanding }] },
      expectedPromotions: info.promotions.appliedPromotions.map((p) => ({ promotionId: p.id, versionId: p.versionId })),
    };
  }
  const place = (body: OrderPlaceRequest, token?: string) => api('POST', '/api/order/place', token, body);

  it('needs a signed-in customer', async () => {
    expect((await api('GET', '/api/account/payment-methods')).statusCode).toBe(401);
    expect((await api('DELETE', `/api/account/payment-methods/spm_${'0'.repeat(24)}`)).statusCode).toBe(401);
    expect((await api('POST', `/api/account/payment-methods/spm_${'0'.repeat(24)}/default`)).statusCode).toBe(401);
  });

  it('saves cards at checkout (one voided verification each), pays with a saved card, sets the default and deletes; another customer gets 404', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    expect(await cardsOf(alice)).toEqual([]);

    // a new card, saved: vaulted, the verification voided and recorded, then the order charged
    const first = await place(await order(0, 1, { methodCode: 'BRAINTREE_CREDIT_CARD', token: await tokenize('4111 1111 1111 1111'), saveCard: true }), alice);
    expect(first.statusCode).toBe(200);
    const firstNumber = first.json().orderNumber as string;
    const [visa] = await cardsOf(alice);
    expect(visa).toMatchObject({ id: expect.stringMatching(/^spm_/), cardType: 'Visa', lastFour: '1111', expiry: '12/39', isDefault: true });
    expect(JSON.stringify(await cardsOf(alice))).not.toMatch(/"pm_|gateway|4111111111111111/);
    const firstVoids = await voidRows(firstNumber);
    expect(firstVoids).toHaveLength(1);
    expect(firstVoids[0]!.amount).toBeGreaterThan(0);
    expect(firstVoids[0]!.amount).toBeLessThanOrEqual(100);

    const second = await place(await order(1, 1, { methodCode: 'BRAINTREE_CREDIT_CARD', token: await tokenize('5555 5555 5555 4444'), saveCard: true }), alice);
    expect(second.statusCode).toBe(200);
    const cards = await cardsOf(alice);
    expect(cards.map((c) => [c.lastFour, c.isDefault])).toEqual([
      ['4444', false],
      ['1111', true],
    ]);
    expect(await voidRows(second.json().orderNumber)).toHaveLength(1);
    const allVoids = await voidRows();
    expect(allVoids.filter((v) => [firstNumber, second.json().orderNumber].includes(v.order_number))).toHaveLength(cards.length);

    // paying with a saved card
    const paid = await place(await order(2, 2, { methodCode: 'BRAINTREE_SAVED', token: visa!.id, type: 'saved' }), alice);
    expect(paid.statusCode).toBe(200);
    const view = await api('GET', `/api/account/orders/${paid.json().orderNumber}`, alice);
    expect(view.json().payments).toEqual([expect.objectContaining({ methodCode: 'BRAINTREE_SAVED', label: 'Saved card (Visa ending 1111)' })]);
    expect(await voidRows(paid.json().orderNumber)).toHaveLength(0); // no new verification without saving

    // another customer can neither see, change, delete nor pay with Alice's cards
    expect(await cardsOf(bob)).toEqual([]);
    expect((await api('DELETE', `/api/account/payment-methods/${visa!.id}`, bob)).statusCode).toBe(404);
    expect((await api('POST', `/api/account/payment-methods/${cards[0]!.id}/default`, bob)).statusCode).toBe(404);
    const stolen = await place(await order(2, 1, { methodCode: 'BRAINTREE_SAVED', token: visa!.id, type: 'saved' }), bob);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('PaymentMethodInvalid');
    expect(await cardsOf(alice)).toEqual(cards);
    // guests cannot pay with or save a card
    expect((await place(await order(2, 1, { methodCode: 'BRAINTREE_SAVED', token: visa!.id }))).statusCode).toBe(400);
    expect((await place(await order(2, 1, { methodCode: 'BRAINTREE_CREDIT_CARD', token: 'fake-valid-mastercard-nonce', saveCard: true }))).statusCode).toBe(400);
    expect((await api('DELETE', '/api/account/payment-methods/not-an-id', alice)).statusCode).toBe(400);

    // default and delete
    const defaulted = await api('POST', `/api/account/payment-methods/${cards[0]!.id}/default`, alice);
    expect(defaulted.statusCode).toBe(200);
    expect((defaulted.json() as SavedPaymentMethodsResponse).paymentMethods.map((c) => [c.lastFour, c.isDefault])).toEqual([
      ['4444', true],
      ['1111', false],
    ]);
    const deleted = await api('DELETE', `/api/account/payment-methods/${cards[0]!.id}`, alice);
    expect(deleted.statusCode).toBe(200);
    expect((deleted.json() as SavedPaymentMethodsResponse).paymentMethods.map((c) => [c.lastFour, c.isDefault])).toEqual([['1111', true]]);
    expect((await api('DELETE', `/api/account/payment-methods/${cards[0]!.id}`, alice)).statusCode).toBe(404);
    const gone = await place(await order(1, 2, { methodCode: 'BRAINTREE_SAVED', token: cards[0]!.id }), alice);
    expect(gone.statusCode).toBe(404);
  });

  it('does not save a card that declines, and gives the stock back', async () => {
    const carol = await newCustomer();
    const before = (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(plain[0]!.variantId)}`))[0]!.qty;
    const declined = await place(await order(0, 1, { methodCode: 'BRAINTREE_CREDIT_CARD', token: await tokenize('4000 1111 1111 1115'), saveCard: true }), carol);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('PaymentProcessorDeclinedHard');
    expect(await cardsOf(carol)).toEqual([]);
    expect((await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(plain[0]!.variantId)}`))[0]!.qty).toBe(before);
  });

  it("keeps orders apart: one customer never reads or lists another's order", async () => {
    const anna = await newCustomer();
    const ben = await newCustomer();
    const placed = await place(await order(1, 3, { methodCode: 'BRAINTREE_CREDIT_CARD', token: 'fake-valid-amex-nonce' }), anna);
    expect(placed.statusCode).toBe(200);
    const number = placed.json().orderNumber as string;
    expect((await api('GET', `/api/account/orders/${number}`, anna)).statusCode).toBe(200);
    expect((await api('GET', '/api/account/orders', anna)).json().orders.map((o: { number: string }) => o.number)).toContain(number);
    expect((await api('GET', `/api/account/orders/${number}`, ben)).statusCode).toBe(404);
    expect((await api('GET', '/api/account/orders', ben)).json().orders).toEqual([]);
    // a guest order with the same e-mail is not the signed-in customer's either
    const guest = await place(await order(1, 1, { methodCode: 'BRAINTREE_CREDIT_CARD', token: 'fake-valid-visa-nonce' }));
    expect(guest.statusCode).toBe(200);
    expect((await api('GET', `/api/account/orders/${guest.json().orderNumber}`, anna)).statusCode).toBe(404);
  });
});
