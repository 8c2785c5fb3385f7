/**
 * Find an order by number and e-mail (POST /api/orders/lookup): the guest page /orders and the
 * find-an-order section of the account's orders (`./AccountOrders`, view list).
 */
import type { OrderView } from '@store/contracts';
import { useState, type FormEvent } from 'react';
import { lookupEmailError, orderNumberError } from '../checkout/validate';
import { ApiError, lookupOrder } from '../../lib/api';
import { card, Field, Notice, primaryButton } from '../../lib/ui';
import { OrderDetails } from './OrderDetails';

export const FIND_ORDER_NOT_FOUND = 'We could not find an order with that number and email address.';

export function FindOrder({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [submitted, setSubmitted] = useState(false);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const numberError = orderNumberError(number);
  const emailError = lookupEmailError(email);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (numberError || emailError) return;
    setLoading(true);
    setError(null);
    try {
      setOrder(await lookupOrder(number.trim().toUpperCase(), email.trim()));
    } catch (e) {
      setOrder(null);
      setError(e instanceof ApiError && e.status === 404 ? FIND_ORDER_NOT_FOUND : e instanceof ApiError && e.status === 429 ? e.message : 'We were unable to look up your order. Please try again.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <form onSubmit={(e) => void submit(e)} noValidate css={[card, { maxWidth: 480, marginBottom: '1.5rem' }]} aria-label="Find an order">
        <Field label="Order number" name="orderNumber" value={number} onChange={(e) => setNumber(e.target.value)} error={submitted ? numberError : null} maxLength={20} autoComplete="off" />
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={submitted ? emailError : null} maxLength={250} />
        <button type="submit" css={primaryButton} disabled={loading} aria-busy={loading}>
          Find order
        </button>
      </form>
      {error ? <Notice>{error}</Notice> : null}
      {order ? <OrderDetails order={order} /> : null}
    </>
  );
}
