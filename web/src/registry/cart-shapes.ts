// What the cart and checkout hand extensions, light enough for the cart island's chunk (the
// extension host itself, src/registry/host.ts, is loaded only on pages with extensions): the
// page's extension names and the shapes of the cart that WooCommerce's stores, filters, slots
// and blocks give out.

import type { StoreCart } from '../core/cart/types';
import { getSetting } from '../core/settings';

/**
 * The page's extension names: the `extensions` setting of `#mercato-settings` (a list of
 * strings). The globals chunk is loaded only when it is not empty (web/README.md).
 */
export function pageExtensions(doc: Document): readonly string[] {
  const names = getSetting<unknown[]>('extensions', [], (v): v is unknown[] => Array.isArray(v), doc);
  return names.filter((name): name is string => typeof name === 'string' && name !== '');
}

/** `snake_case` → `camelCase`. */
function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The cart as WooCommerce's `wc/store/cart` store and slot fills hand it out: the Store API
 * cart with its top-level keys in camelCase (`shippingAddress`, `needsShipping`...), the
 * nested objects as they came (`shippingAddress.first_name`).
 */
export function cartForExtensions(cart: unknown): Record<string, unknown> {
  if (typeof cart !== 'object' || cart === null) {
    return {};
  }
  return Object.fromEntries(Object.entries(cart).map(([key, value]) => [camelCase(key), value as unknown]));
}

/**
 * The cart as WooCommerce's `useStoreCart()` hands it to checkout filters (`args.cart`),
 * checkout blocks and the shipping slots: `cartItems`, `cartTotals`, `cartCoupons`,
 * `cartNeedsShipping`..., besides the Store API's keys in camelCase (`items`, `totals`...).
 */
export function storeCartForExtensions(cart: StoreCart | null): Record<string, unknown> {
  if (cart === null) {
    return {};
  }
  return {
    // The Store API's keys in camelCase too, as `getCartData()` gives them.
    ...cartForExtensions(cart),
    cartCoupons: cart.coupons,
    cartItems: cart.items,
    crossSellsProducts: cart.cross_sells,
    cartFees: cart.fees,
    cartItemsCount: cart.items_count,
    cartItemsWeight: cart.items_weight,
    cartNeedsPayment: cart.needs_payment,
    cartNeedsShipping: cart.needs_shipping,
    cartItemErrors: cart.errors,
    cartTotals: cart.totals,
    cartIsLoading: false,
    cartErrors: [],
    billingAddress: cart.billing_address,
    billingData: cart.billing_address,
    shippingAddress: cart.shipping_address,
    shippingRates: cart.shipping_rates,
    isLoadingRates: false,
    cartHasCalculatedShipping: cart.has_calculated_shipping,
    paymentMethods: cart.payment_methods,
    paymentRequirements: cart.payment_requirements,
    extensions: cart.extensions,
  };
}

/** The cart as fills and checkout blocks get it: `storeCartForExtensions` without `extensions` (given apart). */
export function slotCartForExtensions(cart: StoreCart | null): Record<string, unknown> {
  return Object.fromEntries(Object.entries(storeCartForExtensions(cart)).filter(([key]) => key !== 'extensions'));
}
