/**
 * The payment step's client-side payment logic against fakes of the providers' clients
 * (Braintree-shaped hosted fields and PayPal, Google Pay's PaymentsClient, Safari's ApplePaySession).
 */
import type { PaymentClientConfigResponse } from '@store/contracts';
import {
  applePayAvailable,
  cardFieldErrors,
  createCardFields,
  decimalAmount,
  emptyCardFieldsState,
  firstInvalidField,
  googlePayNonce,
  googlePayRequest,
  loadScript,
  PaymentCancelled,
  payWithApplePay,
  payWithGooglePay,
  payWithPayPal,
  resetPaymentClients,
  securityCodeName,
  tokenizeErrorMessage,
  type ApplePayInstance,
  type ApplePaySessionClass,
  type Braintree,
  type CardFieldsState,
  type HostedFieldsInstance,
  type PaymentClients,
} from './payments';

const CONFIG: PaymentClientConfigResponse = {
  clientScriptUrls: ['http://127.0.0.1:9001/js/client.js'],
  authorization: 'sandbox_key',
  googlePay: { scriptUrl: 'http://127.0.0.1:9001/google-pay/pay.js', environment: 'TEST', merchantId: '', gatewayMerchantId: 'fernleaf-sandbox' },
  applePay: { displayName: 'Fernleaf' },
};
const AMEX = { type: 'american-express', niceType: 'American Express', code: { name: 'CID', size: 4 } };
const VISA = { type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } };
const valid = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };

function stateWith(over: Partial<CardFieldsState['fields']>, cards = [VISA]): CardFieldsState {
  const s = emptyCardFieldsState();
  return { cards, fields: { ...s.fields, ...over } };
}

afterEach(() => resetPaymentClients());

