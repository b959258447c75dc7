// The totals rows under a cart's lines (SPEC §9.3), laid out from the Store API cart exactly
// as the server's `CartTotals::rows` lays them out for its own pages
// (crates/core/src/pricing/totals_rows.rs). Both read the same cases
// (crates/core/src/pricing/totals_rows_cases.json: totals_rows_shared.rs and
// totals-rows.cases.test.ts), so the mini cart, the cart block and the classic page agree.
//
// Every amount is one the server sent, or the sum of a server amount and its own tax when the
// shop shows prices including tax: the same sum the server makes, in integer minor units
// (BigInt), never floating point. The one other figure is the cent a coupon's or the fees'
// separate rounding leaves, which goes to the last such row so the rows add up to the total
// the server sent, as the server's pages do.

import type { CartItemTotals, StoreCart } from './types';

/** SPEC §9.3's display settings (`taxesEnabled`, `displayCartPricesIncludingTax`, `displayItemizedTaxes`). */
export interface TaxDisplay {
  taxesEnabled: boolean;
  includingTax: boolean;
  itemised: boolean;
}

/** Which row it is. */
export type TotalsRowKind = 'subtotal' | 'coupon' | 'shipping' | 'fee' | 'tax' | 'total';

/** One row: `amount` in minor units, as a string like every Store API amount. */
export interface TotalsRow {
  kind: TotalsRowKind;
  /** "Subtotal", "Coupon: welcome10", "Gift wrap", "Fee", "CA Tax (8.25%)", "Taxes", "Total". */
  label: string;
  /** The coupon's code, the fee's key; else "". */
  key: string;
  amount: string;
}

/** The rows in the order shown, and the taxes said with the total when prices include tax. */
export interface TotalsRows {
  rows: TotalsRow[];
  includedTaxes: TotalsRow[];
}

/** What the rule reads of a cart. */
export type TotalsSource = Pick<StoreCart, 'totals' | 'coupons' | 'fees' | 'needs_shipping'> & {
  items: readonly unknown[];
};

const minor = (amount: string | null | undefined): bigint => {
  const text = (amount ?? '').trim();
  return /^-?\d+$/.test(text) ? BigInt(text) : 0n;
};

const abs = (n: bigint): bigint => (n < 0n ? -n : n);

function addToLast(rows: TotalsRow[], kind: TotalsRowKind, by: bigint): void {
  if (by === 0n) {
    return;
  }
  const last = rows.findLast((row) => row.kind === kind);
  if (last !== undefined) {
    last.amount = String(minor(last.amount) + by);
  }
}

function taxRows(cart: TotalsSource, display: TaxDisplay): TotalsRow[] {
  const totalTax = minor(cart.totals.total_tax);
  if (!display.taxesEnabled && totalTax <= 0n) {
    return [];
  }
  if (display.itemised && cart.totals.tax_lines.length > 0) {
    return cart.totals.tax_lines.map((line) => ({
      kind: 'tax',
      label: line.rate === '' ? line.name : `${line.name} (${line.rate})`,
      key: line.name,
      amount: String(minor(line.price)),
    }));
  }
  return [{ kind: 'tax', label: 'Taxes', key: '', amount: String(totalTax) }];
}

/** The totals rows of `cart` as the shop shows them. */
export function cartTotalsRows(cart: TotalsSource, display: TaxDisplay): TotalsRows {
  const t = cart.totals;
  const shown = (amount: string | null, tax: string | null): bigint =>
    display.includingTax ? minor(amount) + minor(tax) : minor(amount);
  const rows: TotalsRow[] = [
    { kind: 'subtotal', label: 'Subtotal', key: '', amount: String(shown(t.total_items, t.total_items_tax)) },
  ];
  for (const coupon of cart.coupons) {
    rows.push({
      kind: 'coupon',
      label: `Coupon: ${coupon.code}`,
      key: coupon.code,
      amount: String(-shown(coupon.totals.total_discount, coupon.totals.total_discount_tax)),
    });
  }
  let feeTax = 0n;
  for (const fee of cart.fees) {
    if (minor(fee.totals.total) === 0n && minor(fee.totals.total_tax) === 0n) {
      continue;
    }
    feeTax += minor(fee.totals.total_tax);
    rows.push({
      kind: 'fee',
      label: fee.name.trim() === '' ? 'Fee' : fee.name.trim(),
      key: fee.key,
      amount: String(shown(fee.totals.total, fee.totals.total_tax)),
    });
  }
  if (display.includingTax) {
    addToLast(rows, 'fee', minor(t.total_fees_tax) - feeTax);
  }
  if (cart.needs_shipping) {
    rows.push({ kind: 'shipping', label: 'Shipping', key: '', amount: String(shown(t.total_shipping, t.total_shipping_tax)) });
  }
  const taxes = taxRows(cart, display);
  let includedTaxes: TotalsRow[] = [];
  if (display.includingTax) {
    includedTaxes = minor(t.total_tax) > 0n ? taxes : [];
  } else {
    rows.push(...taxes);
  }
  const total = minor(t.total_price);
  const sum = rows.reduce((acc, row) => acc + minor(row.amount), 0n);
  const gap = total - sum;
  const rounding = BigInt(cart.items.length + cart.coupons.length);
  if (!(total === 0n && sum < 0n) || abs(gap) <= rounding) {
    addToLast(rows, 'coupon', gap);
  }
  rows.push({ kind: 'total', label: 'Total', key: '', amount: String(total) });
  return { rows, includedTaxes };
}

/** The subtotal as the shop shows it (with its tax when prices are shown including tax). */
export function shownSubtotal(cart: TotalsSource, display: TaxDisplay): string {
  return cartTotalsRows(cart, display).rows[0]?.amount ?? cart.totals.total_items;
}

/**
 * A line's subtotal as shown: `line_subtotal`, with `line_subtotal_tax` when prices are shown
 * including tax (the classic cart page's rule, crates/server/src/cart_page/view.rs).
 */
export function lineSubtotal(totals: Pick<CartItemTotals, 'line_subtotal' | 'line_subtotal_tax'>, display: TaxDisplay): string {
  const shown = display.includingTax ? minor(totals.line_subtotal) + minor(totals.line_subtotal_tax) : minor(totals.line_subtotal);
  return String(shown);
}
