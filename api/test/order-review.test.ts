/**
 * The operator's tool for orders held for review (`npm run orders -w api -- held | release |
 * cancel`): what it lists, a release that asks the fraud service again, a cancel that voids the
 * authorisation, gives back the stock and e-mails the shopper, and the held orders that took
 * nothing (FRAUD_UNAVAILABLE=hold).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { queryRows } from '../src/platform/db';
import type { FraudAssessment } from '../src/store/fraud';
import { LocalSmtpServer } from '../src/stand-ins/mail/smtp-server';
import { MailSender } from '../src/store/mail/sender';
import { SmtpMailTransport } from '../src/store/mail/smtp';
import { runOperatorCommand } from '../src/store/orders/operator';
import { OrderReview } from '../src/store/orders/review';
import type { PayLaterGateway, PaymentGateway } from '../src/store/payments/gateway';
import { createTestContext, freePort, orderRequest, plainProducts, type PlainProduct, type TestContext } from './helpers';

let ctx: TestContext;
let product: PlainProduct;

beforeAll(async () => {
  ctx = await createTestContext('pglite', { products: 40, env: { MAIL_SEND_INTERVAL_SECONDS: '0' } });
  [product] = await plainProducts(ctx.db, 1) as [PlainProduct];
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const stock = async () => (await queryRows<{ qty: number }>(ctx.db, sql`select qty from variants where id = ${Number(product.variantId)}`))[0]!.qty;
const orderRow = async (number: string) =>
  (await queryRows<{ status: string; review_outcome: string | null; review_note: string | null }>(ctx.db, sql`select status, review_outcome, review_note from orders where number = ${number}`))[0]!;
const run = (argv: string[], review = ctx.app.orders.review) => runOperatorCommand(review, ctx.db, argv);

/** An order placed with a token the fraud stand-in did not sign: placed, paid by card, flagged for review. */
async function reviewOrder(qty = 1): Promise<string> {
  const body = await orderRequest(ctx.app, [{ productId: product.productId, variantId: product.variantId, qty }], { fraudAnalytics: { token: 'forged.token' } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: body });
  expect(res.json()).toMatchObject({ status: 'complete' });
  return res.json().orderNumber as string;
}

/** A review with its own fraud service answer and gateway (the sandbox's unless given). */
function reviewWith(answer: FraudAssessment | 'unavailable', gateway: PaymentGateway = ctx.app.paymentGateway): OrderReview {
  const fraud = { decide: async () => (answer === 'unavailable' ? { decision: 'review' as const, reason: 'unavailable' } : answer) };
  return new OrderReview({ db: ctx.db, gateway, payLater: {} as PayLaterGateway, fraud });
}

