import { GUEST_LOYALTY_KEY, type GuestLoyaltyInfo } from '@store/contracts';
import { session } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useNavigate } from 'react-router';
import { accountDetails } from '../../lib/api';
import { useSessionStatus } from '../../lib/session';
import { primaryButton, Field } from '../../lib/ui';
import { setCheckout, type Contact } from './state';
import { useCheckoutState } from './useCheckout';
import { hasErrors, validateContact, validateLoyalty, type Errors } from './validate';

/** A guest's membership is kept locally so the account can link it after sign-in (spec §3, §4). */
function keepGuestLoyalty(memberId: string, lastName: string): void {
  if (session.getState().status === 'LOGGED_IN') return;
  const info: GuestLoyaltyInfo = { memberId, lastName, createdAt: new Date().toISOString() };
  try {
    localStorage.setItem(GUEST_LOYALTY_KEY, JSON.stringify(info));
  } catch {
    // storage full or disabled: the points are still earned on this order
  }
}

/**
 * A signed-in shopper without a saved checkout contact: the account's e-mail, names and phone
 * (GET /api/account; the session's e-mail when that fails), filled into the fields still empty.
 */
function useAccountPrefill(setContact: Dispatch<SetStateAction<Contact>>, wanted: boolean): void {
  const status = useSessionStatus();
  useEffect(() => {
    if (!wanted || status !== 'LOGGED_IN') return undefined;
    let live = true;
    const email = session.getState().user?.email ?? '';
    const fill = (details: Partial<Contact>) => {
      if (live) setContact((c) => ({ ...c, ...Object.fromEntries(Object.entries(details).filter(([k, v]) => v && !c[k as keyof Contact])) }));
    };
    accountDetails().then(
      ({ customer }) => fill({ email: customer.email || email, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone ?? '' }),
      () => fill({ email }),
    );
    return () => {
      live = false;
    };
  }, [wanted, status, setContact]);
}

export function ContactStep() {
  const s = useCheckoutState();
  const navigate = useNavigate();
  const [contact, setContact] = useState<Contact>(s.contact ?? { email: '', firstName: '', lastName: '', phone: '', agreeToMarketing: false });
  const [touched, setTouched] = useState<Partial<Record<keyof Contact, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [loyalty, setLoyalty] = useState({ memberId: s.loyalty?.memberId ?? '', lastName: s.loyalty?.lastName ?? '' });
  const [loyaltyTouched, setLoyaltyTouched] = useState<{ memberId?: boolean; lastName?: boolean }>({});
  const formRef = useRef<HTMLFormElement>(null);
  useAccountPrefill(setContact, !s.contact);
  const errors: Errors<keyof Contact> = validateContact(contact);
  const loyaltyErrors = validateLoyalty(loyalty.memberId, loyalty.lastName);
  const shown = (k: keyof Contact) => ((submitted || touched[k]) && errors[k]) || null;
  const loyaltyShown = (k: 'memberId' | 'lastName') => ((submitted || loyaltyTouched[k]) && loyaltyErrors[k]) || null;
  useEffect(() => {
    document.title = 'Contact details | Checkout | Fernleaf';
    track('begin_checkout', { step: 'contact-info' });
  }, []);
  const set = (k: keyof Contact) => (e: { target: { value: string } }) => setContact((c) => ({ ...c, [k]: e.target.value }));
  const blur = (k: keyof Contact) => () => setTimeout(() => setTouched((t) => ({ ...t, [k]: true })), 300);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasErrors(errors) || hasErrors(loyaltyErrors)) {
      const first = formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"], input:invalid');
      setTimeout(() => (formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]') ?? first)?.focus(), 0);
      return;
    }
    const trimmed = { ...contact, email: contact.email.trim(), firstName: contact.firstName.trim(), lastName: contact.lastName.trim(), phone: contact.phone.trim() };
    const memberId = loyalty.memberId.replace(/\s+/g, '');
    const membership = memberId ? { memberId, lastName: loyalty.lastName.trim() } : null;
    if (membership) keepGuestLoyalty(membership.memberId, membership.lastName);
    setCheckout({ contact: trimmed, loyalty: membership });
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
      <fieldset css={{ border: '1px solid var(--line)', borderRadius: 8, padding: '.75rem 1rem 0', margin: '0 0 1.25rem' }}>
        <legend css={{ padding: '0 .25rem', fontWeight: 600 }}>Qantas Frequent Flyer (optional)</legend>
        <p css={{ margin: '0 0 .75rem', color: 'var(--muted)', fontSize: 14 }}>Earn 2 Qantas Points per $1 spent on this order.</p>
        <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }}>
          <Field
            label="Membership number"
            name="qantasMemberId"
            optional
            inputMode="numeric"
            autoComplete="off"
            value={loyalty.memberId}
            onChange={(e) => setLoyalty((l) => ({ ...l, memberId: e.target.value }))}
            onBlur={() => setTimeout(() => setLoyaltyTouched((t) => ({ ...t, memberId: true })), 300)}
            error={loyaltyShown('memberId')}
            maxLength={14}
          />
          <Field
            label="Member last name"
            name="qantasLastName"
            optional
            autoComplete="family-name"
            value={loyalty.lastName}
            onChange={(e) => setLoyalty((l) => ({ ...l, lastName: e.target.value }))}
            onBlur={() => setTimeout(() => setLoyaltyTouched((t) => ({ ...t, lastName: true })), 300)}
            error={loyaltyShown('lastName')}
            maxLength={40}
          />
        </div>
      </fieldset>
      <button type="submit" css={primaryButton}>
        Continue to delivery
      </button>
    </form>
  );
}
