/**
 * Payments on the payment step: the card is tokenised inside the provider's hosted fields (the
 * order gets only the nonce), field errors and focus come from the fields' state, and the wallets
 * (PayPal, Google Pay, Apple Pay) are offered only when their client is there, with their cancel
 * and decline paths mapped to the shopper's messages. The providers' clients are fakes here.
 */
import type { CheckoutInfoResponse } from '@store/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as payments from '../../../lib/payments';
import type { CardFieldsState, HostedFieldsInstance, PaymentClients } from '../../../lib/payments';
import { CARD_FIELDS_UNAVAILABLE_MESSAGE, PLACE_MESSAGES } from '../payment/messages';
import { emptyCheckout, setCheckout } from '../../../lib/checkout/state';
import { checkoutInfo, delivery, placeButton, renderPaymentStep } from './paymentStepFixtures';

jest.mock('../../../lib/payments', () => {
  const actual = jest.requireActual('../../../lib/payments');
  return { ...actual, paymentClients: jest.fn(), googlePayClient: jest.fn(), createCardFields: jest.fn(), applePayAvailable: jest.fn(() => false) };
});
const mocked = payments as jest.Mocked<typeof payments>;

const info: CheckoutInfoResponse = checkoutInfo;
const CONFIG = { clientScriptUrls: ['http://127.0.0.1:9001/js/client.js'], authorization: 'sandbox_key', googlePay: { scriptUrl: 'http://127.0.0.1:9001/google-pay/pay.js', environment: 'TEST' as const, merchantId: '', gatewayMerchantId: 'm' }, applePay: { displayName: 'Fernleaf' } };

const reply = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
let placed: Record<string, unknown>[] = [];
let placeAnswer: { status: number; body: unknown } | null = null;

const VALID = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };
const EMPTY = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
let pushState: (state: CardFieldsState) => void = () => {};
let fields: { tokenize: jest.Mock; focus: jest.Mock; setMessage: jest.Mock; teardown: jest.Mock };
let paypal: { tokenize: jest.Mock };

beforeAll(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/checkout/info') return reply(200, info);
    if (url === '/api/order/place') {
      placed.push(JSON.parse(String(init!.body)) as Record<string, unknown>);
      if (placeAnswer) return reply(placeAnswer.status, placeAnswer.body);
      return reply(200, { orderNumber: 'FL00000001', status: 'complete', actionData: null, loyalty: null, accessToken: 'access' });
    }
    if (url === '/api/fraud/config') return reply(404, {});
    return reply(404, { error: 'NotFound', message: url });
  }) as unknown as typeof fetch;
});

beforeEach(() => {
  placed = [];
  placeAnswer = null;
  setCheckout({ ...emptyCheckout(), contact: { email: 'aroha@example.co.nz', firstName: 'Aroha', lastName: 'Ngata', phone: '021 555 0101', agreeToMarketing: false }, shippingType: 'DELIVERY', deliveryAddress: delivery, deliveryMethodId: 'standard' });
  fields = { tokenize: jest.fn(async () => ({ nonce: 'tokencc_abc', details: { cardType: 'Visa', lastFour: '1111' } })), focus: jest.fn(async () => {}), setMessage: jest.fn(), teardown: jest.fn(async () => {}) };
  paypal = { tokenize: jest.fn(async () => ({ nonce: 'tokenpp_abc' })) };
  mocked.createCardFields.mockImplementation(async (_containers, onState) => {
    pushState = onState;
    onState({ cards: [], fields: { number: EMPTY, expirationDate: EMPTY, cvv: EMPTY } });
    return fields as unknown as HostedFieldsInstance;
  });
  mocked.paymentClients.mockResolvedValue({ config: CONFIG, client: { authorization: 'sandbox_key' }, braintree: { client: { create: jest.fn() }, hostedFields: { create: jest.fn() }, paypal: { create: async () => paypal } } } as unknown as PaymentClients);
  mocked.googlePayClient.mockResolvedValue(null);
  mocked.applePayAvailable.mockReturnValue(false);
});

const renderStep = (entry?: string) => renderPaymentStep(info, entry);

