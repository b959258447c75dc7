// The totals-rows cases shared with the server (crates/core/src/pricing/totals_rows_cases.json,
// also run by mercato-core's totals_rows_shared.rs): the same Store API cart gives the same
// rows (SPEC §9.3) in the browser as on the server's pages.
import { describe, expect, it } from 'vitest';
import casesText from '../../../../crates/core/src/pricing/totals_rows_cases.json?raw';
import { cartTotalsRows, type TaxDisplay, type TotalsSource } from './totals-rows';
import type { CartCoupon, CartFee, CartTotals, CurrencyInfo } from './types';

interface CaseRow {
  kind: string;
  label: string;
  amount: string;
}

interface Case {
  name: string;
  display: { taxes_enabled: boolean; including_tax: boolean; itemised: boolean };
  cart: {
    line_count: number;
    needs_shipping: boolean;
    totals: Omit<CartTotals, keyof CurrencyInfo>;
    coupons: { code: string; total_discount: string; total_discount_tax: string }[];
    fees: { key: string; name: string; total: string; total_tax: string }[];
  };
  rows: CaseRow[];
  included_taxes: CaseRow[];
}

const { cases } = JSON.parse(casesText) as { cases: Case[] };

const currency: CurrencyInfo = {
  currency_code: 'USD',
  currency_symbol: '$',
  currency_minor_unit: 2,
  currency_decimal_separator: '.',
  currency_thousand_separator: ',',
  currency_prefix: '$',
  currency_suffix: '',
};

/** The Store API cart a case stands for (the parts the rows read). */
function asSent(c: Case['cart']): TotalsSource {
  const coupons: CartCoupon[] = c.coupons.map((coupon) => ({
    code: coupon.code,
    discount_type: 'fixed_cart',
    totals: { ...currency, total_discount: coupon.total_discount, total_discount_tax: coupon.total_discount_tax },
  }));
  const fees: CartFee[] = c.fees.map((fee) => ({
    id: fee.key,
    key: fee.key,
    name: fee.name,
    totals: { ...currency, total: fee.total, total_tax: fee.total_tax },
  }));
  return {
    items: Array.from({ length: c.line_count }, (_, i) => ({ key: `line-${String(i)}` })),
    needs_shipping: c.needs_shipping,
    totals: { ...currency, ...c.totals },
    coupons,
    fees,
  };
}

const strip = (rows: { kind: string; label: string; amount: string }[]): CaseRow[] =>
  rows.map(({ kind, label, amount }) => ({ kind, label, amount }));

describe('the totals rows shared with the server', () => {
  it('has the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const display: TaxDisplay = {
      taxesEnabled: c.display.taxes_enabled,
      includingTax: c.display.including_tax,
      itemised: c.display.itemised,
    };
    const rows = cartTotalsRows(asSent(c.cart), display);
    expect(strip(rows.rows)).toEqual(c.rows);
    expect(strip(rows.includedTaxes)).toEqual(c.included_taxes);
  });
});
