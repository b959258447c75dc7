import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

const USD = {
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
};

describe('formatMoney', () => {
  it.each([
    ['3600', '$36.00'],
    ['5', '$0.05'],
    ['0', '$0.00'],
    ['123456789', '$1,234,567.89'],
    ['-250', '-$2.50'],
  ])('writes %s minor units as %s', (amount, shown) => {
    expect(formatMoney(amount, USD)).toBe(shown);
  });

  it('follows the currency: no decimals, separators, suffix', () => {
    const yen = { ...USD, currency_minor_unit: 0, currency_prefix: '¥' };
    expect(formatMoney('12345', yen)).toBe('¥12,345');
    const euro = {
      currency_minor_unit: 2,
      currency_decimal_separator: ',',
      currency_thousand_separator: '.',
      currency_prefix: '',
      currency_suffix: ' €',
    };
    expect(formatMoney('123456', euro)).toBe('1.234,56 €');
  });

  it('shows nothing for what is not an amount', () => {
    expect(formatMoney('12a', USD)).toBe('');
    expect(formatMoney('', USD)).toBe('');
  });
});
