/**
 * The messages the store writes, rendered when they are sent from what the outbox row names (the
 * order as it is then): plain text and HTML with the same content. Everything taken from the order
 * is HTML-escaped.
 */
import { DEFAULT_MARKET, formatMoney, isMarketId, MARKETS } from '@store/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/index.js';
import type { MailMessage } from './port.js';

/** Messages about an order (written from the order row when sent); `written` ones carry their subject and text. */
export type MailKind = 'order_confirmation' | 'order_cancelled';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The columns of `orders` a message shows (its items and payments as the order row stores them). */
interface OrderForMail {
  number: string;
  market: string;
  first_name: string;
  items: { name: string; variantLabel: string; qty: number; total: number; promo: boolean }[];
  payments: { label: string; amount: number }[];
  shipping_price: number;
  grand_total: number;
  gst: number;
}

async function orderOf(db: Database, number: string): Promise<OrderForMail | undefined> {
  const [row] = await queryRows<OrderForMail>(db, sql`select number, market, first_name, items, payments, shipping_price, grand_total, gst from orders where number = ${number}`);
  return row;
}

/** The message of an outbox row, or null when what it tells of is gone (nothing to send). */
export async function renderMail(db: Database, row: { kind: string; ref: string; recipient: string; data?: unknown }): Promise<MailMessage | null> {
  if (row.kind === 'written') {
    const { subject, text } = (row.data ?? {}) as { subject?: string; text?: string };
    if (!subject || !text) return null;
    const html = `<!doctype html><html><body>${text.split(/\n{2,}/).map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join('\n')}</body></html>`;
    return { to: row.recipient, subject, text, html };
  }
  const order = await orderOf(db, row.ref);
  if (!order) return null;
  const market = isMarketId(order.market) ? MARKETS[order.market] : DEFAULT_MARKET;
  const money = (cents: number) => formatMoney(cents, market);
  const greeting = `${market.id === 'AU' ? 'Hi' : 'Kia ora'} ${order.first_name},`;
  if (row.kind === 'order_confirmation') {
    const lines = order.items.map((i) => ({ text: `${i.qty} × ${i.name} (${i.variantLabel})`, total: i.promo ? 'Free' : money(i.total) }));
    const paid = order.payments.map((p) => `${p.label}: ${money(p.amount)}`);
    const text = [
      greeting,
      '',
      `Thank you for your order ${order.number}. We will let you know when it is on its way.`,
      '',
      ...lines.map((l) => `${l.text}  ${l.total}`),
      `Shipping  ${money(order.shipping_price)}`,
      `Total  ${money(order.grand_total)} (includes GST ${money(order.gst)})`,
      '',
      ...paid,
      '',
      'Fernleaf',
    ].join('\n');
    const html = `<!doctype html><html><body>
<p>${escape(greeting)}</p>
<p>Thank you for your order <strong>${escape(order.number)}</strong>. We will let you know when it is on its way.</p>
<table>${lines.map((l) => `<tr><td>${escape(l.text)}</td><td>${escape(l.total)}</td></tr>`).join('')}
<tr><td>Shipping</td><td>${escape(money(order.shipping_price))}</td></tr>
<tr><td><strong>Total</strong></td><td><strong>${escape(money(order.grand_total))}</strong> (includes GST ${escape(money(order.gst))})</td></tr></table>
<p>${paid.map(escape).join('<br>')}</p>
<p>Fernleaf</p>
</body></html>`;
    return { to: row.recipient, subject: `Your Fernleaf order ${order.number}`, text, html };
  }
  if (row.kind === 'order_cancelled') {
    const text = [greeting, '', `Your order ${order.number} has been cancelled. Anything you paid for it is returned to how you paid.`, '', 'Fernleaf'].join('\n');
    const html = `<!doctype html><html><body><p>${escape(greeting)}</p><p>Your order <strong>${escape(order.number)}</strong> has been cancelled. Anything you paid for it is returned to how you paid.</p><p>Fernleaf</p></body></html>`;
    return { to: row.recipient, subject: `Your Fernleaf order ${order.number} has been cancelled`, text, html };
  }
  return null;
}
