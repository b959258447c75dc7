// The data `/checkout/` embeds for the island (`#mercato-checkout`, written by
// crates/server/src/checkout_page/island.rs): the Store API cart, the addresses the form starts
// from, and the countries a customer may pick with what each country's locale changes. It is
// untrusted input, checked here once; everything behind it is typed.

import type { StoreCart } from '../../core';
import { isStoreCart } from '../../core/api/guards';
import { asRecord, isRecord } from '../../lib/guards';
import { ADDRESS_KEYS, type AddressKey, type AddressValues, type FieldOverride, type LocaleField } from './address/fields';

/** The id of the script element holding the island's data. */
export const EMBEDDED_CHECKOUT_ID = 'mercato-checkout';

/** A country the customer may pick. Names are plain text. */
export interface CountryInfo {
  readonly code: string;
  readonly name: string;
  /** [code, name] pairs; empty when the state is free text or unused. */
  readonly states: readonly (readonly [string, string])[];
  /** What the country's locale changes about each field. */
  readonly locale: Readonly<Partial<Record<LocaleField, FieldOverride>>>;
  /** The server's postcode rule (matched against the laid-out postcode), null without one. */
  readonly postcode: string | null;
}

/** What the island takes over from. */
export interface CheckoutPageData {
  readonly cart: StoreCart;
  readonly billingAddress: AddressValues;
  readonly shippingAddress: AddressValues;
  /** Every country either address may be in, for looking one up. */
  readonly countries: readonly CountryInfo[];
  /** The countries each address may pick (the shop's `checkout_addresses` setting). */
  readonly countriesFor: Readonly<Record<'billing' | 'shipping', readonly CountryInfo[]>>;
  readonly termsUrl: string;
  /** The saved addresses the express button orders with; null when it is not offered. */
  readonly express: { readonly billingAddress: AddressValues; readonly shippingAddress: AddressValues } | null;
}

const isText = (value: unknown): value is string => typeof value === 'string';

function overrideOf(value: unknown): FieldOverride {
  const rule = asRecord(value);
  return {
    ...(isText(rule.label) && rule.label !== '' && { label: rule.label }),
    ...(typeof rule.required === 'boolean' && { required: rule.required }),
    ...(typeof rule.hidden === 'boolean' && { hidden: rule.hidden }),
    ...(typeof rule.index === 'number' && Number.isFinite(rule.index) && { index: rule.index }),
  };
}

function countryOf(value: unknown): CountryInfo[] {
  const country = asRecord(value);
  if (!isText(country.code) || !isText(country.name)) {
    return [];
  }
  const states = Array.isArray(country.states)
    ? country.states.filter(
        (s: unknown): s is [string, string] => Array.isArray(s) && s.length === 2 && isText(s[0]) && isText(s[1]),
      )
    : [];
  const locale = Object.fromEntries(
    Object.entries(asRecord(country.locale)).map(([field, rule]) => [field, overrideOf(rule)]),
  );
  return [
    {
      code: country.code,
      name: country.name,
      states,
      locale,
      postcode: isText(country.postcode) ? country.postcode : null,
    },
  ];
}

/** An address: every field a string ('' when absent). */
export function addressOf(value: unknown): AddressValues {
  const address = asRecord(value);
  return Object.fromEntries(
    ADDRESS_KEYS.map((key: AddressKey) => [key, isText(address[key]) ? address[key] : '']),
  ) as AddressValues;
}

/** The island's data from parsed JSON; null when it holds no cart. */
export function parseCheckoutData(value: unknown): CheckoutPageData | null {
  if (!isRecord(value) || !isStoreCart(value.cart)) {
    return null;
  }
  const countries = Array.isArray(value.countries) ? value.countries.flatMap(countryOf) : [];
  // A list of codes narrows the countries; none given, every one is allowed.
  const narrowed = (codes: unknown): readonly CountryInfo[] =>
    Array.isArray(codes) ? countries.filter((country) => codes.includes(country.code)) : countries;
  return {
    cart: value.cart,
    billingAddress: addressOf(value.billingAddress),
    shippingAddress: addressOf(value.shippingAddress),
    countries,
    countriesFor: { billing: narrowed(value.billingCountries), shipping: narrowed(value.shippingCountries) },
    termsUrl: isText(value.termsUrl) && value.termsUrl !== '' ? value.termsUrl : '/terms/',
    express: isRecord(value.express)
      ? { billingAddress: addressOf(value.express.billingAddress), shippingAddress: addressOf(value.express.shippingAddress) }
      : null,
  };
}

/** The island's data embedded in `doc`, or null. */
export function readCheckoutData(doc: Document): CheckoutPageData | null {
  try {
    return parseCheckoutData(JSON.parse(doc.getElementById(EMBEDDED_CHECKOUT_ID)?.textContent ?? 'null'));
  } catch {
    return null;
  }
}
