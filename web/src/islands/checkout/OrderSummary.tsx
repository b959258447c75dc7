// The order summary (SPEC §2.6, §9.3): the lines, then the totals rows of the shared layout
// (subtotal, coupons, shipping, fees, taxes, total), every amount the server's, dimmed while a
// change that may move it is pending.

import { Money } from '../../components/Money';
import { TotalsItem } from '../../components/TotalsItem';
import { cartTotalsRows, lineSubtotal, type StoreCart, type TaxDisplay } from '../../core';
import { useCart } from '../../core/react/useCart';

export function OrderSummary({ cart, display }: { readonly cart: StoreCart; readonly display: TaxDisplay }) {
  const busy = useCart((s) => s.isBusy || s.isRefreshing);
  const { rows, includedTaxes } = cartTotalsRows(cart, display);
  const format = cart.totals;
  return (
    <section className="wp-block-woocommerce-checkout-order-summary-block checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order summary
      </h2>
      <ul className="checkout-summary__items">
        {cart.items.map((item) => (
          <li key={item.key} className="checkout-summary__item">
            <span className="checkout-summary__name">
              {item.name} <span className="checkout-summary__quantity">× {item.quantity}</span>
              {item.variation.length > 0 && (
                <span className="checkout-summary__variation">
                  {item.variation.map((v) => `${v.attribute}: ${v.value}`).join(', ')}
                </span>
              )}
            </span>
            <Money
              className="checkout-summary__price"
              amount={lineSubtotal(item.totals, display)}
              format={item.totals}
            />
          </li>
        ))}
      </ul>
      <div className="checkout-summary__totals" aria-busy={busy}>
        {rows.map((row, i) => (
          <TotalsItem
            key={`${row.kind}-${row.key}-${String(i)}`}
            kind={row.kind === 'coupon' ? 'discount' : row.kind}
            label={row.label}
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
