/**
 * The operator's commands (`npm run orders -w api -- <command>`), as text in and text out:
 *
 *   held                         orders held for review, oldest first
 *   release <orderNumber> [--force]
 *                                keep a held order for fulfilment (the fraud service is asked again;
 *                                --force releases one it now declines)
 *   cancel <orderNumber>         void its authorisation (or refund), give back stock, gift cards and
 *                                offers, e-mail the shopper
 *   refund-return <returnNumber> refund a return request its estimate
 *   mail-failed                  e-mails the sender gave up on
 *   mail-retry                   send those again
 *
 * Exit code 0 done, 1 refused (the message says why), 2 usage.
 */
import { formatMoney, MARKETS } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import { retryFailedMail } from '../mail/sender.js';
import { ReviewError, type OrderReview } from './review.js';

export const OPERATOR_USAGE = `usage: npm run orders -w api -- <command>
  held                          orders held for review
  release <orderNumber> [--force]
  cancel <orderNumber>
  refund-return <returnNumber>
  mail-failed                   e-mails not delivered after every attempt
  mail-retry                    send those again`;

const money = (cents: number, currency: string) => formatMoney(cents, currency === 'AUD' ? MARKETS.AU : MARKETS.NZ);

export async function runOperatorCommand(review: OrderReview, db: Database, argv: string[]): Promise<{ code: number; output: string }> {
  const [command, arg, ...rest] = argv;
  try {
    switch (command) {
      case 'held': {
        const held = await review.held();
        if (held.length === 0) return { code: 0, output: 'No orders held for review.' };
        const lines = held.map((o) =>
          [o.number, o.createdAt.slice(0, 16).replace('T', ' '), o.status === 'fraud_held' ? 'nothing taken' : 'placed, paid', money(o.grandTotal, o.currency).padStart(10), o.payment, o.fraudReason, o.email].join('  '),
        );
        return { code: 0, output: [`${held.length} held for review (number, placed UTC, state, total, payment, fraud reason, e-mail):`, ...lines].join('\n') };
      }
      case 'release': {
        if (!arg) break;
        const { number, note } = await review.release(arg, { force: rest.includes('--force') });
        return { code: 0, output: `Released ${number}: ${note}.` };
      }
      case 'cancel': {
        if (!arg) break;
        const { number, givenBack } = await review.cancel(arg);
        const moved = givenBack.map((g) => `${g.status} ${g.methodCode} ${g.amount / 100} (${g.id})`);
        return { code: 0, output: `Cancelled ${number}${moved.length ? `: ${moved.join(', ')}` : ': nothing had been taken'}.` };
      }
      case 'refund-return': {
        if (!arg) break;
        const { returnNumber, orderNumber, givenBack } = await review.refundReturn(arg);
        const total = givenBack.reduce((s, g) => s + g.amount, 0);
        return { code: 0, output: `Refunded return ${returnNumber} of ${orderNumber}: ${total / 100} (${givenBack.map((g) => `${g.methodCode} ${g.amount / 100}`).join(', ') || 'nothing to refund'}).` };
      }
      case 'mail-failed': {
        const rows = await queryRows<{ id: number; kind: string; ref: string; attempts: number; last_error: string | null }>(db, sql`select id, kind, ref, attempts, last_error from mail_outbox where status = 'failed' order by id`);
        if (rows.length === 0) return { code: 0, output: 'No failed e-mails.' };
        return { code: 0, output: rows.map((r) => `${r.id}  ${r.kind}  ${r.ref}  ${r.attempts} attempts  ${r.last_error ?? ''}`).join('\n') };
      }
      case 'mail-retry':
        return { code: 0, output: `${await retryFailedMail(db)} e-mail(s) queued to be sent again.` };
    }
  } catch (error) {
    if (error instanceof ReviewError) return { code: 1, output: error.message };
    throw error;
  }
  return { code: 2, output: OPERATOR_USAGE };
}
