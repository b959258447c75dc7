// Checkout filters where the cart and checkout apply them (issue 25, WooCommerce's
// `applyCheckoutFilter` call sites): the page's extension host through a context, a hook that
// re-renders when filters change, the line-item filters of one cart line, and the
// `<price/>` formats they return. On a page without extensions there is no host and every
// value is the default.

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { CartItem, StoreCart } from '../core/cart/types';
import { storeCartForExtensions } from '../registry/cart-shapes';
import type { ExtensionHost, FilterValidation } from '../registry/host';

/** The page's extension host, given by the cart and checkout islands (null: no extensions). */
export const ExtensionHostContext = createContext<ExtensionHost | null>(null);

const noHost = (): (() => void) => () => undefined;

/** The host of the island, re-rendering the caller when a filter is registered. */
export function useExtensionHost(): ExtensionHost | null {
  const host = useContext(ExtensionHostContext);
  useSyncExternalStore(host?.subscribe ?? noHost, () => host?.filtersVersion() ?? 0);
  return host;
}

/** `value` through the filters named `name` (the host checks the type; `T` is the default's). */
export function applyFilter<T>(
  host: ExtensionHost | null,
  name: string,
  defaultValue: T,
  extensions: unknown,
  args: unknown,
  validation?: FilterValidation,
): T {
  return host === null ? defaultValue : (host.applyFilter(name, defaultValue, extensions, args, validation) as T);
}

/** WooCommerce's `productPriceValidation`: a price format must keep `<price/>`. */
export const mustContainPrice: FilterValidation = (value) => {
  if (typeof value !== 'string' || !value.includes('<price/>')) {
    throw new Error(`Returned value must include <price/>, you passed "${String(value)}"`);
  }
  return true;
};

const PRICE = '<price/>';

/** A price format (`"<price/> per item"`): the text around `<price/>` as text, the price in its place. */
export function PriceFormat({ format, children }: { readonly format: string; readonly children: ReactNode }) {
  const at = format.indexOf(PRICE);
  if (at < 0 || format === PRICE) {
    return <>{children}</>;
  }
  return (
    <>
      {format.slice(0, at)}
      {children}
      {format.slice(at + PRICE.length)}
    </>
  );
}

/** What the line-item filters decide for one cart line. */
export interface LineFilters {
  /** `itemName`. */
  readonly name: string;
  /** `cartItemClass`: classes added to the line. */
  readonly className: string;
  /** `subtotalPriceFormat`: the unit price's format (WooCommerce uses it for the unit price). */
  readonly unitPriceFormat: string;
  /** `cartItemPrice`: the line total's format. */
  readonly totalFormat: string;
  /** `saleBadgePriceFormat`: the "Save" badge's amount format. */
  readonly saleBadgeFormat: string;
  /** `showRemoveItemLink` (the cart only; the summary has no remove link). */
  readonly showRemove: boolean;
  /**
   * Whether WooCommerce's sale badge ("Save $4.00") is shown: on pages with extensions, where
   * `saleBadgePriceFormat` formats it; the shop's own cart shows the struck-through price only.
   */
  readonly saleBadge: boolean;
}

export const DEFAULT_LINE_FILTERS: LineFilters = {
  name: '',
  className: '',
  unitPriceFormat: PRICE,
  totalFormat: PRICE,
  saleBadgeFormat: PRICE,
  showRemove: true,
  saleBadge: false,
};

/**
 * The line-item filters for `item`, as WooCommerce applies them on a cart row (`context:
 * 'cart'`) and an order summary line (`'summary'`): each filter gets the line's `extensions`
 * and `{context, cartItem, cart}` with the cart as `useStoreCart()` gives it.
 */
export function lineFilters(host: ExtensionHost | null, item: CartItem, context: 'cart' | 'summary', cart: StoreCart | null): LineFilters {
  if (host === null) {
    return { ...DEFAULT_LINE_FILTERS, name: item.name };
  }
  const arg = { context, cartItem: item, cart: storeCartForExtensions(cart) };
  const apply = <T,>(name: string, value: T, validation?: FilterValidation): T => applyFilter(host, name, value, item.extensions, arg, validation);
  return {
    name: apply('itemName', item.name),
    className: apply('cartItemClass', ''),
    unitPriceFormat: apply('subtotalPriceFormat', PRICE, mustContainPrice),
    totalFormat: apply('cartItemPrice', PRICE, mustContainPrice),
    saleBadgeFormat: apply('saleBadgePriceFormat', PRICE, mustContainPrice),
    showRemove: context === 'cart' ? apply('showRemoveItemLink', true) : true,
    saleBadge: true,
  };
}

/** The amount saved on a line (regular minus current unit price, times the quantity), in minor units; "0" when none. */
export function lineSaving(item: CartItem): string {
  const { regular_price: regular, price } = item.prices;
  if (regular === '' || price === '') {
    return '0';
  }
  const saving = (Number(regular) - Number(price)) * item.quantity;
  return Number.isFinite(saving) && saving > 0 ? String(saving) : '0';
}

/**
 * `totalLabel` and `totalValue` on the total row (cart and checkout summary): `extensions` is
 * the cart's, `args` is `{cart}` with the cart as `useStoreCart()` gives it.
 */
export function totalFilters(host: ExtensionHost | null, cart: StoreCart, label: string): { label: string; valueFormat: string } {
  if (host === null) {
    return { label, valueFormat: PRICE };
  }
  const arg = { cart: storeCartForExtensions(cart) };
  return {
    label: applyFilter(host, 'totalLabel', label, cart.extensions, arg),
    valueFormat: applyFilter(host, 'totalValue', PRICE, cart.extensions, arg, mustContainPrice),
  };
}

/**
 * The coupons shown (the `coupons` filter, `args` `{context: 'summary'}` as WooCommerce): a
 * coupon code to the label to show for it, for the coupons the filter kept; without filters,
 * every coupon under its code. A filter's list is read leniently: entries without a string
 * `code` are dropped, a missing `label` is the code.
 */
export function shownCoupons(host: ExtensionHost | null, cart: StoreCart): ReadonlyMap<string, string> {
  const coupons = cart.coupons.map((coupon) => ({ ...coupon, label: coupon.code }));
  const filtered: unknown[] = applyFilter(host, 'coupons', coupons, null, { context: 'summary' });
  const shown = new Map<string, string>();
  for (const entry of filtered) {
    if (typeof entry === 'object' && entry !== null) {
      const { code, label } = entry as { code?: unknown; label?: unknown };
      if (typeof code === 'string') {
        shown.set(code, typeof label === 'string' && label !== '' ? label : code);
      }
    }
  }
  return shown;
}

/** `showApplyCouponNotice` / `showRemoveCouponNotice`: whether the shop says a coupon was applied or removed. */
export function showCouponNotice(host: ExtensionHost | null, which: 'apply' | 'remove', couponCode: string, context: string): boolean {
  return applyFilter(host, which === 'apply' ? 'showApplyCouponNotice' : 'showRemoveCouponNotice', true, null, { couponCode, context });
}
