/**
 * The payment clients of the payment step, spoken in their providers' client protocols:
 *
 * - cards: Braintree-shaped hosted fields (`braintree.client.create`, `braintree.hostedFields.create`):
 *   the number, expiry and CVV are typed into frames of the provider's origin; this page only gets
 *   field state (empty, valid, card type) and, from `tokenize()`, a nonce, the card type and last four;
 * - PayPal: `braintree.paypal.create(...).tokenize({ flow: 'checkout', amount, currency })`, which opens
 *   the provider's approval popup (so it is started synchronously from the click);
 * - Google Pay: `google.payments.api.PaymentsClient` (isReadyToPay, loadPaymentData with a Braintree
 *   gateway tokenization; the nonce is in the gateway token);
 * - Apple Pay: `ApplePaySession` (only where it exists and canMakePayments()), merchant validation
 *   and tokenisation through `braintree.applePay`.
 *
 * Which scripts (the local stand-in's or the real providers') comes from GET /api/payments/client-config.
 */
import type { PaymentClientConfigResponse } from '@store/contracts';
import { createApiClient } from '@store/contracts/http';
import { api } from './api';

export const PAYMENT_CLIENT_CONFIG_URL = '/api/payments/client-config' as const;

export type CardField = 'number' | 'expirationDate' | 'cvv';
export const CARD_FIELDS: readonly CardField[] = ['number', 'expirationDate', 'cvv'];

export interface CardFieldState {
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  isFocused: boolean;
}
export interface CardBrand {
  type: string;
  niceType: string;
  code: { name: string; size: number };
}
export interface CardFieldsState {
  fields: Record<CardField, CardFieldState>;
  cards: CardBrand[];
}
export interface CardNonce {
  nonce: string;
  details: { cardType: string; lastFour: string };
}

export interface BraintreeError extends Error {
  code?: string;
  details?: { invalidFieldKeys?: string[] } & Record<string, unknown>;
}

interface HostedFieldsEvent {
  fields: Record<string, CardFieldState>;
  cards: CardBrand[];
  emittedBy: string;
}
export interface HostedFieldsInstance {
  on(event: string, handler: (event: HostedFieldsEvent) => void): void;
  getState(): HostedFieldsEvent;
  tokenize(): Promise<CardNonce>;
  focus(field: CardField): Promise<void> | void;
  setMessage?(options: { field: CardField; message: string }): void;
  teardown(): Promise<void>;
}
interface BraintreeClient {
  authorization?: string;
}
interface PayPalInstance {
  tokenize(options: { flow: 'checkout'; amount: string; currency: string }): Promise<{ nonce: string; details?: { email?: string } }>;
}
export interface ApplePayInstance {
  createPaymentRequest(request: Record<string, unknown>): Record<string, unknown>;
  performValidation(options: { validationURL: string; displayName: string }): Promise<unknown>;
  tokenize(options: { token: unknown }): Promise<{ nonce: string; details?: { cardType?: string } }>;
}
export interface Braintree {
  client: { create(options: { authorization: string }): Promise<BraintreeClient> };
  hostedFields: { create(options: Record<string, unknown>): Promise<HostedFieldsInstance> };
  paypal?: { create(options: { client: BraintreeClient }): Promise<PayPalInstance> };
  applePay?: { create(options: { client: BraintreeClient }): Promise<ApplePayInstance> };
}
export interface GooglePaymentsClient {
  isReadyToPay(request: Record<string, unknown>): Promise<{ result: boolean }>;
  loadPaymentData(request: Record<string, unknown>): Promise<GooglePaymentData>;
}
export interface GooglePaymentData {
  paymentMethodData: { description?: string; info?: { cardNetwork?: string; cardDetails?: string }; tokenizationData: { type: string; token: string } };
}
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
}
export interface ApplePaySessionClass {
  new (version: number, request: Record<string, unknown>): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}
type PaymentWindow = Window & { braintree?: Braintree; google?: { payments?: { api?: { PaymentsClient: new (options: { environment: string }) => GooglePaymentsClient } } }; ApplePaySession?: ApplePaySessionClass };

