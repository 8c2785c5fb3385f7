/**
 * Placement step 5, payment: once the stock is taken, the order is completed when nothing is left
 * to pay, handed to the pay-later approval page (Afterpay), or charged at the gateway (a new card
 * saved first when asked). A failed charge gives back what the order took (`fail`).
 */
import crypto from 'node:crypto';
import type { OrderPlaceResponse } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { PayLaterGateway, PaymentGateway } from '../payments/gateway.js';
import type { SavedCards } from '../payments/saved-cards.js';
import { OrderError, PAYMENT_ERROR_STATUS, paymentError, paymentMessage, settledMeanwhile } from './errors.js';
import { paidLabel } from './record.js';
import { enqueueFromCte } from '../mail/outbox.js';
import type { OrderContext, PlaceMethod, StoredPayment } from './types.js';

export interface PaymentDeps {
  db: Database;
  gateway: PaymentGateway;
  payLater: PayLaterGateway;
  savedCards?: SavedCards;
  /** Gives back what a pending order took (payment failed). */
  fail: (number: string) => Promise<void>;
}

export interface OrderToPay {
  number: string;
  accessToken: string;
  /** The order's payments; the main one (last) gets its transaction, label or pay-later token. */
  payments: StoredPayment[];
  main: PlaceMethod | undefined;
  loyaltyPoints: number;
  ctx: OrderContext;
  /** The gateway token of the signed-in customer's saved card paid with. */
  savedToken: string | null;
  /** Vault the new card before charging it. */
  saveCard: boolean;
}

export async function payOrder(deps: PaymentDeps, order: OrderToPay): Promise<OrderPlaceResponse> {
  const { db, gateway, payLater } = deps;
  const { number, accessToken, payments, main, ctx } = order;
  if (!main || main.methodCode === 'NO_PAYMENT') return completeUnpaid(db, number, accessToken, payments, order.loyaltyPoints);
  if (main.methodCode === 'AFTERPAY') {
    const checkout = await payLater.createCheckout({ orderNumber: number, amount: main.amount, returnUrl: `${ctx.returnBase ?? ''}/checkout/payment`, currency: ctx.market?.currency, siteOrigin: ctx.siteOrigin });
    payments[payments.length - 1]!.payLaterToken = checkout.token;
    payments[payments.length - 1]!.payLaterUrl = checkout.redirectUrl;
    // until the checkout expires, the stock, gift-card amounts and offer usage stay held (expireDue releases them)
    const waiting = await queryRows<{ number: string }>(
      db,
      sql`update orders set status = 'awaiting_payment', payments = ${JSON.stringify(payments)}::jsonb, payment_expires_at = ${new Date(checkout.expiresAt).toISOString()}::timestamptz, updated_at = now() where number = ${number} and status = 'pending' returning number`,
    );
    if (waiting.length === 0) throw settledMeanwhile(number);
    return { orderNumber: number, status: 'actionRequired', actionData: { type: 'redirect', url: checkout.redirectUrl }, loyalty: null, accessToken };
  }
  let charge = { methodCode: main.methodCode, nonce: order.savedToken ?? main.token! };
  if (order.saveCard) {
    // vault first (verification authorised and voided), then charge the saved card
    const saved = await deps.savedCards!.save(ctx.userSub!, main.token!, number);
    if (!saved.ok) {
      await deps.fail(number);
      if (saved.error === 'SavedCardLimitReached') throw new OrderError('InvalidRequest', saved.message, 422);
      throw paymentError(saved.error, number, saved.code);
    }
    charge = { methodCode: 'BRAINTREE_SAVED', nonce: saved.gatewayToken };
  }
  let outcome: Awaited<ReturnType<PaymentGateway['charge']>>;
  try {
    outcome = await gateway.charge({ ...charge, amount: main.amount, orderNumber: number });
  } catch (error) {
    // the gateway did not answer: whether it charged is not known, so the order stays pending and the
    // crash-recovery sweep settles it (it asks the gateway for the order's charge); the shopper gets the order number
    throw new OrderError('PaymentFailureUnrecoverable', paymentMessage('PaymentFailureUnrecoverable'), PAYMENT_ERROR_STATUS.PaymentFailureUnrecoverable, number, error instanceof Error ? error.name : undefined);
  }
  const transaction = sql`insert into payment_transactions (id, order_number, method_code, amount, status, detail)
        values (${outcome.transactionId ?? `none_${crypto.randomBytes(6).toString('hex')}`}, ${number}, ${main.methodCode}, ${main.amount}, ${outcome.ok ? 'authorized' : 'declined'}, ${outcome.ok ? outcome.instrument : `${outcome.code} ${outcome.message}`})`;
  if (outcome.ok) {
    payments[payments.length - 1]!.transactionId = outcome.transactionId;
    payments[payments.length - 1]!.label = paidLabel(main.methodCode, outcome.instrument);
    // one statement: record the charge and complete the order (still pending: the crash-recovery
    // sweep may have cancelled an order that took this long, and then the charge is voided)
    const placed = await queryRows<{ number: string }>(
      db,
      sql`with charge as (${transaction} returning id),
        placed as (update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${number} and status = 'pending' and exists (select 1 from charge) returning number, email),
        mail as (${enqueueFromCte('order_confirmation', 'placed')})
        select number from placed`,
    );
    if (placed.length === 0) {
      await gateway.void(outcome.transactionId).catch(() => undefined);
      throw settledMeanwhile(number);
    }
    return { orderNumber: number, status: 'complete', actionData: null, loyalty: { points: order.loyaltyPoints }, accessToken };
  }
  await db.execute(transaction);
  await deps.fail(number);
  throw paymentError(outcome.error, number, outcome.code);
}

/** Nothing left to pay: the order is placed as it is. */
async function completeUnpaid(db: Database, number: string, accessToken: string, payments: StoredPayment[], points: number): Promise<OrderPlaceResponse> {
  const placed = await queryRows<{ number: string }>(
    db,
    sql`with placed as (update orders set status = 'placed', payments = ${JSON.stringify(payments)}::jsonb, updated_at = now() where number = ${number} and status = 'pending' returning number, email),
      mail as (${enqueueFromCte('order_confirmation', 'placed')})
      select number from placed`,
  );
  // nothing left to pay: the crash-recovery sweep completes such an order too, so it may already be placed
  if (placed.length === 0) {
    const [row] = await queryRows<{ status: string }>(db, sql`select status from orders where number = ${number}`);
    if (row?.status !== 'placed') throw settledMeanwhile(number);
  }
  return { orderNumber: number, status: 'complete', actionData: null, loyalty: { points }, accessToken };
}
