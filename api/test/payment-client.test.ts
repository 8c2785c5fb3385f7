/**
 * The payment stand-in's own origin (hosted card fields, PayPal, Google Pay, Apple Pay)
 * and the configuration the checkout loads. Card numbers go to the stand-in's origin only and are
 * never logged; the store's CSP allows exactly the configured payment-client origins.
 */
import { Writable } from 'node:stream';
import { loadConfig, findRepoRoot } from '../src/config';
import { cspDirectives } from '../src/platform/http/security';
import { DEFAULT_PAYMENT_AUTHORIZATION, loadPaymentClientConfig, paymentClientOrigins, resolvedScripts } from '../src/store/payments/client-config';
import { buildPaymentClientOrigin } from '../src/stand-ins/payments/client-origin';
import { SandboxGateway } from '../src/stand-ins/payments/sandbox';
import { createTestDatabase } from './helpers';

const repoRoot = findRepoRoot(__dirname);
const auth = DEFAULT_PAYMENT_AUTHORIZATION;

// the stand-in's state (nonces, PayPal payments, merchant sessions) is in the database: an empty migrated one
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

function standIn(logs?: string[]) {
  const gateway = new SandboxGateway(database.db, { duplicateWindowMs: 0, acceptedCardTypes: ['Visa', 'MasterCard', 'American Express'] });
  // with `logs`: the logger the server gives it, at its most verbose, written to memory
  const stream = logs ? new Writable({ write: (chunk, _enc, done) => (logs.push(String(chunk)), done()) }) : undefined;
  const app = buildPaymentClientOrigin({ authorization: auth, gateway: () => gateway, ...(stream ? { logLevel: 'trace', stream } : {}) });
  return { app, gateway };
}

describe('payment client configuration', () => {
  it('defaults to the stand-in on the port after PORT, and follows the variables', () => {
    const c = loadPaymentClientConfig({}, 8080);
    expect(c).toMatchObject({ standInPort: 8081, standInOrigin: 'http://localhost:8081', authorization: auth });
    expect(resolvedScripts(c)).toEqual({ clientScriptUrls: ['http://localhost:8081/js/client.js'], googlePayScriptUrl: 'http://localhost:8081/google-pay/pay.js' });
    expect(loadPaymentClientConfig({}, 0).standInPort).toBe(0);
    expect(loadPaymentClientConfig({ PAYMENT_FIELDS_PORT: 'off' }, 8080).standInPort).toBeNull();
    expect(() => loadPaymentClientConfig({ PAYMENT_FIELDS_PORT: 'x' }, 8080)).toThrow(/PAYMENT_FIELDS_PORT/);
    expect(() => loadPaymentClientConfig({ PAYMENT_CLIENT_SCRIPT_URL: 'javascript:alert(1)' }, 8080)).toThrow(/PAYMENT_CLIENT_SCRIPT_URL/);
    const real = loadPaymentClientConfig(
      {
        PAYMENT_FIELDS_PORT: 'off',
        PAYMENT_CLIENT_SCRIPT_URL: 'https://js.braintreegateway.com/web/3.111.0/js/client.min.js,https://js.braintreegateway.com/web/3.111.0/js/hosted-fields.min.js',
        GOOGLE_PAY_SCRIPT_URL: 'https://pay.google.com/gp/p/js/pay.js',
        PAYMENT_CLIENT_AUTHORIZATION: 'production_abc_def',
      },
      8080,
    );
    expect(resolvedScripts(real).clientScriptUrls).toHaveLength(2);
    expect(paymentClientOrigins(real)).toEqual(['https://js.braintreegateway.com', 'https://pay.google.com']);
  });

  it('puts exactly the payment-client origins into script-src, frame-src and connect-src', () => {
    const config = loadConfig({ PORT: '8190', PAYMENT_FIELDS_ORIGIN: 'http://127.0.0.1:8191' }, repoRoot);
    const csp = cspDirectives(config.security);
    for (const directive of ['script-src', 'frame-src', 'connect-src']) expect(csp[directive]).toContain('http://127.0.0.1:8191');
    expect(csp['form-action']).not.toContain('http://127.0.0.1:8191');
    expect(csp['img-src']).not.toContain('http://127.0.0.1:8191');
    // a real provider's: its scripts' origins only
    const real = loadConfig({ PAYMENT_FIELDS_PORT: 'off', PAYMENT_CLIENT_SCRIPT_URL: 'https://js.braintreegateway.com/web/3.111.0/js/client.min.js' }, repoRoot);
    expect(cspDirectives(real.security)['frame-src']).toEqual(["'self'", 'https://js.braintreegateway.com']);
  });
});

