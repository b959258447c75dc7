import { describe, expect, it } from 'vitest';
import { checkAddressField, checkEmail, fieldsFor, shownLabel } from './address/fields';
import { formatPostcode, isValidPostcode } from './address/postcode';
import { routeCheckoutError } from './errors';

// The server's rules (crates/core/src/geo/postcode.rs), as the page embeds them.
const US = String.raw`^\d{5}(-\d{4})?$`;
const GB = String.raw`^(?:[A-PR-UWYZ][A-HK-Y]?\d{1,2}|[A-PR-UWYZ]\d[A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y]\d[ABEHMNPRVWXY]) \d[ABD-HJLNP-UW-Z]{2}$|^GIR 0AA$|^BFPO \d{1,4}$`;
const JP = String.raw`^\d{3}-\d{4}$`;
const CA = String.raw`^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$`;
const NL = String.raw`^[1-9]\d{3} ?(?:[A-RT-Z][A-Z]|S[BCE-RT-Z])$`;

describe('postcodes as the server checks them', () => {
  it.each([
    ['US', '94103', true, US],
    ['US', '94103-1234', true, US],
    ['US', '941031234', true, US],
    ['US', 'ABC', false, US],
    ['US', '9410', false, US],
    ['GB', 'sw1a1aa', true, GB],
    ['GB', 'SW1A 1AA', true, GB],
    ['GB', 'bfpo 801', true, GB],
    ['GB', 'Q1A 1AA', false, GB],
    ['JP', '1234567', true, JP],
    ['JP', '123-4567', true, JP],
    ['JP', '12345678', false, JP],
    ['CA', 'k1a0b1', true, CA],
    ['CA', 'D1A 0B1', false, CA],
    ['NL', '1234 AB', true, NL],
    ['NL', '1234 SA', false, NL],
    ['DE', 'anything', true, null],
  ])('%s %s is valid: %s', (country, postcode, valid, rule) => {
    expect(isValidPostcode(country, postcode, rule)).toBe(valid);
  });

  it('lays a postcode out the way the country writes it', () => {
    expect(formatPostcode('GB', ' sw1a  1aa ')).toBe('SW1A 1AA');
    expect(formatPostcode('JP', '1234567')).toBe('123-4567');
    expect(formatPostcode('DE', '10 115')).toBe('10115');
    expect(formatPostcode('SE', 'se-11455')).toBe('SE-114 55');
  });
});

describe('address fields from the country locale', () => {
  it('labels, requires and orders the fields as the country says', () => {
    const us = fieldsFor({ state: { label: 'State' }, postcode: { label: 'ZIP Code' } });
    expect(us.map((f) => shownLabel(f))).toEqual([
      'First name',
      'Last name',
      'Company (optional)',
      'Country/Region',
      'Address',
      'Apartment, suite, etc. (optional)',
      'City',
      'State',
      'ZIP Code',
      'Phone (optional)',
    ]);
    const gb = fieldsFor({ state: { label: 'County', required: false }, postcode: { label: 'Postcode', index: 65 } });
    expect(gb.find((f) => f.key === 'state')?.required).toBe(false);
    expect(gb.map((f) => f.key).indexOf('postcode')).toBeLessThan(gb.map((f) => f.key).indexOf('city'));
  });

  it('never requires a hidden field', () => {
    const field = fieldsFor({ postcode: { hidden: true, required: true } }).find((f) => f.key === 'postcode');
    expect(field).toMatchObject({ hidden: true, required: false });
    if (field === undefined) throw new Error('no postcode');
    expect(checkAddressField(field, '', US, 'US')).toBeNull();
  });

  it('says "Please enter a valid {field}" for a missing or malformed value', () => {
    const [zip] = fieldsFor({ postcode: { label: 'ZIP Code' } }).filter((f) => f.key === 'postcode');
    if (zip === undefined) throw new Error('no postcode');
    expect(checkAddressField(zip, '  ', US, 'US')).toBe('Please enter a valid zip code');
    expect(checkAddressField(zip, 'ABC', US, 'US')).toBe('Please enter a valid zip code');
    expect(checkAddressField(zip, ' 94103 ', US, 'US')).toBeNull();
    expect(checkEmail('jane@example.com')).toBeNull();
    // The browser's own rule: the server's stricter one has the last word.
    expect(checkEmail('jane@example')).toBeNull();
    expect(checkEmail('jane')).toBe('Please enter a valid email address');
  });
});

describe('the words of a refused checkout', () => {
  it('puts each rest_invalid_param detail in its area and on its field, said once', () => {
    const routed = routeCheckoutError(
      'rest_invalid_param',
      'Invalid parameter(s): billing_address, shipping_address',
      {
        status: 400,
        details: {
          billing_address: { code: 'invalid_postcode', message: 'The provided postcode / ZIP is not valid', data: null },
          shipping_address: { code: 'invalid_postcode', message: 'The provided postcode / ZIP is not valid', data: null },
        },
      },
      true,
    );
    expect(routed.notices).toEqual([
      { id: 'billing_address_invalid_postcode', message: 'The provided postcode / ZIP is not valid', context: 'wc/checkout/shipping-address' },
    ]);
    expect(routed.fieldErrors).toEqual({ shipping_postcode: 'The provided postcode / ZIP is not valid' });
  });

  it('sends an invalid email to the contact area and the email field', () => {
    const routed = routeCheckoutError(
      'rest_invalid_param',
      'Invalid parameter(s): billing_address',
      { status: 400, details: { billing_address: { code: 'invalid_email', message: 'The provided email address is not valid', data: null } } },
      false,
    );
    expect(routed.notices[0]?.context).toBe('wc/checkout/contact-information');
    expect(routed.fieldErrors).toEqual({ billing_email: 'The provided email address is not valid' });
  });

  it('sends other codes to the checkout area', () => {
    expect(routeCheckoutError('woocommerce_rest_cart_empty', 'Cannot create order from empty cart.', { status: 400 }, true).notices).toEqual([
      { id: 'checkout', message: 'Cannot create order from empty cart.', context: 'wc/checkout' },
    ]);
  });
});
