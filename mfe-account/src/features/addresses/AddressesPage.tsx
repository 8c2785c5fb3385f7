import { addressProblem, type AccountAddress, type AccountAddressesResponse } from '@store/contracts';
import { DUPLICATE_ADDRESS_MESSAGE, samePlace } from '@store/contracts/address-match';
import { useMarket } from '@store/ui/market';
import { useLoad } from '@store/ui/load';
import { useState } from 'react';
import { asAccountUpdate } from '../../lib/account';
import { accountAddresses, ApiError, deleteAddress, saveAddress, type AddressWrite } from '../../lib/api';
import { Checkbox, Notice, SelectField, SubmitButton, TextField } from '../../lib/ui';
import { useForm } from '@store/ui/form';
import { addressPartError, contactNameError, phoneError, postcodeError } from '../../lib/validation';
import { Button } from '@store/ui/button';

const EMPTY = { contactName: '', company: '', street1: '', street2: '', suburb: '', state: '', postcode: '', phone: '', isDefaultShipping: false, isDefaultBilling: false };
type Values = typeof EMPTY;

/** The form's labels of the fields the API names in a 400. */
const FIELD_LABELS: Record<string, string> = { contactName: 'Contact name', company: 'Company', street1: 'Street address', street2: 'Apartment, suite or unit', suburb: 'Suburb or town', state: 'State', postcode: 'Postcode', phone: 'Phone', country: 'Country' };

/** What a refused save says: the API's reasons by the form's labels ("Street address: This address is already in your address book."). */
function refusal(error: unknown): string {
  const issues = error instanceof ApiError && error.status === 400 && Array.isArray(error.body.issues) ? (error.body.issues as { field?: unknown; reason?: unknown }[]) : [];
  const lines = issues.filter((i) => typeof i.reason === 'string').map((i) => `${FIELD_LABELS[String(i.field)] ?? 'Address'}: ${String(i.reason).replace(/\.?$/, '.')}`);
  return lines.length > 0 ? lines.join(' ') : 'We were unable to save this address. Please try again.';
}

/**
 * `others`: the rest of the address book. The same place again (`samePlace`: spaces, case and
 * abbreviations aside, a state by code or name) is refused here on the street, as the API refuses it.
 */
