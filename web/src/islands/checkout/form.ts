// The checkout form's values (a vanilla zustand store, so Place Order reads them as they are
// now) and the check of every field in page order (SPEC §4.10, §5.5): what Place Order shows
// and which field gets the focus.

import { createStore, type StoreApi } from 'zustand/vanilla';
import { ADDRESS_KEYS, checkAddressField, checkEmail, fieldsFor, type AddressKey, type AddressValues } from './address/fields';
import type { CountryInfo } from './data';
import { EMAIL_FIELD_ID } from './errors';

/** The form's values. */
export interface FormState {
  billing: AddressValues;
  shipping: AddressValues;
  /** "Use same address for billing" (only when the cart ships). */
  useSameAddress: boolean;
  customerNote: string;
  createAccount: boolean;
  password: string;
  terms: boolean;
  /** Place Order was pressed once: the error summary may show. */
  attempted: boolean;
}

export type FormStore = StoreApi<FormState>;

/** The id of the terms checkbox (and of its error). */
export const TERMS_FIELD_ID = 'terms-and-conditions';
/** The id of the account password field. */
export const PASSWORD_FIELD_ID = 'account-password';
/** SPEC §2.6: the terms must be accepted. */
export const TERMS_MESSAGE = 'Please read and accept the terms and conditions.';
export const PASSWORD_MESSAGE = 'Please enter a valid password';

/** Every address field equal (SPEC §5.6 comparison: trimmed, postcode without spaces, upper case). */
export function sameAddress(a: AddressValues, b: AddressValues): boolean {
  const norm = (key: AddressKey, value: string): string =>
    key === 'postcode' ? value.replace(/\s/g, '').toUpperCase() : value.trim();
  return ADDRESS_KEYS.filter((key) => key !== 'email').every((key) => norm(key, a[key]) === norm(key, b[key]));
}

/** Creates the form's store. */
export function createFormStore(initial: Pick<FormState, 'billing' | 'shipping'> & { needsShipping: boolean }): FormStore {
  return createStore<FormState>()(() => ({
    billing: initial.billing,
    shipping: initial.shipping,
    // SPEC §3.18: same address when every billing field equals the shipping one; a fresh
    // guest's empty addresses are equal too.
    useSameAddress: initial.needsShipping && sameAddress(initial.billing, initial.shipping),
    customerNote: '',
    createAccount: false,
    password: '',
    terms: false,
    attempted: false,
  }));
}

/** The country of `code`, if the shop sells there. */
export function countryOf(countries: readonly CountryInfo[], code: string): CountryInfo | undefined {
  return countries.find((c) => c.code === code);
}

/** One field's check. */
export interface FieldResult {
  id: string;
  message: string | null;
}

/** The address fields of `kind` checked, in the form's order. */
export function addressChecks(kind: 'billing' | 'shipping', values: AddressValues, countries: readonly CountryInfo[]): FieldResult[] {
  const country = countryOf(countries, values.country);
  return fieldsFor(country?.locale ?? {}).map((field) => {
    const id = `${kind}_${field.key}`;
    if (field.key === 'country') {
      return { id, message: country === undefined ? 'Please select a country/region' : null };
    }
    if (field.key === 'state' && country !== undefined && country.states.length > 0 && !field.hidden) {
      const known = country.states.some(([code]) => code === values.state);
      return { id, message: field.required && !known ? `Please select a ${field.label.toLowerCase()}` : null };
    }
    return { id, message: checkAddressField(field, values[field.key], country?.postcode ?? null, values.country) };
  });
}

/** Every field of the form checked, in page order. */
export function formChecks(
  state: FormState,
  countries: Readonly<Record<'billing' | 'shipping', readonly CountryInfo[]>>,
  options: { needsShipping: boolean; accountOffered: boolean },
): FieldResult[] {
  const checks: FieldResult[] = [{ id: EMAIL_FIELD_ID, message: checkEmail(state.billing.email) }];
  if (options.accountOffered && state.createAccount) {
    checks.push({ id: PASSWORD_FIELD_ID, message: state.password.trim() === '' ? PASSWORD_MESSAGE : null });
  }
  if (options.needsShipping) {
    checks.push(...addressChecks('shipping', state.shipping, countries.shipping));
  }
  if (!options.needsShipping || !state.useSameAddress) {
    checks.push(...addressChecks('billing', state.billing, countries.billing));
  }
  checks.push({ id: TERMS_FIELD_ID, message: state.terms ? null : TERMS_MESSAGE });
  return checks;
}