/** A wallet the shopper closed or cancelled: not an error to report, only "choose another method". */
export class PaymentCancelled extends Error {
  constructor(readonly wallet: 'PayPal' | 'Google Pay' | 'Apple Pay') {
    super(`${wallet} was cancelled.`);
    this.name = 'PaymentCancelled';
  }
}

// ---- loading ----

const scripts = new Map<string, Promise<void>>();
/** Adds a script once per URL (the page's CSP trusts it through 'strict-dynamic'); a failed load can be retried. */
export function loadScript(url: string, doc: Document = document): Promise<void> {
  const known = scripts.get(url);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = false;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(url);
      script.remove();
      reject(new Error(`Could not load ${url}`));
    };
    doc.head.appendChild(script);
  });
  scripts.set(url, loading);
  return loading;
}

let configLoad: Promise<PaymentClientConfigResponse> | null = null;
export function paymentConfig(fetchImpl?: typeof fetch): Promise<PaymentClientConfigResponse> {
  configLoad ??= (fetchImpl ? createApiClient({ fetch: fetchImpl }) : api)
    .get(PAYMENT_CLIENT_CONFIG_URL)
    .catch((error: unknown) => {
      configLoad = null;
      throw error;
    });
  return configLoad;
}

const win = () => window as PaymentWindow;

export interface PaymentClients {
  config: PaymentClientConfigResponse;
  braintree: Braintree;
  client: BraintreeClient;
}
let clientsLoad: Promise<PaymentClients> | null = null;
/** The configured client script(s), in order, and a Braintree client with the tokenization key. */
export function paymentClients(): Promise<PaymentClients> {
  clientsLoad ??= (async () => {
    const config = await paymentConfig();
    if (config.clientScriptUrls.length === 0) throw new Error('No payment client configured');
    for (const url of config.clientScriptUrls) await loadScript(url);
    const braintree = win().braintree;
    if (!braintree) throw new Error('The payment client script did not load');
    const client = await braintree.client.create({ authorization: config.authorization });
    return { config, braintree, client };
  })().catch((error: unknown) => {
    clientsLoad = null;
    throw error;
  });
  return clientsLoad;
}

// ---- cards ----

const EMPTY_FIELD: CardFieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
export const emptyCardFieldsState = (): CardFieldsState => ({ fields: { number: { ...EMPTY_FIELD }, expirationDate: { ...EMPTY_FIELD }, cvv: { ...EMPTY_FIELD } }, cards: [] });

const toState = (event: HostedFieldsEvent): CardFieldsState => ({
  cards: event.cards ?? [],
  fields: Object.fromEntries(CARD_FIELDS.map((k) => [k, { ...EMPTY_FIELD, ...pick(event.fields?.[k]) }])) as Record<CardField, CardFieldState>,
});
const pick = (f: CardFieldState | undefined): Partial<CardFieldState> => (f ? { isEmpty: f.isEmpty, isValid: f.isValid, isPotentiallyValid: f.isPotentiallyValid, isFocused: f.isFocused } : {});

/** The hosted card fields in the three containers; `onState` gets every change of their state. */
export async function createCardFields(containers: Record<CardField, HTMLElement>, onState: (state: CardFieldsState) => void, clients: Promise<PaymentClients> = paymentClients()): Promise<HostedFieldsInstance> {
  const { braintree, client } = await clients;
  const fields = await braintree.hostedFields.create({
    client,
    fields: {
      number: { container: containers.number },
      expirationDate: { container: containers.expirationDate },
      cvv: { container: containers.cvv },
    },
    styles: { input: { 'font-size': '16px', color: '#1d1d1b' }, '.invalid': { color: '#a3261b' } },
  });
  for (const event of ['validityChange', 'cardTypeChange', 'focus', 'blur', 'empty', 'notEmpty']) fields.on(event, (e) => onState(toState(e)));
  onState(toState(fields.getState()));
  return fields;
}

