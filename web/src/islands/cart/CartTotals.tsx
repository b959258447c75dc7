import { useRef } from 'react';
import { applyFilter, showCouponNotice, shownCoupons, totalFilters, useExtensionHost } from '../../components/extension-filters';
import { ExtensionSlot } from '../../components/ExtensionSlot';
import { InnerBlockArea } from '../../components/InnerBlockArea';
import { Money } from '../../components/Money';
import { RemovableChip } from '../../components/RemovableChip';
import { TotalsItem } from '../../components/TotalsItem';
import { cartTotalsRows, type StoreCart, type TaxDisplay, type TotalsRow } from '../../core';
import { cartForExtensions } from '../../registry/cart-shapes';
import { useCart, useCartRuntime } from '../../core/react/useCart';
import { escapeHtml, useCartReport } from './report';
import { CartShipping } from './shipping/CartShipping';

interface CartTotalsProps {
  /** The cart shown (the server's, with the shopper's pending quantities). */
  readonly cart: StoreCart;
  readonly display: TaxDisplay;
  readonly checkoutUrl: string;
}

/**
 * The cart totals (SPEC §2.5 cart totals and order summary, §9.3 rows): subtotal, a row per
 * coupon with its removable chip, the discounts-meta slot, the shipping part, fees, taxes
 * (one row or itemised), the total, the order-meta slot; then Proceed to checkout and the
 * express payment area. Every amount is the server's; the whole summary is dimmed
 * (`aria-busy`) while a change is pending, so it never passes off an old figure as new.
 */
export function CartTotals({ cart, display, checkoutUrl }: CartTotalsProps) {
  const busy = useCart((s) => s.isBusy || s.isRefreshing);
  const store = useCartRuntime().cart;
  const report = useCartReport();
  const removing = useCart((s) => s.pendingIntents.filter((key) => key.startsWith('coupon:remove:')).join('\n'));
  const heading = useRef<HTMLHeadingElement>(null);
  const { rows, includedTaxes } = cartTotalsRows(cart, display);
  const format = cart.totals;
  const of = (kind: TotalsRow['kind']) => rows.filter((row) => row.kind === kind);
  const total = of('total')[0];
  const host = useExtensionHost();
  const coupons = shownCoupons(host, cart);
  const totalShown = totalFilters(host, cart, total?.label ?? 'Total');
  const storeCart = cartForExtensions(cart);
  const proceedLabel = applyFilter(host, 'proceedToCheckoutButtonLabel', 'Proceed to checkout', null, { cart: storeCart });
  const proceedLink = applyFilter(host, 'proceedToCheckoutButtonLink', checkoutUrl, null, { cart: storeCart });
  const fillProps = { cart: storeCart, extensions: cart.extensions, context: 'woocommerce/cart' };

  const removeCoupon = (code: string) => {
    // The chip leaves with the coupon: keep the keyboard in the summary.
    heading.current?.focus();
    store
      .removeCoupon(code)
      .then(() => {
        if (showCouponNotice(host, 'remove', code, 'wc/cart')) {
          report.snackbar(`Coupon code &ldquo;${escapeHtml(code)}&rdquo; has been removed from your cart.`, `coupon-removed-${code}`);
        }
      }, report.failed);
  };

  return (
    <section
      className="cart_totals wp-block-woocommerce-cart-totals-block wc-block-cart__sidebar"
      data-cart-area="cart-totals"
      aria-labelledby="cart-totals-title"
    >
      <h2 id="cart-totals-title" ref={heading} tabIndex={-1}>
        Cart totals
      </h2>
      <div className="wp-block-woocommerce-cart-order-summary-block order-summary" data-cart-area="cart-order-summary" aria-busy={busy}>
        {of('subtotal').map((row) => (
          <TotalsItem key="subtotal" kind="subtotal" label={row.label} amount={row.amount} format={format} />
        ))}
        {of('coupon').map((row) => {
          // A coupon the `coupons` filter leaves out keeps its amount, as "Discount" without its chip.
          const shown = coupons.get(row.key);
          return (
          <TotalsItem
            key={`coupon-${row.key}`}
            kind="discount"
            label={shown === undefined ? 'Discount' : shown === row.key ? row.label : `Coupon: ${shown}`}
            amount={row.amount}
            format={format}
            description={
              shown === undefined ? undefined : <RemovableChip
                text={shown}
                disabled={removing.split('\n').includes(`coupon:remove:${row.key}`)}
                onRemove={() => {
                  removeCoupon(row.key);
                }}
              />
            }
          />
          );
        })}
        <div className="wc-block-components-totals-wrapper slot-wrapper" data-slot="discounts-meta">
          <ExtensionSlot host={host} name="ExperimentalDiscountsMeta" fillProps={fillProps} className="wc-block-components-discounts-meta" />
        </div>
        {cart.needs_shipping && (
          <div className="wc-block-components-totals-shipping totals-shipping">
            <CartShipping cart={cart} />
          </div>
        )}
        {of('fee').map((row) => (
          <TotalsItem key={`fee-${row.key}`} kind="fee" label={row.label} amount={row.amount} format={format} />
        ))}
        {of('tax').map((row, i) => (
          <TotalsItem key={`tax-${String(i)}`} kind="tax" label={row.label} amount={row.amount} format={format} />
        ))}
        {total !== undefined && (
          <TotalsItem
            kind="total"
            label={totalShown.label}
            amount={total.amount}
            format={format}
            valueFormat={totalShown.valueFormat}
            description={
              includedTaxes.length > 0 ? (
                <small className="includes_tax">
                  Including{' '}
                  {includedTaxes.map((tax, i) => (
                    <span key={`${tax.key}-${String(i)}`}>
                      {i > 0 && ', '}
                      <Money amount={tax.amount} format={format} /> {tax.label === 'Taxes' ? 'in taxes' : tax.label}
                    </span>
                  ))}
                </small>
              ) : undefined
            }
          />
        )}
        <div className="wc-block-components-totals-wrapper slot-wrapper" data-slot="order-meta">
          <ExtensionSlot host={host} name="ExperimentalOrderMeta" fillProps={fillProps} />
        </div>
        <InnerBlockArea area="woocommerce/cart-order-summary-block" cart={cart} />
      </div>
      <div className="wc-proceed-to-checkout wp-block-woocommerce-proceed-to-checkout-block">
        <a href={proceedLink} className="checkout-button button alt wc-forward button--primary wc-block-cart__submit-button">
          {proceedLabel}
        </a>
      </div>
      <div className="wp-block-woocommerce-cart-express-payment-block wc-block-cart__payment-options" data-slot="express-payment" />
      <InnerBlockArea area="woocommerce/cart-totals-block" cart={cart} />
    </section>
  );
}
