import { useEffect, useState } from 'react';
import { MESSAGES } from '../../lib/auth/messages';
import { updateAccount } from '../../lib/account';
import { Checkbox, Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { nameError, phoneError } from '../../lib/validation';
import { useAccount } from '../../lib/useAccount';

export function ContactInfoPage() {
  const loaded = useAccount(0);
  const result = loaded.data?.result;
  const account = loaded.data?.account;
  const [notice, setNotice] = useState<{ type: 'ERROR' | 'SUCCESS'; text: string } | null>(null);
  const form = useForm<{ firstName: string; lastName: string; phone: string; email: boolean; sms: boolean }>({
    defaultValues: { firstName: '', lastName: '', phone: '', email: false, sms: false },
    rules: { firstName: (v) => nameError(v, 'First name'), lastName: (v) => nameError(v, 'Last name'), phone: (v) => phoneError(v) },
  });
  const { reset } = form;
  useEffect(() => {
    if (account) {
      const c = account.customer;
      reset({ firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.subscriptions.email, sms: c.subscriptions.sms });
    }
  }, [account]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = form.handleSubmit(async (v) => {
    setNotice(null);
    const saved = await updateAccount({
      customer: { firstName: v.firstName.trim(), lastName: v.lastName.trim(), phone: v.phone.trim(), subscriptions: { email: v.email, sms: v.sms } },
    });
    setNotice(saved.result === 'SUCCESS' ? { type: 'SUCCESS', text: 'Your contact info has been saved.' } : { type: 'ERROR', text: MESSAGES.unableToSaveContact });
  });

  return (
    <section aria-labelledby="contact-heading" css={{ maxWidth: 480 }}>
      <h1 id="contact-heading" css={{ fontSize: 28, fontWeight: 400, fontFamily: 'Georgia, serif' }}>
        Contact info
      </h1>
      {loaded.status === 'loading' ? <p role="status">Loading your details…</p> : null}
      {result === 'PREPARING' ? <Notice type="INFO">We are still setting up your account. Please try again in a minute.</Notice> : null}
      {result === 'ERROR' ? <Notice type="ERROR">We were unable to load your contact info. Please try again.</Notice> : null}
      {notice ? <Notice type={notice.type}>{notice.text}</Notice> : null}
      {account ? (
        <form noValidate onSubmit={submit} aria-label="Contact info">
          <p>
            Email: <strong>{account.customer.email}</strong>
          </p>
          <TextField label="First name" autoComplete="given-name" f={form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" f={form.field('lastName')} />
          <TextField label="Phone" type="tel" optional autoComplete="tel" f={form.field('phone')} />
          <fieldset css={{ border: 0, padding: 0, margin: '0 0 1.25rem' }}>
            <legend css={{ marginBottom: '.6rem' }}>Keep me up to date</legend>
            <Checkbox label="New arrivals and offers by email" f={form.field('email')} />
            <Checkbox label="Order updates and offers by text message" f={form.field('sms')} />
          </fieldset>
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            Save contact info
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