/** The security code's label: "CVV", or "CID" for a card whose code is called that (American Express). */
export const securityCodeName = (state: CardFieldsState): 'CVV' | 'CID' => (state.cards.length === 1 && state.cards[0]!.code.name === 'CID' ? 'CID' : 'CVV');

export const CARD_FIELD_MESSAGES = {
  number: 'Enter a valid card number.',
  expirationDate: 'Enter the expiry as MM/YY.',
  cvv: (name: 'CVV' | 'CID', size?: number) => (size ? `Enter the ${size} digit ${name}.` : `Enter the 3 or 4 digit ${name}.`),
};

/** The message under each field: after a submit for any field not valid, and at once for one that cannot become valid (once left). */
export function cardFieldErrors(state: CardFieldsState, submitted: boolean): Record<CardField, string | null> {
  const show = (f: CardFieldState) => (submitted && !f.isValid) || (!f.isPotentiallyValid && !f.isFocused);
  const code = securityCodeName(state);
  const size = state.cards.length === 1 ? state.cards[0]!.code.size : undefined;
  return {
    number: show(state.fields.number) ? CARD_FIELD_MESSAGES.number : null,
    expirationDate: show(state.fields.expirationDate) ? CARD_FIELD_MESSAGES.expirationDate : null,
    cvv: show(state.fields.cvv) ? CARD_FIELD_MESSAGES.cvv(code, size) : null,
  };
}

/** The first field that is not valid (to focus), or null when all are. */
export const firstInvalidField = (state: CardFieldsState): CardField | null => CARD_FIELDS.find((k) => !state.fields[k].isValid) ?? null;

export const CARD_TOKENIZE_MESSAGES = {
  invalid: 'Check your card number and expiry date.',
  unavailable: 'We were unable to process your payment. Please try again or use another payment method.',
};

/** What the shopper reads when tokenize() fails (BraintreeError codes). */
export function tokenizeErrorMessage(error: unknown): string {
  const code = (error as BraintreeError | undefined)?.code ?? '';
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY' || code === 'HOSTED_FIELDS_FIELDS_INVALID' || code === 'HOSTED_FIELDS_FAILED_TOKENIZATION') return CARD_TOKENIZE_MESSAGES.invalid;
  return CARD_TOKENIZE_MESSAGES.unavailable;
}

// ---- wallets ----

/** The currency and country a wallet charges in: the site's market. */
export interface WalletMarket {
  currency: 'NZD' | 'AUD';
  country: string;
}
const NZ: WalletMarket = { currency: 'NZD', country: 'NZ' };

/** Cents as the wallets' decimal string: 4995 -> "49.95". */
export const decimalAmount = (cents: number): string => (cents / 100).toFixed(2);

/** PayPal's approval (a popup of the provider). Call it from the click: the popup opens at once. */
export function payWithPayPal(paypal: PayPalInstance, cents: number, market: WalletMarket = NZ): Promise<string> {
  return paypal.tokenize({ flow: 'checkout', amount: decimalAmount(cents), currency: market.currency }).then(
    (payload) => payload.nonce,
    (error: BraintreeError) => {
      if (error?.code === 'PAYPAL_POPUP_CLOSED') throw new PaymentCancelled('PayPal');
      throw error;
    },
  );
}

/** Google Pay's PaymentDataRequest for a Braintree gateway token. */
export function googlePayRequest(config: PaymentClientConfigResponse, cents: number, market: WalletMarket = NZ): Record<string, unknown> {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD', 'AMEX'] },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: 'braintree', 'braintree:apiVersion': 'v1', 'braintree:sdkVersion': '3', 'braintree:merchantId': config.googlePay.gatewayMerchantId, 'braintree:clientKey': config.authorization },
        },
      },
    ],
    merchantInfo: { merchantName: 'Fernleaf', ...(config.googlePay.merchantId ? { merchantId: config.googlePay.merchantId } : {}) },
    transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: decimalAmount(cents), currencyCode: market.currency, countryCode: market.country },
  };
}

