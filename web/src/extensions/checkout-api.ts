// `wc.blocksCheckout` and `wp.plugins`: checkout filters (SPEC §5.4: a filter returns the type
// it receives), checkout blocks (SPEC §5.4's checks), `extensionCartUpdate`, and slot fills.

import { createElement, useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { isElement } from '../registry/payment-methods/assertions';
import type { CheckoutFilter, ExtensionHost } from '../registry/host';
import { toCurrentElements } from './legacy-elements';

export { FILTER_TYPE_MESSAGE } from '../registry/host';

/**
 * WooCommerce's `innerBlockAreas` (the `@woocommerce/blocks-checkout` enum, WooCommerce 9.x):
 * the parents a checkout block may name. Which of them Mercato's cart and checkout render is
 * docs/extensions.md, "Checkout blocks".
 */
export const INNER_BLOCK_AREA_NAMES = {
  CHECKOUT: 'woocommerce/checkout',
  CHECKOUT_FIELDS: 'woocommerce/checkout-fields-block',
  CHECKOUT_TOTALS: 'woocommerce/checkout-totals-block',
  CONTACT_INFORMATION: 'woocommerce/checkout-contact-information-block',
  SHIPPING_ADDRESS: 'woocommerce/checkout-shipping-address-block',
  BILLING_ADDRESS: 'woocommerce/checkout-billing-address-block',
  SHIPPING_METHOD: 'woocommerce/checkout-shipping-method-block',
  SHIPPING_METHODS: 'woocommerce/checkout-shipping-methods-block',
  PICKUP_LOCATION: 'woocommerce/checkout-pickup-options-block',
  PAYMENT_METHODS: 'woocommerce/checkout-payment-methods-block',
  CART: 'woocommerce/cart',
  EMPTY_CART: 'woocommerce/empty-cart-block',
  FILLED_CART: 'woocommerce/filled-cart-block',
  CART_ITEMS: 'woocommerce/cart-items-block',
  CART_CROSS_SELLS: 'woocommerce/cart-cross-sells-block',
  CART_TOTALS: 'woocommerce/cart-totals-block',
  MINI_CART: 'woocommerce/mini-cart-contents',
  EMPTY_MINI_CART: 'woocommerce/empty-mini-cart-contents-block',
  FILLED_MINI_CART: 'woocommerce/filled-mini-cart-contents-block',
  MINI_CART_ITEMS: 'woocommerce/mini-cart-items-block',
  MINI_CART_FOOTER: 'woocommerce/mini-cart-footer-block',
  CART_ORDER_SUMMARY: 'woocommerce/cart-order-summary-block',
  CHECKOUT_ORDER_SUMMARY: 'woocommerce/checkout-order-summary-block',
} as const;

export const INNER_BLOCK_AREAS: readonly string[] = Object.values(INNER_BLOCK_AREA_NAMES);

export function createCheckoutApi(host: ExtensionHost) {
  /**
   * `registerCheckoutFilters(namespace, {filterName: (value, extensions, args) => value})`: the
   * namespace's filters (registering it again replaces them, as WooCommerce). The host skips a
   * filter that throws, returns another type than it received or fails the call site's
   * validation: for staff the error is shown, for others logged (SPEC §6).
   */
  const registerCheckoutFilters = (namespace: string, filters: Record<string, unknown>): void => {
    const fns = Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, CheckoutFilter] => typeof entry[1] === 'function'));
    host.setFilters(namespace, fns);
  };

  /** Applies a filter as WooCommerce's `applyCheckoutFilter({filterName, defaultValue, extensions, arg, validation})`. */
  const applyCheckoutFilter = ({
    filterName,
    defaultValue,
    extensions = null,
    arg = null,
    validation,
  }: {
    filterName: string;
    defaultValue: unknown;
    extensions?: unknown;
    arg?: unknown;
    validation?: (value: unknown) => unknown;
  }) => host.applyFilter(filterName, defaultValue, extensions, arg, validation === undefined ? undefined : (value) => validation(value) === true);

  /** SPEC §5.4: a parent that is an inner block area, a non-empty name, a valid element or lazy callback. */
  const registerCheckoutBlock = (options: { metadata?: { name?: unknown; parent?: unknown }; component?: unknown }): void => {
    const metadata = options.metadata ?? {};
    const parents = Array.isArray(metadata.parent) ? (metadata.parent as unknown[]) : [metadata.parent];
    if (parents.length === 0 || !parents.every((parent) => typeof parent === 'string' && INNER_BLOCK_AREAS.includes(parent))) {
      throw new Error(`Checkout blocks must have a valid parent inner block area: ${INNER_BLOCK_AREAS.join(', ')}.`);
    }
    if (typeof metadata.name !== 'string' || metadata.name === '') {
      throw new Error('blockName argument must not be empty.');
    }
    const component = options.component;
    const valid = typeof component === 'function' || isElement(component) || (typeof component === 'object' && component !== null && (component as { $$typeof?: unknown }).$$typeof === Symbol.for('react.lazy'));
    if (!valid) {
      throw new Error('Component must be a valid React Element or Lazy callback');
    }
    // A component (a function, React 18's or not) is kept as the wrapper that converts what it renders.
    const stored = typeof component === 'function' ? (toCurrentElements(createElement(component as ComponentType)) as { type: unknown }).type : toCurrentElements(component);
    host.addBlock({ metadata: { ...metadata, name: metadata.name, parent: parents as string[] }, component: stored });
  };

  /** `extensionCartUpdate({namespace, data})`: `POST /cart/extensions`; the cart it answers becomes the page's. */
  const extensionCartUpdate = async ({ namespace, data = {} }: { namespace: string; data?: Record<string, unknown> }): Promise<unknown> => {
    const runtime = host.runtime();
    if (runtime === null) {
      throw new Error('The cart is not available on this page.');
    }
    const reply = await runtime.api.request('/cart/extensions', 'POST', { namespace, data });
    if (reply.status >= 200 && reply.status < 300) {
      runtime.cart.applyServerCart(reply.body as Parameters<typeof runtime.cart.applyServerCart>[0]);
      return reply.body;
    }
    throw Object.assign(new Error(typeof (reply.body as { message?: unknown } | null)?.message === 'string' ? (reply.body as { message: string }).message : 'The cart could not be updated.'), {
      data: reply.body,
    });
  };

  let nextFill = 1;
  /** A slot's Fill: its children go to the slot of that name, where the checkout renders them with its fill props. */
  const createSlotFill = (slot: string) => {
    const Fill = ({ children }: { children?: ReactNode }) => {
      const plugin = useId();
      useEffect(() => host.setFill(slot, { id: nextFill++, plugin: `${slot} (${plugin})`, children: toCurrentElements(children) }), [children, plugin]);
      return null;
    };
    Fill.displayName = slot;
    return Object.assign(Fill, { Fill, Slot: () => null });
  };

  return {
    registerCheckoutFilters,
    __experimentalRegisterCheckoutFilters: registerCheckoutFilters,
    applyCheckoutFilter,
    __experimentalApplyCheckoutFilter: applyCheckoutFilter,
    registerCheckoutBlock,
    getRegisteredBlocks: () => [...new Set(INNER_BLOCK_AREAS.flatMap((area) => host.blocks(area)))],
    extensionCartUpdate,
    ExperimentalOrderMeta: createSlotFill('ExperimentalOrderMeta'),
    ExperimentalDiscountsMeta: createSlotFill('ExperimentalDiscountsMeta'),
    ExperimentalOrderShippingPackages: createSlotFill('ExperimentalOrderShippingPackages'),
    ExperimentalOrderLocalPickupPackages: createSlotFill('ExperimentalOrderLocalPickupPackages'),
    innerBlockAreas: INNER_BLOCK_AREA_NAMES,
    createElementForSlot: createElement,
  };
}