describe('card fields', () => {
  it('creates the hosted fields in the three containers and passes on every state change, never a value', async () => {
    const handlers: Record<string, (e: unknown) => void> = {};
    const created: Record<string, unknown>[] = [];
    const instance = {
      on: (name: string, h: (e: unknown) => void) => (handlers[name] = h),
      getState: () => ({ fields: {}, cards: [], emittedBy: '' }),
      tokenize: jest.fn(),
      focus: jest.fn(),
      teardown: jest.fn(),
    } as unknown as HostedFieldsInstance;
    const braintree = { client: { create: jest.fn() }, hostedFields: { create: jest.fn(async (o: Record<string, unknown>) => (created.push(o), instance)) } } as unknown as Braintree;
    const containers = { number: document.createElement('div'), expirationDate: document.createElement('div'), cvv: document.createElement('div') };
    const states: CardFieldsState[] = [];
    await createCardFields(containers, (s) => states.push(s), Promise.resolve({ config: CONFIG, braintree, client: { authorization: 'sandbox_key' } } as PaymentClients));
    expect(created[0]).toMatchObject({ client: { authorization: 'sandbox_key' }, fields: { number: { container: containers.number }, expirationDate: { container: containers.expirationDate }, cvv: { container: containers.cvv } } });
    expect(Object.keys(handlers).sort()).toEqual(['blur', 'cardTypeChange', 'empty', 'focus', 'notEmpty', 'validityChange']);
    handlers.cardTypeChange!({ emittedBy: 'number', cards: [AMEX], fields: { number: { ...valid, isValid: false, value: '3782' } } });
    const last = states.at(-1)!;
    expect(last.cards).toEqual([AMEX]);
    expect(last.fields.number).toEqual({ isEmpty: false, isValid: false, isPotentiallyValid: true, isFocused: false });
    expect(JSON.stringify(states)).not.toContain('3782');
  });

  it('says which field to fix: after a submit every field not valid, at once one that cannot become valid', () => {
    expect(cardFieldErrors(emptyCardFieldsState(), false)).toEqual({ number: null, expirationDate: null, cvv: null });
    expect(cardFieldErrors(emptyCardFieldsState(), true)).toEqual({ number: 'Enter a valid card number.', expirationDate: 'Enter the expiry as MM/YY.', cvv: 'Enter the 3 or 4 digit CVV.' });
    const typing = stateWith({ number: { isEmpty: false, isValid: false, isPotentiallyValid: false, isFocused: true } });
    expect(cardFieldErrors(typing, false).number).toBeNull(); // not while the shopper is still in it
    expect(cardFieldErrors(stateWith({ number: { isEmpty: false, isValid: false, isPotentiallyValid: false, isFocused: false } }), false).number).toBe('Enter a valid card number.');
    expect(cardFieldErrors(stateWith({ number: valid, expirationDate: valid, cvv: valid }), true)).toEqual({ number: null, expirationDate: null, cvv: null });
  });

  it('calls the security code CID for American Express, CVV otherwise', () => {
    expect(securityCodeName(stateWith({}, [AMEX]))).toBe('CID');
    expect(cardFieldErrors(stateWith({}, [AMEX]), true).cvv).toBe('Enter the 4 digit CID.');
    expect(securityCodeName(stateWith({}, [VISA]))).toBe('CVV');
    expect(securityCodeName(stateWith({}, [VISA, AMEX]))).toBe('CVV');
  });

  it('finds the first field to fix, and maps tokenize errors to the shopper messages', () => {
    expect(firstInvalidField(stateWith({ number: valid }))).toBe('expirationDate');
    expect(firstInvalidField(stateWith({ number: valid, expirationDate: valid, cvv: valid }))).toBeNull();
    expect(tokenizeErrorMessage({ code: 'HOSTED_FIELDS_FIELDS_INVALID' })).toBe('Check your card number and expiry date.');
    expect(tokenizeErrorMessage({ code: 'HOSTED_FIELDS_FAILED_TOKENIZATION' })).toBe('Check your card number and expiry date.');
    expect(tokenizeErrorMessage({ code: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR' })).toBe('We were unable to process your payment. Please try again or use another payment method.');
    expect(tokenizeErrorMessage(new Error('x'))).toMatch(/unable to process your payment/);
  });
});

describe('loading the clients', () => {
  it('adds a script once per URL and lets a failed one be tried again', async () => {
    document.head.innerHTML = '';
    const first = loadScript('http://127.0.0.1:9001/js/client.js');
    expect(loadScript('http://127.0.0.1:9001/js/client.js')).toBe(first);
    const element = document.head.querySelector('script')!;
    expect(element.src).toBe('http://127.0.0.1:9001/js/client.js');
    element.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Could not load');
    expect(document.head.querySelector('script')).toBeNull();
    const again = loadScript('http://127.0.0.1:9001/js/client.js');
    document.head.querySelector('script')!.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBeUndefined();
  });
});

describe('wallets', () => {
  it('formats amounts for the wallets', () => {
    expect(decimalAmount(4995)).toBe('49.95');
    expect(decimalAmount(100000)).toBe('1000.00');
    expect(decimalAmount(5)).toBe('0.05');
  });

  it('PayPal: the checkout flow for the amount in NZD; a closed popup is a cancel', async () => {
    const paypal = { tokenize: jest.fn(async () => ({ nonce: 'tokenpp_1' })) };
    await expect(payWithPayPal(paypal, 4995)).resolves.toBe('tokenpp_1');
    expect(paypal.tokenize).toHaveBeenCalledWith({ flow: 'checkout', amount: '49.95', currency: 'NZD' });
    const closed = { tokenize: jest.fn(() => Promise.reject(Object.assign(new Error('closed'), { code: 'PAYPAL_POPUP_CLOSED' }))) };
    await expect(payWithPayPal(closed, 4995)).rejects.toEqual(new PaymentCancelled('PayPal'));
    const broken = { tokenize: jest.fn(() => Promise.reject(Object.assign(new Error('nope'), { code: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED' }))) };
    await expect(payWithPayPal(broken, 4995)).rejects.not.toBeInstanceOf(PaymentCancelled);
  });

  it('Google Pay: a Braintree gateway request for the total; the nonce comes out of the gateway token; CANCELED is a cancel', async () => {
    const request = googlePayRequest(CONFIG, 12345) as { allowedPaymentMethods: { tokenizationSpecification: { parameters: Record<string, string> } }[]; transactionInfo: Record<string, string> };
    expect(request.transactionInfo).toEqual({ totalPriceStatus: 'FINAL', totalPrice: '123.45', currencyCode: 'NZD', countryCode: 'NZ' });
    expect(request.allowedPaymentMethods[0]!.tokenizationSpecification.parameters).toMatchObject({ gateway: 'braintree', 'braintree:merchantId': 'fernleaf-sandbox', 'braintree:clientKey': 'sandbox_key' });
    const data = { paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: JSON.stringify({ androidPayCards: [{ nonce: 'tokengp_1' }] }) } } };
    expect(googlePayNonce(data)).toBe('tokengp_1');
    expect(() => googlePayNonce({ paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token: '{}' } } })).toThrow(/no payment method nonce/);
    const client = { isReadyToPay: jest.fn(), loadPaymentData: jest.fn(async () => data) };
    await expect(payWithGooglePay(client, CONFIG, 12345)).resolves.toBe('tokengp_1');
    client.loadPaymentData.mockRejectedValueOnce({ statusCode: 'CANCELED' });
    await expect(payWithGooglePay(client, CONFIG, 12345)).rejects.toEqual(new PaymentCancelled('Google Pay'));
  });

  describe('Apple Pay', () => {
    const applePay: ApplePayInstance = {
      createPaymentRequest: (r) => ({ merchantCapabilities: ['supports3DS'], supportedNetworks: ['visa'], ...r }),
      performValidation: jest.fn(async () => ({ merchantSessionIdentifier: 'SSH1' })),
      tokenize: jest.fn(async () => ({ nonce: 'tokenap_1' })),
    };
    function fakeSession(behaviour: 'authorise' | 'cancel') {
      const events: string[] = [];
      class Session {
        static STATUS_SUCCESS = 0;
        static STATUS_FAILURE = 1;
        static canMakePayments = () => true;
        onvalidatemerchant: ((e: { validationURL: string }) => void) | null = null;
        onpaymentauthorized: ((e: { payment: { token: unknown } }) => void) | null = null;
        oncancel: ((e: unknown) => void) | null = null;
        constructor(version: number, request: { total: { amount: string } }) {
          events.push(`new ${version} ${request.total.amount}`);
        }
        begin() {
          if (behaviour === 'cancel') return void setTimeout(() => this.oncancel?.({}), 0);
          this.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/startSession' });
        }
        abort() {
          events.push('abort');
        }
        completeMerchantValidation(session: { merchantSessionIdentifier: string }) {
          events.push(`validated ${session.merchantSessionIdentifier}`);
          setTimeout(() => this.onpaymentauthorized?.({ payment: { token: { paymentData: 'x' } } }), 0);
        }
        completePayment(status: number) {
          events.push(`complete ${status}`);
        }
      }
      return { Session: Session as unknown as ApplePaySessionClass, events };
    }

    it('is offered only where ApplePaySession exists and canMakePayments() is true', () => {
      expect(applePayAvailable({} as Window)).toBe(false);
      expect(applePayAvailable({ ApplePaySession: fakeSession('authorise').Session } as unknown as Window)).toBe(true);
      const cannot = Object.assign(function () {}, { canMakePayments: () => false });
      expect(applePayAvailable({ ApplePaySession: cannot } as unknown as Window)).toBe(false);
      const throws = Object.assign(function () {}, { canMakePayments: () => { throw new Error('insecure'); } });
      expect(applePayAvailable({ ApplePaySession: throws } as unknown as Window)).toBe(false);
    });

    it('validates the merchant through the gateway, tokenises the authorised payment and completes the sheet after the order', async () => {
      const { Session, events } = fakeSession('authorise');
      const paid = await payWithApplePay(applePay, 'Fernleaf', 4995, { ApplePaySession: Session } as unknown as Window);
      expect(paid.nonce).toBe('tokenap_1');
      expect(applePay.performValidation).toHaveBeenCalledWith({ validationURL: 'https://apple-pay-gateway.apple.com/startSession', displayName: 'Fernleaf' });
      expect(applePay.tokenize).toHaveBeenCalledWith({ token: { paymentData: 'x' } });
      paid.complete(true);
      expect(events).toEqual(['new 3 49.95', 'validated SSH1', 'complete 0']);
    });

    it('a cancelled sheet is a cancel; a failed merchant validation aborts the session', async () => {
      await expect(payWithApplePay(applePay, 'Fernleaf', 4995, { ApplePaySession: fakeSession('cancel').Session } as unknown as Window)).rejects.toEqual(new PaymentCancelled('Apple Pay'));
      const failing = { ...applePay, performValidation: jest.fn(() => Promise.reject(new Error('merchant validation failed'))) };
      const { Session, events } = fakeSession('authorise');
      await expect(payWithApplePay(failing, 'Fernleaf', 4995, { ApplePaySession: Session } as unknown as Window)).rejects.toThrow('merchant validation failed');
      expect(events).toContain('abort');
    });
  });
});
