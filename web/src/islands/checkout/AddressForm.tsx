// An address form driven by the country's locale (SPEC §3.17): the fields in the country's
// order, labelled as it labels them, required or optional as it says, hidden fields left out
// (and blanked), the state a drop-down where the country lists its states. Changing the country
// blanks a state that does not belong to it.

import { useCallback, useMemo } from 'react';
import { checkAddressField, fieldsFor, shownLabel, type AddressFieldConfig, type AddressKey, type AddressValues } from './address/fields';
import type { CountryInfo } from './data';
import { Field } from './Field';

export interface AddressFormProps {
  readonly kind: 'billing' | 'shipping';
  readonly values: AddressValues;
  readonly countries: readonly CountryInfo[];
  /** Fields changed (several at once when the country changes). */
  readonly onChange: (changes: Partial<Record<AddressKey, string>>) => void;
  readonly onLeave: () => void;
}

function AddressField({
  kind,
  field,
  values,
  country,
  countries,
  onChange,
  onLeave,
}: {
  kind: 'billing' | 'shipping';
  field: AddressFieldConfig;
  values: AddressValues;
  country: CountryInfo | undefined;
  countries: readonly CountryInfo[];
  onChange: AddressFormProps['onChange'];
  onLeave: () => void;
}) {
  const postcodeRule = country?.postcode ?? null;
  const countryCode = values.country;
  const states = useMemo(() => country?.states ?? [], [country]);
  const check = useCallback(
    (value: string): string | null => {
      if (field.key === 'country') {
        return countries.some((c) => c.code === value) ? null : 'Please select a country/region';
      }
      if (field.key === 'state' && states.length > 0) {
        return field.required && !states.some(([code]) => code === value) ? `Please select a ${field.label.toLowerCase()}` : null;
      }
      return checkAddressField(field, value, postcodeRule, countryCode);
    },
    [field, countries, states, postcodeRule, countryCode],
  );
  const id = `${kind}_${field.key}`;
  const common = {
    id,
    label: shownLabel(field),
    value: values[field.key],
    check,
    required: field.required,
    autoComplete: `${kind} ${field.autocomplete}`,
    onLeave,
  };
  if (field.key === 'country') {
    return (
      <Field
        {...common}
        className="checkout-field--country"
        options={countries.map((c) => [c.code, c.name] as const)}
        placeholder="Select a country / region…"
        onChange={(code) => {
          // A state belongs to its country: another country's is blanked (a UK address must
          // not keep "California").
          const next = countries.find((c) => c.code === code);
          const keepsState = code === values.country || (next?.states.some(([s]) => s === values.state) ?? false);
          onChange({ country: code, ...(!keepsState && { state: '' }) });
        }}
      />
    );
  }
  if (field.key === 'state' && states.length > 0) {
    return (
      <Field
        {...common}
        options={states}
        placeholder="Select an option…"
        onChange={(value) => {
          onChange({ state: value });
        }}
      />
    );
  }
  return (
    <Field
      {...common}
      type={field.key === 'phone' ? 'tel' : 'text'}
      className={`checkout-field--${field.key}`}
      onChange={(value) => {
        onChange({ [field.key]: value });
      }}
    />
  );
}

export function AddressForm({ kind, values, countries, onChange, onLeave }: AddressFormProps) {
  const country = countries.find((c) => c.code === values.country);
  const fields = useMemo(() => fieldsFor(country?.locale ?? {}), [country]);
  return (
    <div className={`wc-block-components-address-form checkout-address checkout-address--${kind}`}>
      {fields
        .filter((field) => !field.hidden)
        .map((field) => (
          <AddressField
            key={field.key}
            kind={kind}
            field={field}
            values={values}
            country={country}
            countries={countries}
            onChange={onChange}
            onLeave={onLeave}
          />
        ))}
    </div>
  );
}
