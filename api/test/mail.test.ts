/**
 * E-mail: the SMTP adapter delivers to an SMTP server (the local stand-in) with the recipient,
 * subject, text and HTML; an order's confirmation is written to the outbox with the order (never
 * for an order that failed, never blocked by the mail server); the sender retries a failing
 * server with backoff and loses nothing; two senders never send one message twice; production
 * needs SMTP_URL and MAIL_FROM.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openDatabase, queryRows, type Database } from '../src/platform/db';
import { productionProblems } from '../src/production';
import { LocalSmtpServer } from '../src/stand-ins/mail/smtp-server';
import { enqueueOrderMail } from '../src/store/mail/outbox';
import type { MailMessage, MailTransport } from '../src/store/mail/port';
import { MailSender, retryFailedMail } from '../src/store/mail/sender';
import { SmtpMailTransport } from '../src/store/mail/smtp';
import { BACKENDS, cognitoCall, createTestContext, freePort, orderRequest, plainProducts, type TestContext } from './helpers';

const FROM = 'Fernleaf <orders@fernleaf.example>';

describe('the SMTP adapter against the local SMTP stand-in', () => {
  let server: LocalSmtpServer;
  let url: string;
  beforeAll(async () => {
    server = new LocalSmtpServer({ user: 'shop', password: 's3cret' });
    url = await server.start();
  });
  afterAll(() => server.close());

  it('delivers the message: envelope recipient and sender, subject, text and HTML bodies', async () => {
    const transport = new SmtpMailTransport({ url, from: FROM, requireTls: false, timeoutMs: 5_000 });
    const { messageId } = await transport.send({ to: 'aroha@example.co.nz', subject: 'Your order FL12345678', text: 'Thank you, Aroha.\nTotal $129.00', html: '<p>Thank you, <strong>Aroha</strong>.</p>' });
    await transport.close();
    expect(messageId).toMatch(/@/);
    const got = server.messages.at(-1)!;
    expect(got.to).toEqual(['aroha@example.co.nz']);
    expect(got.from).toBe('orders@fernleaf.example');
    expect(got.subject).toBe('Your order FL12345678');
    expect(got.text.trim()).toBe('Thank you, Aroha.\nTotal $129.00');
    expect(got.html).toContain('<p>Thank you, <strong>Aroha</strong>.</p>');
  });

  it('refuses wrong credentials, and by default refuses to send without TLS', async () => {
    const before = server.messages.length;
    const wrong = new SmtpMailTransport({ url: url.replace('s3cret', 'nope'), from: FROM, requireTls: false, timeoutMs: 5_000 });
    await expect(wrong.send({ to: 'a@example.co.nz', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow(/Invalid login|Invalid username/);
    await wrong.close();
    // the stand-in offers no STARTTLS: an adapter that requires TLS (the default) sends nothing
    const strict = new SmtpMailTransport({ url, from: FROM, timeoutMs: 5_000 });
    await expect(strict.send({ to: 'a@example.co.nz', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow(/STARTTLS/i);
    await strict.close();
    expect(server.messages.length).toBe(before);
  });
});

describe.each(BACKENDS)('order confirmations through the outbox (%s)', (backend) => {
  let ctx: TestContext;
  let server: LocalSmtpServer;
  let transport: SmtpMailTransport;
  let deadSmtpPort: number;
  beforeAll(async () => {
    deadSmtpPort = await freePort();
    // this app's own sender is off, and its SMTP server is one nothing listens on: placing an order never waits for mail
    ctx = await createTestContext(backend, { env: { MAIL_SEND_INTERVAL_SECONDS: '0', SMTP_URL: `smtp://127.0.0.1:${deadSmtpPort}`, MAIL_FROM: FROM } });
    server = new LocalSmtpServer();
    transport = new SmtpMailTransport({ url: await server.start(), from: FROM, requireTls: false, timeoutMs: 5_000 });
  }, 120_000);
  afterAll(async () => {
    await transport?.close();
    await server?.close();
    await ctx?.close();
  });
  beforeEach(async () => {
    server.messages.length = 0;
    server.failNext = 0;
    await ctx.db.execute(sql`delete from mail_outbox`);
  });

  const outbox = () => queryRows<{ id: number; kind: string; ref: string; recipient: string; status: string; attempts: number; last_error: string | null; due_in_ms: number }>(
    ctx.db,
    sql`select id, kind, ref, recipient, status, attempts, last_error, (extract(epoch from next_attempt_at - now()) * 1000)::int as due_in_ms from mail_outbox order by id`,
  );
  const makeDue = () => ctx.db.execute(sql`update mail_outbox set next_attempt_at = now()`);

  async function placeOrder(over: Parameters<typeof orderRequest>[2] = {}) {
    const [p] = await plainProducts(ctx.db, 1);
    const body = await orderRequest(ctx.app, [{ productId: p!.productId, variantId: p!.variantId, qty: 1 }], over);
    body.cart.email = 'Aroha.Ngata@Example.co.nz';
    body.cart.firstName = "Aroha O'Neill";
    const res = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body });
    return res;
  }

  it('a placed order has its confirmation in the outbox at once, even with the mail server down; the sender delivers it in text and HTML', async () => {
    const res = await placeOrder();
    expect(res.statusCode).toBe(200);
    const { orderNumber } = res.json() as { orderNumber: string };
    expect(await outbox()).toMatchObject([{ kind: 'order_confirmation', ref: orderNumber, recipient: 'aroha.ngata@example.co.nz', status: 'pending', attempts: 0 }]);

    const sender = new MailSender(ctx.db, { transport });
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.messages).toHaveLength(1);
    const [mail] = server.messages;
    expect(mail!.to).toEqual(['aroha.ngata@example.co.nz']);
    expect(mail!.subject).toBe(`Your Fernleaf order ${orderNumber}`);
    expect(mail!.text).toContain(`Thank you for your order ${orderNumber}.`);
    expect(mail!.text).toContain("Kia ora Aroha O'Neill,");
    expect(mail!.html).toContain(`<strong>${orderNumber}</strong>`);
    // what the shopper typed is escaped in the HTML
    expect(mail!.html).toContain('Kia ora Aroha O&#39;Neill,');
    expect(mail!.html).not.toContain("O'Neill");
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // nothing more to send; enqueuing the same confirmation again is a no-op
    await enqueueOrderMail(ctx.db, 'order_confirmation', orderNumber);
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(server.messages).toHaveLength(1);
  });

  it('an order whose payment is declined sends nothing', async () => {
    const res = await placeOrder();
    expect(res.statusCode).toBe(200);
    await ctx.db.execute(sql`delete from mail_outbox`);
    const [p] = await plainProducts(ctx.db, 1);
    const body = await orderRequest(ctx.app, [{ productId: p!.productId, variantId: p!.variantId, qty: 1 }]);
    body.payment.methods[0]!.token = 'fake-processor-declined-visa-nonce';
    const declined = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body });
    expect(declined.statusCode).toBeGreaterThanOrEqual(400);
    expect(await outbox()).toEqual([]);
  });

  it("the local user pool's codes are e-mailed too: the sign-up code reaches the shopper's address", async () => {
    const email = `signup.${Date.now().toString(36)}@example.co.nz`;
    const signUp = await cognitoCall(ctx, 'SignUp', { ClientId: ctx.config.account.userPoolClientId, Username: email, Password: 'Kauri-Trail-42', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(signUp.status).toBe(200);
    const [kept] = await queryRows<{ code: string }>(ctx.db, sql`select code from pool_outbox where email = ${email} and purpose = 'SIGN_UP'`);
    expect(await outbox()).toMatchObject([{ kind: 'written', recipient: email, status: 'pending' }]);
    expect(await new MailSender(ctx.db, { transport }).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = server.messages;
    expect(mail).toMatchObject({ to: [email], subject: 'Your Fernleaf verification code' });
    expect(mail!.text).toContain(`Your verification code is ${kept!.code}.`);
    expect(mail!.html).toContain(`<p>Welcome to Fernleaf. Your verification code is ${kept!.code}.`);
  });

  it('a failing mail server: the message waits with a growing backoff, then goes out once', async () => {
    const res = await placeOrder();
    const { orderNumber } = res.json() as { orderNumber: string };
    server.failNext = 2;
    const sender = new MailSender(ctx.db, { transport, baseDelayMs: 60_000 });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/451/);
    expect(row!.due_in_ms).toBeGreaterThan(50_000);
    expect(row!.due_in_ms).toBeLessThanOrEqual(60_000);
    // not due yet: nothing is tried
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await makeDue();
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    [row] = await outbox();
    expect(row!.due_in_ms).toBeGreaterThan(110_000); // doubled
    await makeDue();
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.messages.map((m) => m.subject)).toEqual([`Your Fernleaf order ${orderNumber}`]);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('a mail server that never answers: after the last attempt the message is kept as failed, and a retry sends it', async () => {
    const res = await placeOrder();
    const { orderNumber } = res.json() as { orderNumber: string };
    const down = new SmtpMailTransport({ url: `smtp://127.0.0.1:${deadSmtpPort}`, from: FROM, requireTls: false, timeoutMs: 2_000 });
    const sender = new MailSender(ctx.db, { transport: down, maxAttempts: 3, baseDelayMs: 1_000 });
    expect(await sender.runOnce()).toMatchObject({ retried: 1 });
    await makeDue();
    expect(await sender.runOnce()).toMatchObject({ retried: 1 });
    await makeDue();
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await outbox())[0]).toMatchObject({ ref: orderNumber, status: 'failed', attempts: 3 });
    expect((await outbox())[0]!.last_error).toMatch(/ECONNREFUSED|connect/);
    // the order itself is untouched
    expect((await ctx.app.inject({ method: 'GET', url: `/api/orders/${orderNumber}?token=${encodeURIComponent((res.json() as { accessToken: string }).accessToken)}` })).statusCode).toBe(200);
    // the operator's retry, with the server back
    expect(await retryFailedMail(ctx.db)).toBe(1);
    expect(await new MailSender(ctx.db, { transport }).runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.messages).toHaveLength(1);
  });

  it('two senders (two processes) running at once never send the same message twice', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 6; i += 1) numbers.push(((await placeOrder()).json() as { orderNumber: string }).orderNumber);
    // a second connection pool for the second sender on PostgreSQL (PGlite has one connection)
    const second = backend === 'postgres' ? await openDatabase(ctx.config) : null;
    const slow = (name: string): MailTransport & { sent: string[] } => {
      const sent: string[] = [];
      return {
        sent,
        async send(message: MailMessage) {
          await new Promise((r) => setTimeout(r, 40));
          sent.push(message.subject);
          return transport.send(message).then((r) => ({ messageId: `${name}:${r.messageId}` }));
        },
      };
    };
    const a = slow('a');
    const b = slow('b');
    const senderA = new MailSender(ctx.db, { transport: a, batch: 2 });
    const senderB = new MailSender((second?.db ?? ctx.db) as Database, { transport: b, batch: 2 });
    try {
      for (let round = 0; round < 4; round += 1) await Promise.all([senderA.runOnce(), senderB.runOnce()]);
    } finally {
      await second?.close();
    }
    const subjects = server.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual(numbers.map((n) => `Your Fernleaf order ${n}`).sort());
    expect(a.sent.length + b.sent.length).toBe(6);
    // both took part
    expect(a.sent.length).toBeGreaterThan(0);
    expect(b.sent.length).toBeGreaterThan(0);
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a sender that died holding messages: they go out once its lease ends', async () => {
    const res = await placeOrder();
    const { orderNumber } = res.json() as { orderNumber: string };
    // claimed by a sender that never finished (its lease still running)
    await ctx.db.execute(sql`update mail_outbox set attempts = 1, locked_until = now() + interval '1 minute'`);
    const sender = new MailSender(ctx.db, { transport });
    expect(await sender.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await ctx.db.execute(sql`update mail_outbox set locked_until = now() - interval '1 second'`);
    expect(await sender.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(server.messages.map((m) => m.subject)).toEqual([`Your Fernleaf order ${orderNumber}`]);
  });
});

describe('mail settings', () => {
  const load = (env: Record<string, string>) => loadConfig(env, __dirname);
  it('SMTP_URL chooses the SMTP server (TLS required off this machine); without it the local stand-in', () => {
    expect(load({}).mail).toMatchObject({ kind: 'stand-in', from: 'Fernleaf <orders@fernleaf.localhost>', intervalSeconds: 5, maxAttempts: 10 });
    expect(load({ SMTP_URL: 'smtps://u:p@smtp.example:465', MAIL_FROM: FROM }).mail).toMatchObject({ kind: 'smtp', url: 'smtps://u:p@smtp.example:465', from: FROM, requireTls: false });
    expect(load({ SMTP_URL: 'smtp://u:p@smtp.example:587' }).mail).toMatchObject({ kind: 'smtp', requireTls: true });
    expect(load({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toMatchObject({ kind: 'smtp', requireTls: false });
    expect(() => load({ SMTP_URL: 'https://smtp.example' })).toThrow('SMTP_URL must be smtps://user:password@host:465 or smtp://user:password@host:587');
    expect(() => load({ MAIL_FROM: 'orders@x\r\nBcc: someone@else' })).toThrow(/MAIL_FROM/);
    expect(() => load({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
  });

  it('production refuses the local stand-in unless ALLOW_STAND_INS names mail, and SMTP without MAIL_FROM', () => {
    const base = { NODE_ENV: 'production', ALLOW_DEFAULT_SECRETS: '1', ALLOW_STAND_INS: 'botcheck,fraud,payments,paylater,user-pool', PAYMENT_FIELDS_PORT: 'off' };
    const problems = (env: Record<string, string>) => productionProblems(env, load(env)).map((p) => p.variable);
    expect(problems(base)).toEqual(['SMTP_URL']);
    expect(problems({ ...base, ALLOW_STAND_INS: `${base.ALLOW_STAND_INS},mail` })).toEqual([]);
    expect(problems({ ...base, ALLOW_STAND_INS: `${base.ALLOW_STAND_INS},smtp` })).toEqual([]);
    expect(problems({ ...base, SMTP_URL: 'smtps://u:p@smtp.example:465' })).toEqual(['MAIL_FROM']);
    expect(problems({ ...base, SMTP_URL: 'smtps://u:p@smtp.example:465', MAIL_FROM: FROM })).toEqual([]);
  });
});