describe('a new card in the hosted fields', () => {
  it('focuses the first field to fix and says what is wrong, without placing; once valid, sends only the nonce', async () => {
    await renderStep();
    expect(screen.getByTestId('hosted-card-fields')).toHaveAttribute('data-status', 'ready');
    // no input of the card in this document: the fields are the provider's frames
    expect(document.querySelector('input[autocomplete^="cc-"]')).toBeNull();
    await userEvent.click(placeButton());
    expect(fields.focus).toHaveBeenCalledWith('number');
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry as MM/YY.')).toBeInTheDocument();
    expect(fields.setMessage).toHaveBeenCalledWith({ field: 'number', message: 'Enter a valid card number.' });
    expect(placed).toHaveLength(0);

    act(() => pushState({ cards: [{ type: 'american-express', niceType: 'American Express', code: { name: 'CID', size: 4 } }], fields: { number: VALID, expirationDate: VALID, cvv: EMPTY } }));
    expect(screen.getByTestId('card-brand')).toHaveTextContent('American Express');
    expect(screen.getByText('CID')).toBeInTheDocument();
    expect(screen.getByText('Enter the 4 digit CID.')).toBeInTheDocument();
    act(() => pushState({ cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }], fields: { number: VALID, expirationDate: VALID, cvv: VALID } }));
    await userEvent.click(placeButton());
    await screen.findByText('Order placed');
    expect(fields.tokenize).toHaveBeenCalledTimes(1);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ payment: { methods: [{ methodCode: 'BRAINTREE_CREDIT_CARD', amount: 4995, token: 'tokencc_abc', type: 'immediate' }] } });
  });

  it('a card the provider refuses to tokenise: "Check your card number and expiry date."; a decline: its message', async () => {
    await renderStep();
    act(() => pushState({ cards: [], fields: { number: VALID, expirationDate: VALID, cvv: VALID } }));
    fields.tokenize.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' }));
    await userEvent.click(placeButton());
    expect(await screen.findByText('Check your card number and expiry date.')).toBeInTheDocument();
    expect(placed).toHaveLength(0);
    placeAnswer = { status: 402, body: { error: 'PaymentProcessorDeclinedHard', message: 'Transaction Not Allowed' } };
    await userEvent.click(placeButton());
    expect(await screen.findByText(PLACE_MESSAGES.PAYMENT_PROCESSOR_DECLINED_HARD)).toBeInTheDocument();
  });

  it('says so when the card fields cannot be loaded, and offers to try again', async () => {
    mocked.createCardFields.mockRejectedValueOnce(new Error('blocked'));
    await renderStep();
    expect(screen.getByText(CARD_FIELDS_UNAVAILABLE_MESSAGE, { exact: false })).toBeInTheDocument();
    await userEvent.click(placeButton());
    expect(screen.getAllByText(CARD_FIELDS_UNAVAILABLE_MESSAGE, { exact: false }).length).toBeGreaterThan(0);
    expect(placed).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByTestId('hosted-card-fields')).toHaveAttribute('data-status', 'ready');
  });
});

describe('wallets', () => {
  it('offers PayPal once its client is there; a cancelled popup places nothing, an approved one places the order with its nonce', async () => {
    await renderStep();
    await userEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    paypal.tokenize.mockRejectedValueOnce(Object.assign(new Error('closed'), { code: 'PAYPAL_POPUP_CLOSED' }));
    await userEvent.click(placeButton());
    expect(await screen.findByText('Your PayPal payment was cancelled. Choose another payment method.')).toBeInTheDocument();
    expect(placed).toHaveLength(0);
    await userEvent.click(placeButton());
    await screen.findByText('Order placed');
    expect(paypal.tokenize).toHaveBeenLastCalledWith({ flow: 'checkout', amount: '49.95', currency: 'NZD' });
    expect(placed[0]).toMatchObject({ payment: { methods: [{ methodCode: 'BRAINTREE_PAYPAL', amount: 4995, token: 'tokenpp_abc' }] } });
  });

  it('offers Google Pay only when its client is ready to pay, and Apple Pay only where the browser supports it', async () => {
    await renderStep();
    expect(screen.queryByRole('radio', { name: 'Google Pay' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Apple Pay' })).toBeNull();
  });

  it('Google Pay: a declined wallet card gives the decline message; an error of the sheet the payment message', async () => {
    const google = { isReadyToPay: jest.fn(), loadPaymentData: jest.fn(async () => ({ paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify({ androidPayCards: [{ nonce: 'tokengp_abc' }] }) } } })) };
    mocked.googlePayClient.mockResolvedValue(google);
    await renderStep();
    await userEvent.click(screen.getByRole('radio', { name: 'Google Pay' }));
    placeAnswer = { status: 402, body: { error: 'PaymentProcessorDeclinedHard', message: 'Transaction Not Allowed' } };
    await userEvent.click(placeButton());
    expect(await screen.findByText(PLACE_MESSAGES.PAYMENT_PROCESSOR_DECLINED_HARD)).toBeInTheDocument();
    expect(placed[0]).toMatchObject({ payment: { methods: [{ methodCode: 'BRAINTREE_GOOGLE_PAY', token: 'tokengp_abc' }] } });
    google.loadPaymentData.mockRejectedValueOnce({ statusCode: 'INTERNAL_ERROR' });
    await userEvent.click(placeButton());
    expect(await screen.findByText(PLACE_MESSAGES.PAYMENT_GATEWAY_REJECTED)).toBeInTheDocument();
    expect(placed).toHaveLength(1);
  });
});