describe('held orders', () => {
  it('held lists the orders flagged for review and those held with nothing taken; approved orders are not listed', async () => {
    const flagged = await reviewOrder();
    const approved = await ctx.app.inject({ method: 'POST', url: '/api/order/place', payload: await orderRequest(ctx.app, [{ productId: product.productId, variantId: product.variantId, qty: 1 }]) });
    expect(approved.statusCode).toBe(200);
    // a process whose fraud service does not answer, holding (the default)
    const dead = await freePort();
    const fraud = loadConfig({ FRAUD_DECISION_URL: `http://127.0.0.1:${dead}/decision`, SEED_PRODUCTS: '0', DATA_DIR: 'memory://unused' }, __dirname).fraud;
    const holding = buildApp({ config: { ...ctx.config, fraud, fraudUnavailable: 'hold' }, db: ctx.db });
    let heldNumber: string;
    try {
      const body = await orderRequest(holding, [{ productId: product.productId, variantId: product.variantId, qty: 1 }]);
      const held = await holding.inject({ method: 'POST', url: '/api/order/place', payload: body });
      expect(held.statusCode).toBe(503);
      [{ number: heldNumber }] = await queryRows<{ number: string }>(ctx.db, sql`select number from orders where cart_id = ${body.cartId}`) as [{ number: string }];
    } finally {
      await holding.close();
    }
    const listed = await run(['held']);
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(new RegExp(`${flagged}  .*  placed, paid  .*BRAINTREE_CREDIT_CARD  bad_signature  aroha@example.co.nz`));
    expect(listed.output).toMatch(new RegExp(`${heldNumber}  .*  nothing taken  .*  unavailable  `));
    expect(listed.output).not.toContain(approved.json().orderNumber);

    // a held order took nothing: there is nothing to release; cancelling closes it
    const release = await run(['release', heldNumber]);
    expect(release.code).toBe(1);
    expect(release.output).toContain(`Order ${heldNumber} took no stock and no payment`);
    const before = await stock();
    expect(await run(['cancel', heldNumber])).toEqual({ code: 0, output: `Cancelled ${heldNumber}: nothing had been taken.` });
    expect(await stock()).toBe(before);
    expect(await orderRow(heldNumber)).toMatchObject({ status: 'cancelled', review_outcome: 'cancelled' });
    expect((await run(['held'])).output).not.toContain(heldNumber);
    // tidy: the flagged order is released for the other tests
    expect((await run(['release', flagged])).code).toBe(0);
  }, 60_000);

  it('release asks the fraud service again: the order stays placed and leaves the list; a second release is refused', async () => {
    const number = await reviewOrder();
    const res = await run(['release', number]);
    // the local fraud service still cannot vouch for the forged token: the operator's release stands, with that decision noted
    expect(res).toEqual({ code: 0, output: `Released ${number}: fraud service: review (bad_signature).` });
    expect(await orderRow(number)).toEqual({ status: 'placed', review_outcome: 'released', review_note: 'fraud service: review (bad_signature)' });
    expect((await run(['held'])).output).not.toContain(number);
    const again = await run(['release', number]);
    expect(again.code).toBe(1);
    expect(again.output).toBe(`Order ${number} is not held for review (status placed, released already).`);
    expect((await run(['cancel', number])).code).toBe(1);
    expect(await run(['release', 'FL00000000'])).toEqual({ code: 1, output: 'No order FL00000000.' });
  });

  it('a release the fraud service now declines is refused unless forced; one it cannot answer is the operator\'s call', async () => {
    const declined = await reviewOrder();
    const decline = reviewWith({ decision: 'decline', reason: 'velocity' });
    const refused = await run(['release', declined], decline);
    expect(refused).toEqual({ code: 1, output: `The fraud service now declines order ${declined} (velocity): cancel it, or release it with --force.` });
    expect(await orderRow(declined)).toMatchObject({ status: 'placed', review_outcome: null });
    expect(await run(['release', declined, '--force'], decline)).toEqual({ code: 0, output: `Released ${declined}: fraud service: decline (velocity), released with --force.` });

    const unanswered = await reviewOrder();
    expect(await run(['release', unanswered], reviewWith('unavailable'))).toEqual({ code: 0, output: `Released ${unanswered}: fraud service did not answer: released by the operator.` });
    const approved = await reviewOrder();
    expect((await run(['release', approved], reviewWith({ decision: 'approve', reason: 'ok' }))).output).toBe(`Released ${approved}: fraud service: approve (ok).`);
  });

  it('cancel voids the card authorisation, gives the stock back, and e-mails the shopper in the same transaction', async () => {
    const before = await stock();
    const number = await reviewOrder(2);
    expect(await stock()).toBe(before - 2);
    const [charge] = await queryRows<{ id: string }>(ctx.db, sql`select id from payment_transactions where order_number = ${number} and status = 'authorized'`);
    const res = await run(['cancel', number]);
    expect(res.code).toBe(0);
    expect(res.output).toMatch(new RegExp(`^Cancelled ${number}: voided BRAINTREE_CREDIT_CARD [0-9.]+ \\(${charge!.id}:void\\)\\.$`));
    expect(await stock()).toBe(before);
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', review_outcome: 'cancelled' });
    const [gateway] = await queryRows<{ status: string }>(ctx.db, sql`select status from sandbox_transactions where id = ${charge!.id}`);
    expect(gateway!.status).toBe('voided');
    expect(await queryRows(ctx.db, sql`select kind, recipient, status from mail_outbox where ref = ${number} order by id`)).toEqual([
      { kind: 'order_confirmation', recipient: 'aroha@example.co.nz', status: 'pending' },
      { kind: 'order_cancelled', recipient: 'aroha@example.co.nz', status: 'pending' },
    ]);
    // delivered: the shopper is told
    const smtp = new LocalSmtpServer();
    const transport = new SmtpMailTransport({ url: await smtp.start(), from: 'orders@fernleaf.example', requireTls: false });
    try {
      await ctx.db.execute(sql`update mail_outbox set status = 'sent' where ref <> ${number}`);
      expect(await new MailSender(ctx.db, { transport }).runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
      const cancelled = smtp.messages.find((m) => m.subject === `Your Fernleaf order ${number} has been cancelled`)!;
      expect(cancelled.to).toEqual(['aroha@example.co.nz']);
      expect(cancelled.text).toContain(`Your order ${number} has been cancelled.`);
      expect(cancelled.html).toContain(`<strong>${number}</strong> has been cancelled`);
    } finally {
      await transport.close();
      await smtp.close();
    }
    // a second cancel changes nothing
    expect((await run(['cancel', number])).code).toBe(1);
    expect(await stock()).toBe(before);
  });

  it('a gateway that cannot void: nothing given back, the order can no longer be released, and a later cancel finishes it', async () => {
    const before = await stock();
    const number = await reviewOrder();
    const sandbox = ctx.app.paymentGateway;
    const failing: PaymentGateway = {
      charge: (r) => sandbox.charge(r),
      vault: (n) => sandbox.vault(n),
      void: async () => {
        throw new Error('gateway timeout');
      },
    };
    const first = await run(['cancel', number], reviewWith({ decision: 'approve', reason: 'ok' }, failing));
    expect(first.code).toBe(1);
    expect(first.output).toContain(`of order ${number}: gateway timeout. Try again`);
    expect(await stock()).toBe(before - 1);
    expect(await orderRow(number)).toMatchObject({ status: 'placed', review_outcome: 'cancelling' });
    // still listed (unfinished), and a release is refused
    expect((await run(['held'])).output).toContain(number);
    expect((await run(['release', number])).code).toBe(1);
    expect((await run(['cancel', number])).code).toBe(0);
    expect(await stock()).toBe(before);
    expect(await orderRow(number)).toMatchObject({ status: 'cancelled', review_outcome: 'cancelled' });
  });

  it('unknown commands print the usage (exit 2)', async () => {
    expect((await run(['explode'])).code).toBe(2);
    expect((await run(['release'])).output).toContain('usage: npm run orders -w api -- <command>');
  });
});
