/**
 * The production card gateway adapter (Braintree's Node SDK) against the local stand-in of
 * Braintree's server protocol: the same tests prove the adapter and keep the stand-in honest.
 */
import { BraintreePaymentGateway, GatewayUnavailableError, WebhookSignatureError } from '../src/store/payments/braintree';
import { BraintreeStandIn } from '../src/stand-ins/braintree-gateway/server';

const KEYS = { merchantId: 'fernleafnz', publicKey: 'pub_k3y', privateKey: 'pr1vate_k3y' };
const ACCEPTED = ['Visa', 'MasterCard', 'American Express'];

let standIn: BraintreeStandIn;
let url: string;

beforeAll(async () => {
  standIn = new BraintreeStandIn({ ...KEYS, duplicateWindowMs: 30_000, acceptedCardTypes: [...ACCEPTED, 'JCB'] });
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(standIn.app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await standIn?.app.close();
});

const adapter = (over: Partial<ConstructorParameters<typeof BraintreePaymentGateway>[0]> = {}) =>
  new BraintreePaymentGateway({ environment: url, ...KEYS, timeoutMs: 2_000, refuseTestNonces: false, acceptedCardTypes: ACCEPTED, ...over });

let order = 0;
const nextOrder = () => `FL-T${Date.now()}-${(order += 1)}`;

describe('Braintree adapter', () => {
  it('approves a sale with a card nonce, submitted for settlement under the order number', async () => {
    const nonce = standIn.mintNonce({ cardType: 'Visa', last4: '1111' });
    const orderNumber = nextOrder();
    const outcome = await adapter().charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount: 12_345, orderNumber });
    expect(outcome).toEqual({ ok: true, transactionId: expect.any(String), instrument: 'Visa ending 1111' });
    const stored = standIn.transaction((outcome as { transactionId: string }).transactionId)!;
    expect(stored).toMatchObject({ amount: '123.45', orderId: orderNumber, status: 'submitted_for_settlement' });
    // a nonce is single-use
    const again = await adapter().charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount: 100, orderNumber: nextOrder() });
    expect(again).toMatchObject({ ok: false, error: 'PaymentMethodInvalid', code: '91564' });
  });

  it('maps declines: soft and hard processor declines by response code, gateway rejections, failures, unknown nonces, card types', async () => {
    const gw = adapter();
    const charge = (nonce: string, amount: number) => gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce, amount, orderNumber: nextOrder() });
    expect(await charge('fake-processor-declined-visa-nonce', 1_000)).toMatchObject({ ok: false, error: 'PaymentProcessorDeclined', code: '2000', transactionId: expect.any(String) });
    expect(await charge(standIn.mintNonce({ cardType: 'Visa', last4: '1111' }), 200_400)).toMatchObject({ ok: false, error: 'PaymentProcessorDeclinedHard', code: '2004' });
    expect(await charge(standIn.mintNonce({ cardType: 'Visa', last4: '1111' }), 204_600)).toMatchObject({ ok: false, error: 'PaymentProcessorDeclined', code: '2046' });
    expect(await charge('fake-gateway-rejected-fraud-nonce', 1_000)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'fraud' });
    expect(await charge(standIn.mintNonce({ cardType: 'Visa', last4: '1111' }), 300_000)).toMatchObject({ ok: false, error: 'PaymentFailureUnrecoverable', code: '3000' });
    expect(await charge(standIn.mintNonce({ cardType: 'Visa', last4: '1111' }), 500_100)).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'application_incomplete' });
    expect(await charge('tokencc_never_issued', 1_000)).toMatchObject({ ok: false, error: 'PaymentMethodInvalid', code: '91565' });
    // the gateway takes JCB, the store does not: the authorisation is voided at once
    const jcb = await charge('fake-valid-jcb-nonce', 1_234);
    expect(jcb).toMatchObject({ ok: false, error: 'PaymentInstrumentTypeNotAccepted' });
    const jcbSale = standIn.requests.filter((r) => r.endsWith('/void')).length;
    expect(jcbSale).toBeGreaterThan(0);
  });

  it('a retried sale of the same card and amount is rejected as a duplicate; findCharge finds the order\'s charge', async () => {
    const gw = adapter();
    const orderNumber = nextOrder();
    const first = await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-mastercard-nonce', amount: 4_321, orderNumber });
    expect(first.ok).toBe(true);
    const retry = await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-mastercard-nonce', amount: 4_321, orderNumber });
    expect(retry).toMatchObject({ ok: false, error: 'PaymentGatewayRejected', code: 'duplicate' });
    expect(await gw.findCharge(orderNumber)).toEqual({ transactionId: (first as { transactionId: string }).transactionId, amount: 4_321, instrument: 'MasterCard ending 4444' });
    expect(await gw.findCharge(nextOrder())).toBeNull();
  });

  it('voids (twice is a no-op) and refunds, in full or in part', async () => {
    const gw = adapter();
    const sale = await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: standIn.mintNonce({ cardType: 'Visa', last4: '4242' }), amount: 5_000, orderNumber: nextOrder() });
    const id = (sale as { transactionId: string }).transactionId;
    await gw.void(id);
    expect(standIn.transaction(id)!.status).toBe('voided');
    await expect(gw.void(id)).resolves.toBeUndefined();
    await expect(gw.void('nosuchtx')).rejects.toThrow(/unknown transaction/);

    const paid = await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: standIn.mintNonce({ cardType: 'Visa', last4: '4343' }), amount: 8_000, orderNumber: nextOrder() });
    const paidId = (paid as { transactionId: string }).transactionId;
    const part = await gw.refund(paidId, 2_500);
    expect(part).toEqual({ ok: true, refundId: expect.any(String) });
    expect(standIn.transaction((part as { refundId: string }).refundId)).toMatchObject({ type: 'credit', amount: '25.00', refundedTransactionId: paidId });
    expect(await gw.refund(paidId, 9_000)).toMatchObject({ ok: false, code: '91521' });
    expect(await gw.refund(id)).toMatchObject({ ok: false, code: '91506' });
  });

  it('vaults a card with a verification and charges the token; a declining card is not vaulted', async () => {
    const gw = adapter();
    const vaulted = await gw.vault(standIn.mintNonce({ cardType: 'MasterCard', last4: '5454' }));
    expect(vaulted).toMatchObject({ ok: true, cardType: 'MasterCard', lastFour: '5454', expiry: '12/30', verification: { transactionId: expect.stringMatching(/^verification:/), amount: 100 } });
    const token = (vaulted as { token: string }).token;
    // Braintree voids the verification itself: no request
    const before = standIn.requests.length;
    await gw.void((vaulted as { verification: { transactionId: string } }).verification.transactionId);
    expect(standIn.requests.length).toBe(before);
    expect(await gw.charge({ methodCode: 'BRAINTREE_SAVED', nonce: token, amount: 7_700, orderNumber: nextOrder() })).toMatchObject({ ok: true, instrument: 'MasterCard ending 5454' });
    expect(await gw.vault('fake-processor-declined-visa-nonce')).toMatchObject({ ok: false, error: 'PaymentProcessorDeclined', code: '2000' });
  });

  it('a gateway that does not answer within the SDK timeout throws GatewayUnavailableError (the order stays pending for the sweep)', async () => {
    standIn.delayMs = 600;
    try {
      const started = Date.now();
      await expect(adapter({ timeoutMs: 200 }).charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-amex-nonce', amount: 999, orderNumber: nextOrder() })).rejects.toThrow(GatewayUnavailableError);
      expect(Date.now() - started).toBeLessThan(590);
    } finally {
      standIn.delayMs = 0;
    }
    // wrong keys: the gateway answers 401, also not a decline
    await expect(adapter({ privateKey: 'wrong' }).charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-nonce', amount: 100, orderNumber: nextOrder() })).rejects.toThrow(GatewayUnavailableError);
  });

  it('in production the sandbox nonces are refused without a request', async () => {
    const before = standIn.requests.length;
    const gw = adapter({ refuseTestNonces: true });
    expect(await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: 'fake-valid-nonce', amount: 100, orderNumber: nextOrder() })).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
    expect(await gw.vault('fake-valid-visa-nonce')).toMatchObject({ ok: false, error: 'PaymentMethodInvalid' });
    expect(standIn.requests.length).toBe(before);
  });

  it('webhooks: a signed notification parses; a wrong key, a changed payload or a missing signature is refused', async () => {
    const gw = adapter();
    const sale = await gw.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: standIn.mintNonce({ cardType: 'Visa', last4: '7777' }), amount: 1_500, orderNumber: nextOrder() });
    const id = (sale as { transactionId: string }).transactionId;
    const signed = standIn.signWebhook('transaction_settled', id);
    expect(await gw.parseWebhook(signed.signature, signed.payload)).toEqual({ kind: 'transaction_settled', timestamp: expect.any(String), transactionId: id });
    const forged = standIn.signWebhook('transaction_settled', id, 'someone-elses-key');
    await expect(gw.parseWebhook(forged.signature, forged.payload)).rejects.toThrow(WebhookSignatureError);
    const other = standIn.signWebhook('transaction_settlement_declined', id);
    await expect(gw.parseWebhook(signed.signature, other.payload)).rejects.toThrow(WebhookSignatureError);
    await expect(gw.parseWebhook('', signed.payload)).rejects.toThrow(WebhookSignatureError);
  });
});
