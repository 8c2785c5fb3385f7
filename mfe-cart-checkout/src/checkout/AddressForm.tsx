/** An NZ address form (spec §5 rules); the parent owns the value and decides when errors show. */
import type { CheckoutAddressInput } from '@store/contracts';
import { Field } from '../lib/ui';
import type { AddressField, Errors } from './validate';

export const emptyAddress = (contactName = '', phone = ''): CheckoutAddressInput => ({ company: '', contactName, country: 'NZ', phone, postcode: '', state: '', street1: '', street2: '', suburb: '' });

export function AddressForm({ legend, value, onChange, errors, showErrors, idPrefix }: { legend: string; value: CheckoutAddressInput; onChange: (a: CheckoutAddressInput) => void; errors: Errors<AddressField>; showErrors: boolean; idPrefix: string }) {
  const field = (key: AddressField, label: string, extra: { autoComplete?: string; maxLength: number; optional?: boolean; inputMode?: 'numeric' | 'tel' }) => (
    <Field
      id={`${idPrefix}-${key}`}
      label={label}
      name={`${idPrefix}-${key}`}
      value={value[key] ?? ''}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      error={showErrors ? errors[key] : null}
      autoComplete={extra.autoComplete}
      maxLength={extra.maxLength}
      optional={extra.optional}
      inputMode={extra.inputMode}
    />
  );
  return (
    <fieldset css={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
      <legend css={{ fontWeight: 700, fontSize: 17, marginBottom: '.6rem' }}>{legend}</legend>
      {field('contactName', 'Full name', { autoComplete: 'name', maxLength: 100 })}
      {field('company', 'Company', { autoComplete: 'organization', maxLength: 50, optional: true })}
      {field('street1', 'Street address', { autoComplete: 'address-line1', maxLength: 50 })}
      {field('street2', 'Apartment, suite or unit', { autoComplete: 'address-line2', maxLength: 50, optional: true })}
      <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' }}>
        {field('suburb', 'Suburb or town', { autoComplete: 'address-level2', maxLength: 50 })}
        {field('state', 'Region', { autoComplete: 'address-level1', maxLength: 50, optional: true })}
        {field('postcode', 'Postcode', { autoComplete: 'postal-code', maxLength: 10, inputMode: 'numeric' })}
      </div>
      {field('phone', 'Phone', { autoComplete: 'tel', maxLength: 20, inputMode: 'tel' })}
      <p css={{ margin: 0, fontSize: 14, color: 'var(--muted)' }}>Country: New Zealand</p>
    </fieldset>
  );
}
