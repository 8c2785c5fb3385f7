/**
 * The card gateway in production: Braintree through its official Node SDK (npm `braintree`).
 *
 * - charge: `transaction.sale` with the client's nonce (or a vaulted token), `orderId` = the order
 *   number and `submitForSettlement`. Declines come back as outcomes (never thrown): processor
 *   declines by response code (hard declines: the processor's `hard_declined` type or the codes
 *   Braintree documents as do-not-retry), gateway rejections by reason (`duplicate`, `fraud`, …),
 *   `failed` as unrecoverable, validation errors (unknown or used nonce, card type not accepted)
 *   as invalid payment methods. A request the gateway did not answer (timeout, network) throws:
 *   the order stays pending and the crash-recovery sweep asks `findCharge` whether it was charged.
 * - findCharge: a transaction search by order id for an authorised or settling sale.
 * - vault: `customer.create` with the nonce and `verifyCard`; Braintree voids the verification's
 *   authorisation itself, so its id is returned with the `verification:` prefix and `void` skips it.
 * - void and refund: `transaction.void` / `transaction.refund`.
 * - webhooks: `webhookNotification.parse` checks the signature (HMAC with the private key).
 *
 * `refuseTestNonces` (production): the documented sandbox nonces (`fake-valid-nonce`, …) are
 * refused before any request.
 */
import braintree from 'braintree';
import type { ChargeFailure, ChargeOutcome, ChargeRequest, PaymentGateway, VaultOutcome } from './gateway.js';

export interface BraintreeSettings {
  /** `production`, `sandbox`, or the http(s) URL of a gateway speaking Braintree's protocol. */
  environment: string;
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** The SDK's request timeout (ms). */
  timeoutMs: number;
  /** Refuse the documented sandbox nonces (production). */
  refuseTestNonces: boolean;
  /** Card types the store takes (Visa, MasterCard, American Express, …). */
  acceptedCardTypes: string[];
}

/** Response codes Braintree documents as hard declines (do not retry). */
const HARD_DECLINES = new Set(['2004', '2005', '2010', '2012', '2013', '2014', '2015']);
/** Validation error: the card type is not accepted by the merchant account. */
const CARD_TYPE_NOT_ACCEPTED = '81703';

/** The SDK's environment for a setting: a URL becomes a custom Environment (host, port, TLS). */
export function braintreeEnvironment(setting: string): braintree.Environment {
  if (setting === 'production') return braintree.Environment.Production;
  if (setting === 'sandbox') return braintree.Environment.Sandbox;
  const url = new URL(setting);
  const ssl = url.protocol === 'https:';
  const port = url.port || (ssl ? '443' : '80');
  return new braintree.Environment(url.hostname, port, `${url.protocol}//${url.host}`, ssl, url.hostname, port);
}

const toAmount = (cents: number) => (cents / 100).toFixed(2);
const toCents = (amount: string | undefined) => Math.round(Number(amount ?? '0') * 100);

