/**
 * The place-order sequence as the API and the shopper see it: what is sent to order/place (payment,
 * billing, idempotency key), what is kept afterwards, and the outcome the payment step shows.
 */
import type { CheckoutInfoResponse } from '@store/contracts';
import { bus, topics } from '@store/shared-events';
import { clearServerProblems, serverProblem } from '../../../lib/cart/serverProblems';
import { emptyCheckout, getCheckout, getFailedOrderNumber, getPlacedOrder, setCheckout, setFailedOrderNumber, setPlacedOrder } from '../../../lib/checkout/state';
import { PaymentCancelled, tokenizeErrorMessage, type ApplePayAuthorised } from '../../../lib/payments';
import type { CardFieldsApi } from './CardFields';
import { PLACE_MESSAGES, PROMOTIONS_CHANGED_MESSAGE, walletCancelledMessage } from './messages';
import { checkoutInfo, delivery, item } from '../steps/paymentStepFixtures';
import { placeOrderFlow, type PlaceOrderInput } from './placeOrderFlow';

jest.mock('../../../lib/botcheck', () => ({ botCheckToken: () => Promise.resolve('bot-token') }));

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const billing = { ...delivery, contactName: 'Aroha Ngata', street1: '5 Cuba Street', suburb: 'Te Aro', postcode: '6011' };
/** The checkout/info answer (amount outstanding) and the order/place answer of the test. */
let info: CheckoutInfoResponse;
let placeAnswer: { status: number; body: unknown };
let sent: { body: Record<string, unknown>; key: string | null }[];

beforeEach(() => {
  info = checkoutInfo;
  placeAnswer = { status: 200, body: { orderNumber: 'FL00000001', status: 'complete', actionData: null, loyalty: null, accessToken: 'access' } };
  sent = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/checkout/info') return reply(200, info);
    if (url === '/api/order/place') {
      sent.push({ body: JSON.parse(String(init!.body)) as Record<string, unknown>, key: new Headers(init!.headers).get('idempotency-key') });
      return reply(placeAnswer.status, placeAnswer.body);
    }
    if (url.startsWith('/api/payment/voucher/balance/')) return reply(404, { error: 'VoucherNotFound', message: 'Not found' });
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
  localStorage.clear();
  sessionStorage.clear();
  setPlacedOrder(null);
  setFailedOrderNumber(null);
  clearServerProblems();
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false }, shippingType: 'DELIVERY', deliveryAddress: delivery, deliveryMethodId: 'standard' });
});

const cardFields = (tokenize: () => Promise<{ nonce: string }>): CardFieldsApi => ({ instance: { tokenize } as unknown as CardFieldsApi['instance'], state: () => ({}) as ReturnType<CardFieldsApi['state']> });

function input(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    items: [item],
    billing,
    billingSameAsShipping: false,
    method: 'BRAINTREE_CREDIT_CARD',
    savedId: null,
    cardFields: cardFields(() => Promise.resolve({ nonce: 'card-nonce' })),
    saveCard: false,
    wallet: null,
    applePaid: null,
    outstanding: info.amountOutstanding,
    idempotencyKey: { current: 'key-1' },
    onVoucherNotices: () => {},
    ...overrides,
  };
}

const payment = (n = 0) => (sent[n]!.body.payment as { methods: Record<string, unknown>[] }).methods;

it('a card order: the hosted fields nonce for the amount outstanding, the billing address kept and sent, the key sent then renewed; placed and kept for the success page', async () => {
  const key = { current: 'key-1' };
  const outcome = await placeOrderFlow(input({ idempotencyKey: key, saveCard: true }));
  expect(outcome).toEqual({ type: 'placed' });
  expect(sent).toHaveLength(1);
  expect(sent[0]!.key).toBe('key-1');
  expect(payment()).toEqual([{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: 4995, token: 'card-nonce', type: 'immediate', saveCard: true }]);
  expect((sent[0]!.body.cart as { billingAddress: unknown }).billingAddress).toEqual(billing);
  expect(getCheckout().billingAddress).toEqual(billing);
  expect(getCheckout().billingSameAsShipping).toBe(false);
  expect(key.current).not.toBe('key-1');
  expect(getPlacedOrder()).toMatchObject({ orderNumber: 'FL00000001', email: 'aroha@example.co.nz' });
});

it('nothing outstanding (gift cards cover it): NO_PAYMENT, whatever method is chosen', async () => {
  info = { ...checkoutInfo, amountOutstanding: 0 };
  expect(await placeOrderFlow(input({ method: 'AFTERPAY' }))).toEqual({ type: 'placed' });
  expect(payment()).toEqual([{ methodCode: 'NO_PAYMENT', amount: 0, type: 'immediate' }]);
});