describe('the stand-in origin', () => {
  it('serves the client script and the field frames with its own strict CSP', async () => {
    const { app } = standIn();
    const script = await app.inject({ method: 'GET', url: '/js/client.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('hostedFields');
    const frame = await app.inject({ method: 'GET', url: '/hosted-fields/field.html' });
    expect(frame.headers['content-security-policy']).toContain("script-src 'self'");
    expect(frame.body).not.toMatch(/<script>/);
    const popup = await app.inject({ method: 'GET', url: `/paypal/checkout?authorization=${auth}&amount=12.34&currency=NZD&origin=http%3A%2F%2F127.0.0.1%3A8080&channel=abcd1234` });
    expect(popup.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await app.close();
  });

  it('tokenises a test card into a nonce the gateway charges, with field and reason for bad input, and never logs the number', async () => {
    const logs: string[] = [];
    const { app, gateway } = standIn(logs);
    const tokenize = (creditCard: Record<string, string>, authorization = auth) => app.inject({ method: 'POST', url: '/client/v1/tokenize', headers: { origin: 'http://127.0.0.1:8080' }, payload: { authorization, creditCard } });
    const ok = await tokenize({ number: '4111 1111 1111 1111', expirationDate: '12/2034', cvv: '123' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    const body = ok.json();
    expect(body).toMatchObject({ nonce: expect.stringMatching(/^tokencc_/), type: 'CreditCard', details: { cardType: 'Visa', lastFour: '1111', lastTwo: '11', expirationMonth: '12', expirationYear: '2034' } });
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    await expect(gateway.charge({ methodCode: 'BRAINTREE_CREDIT_CARD', nonce: body.nonce, amount: 1000, orderNumber: 'FL1' })).resolves.toMatchObject({ ok: true, instrument: 'Visa ending 1111' });

    const luhn = await tokenize({ number: '4111 1111 1111 1112', expirationDate: '12/34', cvv: '123' });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().issues).toEqual([{ field: 'creditCard.number', reason: 'Card number is not valid' }]);
    const expired = await tokenize({ number: '4111111111111111', expirationDate: '01/20', cvv: '123' });
    expect(expired.json().issues).toEqual([{ field: 'creditCard.expirationDate', reason: 'Card has expired' }]);
    const malformed = await tokenize({ number: 'abc', expirationDate: '13/34' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues.map((i: { field: string }) => i.field)).toEqual(expect.arrayContaining(['creditCard.number', 'creditCard.expirationDate']));
    expect((await tokenize({ number: '4111111111111111', expirationDate: '12/34' }, 'wrong')).statusCode).toBe(401);
    // hostile input is 400 with field and reason, never 500
    for (const payload of ['{"authorization":', '[]', JSON.stringify({ authorization: auth, creditCard: { number: '4111\u0000', expirationDate: '12/34' } })]) {
      const res = await app.inject({ method: 'POST', url: '/client/v1/tokenize', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ field: expect.any(String), reason: expect.any(String) });
    }
    expect((await app.inject({ method: 'GET', url: '/paypal/checkout?origin=%ZZ' })).statusCode).toBe(400);
    const preflight = await app.inject({ method: 'OPTIONS', url: '/client/v1/tokenize', headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    // nothing of the card in the logs (the route is silent, errors carry no body)
    expect(logs.join('')).not.toMatch(/4111 ?1111 ?1111 ?111[12]/);
    await app.close();
  });

  it('PayPal: an approved checkout gives one nonce; a cancelled one none', async () => {
    const { app, gateway } = standIn();
    const open = async () => {
      const page = await app.inject({ method: 'GET', url: `/paypal/checkout?authorization=${auth}&amount=49.95&currency=NZD&origin=http%3A%2F%2F127.0.0.1%3A8080&channel=abcd1234` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('NZD 49.95');
      return /data-payment="(PAYID-[0-9A-F]+)"/.exec(page.body)![1]!;
    };
    const approved = await open();
    expect((await app.inject({ method: 'POST', url: `/paypal/checkout/${approved}/approve` })).json()).toMatchObject({ status: 'approved', payerId: expect.any(String) });
    const nonce = await app.inject({ method: 'POST', url: '/client/v1/paypal/tokenize', payload: { authorization: auth, paymentId: approved } });
    expect(nonce.json()).toMatchObject({ nonce: expect.stringMatching(/^tokenpp_/), type: 'PayPalAccount', details: { email: 'buyer@example.com' } });
    await expect(gateway.charge({ methodCode: 'BRAINTREE_PAYPAL', nonce: nonce.json().nonce, amount: 4995, orderNumber: 'FL2' })).resolves.toMatchObject({ ok: true });
    // used up
    expect((await app.inject({ method: 'POST', url: '/client/v1/paypal/tokenize', payload: { authorization: auth, paymentId: approved } })).statusCode).toBe(422);

    const cancelled = await open();
    expect((await app.inject({ method: 'POST', url: `/paypal/checkout/${cancelled}/cancel` })).json()).toEqual({ status: 'cancelled' });
    expect((await app.inject({ method: 'POST', url: `/paypal/checkout/${cancelled}/approve` })).json()).toEqual({ status: 'cancelled' });
    expect((await app.inject({ method: 'POST', url: '/client/v1/paypal/tokenize', payload: { authorization: auth, paymentId: cancelled } })).statusCode).toBe(422);
    const bad = await app.inject({ method: 'GET', url: `/paypal/checkout?authorization=${auth}&amount=lots&currency=NZD&origin=x&channel=abcd1234` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { field: string }) => i.field)).toEqual(expect.arrayContaining(['amount', 'origin']));
    await app.close();
  });

  it('Google Pay: the sheet gets a Braintree gateway token; the 1115 test card declines', async () => {
    const { app, gateway } = standIn();
    const sheet = (card: string) => app.inject({ method: 'POST', url: '/google-pay/tokenize', payload: { card, gateway: 'braintree', gatewayMerchantId: 'fernleaf-sandbox', authorization: auth, totalPrice: '49.95', currencyCode: 'NZD' } });
    const ok = (await sheet('visa-1111')).json();
    expect(ok).toMatchObject({ apiVersion: 2, paymentMethodData: { type: 'CARD', info: { cardNetwork: 'VISA', cardDetails: '1111' }, tokenizationData: { type: 'PAYMENT_GATEWAY' } } });
    const token = JSON.parse(ok.paymentMethodData.tokenizationData.token);
    await expect(gateway.charge({ methodCode: 'BRAINTREE_GOOGLE_PAY', nonce: token.androidPayCards[0].nonce, amount: 4995, orderNumber: 'FL3' })).resolves.toMatchObject({ ok: true });
    const declining = JSON.parse((await sheet('visa-1115')).json().paymentMethodData.tokenizationData.token);
    await expect(gateway.charge({ methodCode: 'BRAINTREE_GOOGLE_PAY', nonce: declining.androidPayCards[0].nonce, amount: 4995, orderNumber: 'FL4' })).resolves.toMatchObject({ ok: false, error: 'PaymentProcessorDeclinedHard' });
    expect((await sheet('amex-0005')).statusCode).toBe(400);
    await app.close();
  });

  it('Apple Pay: merchant validation against an Apple URL, then a token of that session gives a nonce', async () => {
    const { app, gateway } = standIn();
    const validate = (validationURL: string) => app.inject({ method: 'POST', url: '/client/v1/apple-pay/merchant-session', payload: { authorization: auth, validationURL, displayName: 'Fernleaf', domainName: '127.0.0.1' } });
    const refused = await validate('https://evil.example.com/startSession');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ field: 'validationURL', reason: 'Must be an https Apple Pay URL' }]);
    const session = (await validate('https://apple-pay-gateway-cert.apple.com/paymentservices/startSession')).json();
    expect(session).toMatchObject({ merchantSessionIdentifier: expect.stringMatching(/^SSH/), displayName: 'Fernleaf', signature: expect.any(String) });
    const tokenOf = (merchantSessionIdentifier: string) => ({
      paymentData: { version: 'EC_v1', data: Buffer.from(JSON.stringify({ merchantSessionIdentifier, lastFour: '4444' })).toString('base64') },
      paymentMethod: { displayName: 'MasterCard 4444', network: 'MasterCard', type: 'debit' },
      transactionIdentifier: 'abc123',
    });
    const tokenized = await app.inject({ method: 'POST', url: '/client/v1/apple-pay/tokenize', payload: { authorization: auth, token: tokenOf(session.merchantSessionIdentifier) } });
    expect(tokenized.json()).toMatchObject({ nonce: expect.stringMatching(/^tokenap_/), type: 'ApplePayCard', details: { cardType: 'MasterCard', dpanLastTwo: '44' } });
    await expect(gateway.charge({ methodCode: 'BRAINTREE_APPLE_PAY', nonce: tokenized.json().nonce, amount: 4995, orderNumber: 'FL5' })).resolves.toMatchObject({ ok: true, instrument: 'MasterCard ending 4444' });
    // a token not made for one of this gateway's sessions
    expect((await app.inject({ method: 'POST', url: '/client/v1/apple-pay/tokenize', payload: { authorization: auth, token: tokenOf('SSHFORGED') } })).statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/client/v1/apple-pay/tokenize', payload: { authorization: auth, token: { paymentData: {} } } })).statusCode).toBe(400);
    await app.close();
  });
});
