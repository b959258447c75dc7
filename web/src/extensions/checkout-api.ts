// `wc.blocksCheckout` and `wp.plugins`: checkout filters (SPEC §5.4: a filter returns the type
// it receives), checkout blocks (SPEC §5.4's checks), `extensionCartUpdate`, and slot fills.

import { createElement, useEffect, useId, type ReactNode } from 'react';
import { isElement } from '../registry/payment-methods/assertions';
import type { ExtensionHost } from '../registry/host';
import { toCurrentElements } from './legacy-elements';

/** SPEC §8.5. */
export const FILTER_TYPE_MESSAGE = 'The type returned by checkout filters must be the same as the type they receive.';

/** The inner block areas a checkout block may name as its parent (WooCommerce's). */
export const INNER_BLOCK_AREAS = [
  'woocommerce/checkout-fields-block',
  'woocommerce/checkout-totals-block',
  'woocommerce/checkout-contact-information-block',
  'woocommerce/checkout-shipping-address-block',
  'woocommerce/checkout-billing-address-block',
  'woocommerce/checkout-shipping-methods-block',
  'woocommerce/checkout-payment-methods-block',
  'woocommerce/checkout-order-summary-block',
  'woocommerce/cart-items-block',
  'woocommerce/cart-totals-block',
  'woocommerce/cart-order-summary-block',
  'woocommerce/mini-cart-contents',
] as const;

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** A block registered into the checkout. */
export interface CheckoutBlock {
  readonly metadata: { readonly name: string; readonly parent: readonly string[] };
  readonly component: unknown;
}

export function createCheckoutApi(host: ExtensionHost) {
  const blocks = new Map<string, CheckoutBlock>();

  /**
   * `registerCheckoutFilters(namespace, {filterName: (value, extensions, args) => value})`. A
   * filter that throws or returns another type than it received is skipped: for staff the error
   * is shown, for others logged (SPEC §6).
   */
  const registerCheckoutFilters = (namespace: string, filters: Record<string, unknown>): void => {
    for (const [name, filter] of Object.entries(filters)) {
      if (typeof filter !== 'function') {
        continue;
      }
      const fn = filter as (value: unknown, extensions: unknown, args: unknown) => unknown;
      host.addFilter(name, (value, extensions, args) => {
        try {
          const next = fn(value, extensions, args);
          if (typeOf(next) !== typeOf(value)) {
            throw new TypeError(FILTER_TYPE_MESSAGE);
          }
          return next;
        } catch (error) {
          host.reportError(namespace, error);
          return value;
        }
      });
    }
  };

  /** Applies a filter as WooCommerce's `applyCheckoutFilter({filterName, defaultValue, extensions, arg})`. */
  const applyCheckoutFilter = ({ filterName, defaultValue, extensions = null, arg = null }: { filterName: string; defaultValue: unknown; extensions?: unknown; arg?: unknown }) =>
    host.applyFilter(filterName, defaultValue, extensions, arg);

  /** SPEC §5.4: a parent that is an inner block area, a non-empty name, a valid element or lazy callback. */
  const registerCheckoutBlock = (options: { metadata?: { name?: unknown; parent?: unknown }; component?: unknown }): void => {
    const metadata = options.metadata ?? {};
    const parents = Array.isArray(metadata.parent) ? (metadata.parent as unknown[]) : [metadata.parent];
    if (!parents.every((parent) => typeof parent === 'string' && (INNER_BLOCK_AREAS as readonly string[]).includes(parent))) {
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
    blocks.set(metadata.name, { metadata: { name: metadata.name, parent: parents as string[] }, component });
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
    getRegisteredBlocks: () => [...blocks.values()],
    extensionCartUpdate,
    ExperimentalOrderMeta: createSlotFill('ExperimentalOrderMeta'),
    ExperimentalDiscountsMeta: createSlotFill('ExperimentalDiscountsMeta'),
    ExperimentalOrderShippingPackages: createSlotFill('ExperimentalOrderShippingPackages'),
    ExperimentalOrderLocalPickupPackages: createSlotFill('ExperimentalOrderLocalPickupPackages'),
    innerBlockAreas: Object.fromEntries(INNER_BLOCK_AREAS.map((area) => [area.split('/')[1]?.replace(/-/g, '_').toUpperCase() ?? area, area])),
    createElementForSlot: createElement,
  };
}
