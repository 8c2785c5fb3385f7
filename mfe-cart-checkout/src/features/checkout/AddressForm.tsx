/**
 * An address form of the page's market (spec §5 rules; NZ on the NZ site, AU with its states on the
 * Australian site); the parent owns the value and decides when errors show.
 */
import { pageMarket, type CheckoutAddressInput } from '@store/contracts';
import { useMarket } from '@store/ui/market';
import { Field, Select } from '../../lib/ui';
import type { AddressField, Errors } from './validate';

export const emptyAddress = (contactName = '', phone = ''): CheckoutAddressInput => ({ company: '', contactName, country: pageMarket().country, phone, postcode: '', state: '', street1: '', street2: '', suburb: '' });

export function AddressForm({ legend, value, onChange, errors, showErrors, idPrefix }: { legend: string; value: CheckoutAddressInput; onChange: (a: CheckoutAddressInput) => void; errors: Errors<AddressField>; showErrors: boolean; idPrefix: string }) {
  const market = useMarket();
  const states = market.address.states;
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
        {states ? (
          <div>
            <Select label={market.address.stateLabel} name={`${idPrefix}-state`} autoComplete="address-level1" value={value.state ?? ''} onChange={(e) => onChange({ ...value, state: e.target.value })} aria-invalid={showErrors && errors.state ? true : undefined} aria-describedby={showErrors && errors.state ? `${idPrefix}-state-error` : undefined}>
              <option value="">Choose a {market.address.stateLabel.toLowerCase()}</option>
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </Select>
            {showErrors && errors.state ? (
              <p id={`${idPrefix}-state-error`} role="alert" css={{ color: '#a3261b', fontSize: 14, margin: '-.6rem 0 .9rem' }}>
                {errors.state}
              </p>
            ) : null}
          </div>
        ) : (
          field('state', market.address.stateLabel, { autoComplete: 'address-level1', maxLength: 50, optional: true })
        )}
        {field('postcode', 'Postcode', { autoComplete: 'postal-code', maxLength: 10, inputMode: 'numeric' })}
      </div>
      {field('phone', 'Phone', { autoComplete: 'tel', maxLength: 20, inputMode: 'tel' })}
      <p css={{ margin: 0, fontSize: 14, color: 'var(--muted)' }}>Country: {market.countryName}</p>
    </fieldset>
  );
}