function AddressForm({ initial, onSaved, onCancel, id, others }: { initial: Values; onSaved: (r: AccountAddressesResponse) => void; onCancel: () => void; id?: string; others: AccountAddress[] }) {
  const [error, setError] = useState<string | null>(null);
  // the address book of this site's market: NZ addresses on the NZ site, AU on the Australian site
  const market = useMarket();
  const states = market.address.states;
  const form = useForm<Values>({
    defaultValues: initial,
    rules: {
      contactName: (v) => contactNameError(v),
      company: (v) => addressPartError(v, 50, 'Company'),
      street1: (v, all) => addressPartError(v, 50, 'Street address', true) ?? (others.some((o) => samePlace(all, o)) ? DUPLICATE_ADDRESS_MESSAGE : null),
      street2: (v) => addressPartError(v, 50, 'Apartment, suite or unit'),
      suburb: (v) => addressPartError(v, 50, 'Suburb or town', true),
      // the state select lists the states: its error does not list them again
      state: (v) => (states ? (addressProblem(market, { postcode: '0000', state: v }) ? `Choose the ${market.address.stateLabel.toLowerCase()} this address is in.` : null) : addressPartError(v, 50, 'Region')),
      postcode: (v) => postcodeError(v, market.address.postcodeMessage),
      phone: (v) => phoneError(v),
    },
  });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    const body = { ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])), country: market.country, ...(states ? { state: v.state.trim().toUpperCase() } : {}) };
    try {
      onSaved(await asAccountUpdate(saveAddress(body as AddressWrite, id)));
    } catch (failure) {
      setError(refusal(failure));
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label={id ? 'Edit address' : 'Add an address'} css={{ maxWidth: 480, marginTop: '1.5rem' }}>
      {error ? <Notice type="ERROR">{error}</Notice> : null}
      <TextField label="Contact name" autoComplete="name" f={form.field('contactName')} />
      <TextField label="Company" optional autoComplete="organization" f={form.field('company')} />
      <TextField label="Street address" autoComplete="address-line1" f={form.field('street1')} />
      {/* the labels of checkout's address form, so an address reads the same in both */}
      <TextField label="Apartment, suite or unit" optional autoComplete="address-line2" f={form.field('street2')} />
      <TextField label="Suburb or town" autoComplete="address-level2" f={form.field('suburb')} />
      {states ? (
        // the same state select as the checkout's address form
        <SelectField label={market.address.stateLabel} autoComplete="address-level1" options={[{ value: '', label: `Choose a ${market.address.stateLabel.toLowerCase()}` }, ...states.map((st) => ({ value: st.code, label: st.name }))]} f={form.field('state')} />
      ) : (
        <TextField label={market.address.stateLabel} optional autoComplete="address-level1" f={form.field('state')} />
      )}
      <TextField label="Postcode" inputMode="numeric" autoComplete="postal-code" f={form.field('postcode')} />
      <p css={{ margin: '0 0 1rem' }}>Country: {market.countryName}</p>
      <TextField label="Phone" type="tel" optional autoComplete="tel" f={form.field('phone')} />
      <Checkbox label="Default delivery address" f={form.field('isDefaultShipping')} />
      <Checkbox label="Default billing address" f={form.field('isDefaultBilling')} />
      <div css={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
        <div css={{ flex: 1 }}>
          <SubmitButton busy={form.submitting} busyLabel="Saving…">
            Save address
          </SubmitButton>
        </div>
        <Button variant="secondary" css={{ background: 'transparent' }} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export function AddressesPage() {
  const market = useMarket();
  const book = useLoad('account-addresses', () => accountAddresses().then((r): AccountAddress[] => r.addresses));
  const addresses = book.data ?? null;
  const [editing, setEditing] = useState<AccountAddress | 'new' | null>(null);
  const [notice, setNotice] = useState<{ type: 'ERROR' | 'SUCCESS'; text: string } | null>(null);

  const saved = (r: AccountAddressesResponse) => {
    book.setData(r.addresses);
    setEditing(null);
    setNotice({ type: 'SUCCESS', text: 'Your address book has been updated.' });
  };
  const act = async (run: () => Promise<AccountAddressesResponse>) => {
    setNotice(null);
    try {
      saved(await asAccountUpdate(run()));
    } catch {
      setNotice({ type: 'ERROR', text: 'We were unable to update your address book. Please try again.' });
    }
  };
  const makeDefault = (a: AccountAddress) => {
    const { id, type: _type, ...rest } = a;
    return act(() => saveAddress({ ...(rest as AddressWrite), isDefaultBilling: true, isDefaultShipping: true }, id));
  };

  return (
    <section aria-labelledby="addresses-heading">
      <h1 id="addresses-heading" css={{ fontSize: 28, fontWeight: 400, fontFamily: 'Georgia, serif' }}>
        Addresses
      </h1>
      <p css={{ color: 'var(--muted)' }}>{market.id === 'NZ' ? 'We deliver to New Zealand addresses.' : `We deliver to addresses in ${market.countryName}.`}</p>
      {book.status === 'loading' ? <p role="status">Loading your addresses…</p> : null}
      {book.status === 'error' ? <Notice type="ERROR">We were unable to load your addresses. Please try again.</Notice> : null}
      {notice ? <Notice type={notice.type}>{notice.text}</Notice> : null}
      {addresses && addresses.length === 0 ? <p>You have no saved addresses yet.</p> : null}
      {addresses && addresses.length > 0 ? (
        <ul css={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          {addresses.map((a) => (
            <li key={a.id} css={{ border: '1px solid var(--line)', borderRadius: 12, padding: '1rem' }}>
              <address css={{ fontStyle: 'normal', lineHeight: 1.5 }}>
                <strong>{a.contactName}</strong>
                {a.company ? <div>{a.company}</div> : null}
                <div>{a.street1}</div>
                {a.street2 ? <div>{a.street2}</div> : null}
                <div>
                  {a.suburb}
                  {a.state ? `, ${a.state}` : ''} {a.postcode}
                </div>
                <div>{market.countryName}</div>
                {a.phone ? <div>{a.phone}</div> : null}
              </address>
              <p css={{ color: 'var(--forest)', fontSize: 14 }}>
                {[a.isDefaultShipping ? 'Default delivery' : '', a.isDefaultBilling ? 'Default billing' : ''].filter(Boolean).join(' · ')}
              </p>
              <div css={{ display: 'flex', gap: '1rem', flexWrap: 'wrap' }}>
                <Button variant="link" onClick={() => setEditing(a)} aria-label={`Edit ${a.street1}`}>
                  Edit
                </Button>
                {!(a.isDefaultShipping && a.isDefaultBilling) ? (
                  <Button variant="link" onClick={() => void makeDefault(a)} aria-label={`Make default: ${a.street1}`}>
                    Make default
                  </Button>
                ) : null}
                <Button variant="link" onClick={() => void act(() => deleteAddress(a.id))} aria-label={`Delete ${a.street1}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          id={editing === 'new' ? undefined : editing.id}
          initial={editing === 'new' ? EMPTY : { ...EMPTY, ...Object.fromEntries(Object.entries(editing).filter(([k]) => k in EMPTY)) }}
          onSaved={saved}
          onCancel={() => setEditing(null)}
          others={(addresses ?? []).filter((a) => editing === 'new' || a.id !== editing.id)}
        />
      ) : book.status === 'ready' ? (
        <Button onClick={() => setEditing('new')}>
          Add an address
        </Button>
      ) : null}
    </section>
  );
}
