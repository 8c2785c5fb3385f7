/**
 * An address form of the page's market (the market's address rules; NZ on the NZ site, AU with its states on the
 * Australian site): the address fields of a step's form (the form layer, `@store/ui/form`), which
 * owns the values, the touched state and the submit.
 */
import { pageMarket, type CheckoutAddressInput } from '@store/contracts';
import type { FieldBinding } from '@store/ui/fields';
import { useMarket } from '@store/ui/market';
import { SelectField, TextField } from '../../../lib/ui';
import { validateAddress, type AddressField } from '../../../lib/checkout/validate';

export const emptyAddress = (contactName = '', phone = ''): CheckoutAddressInput => ({ company: '', contactName, country: pageMarket().country, phone, postcode: '', state: '', street1: '', street2: '', suburb: '' });

/** The address fields as form values (every one a string). */
export type AddressValues = Record<AddressField, string>;

export const ADDRESS_FIELDS: AddressField[] = ['contactName', 'company', 'street1', 'street2', 'suburb', 'state', 'postcode', 'phone'];

export const addressValues = (a: CheckoutAddressInput): AddressValues => Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, a[k] ?? ''])) as AddressValues;

/** The address as entered, of this site's country. */
export const addressFromValues = (values: AddressValues): CheckoutAddressInput => ({ ...Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, values[k]])), country: pageMarket().country }) as CheckoutAddressInput;

/** The address rules (validate.ts: the contracts' schemas and the market's rules) for a form holding an address. */
export const addressErrors = (values: AddressValues) => validateAddress(addressFromValues(values));

export function AddressForm({ legend, field, idPrefix }: { legend: string; field: (key: AddressField) => FieldBinding; idPrefix: string }) {
  const market = useMarket();
  const states = market.address.states;
  const text = (key: AddressField, label: string, extra: { autoComplete?: string; maxLength: number; optional?: boolean; inputMode?: 'numeric' | 'tel' }) => {
    const f = field(key);
    return <TextField id={`${idPrefix}-${key}`} label={label} f={{ ...f, name: `${idPrefix}-${key}` }} autoComplete={extra.autoComplete} maxLength={extra.maxLength} optional={extra.optional} inputMode={extra.inputMode} />;
  };
  return (
    <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
      <legend css={{ fontWeight: 700, fontSize: 17, marginBottom: '.6rem' }}>{legend}</legend>
      {/* the labels of the account's address book, so an address reads the same in both */}
      {text('contactName', 'Contact name', { autoComplete: 'name', maxLength: 100 })}
      {text('company', 'Company', { autoComplete: 'organization', maxLength: 50, optional: true })}
      {text('street1', 'Street address', { autoComplete: 'address-line1', maxLength: 50 })}
      {text('street2', 'Apartment, suite or unit', { autoComplete: 'address-line2', maxLength: 50, optional: true })}
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' }}>
        {text('suburb', 'Suburb or town', { autoComplete: 'address-level2', maxLength: 50 })}
        {states ? (
          <SelectField
            label={market.address.stateLabel}
            autoComplete="address-level1"
            announceError
            f={{ ...field('state'), name: `${idPrefix}-state` }}
            options={[{ value: '', label: `Choose a ${market.address.stateLabel.toLowerCase()}` }, ...states.map((s) => ({ value: s.code, label: s.name }))]}
          />
        ) : (
          text('state', market.address.stateLabel, { autoComplete: 'address-level1', maxLength: 50, optional: true })
        )}
        {text('postcode', 'Postcode', { autoComplete: 'postal-code', maxLength: 10, inputMode: 'numeric' })}
      </div>
      {text('phone', 'Phone', { autoComplete: 'tel', maxLength: 20, inputMode: 'tel' })}
      <p css={{ margin: 0, fontSize: 14, color: 'var(--muted)' }}>Country: {market.countryName}</p>
    </fieldset>
  );
}