/** The gateway did not answer (timeout, network, 5xx): whether it acted is not known. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`payment gateway unavailable: ${message}`, options);
    this.name = 'GatewayUnavailableError';
  }
}

/** A webhook whose signature or payload did not verify. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

interface BtTransaction {
  id: string;
  status: string;
  amount: string;
  orderId?: string;
  processorResponseCode?: string;
  processorResponseText?: string;
  processorResponseType?: string;
  gatewayRejectionReason?: string;
  paymentInstrumentType?: string;
  creditCard?: { cardType?: string; last4?: string };
  paypal?: { payerEmail?: string };
  applePayCard?: { cardType?: string; last4?: string };
  androidPayCard?: { sourceCardType?: string; sourceCardLast4?: string };
}

interface BtResult {
  success: boolean;
  message?: string;
  transaction?: BtTransaction;
  customer?: { creditCards?: { token: string; cardType: string; last4: string; expirationMonth: string; expirationYear: string; uniqueNumberIdentifier?: string; verification?: { id: string; amount?: string } }[] };
  creditCardVerification?: { id: string; status: string; processorResponseCode?: string; processorResponseText?: string; gatewayRejectionReason?: string; amount?: string };
  verification?: BtResult['creditCardVerification'];
  errors?: { deepErrors(): { code: string; message: string; attribute: string }[] };
}

function instrumentOf(t: BtTransaction): string {
  const card = t.creditCard?.last4 ? t.creditCard : t.applePayCard?.last4 ? t.applePayCard : undefined;
  if (card?.last4) return `${card.cardType ?? 'Card'} ending ${card.last4}`;
  if (t.androidPayCard?.sourceCardLast4) return `${t.androidPayCard.sourceCardType ?? 'Card'} ending ${t.androidPayCard.sourceCardLast4}`;
  if (t.paymentInstrumentType === 'paypal_account') return 'PayPal';
  return t.paymentInstrumentType ?? 'Card';
}

/** A declined or rejected transaction (or verification) as the store's failure. */
function failureOf(status: string, t: { processorResponseCode?: string; processorResponseText?: string; processorResponseType?: string; gatewayRejectionReason?: string }): { error: ChargeFailure; code: string; message: string } | null {
  if (status === 'processor_declined') {
    const code = t.processorResponseCode ?? '2000';
    const hard = t.processorResponseType === 'hard_declined' || HARD_DECLINES.has(code);
    return { error: hard ? 'PaymentProcessorDeclinedHard' : 'PaymentProcessorDeclined', code, message: t.processorResponseText ?? 'Processor declined' };
  }
  if (status === 'gateway_rejected') {
    const reason = t.gatewayRejectionReason ?? 'rejected';
    return { error: 'PaymentGatewayRejected', code: reason, message: `Gateway rejected: ${reason}` };
  }
  if (status === 'failed') return { error: 'PaymentFailureUnrecoverable', code: t.processorResponseCode ?? '3000', message: t.processorResponseText ?? 'Processor network unavailable - try again' };
  return null;
}

function validationFailure(result: BtResult): { error: ChargeFailure; code: string; message: string } {
  const first = result.errors?.deepErrors()[0];
  if (first?.code === CARD_TYPE_NOT_ACCEPTED) return { error: 'PaymentInstrumentTypeNotAccepted', code: first.code, message: first.message };
  return { error: 'PaymentMethodInvalid', code: first?.code ?? 'validation', message: first?.message ?? result.message ?? 'The payment method was refused.' };
}

/** A transport failure (timeout, network, 5xx) from the SDK. */
function unavailable(error: unknown): never {
  const message = error instanceof Error ? error.message || error.name : String(error);
  throw new GatewayUnavailableError(message, { cause: error });
}

const VERIFICATION_PREFIX = 'verification:';

export class BraintreePaymentGateway implements PaymentGateway {
  private readonly gateway: braintree.BraintreeGateway;

