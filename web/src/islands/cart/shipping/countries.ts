// The countries the shop ships to, with their states and how each labels and requires the
// calculator's fields, fetched once when the shopper first reaches for the calculator (the
// cart page embeds none of it: most shoppers never open the calculator). A failed fetch is
// not kept, so the next attempt asks again.

import { asRecord } from '../../../lib/guards';

/** Where the server answers (crates/server/src/cart_page/countries.rs). */
export const SHIPPING_COUNTRIES_URL = '/cart/shipping-countries.json';

/** How one country shows an address field. */
export interface FieldRule {
  label: string;
  required: boolean;
  hidden: boolean;
}

/** A country the shop ships to. Names are plain text. */
export interface ShippingCountry {
  code: string;
  name: string;
  /** [code, name] pairs; empty when the state is free text or unused. */
  states: [string, string][];
  fields: { state: FieldRule; city: FieldRule; postcode: FieldRule };
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** A field's rule: the server sends only what differs from the default (required, shown). */
function ruleOf(value: unknown, defaultLabel: string): FieldRule {
  const rule = asRecord(value);
  return {
    label: isText(rule.label) && rule.label !== '' ? rule.label : defaultLabel,
    required: typeof rule.required === 'boolean' ? rule.required : true,
    hidden: rule.hidden === true,
  };
}

/** The countries of a reply; entries that are not countries are left out. */
export function parseShippingCountries(value: unknown): ShippingCountry[] {
  const list = asRecord(value).countries;
  if (!Array.isArray(list)) {
    return [];
  }
  return list.flatMap((entry: unknown) => {
    const country = asRecord(entry);
    if (!isText(country.code) || !isText(country.name)) {
      return [];
    }
    const states = Array.isArray(country.states)
      ? country.states.filter(
          (s: unknown): s is [string, string] => Array.isArray(s) && s.length === 2 && isText(s[0]) && isText(s[1]),
        )
      : [];
    const fields = asRecord(country.fields);
    return [
      {
        code: country.code,
        name: country.name,
        states,
        fields: {
          state: ruleOf(fields.state, 'State / County'),
          city: ruleOf(fields.city, 'Town / City'),
          postcode: ruleOf(fields.postcode, 'Postcode / ZIP'),
        },
      },
    ];
  });
}

let loading: Promise<ShippingCountry[]> | null = null;

/** The countries, fetched on the first call and shared by later ones. */
export function loadShippingCountries(fetchImpl: typeof fetch = fetch): Promise<ShippingCountry[]> {
  loading ??= fetchImpl(SHIPPING_COUNTRIES_URL, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) {
        throw new Error(`The countries could not be loaded (${String(response.status)}).`);
      }
      const countries = parseShippingCountries(await response.json());
      if (countries.length === 0) {
        throw new Error('The countries could not be loaded.');
      }
      return countries;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Forgets the fetched list (tests). */
export function forgetShippingCountries(): void {
  loading = null;
}
