import { describe, expect, it } from 'vitest';
import { parseShippingCountries } from './countries';

describe('parseShippingCountries', () => {
  it('fills in the default rule where the server sends only the differences', () => {
    const [us, gb] = parseShippingCountries({
      countries: [
        { code: 'US', name: 'United States (US)', states: [['CA', 'California']], fields: { state: { label: 'State' }, city: {}, postcode: { label: 'ZIP Code' } } },
        { code: 'GB', name: 'United Kingdom (UK)', states: [], fields: { state: { label: 'County', required: false }, city: {}, postcode: { label: 'Postcode' } } },
      ],
    });
    expect(us?.fields).toEqual({
      state: { label: 'State', required: true, hidden: false },
      city: { label: 'Town / City', required: true, hidden: false },
      postcode: { label: 'ZIP Code', required: true, hidden: false },
    });
    expect(us?.states).toEqual([['CA', 'California']]);
    expect(gb?.fields.state).toEqual({ label: 'County', required: false, hidden: false });
  });

  it('leaves out entries that are not countries, and reads anything else as no countries', () => {
    expect(parseShippingCountries({ countries: [{ code: 1 }, { code: 'FR', name: 'France', states: [['x']] }] })).toEqual([
      {
        code: 'FR',
        name: 'France',
        states: [],
        fields: {
          state: { label: 'State / County', required: true, hidden: false },
          city: { label: 'Town / City', required: true, hidden: false },
          postcode: { label: 'Postcode / ZIP', required: true, hidden: false },
        },
      },
    ]);
    expect(parseShippingCountries('nope')).toEqual([]);
  });
});
