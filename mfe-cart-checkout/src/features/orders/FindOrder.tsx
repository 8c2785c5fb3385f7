/**
 * Find an order by number and e-mail (POST /api/orders/lookup): the guest page /orders and the
 * find-an-order section of the account's orders (`./AccountOrders`, view list).
 */
import type { OrderView } from '@store/contracts';
import { useForm } from '@store/ui/form';
import { useState } from 'react';
import { lookupEmailError, orderNumberError } from '../checkout/validate';
import { ApiError, lookupOrder } from '../../lib/api';
import { card, Notice, primaryButton, TextField } from '../../lib/ui';
import { OrderDetails } from './OrderDetails';

export const FIND_ORDER_NOT_FOUND = 'We could not find an order with that number and email address.';

export function FindOrder({ defaultEmail = '' }: { defaultEmail?: string }) {
  const form = useForm({ defaultValues: { orderNumber: '', email: defaultEmail }, rules: { orderNumber: orderNumberError, email: lookupEmailError } });
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ orderNumber, email }) => {
    setError(null);
    try {
      setOrder(await lookupOrder(orderNumber.trim().toUpperCase(), email.trim()));
    } catch (e) {
      setOrder(null);
      setError(e instanceof ApiError && e.status === 404 ? FIND_ORDER_NOT_FOUND : e instanceof ApiError && e.status === 429 ? e.message : 'We were unable to look up your order. Please try again.');
    }
  });
  return (
    <>
      <form onSubmit={submit} noValidate css={[card, { maxWidth: 480, marginBottom: '1.5rem' }]} aria-label="Find an order">
        <TextField label="Order number" f={form.field('orderNumber')} maxLength={20} autoComplete="off" />
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} maxLength={250} />
        <button type="submit" css={primaryButton} disabled={form.submitting} aria-busy={form.submitting}>
          Find order
        </button>
      </form>
      {error ? <Notice>{error}</Notice> : null}
      {order ? <OrderDetails order={order} /> : null}
    </>
  );
}
