// The address form of a country (SPEC §3.17): the block checkout's default fields, with what
// the country's locale changes (label, required, hidden, order), and the check of one value
// (SPEC §5.5, §5.7, §8.6). Pure functions: the form and the tests use the same rules.

import { invalidFieldMessage } from '../../../core/validation/field';
import { isValidPostcode } from './postcode';

/** The fields of an address, email included (billing only). */
export const ADDRESS_KEYS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
  'country',
  'email',
  'phone',
] as const;

export type AddressKey = (typeof ADDRESS_KEYS)[number];

/** An address as the form holds it. */
export type AddressValues = Readonly<Record<AddressKey, string>>;

/** The fields a country's locale may change (the country itself and the email are fixed). */
export type LocaleField = Exclude<AddressKey, 'country' | 'email'>;

/** What a locale changes about a field. */
export interface FieldOverride {
  readonly label?: string;
  readonly required?: boolean;
  readonly hidden?: boolean;
  /** Sort key: lower comes first. */
  readonly index?: number;
}

/** One field as the form shows it. */
export interface AddressFieldConfig {
  readonly key: Exclude<AddressKey, 'email'>;
  readonly label: string;
  readonly required: boolean;
  readonly hidden: boolean;
  readonly index: number;
  readonly autocomplete: string;
}

/** The block checkout's default fields (WooCommerce's labels for its block forms). */
const DEFAULTS: readonly AddressFieldConfig[] = [
  { key: 'first_name', label: 'First name', required: true, hidden: false, index: 10, autocomplete: 'given-name' },
  { key: 'last_name', label: 'Last name', required: true, hidden: false, index: 20, autocomplete: 'family-name' },
  { key: 'company', label: 'Company', required: false, hidden: false, index: 30, autocomplete: 'organization' },
  { key: 'country', label: 'Country/Region', required: true, hidden: false, index: 40, autocomplete: 'country' },
  { key: 'address_1', label: 'Address', required: true, hidden: false, index: 50, autocomplete: 'address-line1' },
  { key: 'address_2', label: 'Apartment, suite, etc.', required: false, hidden: false, index: 60, autocomplete: 'address-line2' },
  { key: 'city', label: 'City', required: true, hidden: false, index: 70, autocomplete: 'address-level2' },
  { key: 'state', label: 'State/County', required: true, hidden: false, index: 80, autocomplete: 'address-level1' },
  { key: 'postcode', label: 'Postal code', required: true, hidden: false, index: 90, autocomplete: 'postal-code' },
  { key: 'phone', label: 'Phone', required: false, hidden: false, index: 100, autocomplete: 'tel' },
];

/** The country's fields, in order: defaults with its overrides; a hidden field is never required. */
export function fieldsFor(locale: Readonly<Partial<Record<LocaleField, FieldOverride>>>): AddressFieldConfig[] {
  return DEFAULTS.map((field) => {
    const override = field.key === 'country' ? undefined : locale[field.key];
    const hidden = override?.hidden ?? field.hidden;
    return {
      ...field,
      label: override?.label ?? field.label,
      hidden,
      required: !hidden && (override?.required ?? field.required),
      index: override?.index ?? field.index,
    };
  })
    .map((field, order) => ({ field, order }))
    .sort((a, b) => a.field.index - b.field.index || a.order - b.order)
    .map(({ field }) => field);
}

/** The label a field shows: "Phone (optional)" when it may be left empty (SPEC §3.17). */
export function shownLabel(field: Pick<AddressFieldConfig, 'label' | 'required'>): string {
  return field.required ? field.label : `${field.label} (optional)`;
}

// What a browser's `type=email` accepts (the HTML standard's rule, SPEC §5.5's native check).
// The server's rule is WordPress's stricter is_email (a dot in the domain): it has the last word.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const PHONE = /^[+]?[\d\s().-]{3,}$/;

/** A check of one value: null when valid, else the message (SPEC §5.5, §8.6). */
export type ValueCheck = string | null;

/** Checks the email (trimmed). */
export function checkEmail(value: string, label = 'Email address'): ValueCheck {
  const trimmed = value.trim();
  return trimmed === '' || !EMAIL.test(trimmed) ? invalidFieldMessage(label) : null;
}

/** Checks one address field of `country` (its postcode rule given), trimmed first. */
export function checkAddressField(
  field: Pick<AddressFieldConfig, 'key' | 'label' | 'required' | 'hidden'>,
  value: string,
  postcodeRule: string | null,
  country: string,
): ValueCheck {
  if (field.hidden) {
    return null;
  }
  const trimmed = value.trim();
  if (trimmed === '') {
    return field.required ? invalidFieldMessage(field.label) : null;
  }
  if (field.key === 'postcode' && !isValidPostcode(country, trimmed, postcodeRule)) {
    return invalidFieldMessage(field.label);
  }
  if (field.key === 'phone' && !PHONE.test(trimmed)) {
    return invalidFieldMessage(field.label);
  }
  return null;
}
