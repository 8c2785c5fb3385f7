/**
 * An order looked up by number and e-mail (each field checked by its rule): the find-an-order form
 * (`FindOrder`, POST /api/orders/lookup) and the guest return's first step (`GuestReturnPage`,
 * POST /api/returns/lookup). The caller says what to look up and gets the order (null on a failure,
 * whose message is shown under the form).
 */
import { useForm } from '@store/ui/form';
import { useState } from 'react';
import { lookupEmailError, orderNumberError } from '../checkout/validate';
import { ApiError } from '../api';
import { card, Notice, primarySize, TextField } from '../ui';
import { Button } from '@store/ui/button';

export const LOOKUP_FAILED = 'We were unable to look up your order. Please try again.';

export interface OrderLookupFormProps<T> {
  /** The form's accessible name. */
  label: string;
  defaultEmail?: string;
  lookup: (orderNumber: string, email: string) => Promise<T>;
  onFound: (order: T | null) => void;
  /** What a 404 says. */
  notFoundMessage: string;
  /** Answers whose own message is shown (e.g. 429 too many attempts); others say LOOKUP_FAILED. */
  shownStatuses: number[];
}

export function OrderLookupForm<T>({ label, defaultEmail = '', lookup, onFound, notFoundMessage, shownStatuses }: OrderLookupFormProps<T>) {
  const form = useForm({ defaultValues: { orderNumber: '', email: defaultEmail }, rules: { orderNumber: orderNumberError, email: lookupEmailError } });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async ({ orderNumber, email }) => {
    setError(null);
    try {
      onFound(await lookup(orderNumber.trim().toUpperCase(), email.trim()));
    } catch (e) {
      onFound(null);
      setError(e instanceof ApiError && e.status === 404 ? notFoundMessage : e instanceof ApiError && shownStatuses.includes(e.status) ? e.message : LOOKUP_FAILED);
    }
  });
  return (
    <>
      <form onSubmit={submit} noValidate css={[card, { maxWidth: 480, marginBottom: '1.5rem' }]} aria-label={label}>
        <TextField label="Order number" f={form.field('orderNumber')} maxLength={20} autoComplete="off" />
        <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} maxLength={250} />
        <Button type="submit" css={primarySize} disabled={form.submitting} aria-busy={form.submitting}>
          Find order
        </Button>
      </form>
      {error ? <Notice>{error}</Notice> : null}
    </>
  );
}