it('a saved card is paid by its id; Afterpay leaves for its approval page', async () => {
  expect(await placeOrderFlow(input({ method: 'BRAINTREE_SAVED', savedId: 'card-7' }))).toEqual({ type: 'placed' });
  expect(payment(0)).toEqual([{ methodCode: 'BRAINTREE_SAVED', amount: 4995, token: 'card-7', type: 'saved' }]);
  placeAnswer = { status: 200, body: { orderNumber: 'FL00000002', status: 'actionRequired', actionData: { url: 'https://afterpay.example/approve' }, loyalty: null, accessToken: 'access' } };
  setPlacedOrder(null);
  expect(await placeOrderFlow(input({ method: 'AFTERPAY' }))).toEqual({ type: 'redirect', url: 'https://afterpay.example/approve' });
  expect(payment(1)).toEqual([{ methodCode: 'AFTERPAY', amount: 4995, type: 'immediate' }]);
  expect(getPlacedOrder()).toBeNull();
});

it('a wallet pays the amount it approved; a changed total is not placed, a cancelled wallet says so, and Apple Pay’s sheet is told how it went', async () => {
  const sheet = (nonce: string) => {
    const complete = jest.fn();
    const authorised: ApplePayAuthorised = { nonce, complete };
    return { complete, applePaid: Promise.resolve(authorised), wallet: Promise.resolve(nonce) };
  };
  const approved = sheet('apple-nonce');
  expect(await placeOrderFlow(input({ method: 'BRAINTREE_APPLE_PAY', wallet: approved.wallet, applePaid: approved.applePaid }))).toEqual({ type: 'placed' });
  expect(payment()).toEqual([{ methodCode: 'BRAINTREE_APPLE_PAY', amount: 4995, token: 'apple-nonce', type: 'immediate' }]);
  expect(approved.complete.mock.calls).toEqual([[true]]);

  const changed = sheet('apple-nonce-2');
  const outcome = await placeOrderFlow(input({ method: 'BRAINTREE_APPLE_PAY', wallet: changed.wallet, applePaid: changed.applePaid, outstanding: 3000 }));
  expect(outcome).toEqual({ type: 'notPlaced', message: PROMOTIONS_CHANGED_MESSAGE });
  expect(changed.complete.mock.calls).toEqual([[false]]);
  expect(sent).toHaveLength(1);

  const cancelled = Promise.reject(new PaymentCancelled('PayPal'));
  cancelled.catch(() => {});
  expect(await placeOrderFlow(input({ method: 'BRAINTREE_PAYPAL', wallet: cancelled }))).toEqual({ type: 'notPlaced', message: walletCancelledMessage('PayPal') });
  const broken = Promise.reject(new Error('popup blocked'));
  broken.catch(() => {});
  expect(await placeOrderFlow(input({ method: 'BRAINTREE_PAYPAL', wallet: broken }))).toEqual({ type: 'notPlaced', message: PLACE_MESSAGES.PAYMENT_GATEWAY_REJECTED });
  expect(sent).toHaveLength(1);
});

it('a card the hosted fields refuse: its message, nothing sent, a new key for the next attempt', async () => {
  const key = { current: 'key-1' };
  const refusal = new Error('HOSTED_FIELDS_FIELDS_INVALID');
  const outcome = await placeOrderFlow(input({ idempotencyKey: key, cardFields: cardFields(() => Promise.reject(refusal)) }));
  expect(outcome).toEqual({ type: 'notPlaced', message: tokenizeErrorMessage(refusal) });
  expect(sent).toEqual([]);
  expect(key.current).not.toBe('key-1');
});

it('an applied gift card that no longer holds: removed with its notice and an alert, and no order', async () => {
  setCheckout({ vouchers: [{ code: 'FERN-0001', pin: '1234', expires: Date.parse('2027-01-01'), amountRemaining: 2000 }] });
  const notices: string[][] = [];
  const alerts: unknown[] = [];
  const unsubscribe = bus.subscribe(topics.alertShow, (alert) => alerts.push(alert.content));
  const outcome = await placeOrderFlow(input({ onVoucherNotices: (n) => notices.push(n) }));
  unsubscribe();
  expect(outcome).toEqual({ type: 'notPlaced', message: null });
  expect(notices).toHaveLength(1);
  expect(notices[0]).toEqual([expect.stringContaining('Gift card FERN-0001 has been cancelled')]);
  expect(alerts).toEqual(notices[0]);
  expect(getCheckout().vouchers).toEqual([]);
  expect(sent).toEqual([]);
});

it('sold out: the message, the line marked sold out in the cart and an alert; an unrecoverable payment failure keeps the order number for the error page', async () => {
  placeAnswer = { status: 409, body: { error: 'InsufficientStock', message: 'An item in your cart has sold out', code: item.variantId } };
  const alerts: unknown[] = [];
  const unsubscribe = bus.subscribe(topics.alertShow, (alert) => alerts.push(alert.content));
  expect(await placeOrderFlow(input())).toEqual({ type: 'notPlaced', message: PLACE_MESSAGES.INSUFFICIENT_STOCK });
  unsubscribe();
  expect(serverProblem(item.variantId)).not.toBeNull();
  expect(alerts).toEqual([PLACE_MESSAGES.INSUFFICIENT_STOCK]);

  placeAnswer = { status: 402, body: { error: 'PaymentFailureUnrecoverable', message: 'Unsuccessful', orderNumber: 'FL00000009' } };
  expect(await placeOrderFlow(input())).toEqual({ type: 'failedOrder' });
  expect(getFailedOrderNumber()).toBe('FL00000009');
  expect(getPlacedOrder()).toBeNull();
});
