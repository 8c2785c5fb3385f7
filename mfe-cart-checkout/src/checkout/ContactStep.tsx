import { track } from '@store/shared-events/analytics';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { primaryButton, Field } from '../lib/ui';
import { setCheckout, type Contact } from './state';
import { useCheckoutState } from './useCheckout';
import { hasErrors, validateContact, type Errors } from './validate';

export function ContactStep() {
  const s = useCheckoutState();
  const navigate = useNavigate();
  const [contact, setContact] = useState<Contact>(s.contact ?? { email: '', firstName: '', lastName: '', phone: '', agreeToMarketing: false });
  const [touched, setTouched] = useState<Partial<Record<keyof Contact, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors: Errors<keyof Contact> = validateContact(contact);
  const shown = (k: keyof Contact) => ((submitted || touched[k]) && errors[k]) || null;
  useEffect(() => {
    document.title = 'Contact details | Checkout | Fernleaf';
    track('begin_checkout', { step: 'contact-info' });
  }, []);
  const set = (k: keyof Contact) => (e: { target: { value: string } }) => setContact((c) => ({ ...c, [k]: e.target.value }));
  const blur = (k: keyof Contact) => () => setTimeout(() => setTouched((t) => ({ ...t, [k]: true })), 300);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors)) {
      const first = formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"], input:invalid');
      setTimeout(() => (formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]') ?? first)?.focus(), 0);
      return;
    }
    const trimmed = { ...contact, email: contact.email.trim(), firstName: contact.firstName.trim(), lastName: contact.lastName.trim(), phone: contact.phone.trim() };
    setCheckout({ contact: trimmed });
    navigate('/checkout/shipping');
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Contact details">
      <Field label="Email" type="email" name="email" autoComplete="email" value={contact.email} onChange={set('email')} onBlur={blur('email')} error={shown('email')} maxLength={250} />
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }}>
        <Field label="First name" name="firstName" autoComplete="given-name" value={contact.firstName} onChange={set('firstName')} onBlur={blur('firstName')} error={shown('firstName')} maxLength={20} />
        <Field label="Last name" name="lastName" autoComplete="family-name" value={contact.lastName} onChange={set('lastName')} onBlur={blur('lastName')} error={shown('lastName')} maxLength={20} />
      </div>
      <Field label="Phone" type="tel" name="phone" autoComplete="tel" value={contact.phone} onChange={set('phone')} onBlur={blur('phone')} error={shown('phone')} maxLength={20} hint="For delivery updates about this order." />
      <label css={{ display: 'flex', gap: '.5rem', alignItems: 'center', margin: '0 0 1.25rem' }}>
        <input type="checkbox" checked={contact.agreeToMarketing} onChange={(e) => setContact((c) => ({ ...c, agreeToMarketing: e.target.checked }))} />
        Email me new arrivals and offers (optional)
      </label>
      <button type="submit" css={primaryButton}>
        Continue to delivery
      </button>
    </form>
  );
}
