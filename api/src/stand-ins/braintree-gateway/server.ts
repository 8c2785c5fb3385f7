/**
 * A local stand-in of Braintree's gateway server protocol, for the production adapter
 * (api/src/store/payments/braintree.ts) to be tested through the official SDK: the SDK, pointed
 * here by a custom Environment, sends JSON bodies (snake_case keys, Basic auth with the public and
 * private keys, `X-ApiVersion: 6`) and reads XML answers (dashed element names, `type="array"`,
 * `<api-error-response>` with validation errors or the declined transaction, HTTP 422).
 *
 * Endpoints (under /merchants/<merchant id>): POST transactions (sale), PUT transactions/<id>/void,
 * POST transactions/<id>/refund, GET transactions/<id>, POST transactions/advanced_search_ids and
 * advanced_search (by order id), POST customers (vault with card verification).
 *
 * Outcomes as Braintree's sandbox documents them: the fake nonces (`fake-valid-nonce`,
 * `fake-processor-declined-visa-nonce`, `fake-gateway-rejected-fraud-nonce`, …; reusable) and
 * single-use nonces minted with `mintNonce`; amounts 2000.00-2999.99 are processor declines with
 * that response code, 3000.00-3000.99 a processor failure, 5001.00 a gateway rejection
 * (application_incomplete); the same card and amount again within the duplicate window is
 * rejected as `duplicate`. `delayMs` holds every answer (timeouts). `signWebhook` makes a
 * notification signed as Braintree signs them (public key | HMAC-SHA1 keyed by SHA-1 of the private key).
 * State is in memory: it is a test double of a remote service, one per test.
 */
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

export interface BraintreeStandInOptions {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Same card and amount inside this window is rejected as a duplicate. */
  duplicateWindowMs?: number;
  /** Card types the merchant account accepts. */
  acceptedCardTypes?: string[];
}

interface Card {
  kind: 'credit_card' | 'paypal_account';
  cardType: string;
  last4: string;
  outcome: 'ok' | 'declined' | 'fraud' | 'failure';
}

interface StoredTransaction {
  id: string;
  type: 'sale' | 'credit';
  status: string;
  amount: string;
  orderId: string;
  card: Card;
  refundedTransactionId?: string;
  processorResponseCode: string;
  processorResponseText: string;
  processorResponseType: string;
  gatewayRejectionReason?: string;
  createdAt: string;
}

const FAKE_NONCES = new Map<string, Card>([
  ['fake-valid-nonce', { kind: 'credit_card', cardType: 'Visa', last4: '1881', outcome: 'ok' }],
  ['fake-valid-visa-nonce', { kind: 'credit_card', cardType: 'Visa', last4: '1881', outcome: 'ok' }],
  ['fake-valid-mastercard-nonce', { kind: 'credit_card', cardType: 'MasterCard', last4: '4444', outcome: 'ok' }],
  ['fake-valid-amex-nonce', { kind: 'credit_card', cardType: 'American Express', last4: '0005', outcome: 'ok' }],
  ['fake-valid-jcb-nonce', { kind: 'credit_card', cardType: 'JCB', last4: '0000', outcome: 'ok' }],
  ['fake-processor-declined-visa-nonce', { kind: 'credit_card', cardType: 'Visa', last4: '0002', outcome: 'declined' }],
  ['fake-gateway-rejected-fraud-nonce', { kind: 'credit_card', cardType: 'Visa', last4: '0011', outcome: 'fraud' }],
  ['fake-processor-failure-jcb-nonce', { kind: 'credit_card', cardType: 'JCB', last4: '0000', outcome: 'failure' }],
  ['fake-paypal-one-time-nonce', { kind: 'paypal_account', cardType: 'PayPal', last4: '', outcome: 'ok' }],
]);

type Xml = string | number | boolean | null | Xml[] | { [key: string]: Xml };

const dashed = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/4$/, '-4');
const escape = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Braintree's XML: dashed names, arrays as `type="array"` of `<item>` (or the named child), nil as `nil="true"`. */
export function toXml(name: string, value: Xml, itemName = 'item'): string {
  const tag = dashed(name);
  if (value === null) return `<${tag} nil="true"/>`;
  if (Array.isArray(value)) return `<${tag} type="array">${value.map((v) => toXml(itemName, v)).join('')}</${tag}>`;
  if (typeof value === 'object') return `<${tag}>${Object.entries(value).map(([k, v]) => (Array.isArray(v) ? toXml(k, v, ARRAY_ITEMS.get(k) ?? 'item') : toXml(k, v))).join('')}</${tag}>`;
  if (typeof value === 'boolean') return `<${tag} type="boolean">${value}</${tag}>`;
  if (typeof value === 'number') return `<${tag} type="integer">${value}</${tag}>`;
  return `<${tag}>${escape(value)}</${tag}>`;
}
const ARRAY_ITEMS = new Map([
  ['creditCards', 'credit-card'],
  ['verifications', 'verification'],
  ['errors', 'error'],
]);

