/** The currency fields the Store API puts beside every amount (SPEC §3.13, §3.22). */
export interface MoneyFormat {
  currency_minor_unit: number;
  currency_decimal_separator: string;
  currency_thousand_separator: string;
  currency_prefix: string;
  currency_suffix: string;
}

/**
 * Shows an amount of integer minor units ("3600") as the shop writes prices ("$36.00"):
 * value ÷ 10^minorUnit with minorUnit decimals, grouped by the thousand separator. The
 * amount is never computed here, only written out.
 */
export function formatMoney(minorUnits: string | number, format: MoneyFormat): string {
  const text = String(minorUnits).trim();
  const negative = text.startsWith('-');
  const digits = (negative ? text.slice(1) : text).replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(digits)) {
    return '';
  }
  const unit = Math.max(0, Math.trunc(format.currency_minor_unit));
  const padded = digits.padStart(unit + 1, '0');
  const whole = padded.slice(0, padded.length - unit);
  const fraction = padded.slice(padded.length - unit);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.currency_thousand_separator);
  const amount = unit > 0 ? `${grouped}${format.currency_decimal_separator}${fraction}` : grouped;
  return `${negative ? '-' : ''}${format.currency_prefix}${amount}${format.currency_suffix}`;
}