  constructor(private readonly settings: BraintreeSettings) {
    this.gateway = new braintree.BraintreeGateway({
      environment: braintreeEnvironment(settings.environment),
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
    // the SDK reads its request timeout (ms) from its config (default 60 s)
    (this.gateway as unknown as { config: { timeout: number } }).config.timeout = settings.timeoutMs;
  }

  private testNonce(nonce: string): boolean {
    return this.settings.refuseTestNonces && /^fake-/.test(nonce);
  }

  async charge({ methodCode, nonce, amount, orderNumber }: ChargeRequest): Promise<ChargeOutcome> {
    if (this.testNonce(nonce)) return { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' };
    const saved = methodCode === 'BRAINTREE_SAVED';
    const request = {
      amount: toAmount(amount),
      orderId: orderNumber,
      ...(saved ? { paymentMethodToken: nonce } : { paymentMethodNonce: nonce }),
      options: { submitForSettlement: true },
    };
    const result = (await this.gateway.transaction.sale(request as unknown as braintree.TransactionRequest).catch(unavailable)) as unknown as BtResult;
    const t = result.transaction;
    if (result.success && t) {
      const cardType = t.creditCard?.cardType;
      if (cardType && !this.settings.acceptedCardTypes.includes(cardType) && t.paymentInstrumentType === 'credit_card') {
        await this.void(t.id).catch(() => undefined);
        return { ok: false, error: 'PaymentInstrumentTypeNotAccepted', code: CARD_TYPE_NOT_ACCEPTED, message: `${cardType} is not accepted.` };
      }
      return { ok: true, transactionId: t.id, instrument: instrumentOf(t) };
    }
    if (t) {
      const failure = failureOf(t.status, t);
      if (failure) return { ok: false, ...failure, transactionId: t.id };
    }
    return { ok: false, ...validationFailure(result) };
  }

  async vault(nonce: string): Promise<VaultOutcome> {
    if (this.testNonce(nonce)) return { ok: false, error: 'PaymentMethodInvalid', code: '91565', message: 'Unknown or expired payment method nonce.' };
    const request = { paymentMethodNonce: nonce, creditCard: { options: { verifyCard: true } } };
    const result = (await this.gateway.customer.create(request as unknown as braintree.CustomerCreateRequest).catch(unavailable)) as unknown as BtResult;
    const card = result.customer?.creditCards?.[0];
    if (result.success && card) {
      if (!this.settings.acceptedCardTypes.includes(card.cardType)) {
        return { ok: false, error: 'PaymentInstrumentTypeNotAccepted', code: CARD_TYPE_NOT_ACCEPTED, message: `${card.cardType} is not accepted.` };
      }
      const verification = card.verification;
      return {
        ok: true,
        token: card.token,
        cardType: card.cardType,
        lastFour: card.last4,
        expiry: `${card.expirationMonth.padStart(2, '0')}/${card.expirationYear.slice(-2)}`,
        fingerprint: card.uniqueNumberIdentifier ?? null,
        verification: { transactionId: `${VERIFICATION_PREFIX}${verification?.id ?? 'none'}`, amount: verification?.amount ? toCents(verification.amount) : 0 },
      };
    }
    const verification = result.creditCardVerification ?? result.verification;
    if (verification) {
      const failure = failureOf(verification.status, verification);
      if (failure) return { ok: false, ...failure };
    }
    return { ok: false, ...validationFailure(result) };
  }

  async void(transactionId: string): Promise<void> {
    // a card verification's authorisation is voided by Braintree itself
    if (transactionId.startsWith(VERIFICATION_PREFIX)) return;
    let result: BtResult;
    try {
      result = (await this.gateway.transaction.void(transactionId)) as unknown as BtResult;
    } catch (error) {
      if ((error as { type?: string }).type === 'notFoundError') throw new Error(`unknown transaction ${transactionId}`);
      unavailable(error);
    }
    if (result.success) return;
    // voiding a voided transaction is a no-op
    if (result.transaction?.status === 'voided') return;
    const found = (await this.gateway.transaction.find(transactionId).catch(unavailable)) as unknown as BtTransaction;
    if (found.status === 'voided') return;
    throw new Error(`void of ${transactionId} refused: ${result.message ?? found.status}`);
  }

  /** Refunds a settled (or settling) sale, all of it or `amount` cents. */
  async refund(transactionId: string, amount?: number): Promise<{ ok: true; refundId: string } | { ok: false; code: string; message: string }> {
    const result = (await (amount === undefined ? this.gateway.transaction.refund(transactionId) : this.gateway.transaction.refund(transactionId, toAmount(amount))).catch(unavailable)) as unknown as BtResult;
    if (result.success && result.transaction) return { ok: true, refundId: result.transaction.id };
    const first = result.errors?.deepErrors()[0];
    return { ok: false, code: first?.code ?? 'refused', message: first?.message ?? result.message ?? 'Refund refused.' };
  }

  async findCharge(orderNumber: string): Promise<{ transactionId: string; amount: number; instrument: string } | null> {
    const found: BtTransaction[] = [];
    await new Promise<void>((resolve, reject) => {
      const stream = this.gateway.transaction.search((search) => {
        search.orderId().is(orderNumber);
        search.type().is('sale');
      });
      stream.on('data', (t: BtTransaction) => found.push(t));
      stream.on('error', reject);
      stream.on('end', () => resolve());
    }).catch(unavailable);
    const charged = found.find((t) => ['authorized', 'submitted_for_settlement', 'settling', 'settled'].includes(t.status));
    return charged ? { transactionId: charged.id, amount: toCents(charged.amount), instrument: instrumentOf(charged) } : null;
  }

  /** A webhook's kind and subject ids, after its signature is checked; WebhookSignatureError when it does not verify. */
  async parseWebhook(signature: string, payload: string): Promise<{ kind: string; timestamp: string; transactionId?: string }> {
    let notification: { kind: string; timestamp: Date | string; transaction?: { id?: string } };
    try {
      notification = (await this.gateway.webhookNotification.parse(signature, payload)) as unknown as typeof notification;
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    const timestamp = notification.timestamp instanceof Date ? notification.timestamp.toISOString() : String(notification.timestamp);
    return { kind: notification.kind, timestamp, ...(notification.transaction?.id ? { transactionId: notification.transaction.id } : {}) };
  }
}
