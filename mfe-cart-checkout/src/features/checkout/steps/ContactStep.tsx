import { GUEST_LOYALTY_KEY, type GuestLoyaltyInfo } from '@store/contracts';
import { session } from '@store/shared-events';
import { track } from '@store/shared-events/analytics';
import { checkboxProps, useForm } from '@store/ui/form';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { accountDetails } from '../../../lib/api';
import { useSessionStatus } from '../../../lib/session';
import { primarySize, TextField } from '../../../lib/ui';
import { setCheckout, type Contact } from '../../../lib/checkout/state';
import { useCheckoutState } from '../../../lib/checkout/useCheckout';
import { validateContact, validateLoyalty } from '../../../lib/checkout/validate';
import { Button } from '@store/ui/button';

/** A guest's membership is kept locally so the account can link it after sign-in. */
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
function useAccountPrefill(fill: (details: Partial<Contact>) => void, wanted: boolean): void {
  const status = useSessionStatus();
  useEffect(() => {
    if (!wanted || status !== 'LOGGED_IN') return undefined;
    let live = true;
    const email = session.getState().user?.email ?? '';
    accountDetails().then(
      ({ customer }) => live && fill({ email: customer.email || email, firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone ?? '' }),
      () => live && fill({ email }),
    );
    return () => {
      live = false;
    };
  }, [wanted, status]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function ContactStep() {
  const s = useCheckoutState();
  const navigate = useNavigate();
  // the step's form (values, touched, errors, submit): the contact and the optional Qantas membership; the checkout store keeps them once submitted
  const form = useForm<Contact & { qantasMemberId: string; qantasLastName: string }>({
    defaultValues: { ...(s.contact ?? { email: '', firstName: '', lastName: '', phone: '', agreeToMarketing: false }), qantasMemberId: s.loyalty?.memberId ?? '', qantasLastName: s.loyalty?.lastName ?? '' },
    rules: (values) => {
      const loyalty = validateLoyalty(values.qantasMemberId, values.qantasLastName);
      return { ...validateContact(values), qantasMemberId: loyalty.memberId, qantasLastName: loyalty.lastName };
    },
  });
  // a signed-in shopper's account details fill the fields still empty, never the one being typed in
  // (a fill landing between a select-all and the typed text would add to it)
  useAccountPrefill((details) => {
    const now = form.getValues();
    const typing = (document.activeElement as HTMLInputElement | null)?.name;
    form.setValues(Object.fromEntries(Object.entries(details).filter(([k, v]) => v && !now[k as keyof Contact] && k !== typing)));
  }, !s.contact);
  useEffect(() => {
    track('begin_checkout', { step: 'contact-info' });
  }, []);
  const submit = form.handleSubmit(({ qantasMemberId, qantasLastName, ...contact }) => {
    const trimmed = { ...contact, email: contact.email.trim(), firstName: contact.firstName.trim(), lastName: contact.lastName.trim(), phone: contact.phone.trim() };
    const memberId = qantasMemberId.replace(/\s+/g, '');
    const membership = memberId ? { memberId, lastName: qantasLastName.trim() } : null;
    if (membership) keepGuestLoyalty(membership.memberId, membership.lastName);
    setCheckout({ contact: trimmed, loyalty: membership });
    navigate('/checkout/shipping');
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Contact details">
      <TextField label="Email" type="email" autoComplete="email" f={form.field('email')} maxLength={250} />
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }}>
        <TextField label="First name" autoComplete="given-name" f={form.field('firstName')} maxLength={20} />
        <TextField label="Last name" autoComplete="family-name" f={form.field('lastName')} maxLength={20} />
      </div>
      <TextField label="Phone" type="tel" autoComplete="tel" f={form.field('phone')} maxLength={20} hint="For delivery updates about this order." />
      <label css={{ display: 'flex', gap: '.5rem', alignItems: 'center', margin: '0 0 1.25rem' }}>
        <input {...checkboxProps(form.field('agreeToMarketing'))} />
        Email me new arrivals and offers (optional)
      </label>
      <fieldset css={{ border: '1px solid var(--line)', borderRadius: 8, padding: '.75rem 1rem 0', margin: '0 0 1.25rem' }}>
        <legend css={{ padding: '0 .25rem', fontWeight: 600 }}>Qantas Frequent Flyer (optional)</legend>
        <p css={{ margin: '0 0 .75rem', color: 'var(--muted)', fontSize: 14 }}>Earn 2 Qantas Points per $1 spent on this order.</p>
        <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))' }}>
          <TextField label="Membership number" optional inputMode="numeric" autoComplete="off" f={form.field('qantasMemberId')} maxLength={14} />
          <TextField label="Member last name" optional autoComplete="family-name" f={form.field('qantasLastName')} maxLength={40} />
        </div>
      </fieldset>
      <Button type="submit" css={primarySize} disabled={form.submitting}>
        Continue to delivery
      </Button>
    </form>
  );
}