/** The nonce in Google Pay's gateway token (Braintree's androidPayCards format). */
export function googlePayNonce(data: GooglePaymentData): string {
  const token = JSON.parse(data.paymentMethodData.tokenizationData.token) as { androidPayCards?: { nonce?: string }[] };
  const nonce = token.androidPayCards?.[0]?.nonce;
  if (!nonce) throw new Error('Google Pay gave no payment method nonce');
  return nonce;
}

let googleLoad: Promise<GooglePaymentsClient | null> | null = null;
/** The Google Pay client when the script loads and isReadyToPay says yes; null otherwise. */
export function googlePayClient(): Promise<GooglePaymentsClient | null> {
  googleLoad ??= (async () => {
    const config = await paymentConfig();
    if (!config.googlePay.scriptUrl) return null;
    await loadScript(config.googlePay.scriptUrl);
    const Client = win().google?.payments?.api?.PaymentsClient;
    if (!Client) return null;
    const client = new Client({ environment: config.googlePay.environment });
    const { result } = await client.isReadyToPay({ apiVersion: 2, apiVersionMinor: 0, allowedPaymentMethods: (googlePayRequest(config, 0).allowedPaymentMethods as unknown[]).map((m) => ({ ...(m as object), tokenizationSpecification: undefined })) });
    return result ? client : null;
  })().catch(() => {
    googleLoad = null;
    return null;
  });
  return googleLoad;
}

/** Opens the Google Pay sheet (call from the click) and resolves with the payment method nonce. */
export function payWithGooglePay(client: GooglePaymentsClient, config: PaymentClientConfigResponse, cents: number, market: WalletMarket = NZ): Promise<string> {
  return client.loadPaymentData(googlePayRequest(config, cents, market)).then(googlePayNonce, (error: { statusCode?: string }) => {
    if (error?.statusCode === 'CANCELED') throw new PaymentCancelled('Google Pay');
    throw error;
  });
}

/** Apple Pay is offered only where the browser has it and says it can pay (as real stores do). */
export function applePayAvailable(w: PaymentWindow = win()): boolean {
  try {
    return typeof w.ApplePaySession === 'function' && w.ApplePaySession.canMakePayments() === true;
  } catch {
    return false;
  }
}

export interface ApplePayAuthorised {
  nonce: string;
  /** Tells the payment sheet how the order went (the sheet closes). */
  complete(success: boolean): void;
}

/** An Apple Pay session (create it from the click): merchant validation, then the authorised payment's nonce. */
export function payWithApplePay(applePay: ApplePayInstance, displayName: string, cents: number, w: PaymentWindow = win(), market: WalletMarket = NZ): Promise<ApplePayAuthorised> {
  const Session = w.ApplePaySession!;
  const request = applePay.createPaymentRequest({ total: { label: displayName, amount: decimalAmount(cents) }, countryCode: market.country, currencyCode: market.currency });
  const session = new Session(3, request);
  return new Promise<ApplePayAuthorised>((resolve, reject) => {
    session.onvalidatemerchant = (event) => {
      applePay
        .performValidation({ validationURL: event.validationURL, displayName })
        .then((merchantSession) => session.completeMerchantValidation(merchantSession))
        .catch((error: unknown) => {
          session.abort();
          reject(error);
        });
    };
    session.onpaymentauthorized = (event) => {
      applePay
        .tokenize({ token: event.payment.token })
        .then((payload) => resolve({ nonce: payload.nonce, complete: (success) => session.completePayment(success ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE) }))
        .catch((error: unknown) => {
          session.completePayment(Session.STATUS_FAILURE);
          reject(error);
        });
    };
    session.oncancel = () => reject(new PaymentCancelled('Apple Pay'));
    session.begin();
  });
}

/** Test hook: forget what was loaded (config, scripts, clients). */
export function resetPaymentClients(): void {
  scripts.clear();
  configLoad = null;
  clientsLoad = null;
  googleLoad = null;
}
