import type { LoyaltyLink } from '@store/contracts';
import { useState } from 'react';
import { updateAccount } from '../../lib/account';
import { Notice, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { loyaltyLastNameError, memberIdError } from '../../lib/validation';
import { useAccount } from '../../lib/useAccount';
import { Button } from '@store/ui/button';

const LINK_ERRORS: Record<string, string> = {
  LoyaltyMemberNotFound: 'We were unable to find your Qantas Frequent Flyer membership. Check the number and last name.',
  LoyaltyMemberInactive: 'Your Qantas Frequent Flyer membership is not active.',
  LoyaltyMemberAlreadyLinked: 'This Qantas Frequent Flyer membership is already linked to another account.',
};

/** /account/qantas (loyalty setting on): link or unlink a Qantas Frequent Flyer membership. */
export function QantasPage() {
  const loaded = useAccount(0);
  const result = loaded.data?.result;
  const account = loaded.data?.account;
  /** `about`: the number and name a refusal was for. */
  const [notice, setNotice] = useState<{ type: 'ERROR' | 'SUCCESS'; text: string; about?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({ defaultValues: { memberId: '', lastName: '' }, rules: { memberId: (v) => memberIdError(v), lastName: (v) => loyaltyLastNameError(v) } });
  const linked = account?.loyalty.providers.qantas;
  // a refusal is about the number and name sent: editing either takes it away
  const typed = `${form.values.memberId}|${form.values.lastName}`;
  const shown = notice && (notice.about === undefined || notice.about === typed) ? notice : null;

  const run = async (loyalty: LoyaltyLink) => {
    if (!account) return;
    setNotice(null);
    const { firstName, lastName, phone, subscriptions } = account.customer;
    const saved = await updateAccount({ customer: { firstName, lastName, phone, subscriptions }, loyalty: { qantas: loyalty } });
    if (saved.result === 'SUCCESS') {
      loaded.setData({ result: 'SUCCESS', account: saved.account });
      setNotice({ type: 'SUCCESS', text: loyalty.action === 'link' ? 'Your Qantas Frequent Flyer membership is linked.' : 'Your Qantas Frequent Flyer membership is unlinked.' });
    } else {
      const code = saved.result === 'ERROR' ? saved.code : '';
      setNotice({
        type: 'ERROR',
        text: LINK_ERRORS[code] ?? (loyalty.action === 'link' ? 'We were unable to link your membership. Please try again.' : 'We were unable to unlink your membership. Please try again.'),
        ...(loyalty.action === 'link' ? { about: typed } : {}),
      });
    }
  };

  return (
    <section aria-labelledby="qantas-heading" css={{ maxWidth: 480 }}>
      <h1 id="qantas-heading" css={{ fontSize: 28, fontWeight: 400, fontFamily: 'Georgia, serif' }}>
        Qantas Frequent Flyer
      </h1>
      <p>Earn 2 Qantas Points for every $1 you spend on orders at Fernleaf.</p>
      {loaded.status === 'loading' ? <p role="status">Loading your membership…</p> : null}
      {result === 'ERROR' || result === 'PREPARING' ? <Notice type="ERROR">We were unable to load your account. Please try again.</Notice> : null}
      {shown ? <Notice type={shown.type}>{shown.text}</Notice> : null}
      {account && linked ? (
        <div>
          <p>
            Linked membership: <strong>{linked.memberId}</strong>
          </p>
          <Button
            variant="secondary"
            css={{ background: 'transparent' }}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void run({ action: 'unlink' }).finally(() => setBusy(false));
            }}
          >
            Unlink membership
          </Button>
        </div>
      ) : null}
      {account && !linked ? (
        <form noValidate aria-label="Link your Qantas Frequent Flyer membership" onSubmit={form.handleSubmit((v) => run({ action: 'link', memberId: v.memberId.trim(), lastName: v.lastName.trim() }))}>
          <TextField label="Qantas Frequent Flyer number" inputMode="numeric" f={form.field('memberId')} />
          <TextField label="Last name on your membership" autoComplete="family-name" f={form.field('lastName')} />
          <SubmitButton busy={form.submitting} busyLabel="Linking…">
            Link membership
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