const HARD = new Set(['2004', '2005', '2010', '2012', '2013', '2014', '2015']);

export class BraintreeStandIn {
  readonly app: FastifyInstance;
  /** Every answer waits this long (ms): the SDK's timeout is tested with it. */
  delayMs = 0;
  /** Requests received, as `METHOD path` (tests assert what the SDK sent). */
  readonly requests: string[] = [];
  private readonly transactions = new Map<string, StoredTransaction>();
  private readonly nonces = new Map<string, { card: Card; used: boolean }>();
  private readonly vault = new Map<string, Card>();
  private readonly recent = new Map<string, number>();

  constructor(private readonly options: BraintreeStandInOptions) {
    this.app = Fastify({ logger: false });
    // the SDK sends `Content-Type: application/json` with no body on a void, as Braintree accepts
    this.app.removeContentTypeParser('application/json');
    this.app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, body === '' ? {} : JSON.parse(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    const expected = `Basic ${Buffer.from(`${options.publicKey}:${options.privateKey}`).toString('base64')}`;
    this.app.addHook('onRequest', async (request, reply) => {
      this.requests.push(`${request.method} ${request.url}`);
      if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
      if (request.headers.authorization !== expected) return reply.code(401).send('');
      if (!request.url.startsWith(`/merchants/${options.merchantId}/`)) return reply.code(404).send('');
      return undefined;
    });
    const base = `/merchants/${options.merchantId}`;
    this.app.post(`${base}/transactions`, async (request, reply) => this.sale((request.body as { transaction: Record<string, unknown> }).transaction ?? {}, reply));
    this.app.put(`${base}/transactions/:id/void`, async (request, reply) => this.voidTransaction((request.params as { id: string }).id, reply));
    this.app.post(`${base}/transactions/:id/refund`, async (request, reply) => this.refund((request.params as { id: string }).id, (request.body as { transaction?: { amount?: string } }).transaction ?? {}, reply));
    this.app.get(`${base}/transactions/:id`, async (request, reply) => {
      const t = this.transactions.get((request.params as { id: string }).id);
      return t ? this.xml(reply, 200, 'transaction', this.wire(t)) : reply.code(404).send('');
    });
    this.app.post(`${base}/transactions/advanced_search_ids`, async (request, reply) => {
      const ids = this.search((request.body as { search: SearchBody }).search).map((t) => t.id);
      return this.xml(reply, 200, 'searchResults', { pageSize: 50, ids });
    });
    this.app.post(`${base}/transactions/advanced_search`, async (request, reply) => {
      const found = this.search((request.body as { search: SearchBody }).search);
      const body = `<credit-card-transactions type="collection"><current-page-number type="integer">1</current-page-number><page-size type="integer">50</page-size><total-items type="integer">${found.length}</total-items>${found.map((t) => toXml('transaction', this.wire(t))).join('')}</credit-card-transactions>`;
      return reply.code(200).type('application/xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
    });
    this.app.post(`${base}/customers`, async (request, reply) => this.createCustomer((request.body as { customer: Record<string, unknown> }).customer ?? {}, reply));
  }

  /** A single-use nonce for a card (as the client SDK's tokenisation would return). */
  mintNonce(card: { cardType: string; last4: string; outcome?: Card['outcome'] }): string {
    const nonce = `tokencc_bt_${crypto.randomBytes(8).toString('hex')}`;
    this.nonces.set(nonce, { card: { kind: 'credit_card', outcome: 'ok', ...card }, used: false });
    return nonce;
  }

  transaction(id: string): Readonly<StoredTransaction> | undefined {
    return this.transactions.get(id);
  }

  /** A webhook notification as Braintree posts it (`bt_signature`, `bt_payload`). */
  signWebhook(kind: string, transactionId: string, privateKey = this.options.privateKey): { signature: string; payload: string } {
    const t = this.transactions.get(transactionId);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<notification><kind>${escape(kind)}</kind><timestamp type="datetime">${new Date().toISOString()}</timestamp><subject>${toXml('transaction', t ? this.wire(t) : { id: transactionId })}</subject></notification>`;
    const payload = `${Buffer.from(xml).toString('base64')}\n`;
    const key = crypto.createHash('sha1').update(privateKey).digest();
    const signature = crypto.createHmac('sha1', key).update(payload).digest('hex');
    return { signature: `${this.options.publicKey}|${signature}`, payload };
  }

  private xml(reply: FastifyReply, status: number, name: string, value: Xml) {
    return reply.code(status).type('application/xml; charset=utf-8').send(`<?xml version="1.0" encoding="UTF-8"?>\n${toXml(name, value)}`);
  }

  /** 422 `<api-error-response>`: validation errors under `section` (or none) and/or the failed transaction or verification. */
  private error(reply: FastifyReply, message: string, options: { section?: string; code?: string; attribute?: string; transaction?: StoredTransaction; verification?: Record<string, Xml> }) {
    const errors: Record<string, Xml> = { errors: [] };
    if (options.section && options.code) errors[options.section] = { errors: [{ code: options.code, message, attribute: options.attribute ?? 'base' }] };
    const body: Record<string, Xml> = { errors, message, params: {} };
    if (options.transaction) body.transaction = this.wire(options.transaction);
    if (options.verification) body.verification = options.verification;
    return this.xml(reply, 422, 'apiErrorResponse', body);
  }

  private wire(t: StoredTransaction): Record<string, Xml> {
    return {
      id: t.id,
      status: t.status,
      type: t.type,
      amount: t.amount,
      currencyIsoCode: 'NZD',
      orderId: t.orderId,
      processorResponseCode: t.processorResponseCode,
      processorResponseText: t.processorResponseText,
      processorResponseType: t.processorResponseType,
      gatewayRejectionReason: t.gatewayRejectionReason ?? null,
      paymentInstrumentType: t.card.kind,
      refundedTransactionId: t.refundedTransactionId ?? null,
      creditCard: t.card.kind === 'credit_card' ? { cardType: t.card.cardType, last4: t.card.last4 } : {},
      createdAt: t.createdAt,
    };
  }

  /** A nonce (used up unless a fake one) or a vault token: the card, or the validation error. */
  private instrument(request: Record<string, unknown>): Card | { code: string; message: string; attribute: string } {
    const token = typeof request.payment_method_token === 'string' ? request.payment_method_token : undefined;
    if (token) return this.vault.get(token) ?? { code: '91518', message: 'Payment method token is invalid.', attribute: 'payment_method_token' };
    const nonce = typeof request.payment_method_nonce === 'string' ? request.payment_method_nonce : '';
    const fake = FAKE_NONCES.get(nonce);
    if (fake) return fake;
    const minted = this.nonces.get(nonce);
    if (!minted) return { code: '91565', message: 'Unknown or expired payment_method_nonce.', attribute: 'payment_method_nonce' };
    if (minted.used) return { code: '91564', message: 'Cannot use a payment_method_nonce more than once.', attribute: 'payment_method_nonce' };
    minted.used = true;
    return minted.card;
  }

  private sale(request: Record<string, unknown>, reply: FastifyReply) {
    const amount = typeof request.amount === 'string' ? request.amount : '';
    if (!/^\d{1,8}\.\d{2}$/.test(amount) || Number(amount) <= 0) return this.error(reply, 'Amount is an invalid format.', { section: 'transaction', code: '81503', attribute: 'amount' });
    const card = this.instrument(request);
    if ('code' in card) return this.error(reply, card.message, { section: 'transaction', code: card.code, attribute: card.attribute });
    if (card.kind === 'credit_card' && this.options.acceptedCardTypes && !this.options.acceptedCardTypes.includes(card.cardType)) {
      return this.error(reply, 'Merchant account does not support payment instrument.', { section: 'transaction', code: '81703', attribute: 'base' });
    }
    const t: StoredTransaction = {
      id: crypto.randomBytes(4).toString('hex'),
      type: 'sale',
      status: request.options && (request.options as { submit_for_settlement?: boolean }).submit_for_settlement ? 'submitted_for_settlement' : 'authorized',
      amount,
      orderId: typeof request.order_id === 'string' ? request.order_id : '',
      card,
      processorResponseCode: '1000',
      processorResponseText: 'Approved',
      processorResponseType: 'approved',
      createdAt: new Date().toISOString(),
    };
    const cents = Math.round(Number(amount) * 100);
    const decline = (code: string, text: string) => Object.assign(t, { status: 'processor_declined', processorResponseCode: code, processorResponseText: text, processorResponseType: HARD.has(code) ? 'hard_declined' : 'soft_declined' });
    if (card.outcome === 'declined') decline('2000', 'Do Not Honor');
    else if (card.outcome === 'fraud') Object.assign(t, { status: 'gateway_rejected', gatewayRejectionReason: 'fraud', processorResponseCode: '', processorResponseText: '' });
    else if (card.outcome === 'failure' || (cents >= 300_000 && cents <= 300_099)) Object.assign(t, { status: 'failed', processorResponseCode: '3000', processorResponseText: 'Processor Network Unavailable - Try Again', processorResponseType: 'soft_declined' });
    else if (cents >= 200_000 && cents <= 299_999) decline(String(Math.floor(cents / 100)), 'Processor Declined');
    else if (cents === 500_100) Object.assign(t, { status: 'gateway_rejected', gatewayRejectionReason: 'application_incomplete', processorResponseCode: '', processorResponseText: '' });
    else {
      const window = this.options.duplicateWindowMs ?? 30_000;
      const key = `${card.cardType}:${card.last4}:${amount}`;
      const last = this.recent.get(key);
      if (window > 0 && last !== undefined && Date.now() - last < window) {
        Object.assign(t, { status: 'gateway_rejected', gatewayRejectionReason: 'duplicate', processorResponseCode: '', processorResponseText: '' });
      } else this.recent.set(key, Date.now());
    }
    this.transactions.set(t.id, t);
    if (t.status === 'authorized' || t.status === 'submitted_for_settlement') return this.xml(reply, 201, 'transaction', this.wire(t));
    return this.error(reply, t.status === 'processor_declined' ? t.processorResponseText : `Gateway Rejected: ${t.gatewayRejectionReason ?? t.status}`, { transaction: t });
  }

  private voidTransaction(id: string, reply: FastifyReply) {
    const t = this.transactions.get(id);
    if (!t) return reply.code(404).send('');
    if (t.status !== 'authorized' && t.status !== 'submitted_for_settlement') {
      return this.error(reply, 'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.', { section: 'transaction', code: '91504', attribute: 'base', transaction: t });
    }
    t.status = 'voided';
    return this.xml(reply, 200, 'transaction', this.wire(t));
  }

  private refund(id: string, request: { amount?: string }, reply: FastifyReply) {
    const t = this.transactions.get(id);
    if (!t) return reply.code(404).send('');
    // the stand-in settles at once: a sale submitted for settlement can be refunded
    if (t.status !== 'submitted_for_settlement' && t.status !== 'settled') {
      return this.error(reply, 'Cannot refund a transaction unless it is settled.', { section: 'transaction', code: '91506', attribute: 'base' });
    }
    const amount = request.amount ?? t.amount;
    if (Number(amount) > Number(t.amount)) return this.error(reply, 'Refund amount is too large.', { section: 'transaction', code: '91521', attribute: 'amount' });
    const refund: StoredTransaction = { ...t, id: crypto.randomBytes(4).toString('hex'), type: 'credit', status: 'submitted_for_settlement', amount, refundedTransactionId: t.id, createdAt: new Date().toISOString() };
    this.transactions.set(refund.id, refund);
    return this.xml(reply, 201, 'transaction', this.wire(refund));
  }

  private search(search: SearchBody | undefined): StoredTransaction[] {
    const orderId = search?.order_id?.is;
    const type = search?.type?.is;
    const ids = search?.ids?.in;
    return [...this.transactions.values()].filter((t) => (orderId === undefined || t.orderId === orderId) && (type === undefined || t.type === type) && (ids === undefined || ids.includes(t.id)));
  }

  private createCustomer(request: Record<string, unknown>, reply: FastifyReply) {
    const card = this.instrument(request);
    if ('code' in card) return this.error(reply, card.message, { section: 'customer', code: card.code, attribute: card.attribute });
    if (card.kind !== 'credit_card') return this.error(reply, 'Only cards can be vaulted here.', { section: 'customer', code: '91567', attribute: 'payment_method_nonce' });
    const verification: Record<string, Xml> = { id: crypto.randomBytes(4).toString('hex'), amount: '1.00', status: 'verified', processorResponseCode: '1000', processorResponseText: 'Approved', createdAt: new Date().toISOString() };
    if (card.outcome === 'declined') Object.assign(verification, { status: 'processor_declined', processorResponseCode: '2000', processorResponseText: 'Do Not Honor' });
    if (card.outcome === 'fraud') Object.assign(verification, { status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
    if (verification.status !== 'verified') return this.error(reply, String(verification.processorResponseText ?? 'Gateway Rejected: fraud'), { verification });
    const token = `bt${crypto.randomBytes(6).toString('hex')}`;
    this.vault.set(token, card);
    const creditCard: Record<string, Xml> = {
      token,
      cardType: card.cardType,
      last4: card.last4,
      expirationMonth: '12',
      expirationYear: '2030',
      uniqueNumberIdentifier: crypto.createHash('sha256').update(`${card.cardType}:${card.last4}`).digest('hex').slice(0, 32),
      verifications: [verification],
    };
    return this.xml(reply, 201, 'customer', { id: crypto.randomBytes(4).toString('hex'), creditCards: [creditCard] });
  }
}

interface SearchBody {
  order_id?: { is?: string };
  type?: { is?: string };
  ids?: { in?: string[] };
}
