// The order summary (SPEC §2.6, §9.3): the lines, then the totals rows of the shared layout
// (subtotal, coupons, shipping, fees, taxes, total), every amount the server's, dimmed while a
// change that may move it is pending.

import { SaleBadge } from '../../components/CartLine';
import { lineFilters, PriceFormat, shownCoupons, totalFilters, useExtensionHost } from '../../components/extension-filters';
import { Money } from '../../components/Money';
import { TotalsItem } from '../../components/TotalsItem';
import { cartTotalsRows, lineSubtotal, type StoreCart, type TaxDisplay } from '../../core';
import { useCart } from '../../core/react/useCart';

export function OrderSummary({ cart, display }: { readonly cart: StoreCart; readonly display: TaxDisplay }) {
  const busy = useCart((s) => s.isBusy || s.isRefreshing);
  const { rows, includedTaxes } = cartTotalsRows(cart, display);
  const format = cart.totals;
  // Extensions' filters (issue 25), with WooCommerce's `summary` context for the lines.
  const host = useExtensionHost();
  const coupons = shownCoupons(host, cart);
  const total = totalFilters(host, cart, rows.find((row) => row.kind === 'total')?.label ?? 'Total');
  const rowLabel = (kind: string, key: string, label: string): string => {
    if (kind === 'total') {
      return total.label;
    }
    if (kind !== 'coupon') {
      return label;
    }
    const shown = coupons.get(key);
    return shown === undefined ? 'Discount' : shown === key ? label : `Coupon: ${shown}`;
  };
  return (
    <section className="wp-block-woocommerce-checkout-order-summary-block checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order summary
      </h2>
      <ul className="checkout-summary__items">
        {cart.items.map((item) => {
          const filters = lineFilters(host, item, 'summary', cart);
          return (
          <li key={item.key} className={`checkout-summary__item${filters.className !== '' ? ` ${filters.className}` : ''}`}>
            <span className="checkout-summary__name">
              {filters.name} <span className="checkout-summary__quantity">× {item.quantity}</span>
              {item.variation.length > 0 && (
                <span className="checkout-summary__variation">
                  {item.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}
                </span>
              )}
            </span>
            <span className="checkout-summary__price">
              <PriceFormat format={filters.totalFormat}>
                <Money amount={lineSubtotal(item.totals, display)} format={item.totals} />
              </PriceFormat>
              {filters.saleBadge && (
                <>
                  {' '}
                  <SaleBadge item={item} format={filters.saleBadgeFormat} />
                </>
              )}
            </span>
          </li>
          );
        })}
      </ul>
      <div className="checkout-summary__totals" aria-busy={busy}>
        {rows.map((row, i) => (
          <TotalsItem
            key={`${row.kind}-${row.key}-${String(i)}`}
            kind={row.kind === 'coupon' ? 'discount' : row.kind}
            label={rowLabel(row.kind, row.key, row.label)}
            {...(row.kind === 'total' && { valueFormat: total.valueFormat })}
            amount={row.amount}
            format={format}
            busy={busy}
            description={
              row.kind === 'total' && includedTaxes.length > 0 ? (
                <small className="includes_tax">
                  Including{' '}
                  {includedTaxes.map((tax, j) => (
                    <span key={`${tax.key}-${String(j)}`}>
                      {j > 0 && ', '}
                      <Money amount={tax.amount} format={format} /> {tax.label === 'Taxes' ? 'in taxes' : tax.label}
                    </span>
                  ))}
                </small>
              ) : undefined
            }
          />
        ))}
      </div>
    </section>
  );
}
