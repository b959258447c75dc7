// `wp.data` over Mercato's stores (frontend.md §1.6–1.7): the four WooCommerce store keys with
// the selectors and actions third-party code calls, `select`, `dispatch`, `subscribe`,
// `useSelect` and `useDispatch`. No second store: every selector reads the host's cart,
// checkout, payment and validation stores, every action calls theirs.

import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { CartStore } from '../core/cart/store';
import type { PaymentMethodData } from '../core/payment/status';
import { cartForExtensions, type ExtensionHost } from '../registry/host';

export const CART_STORE_KEY = 'wc/store/cart';
export const CHECKOUT_STORE_KEY = 'wc/store/checkout';
export const PAYMENT_STORE_KEY = 'wc/store/payment';
export const VALIDATION_STORE_KEY = 'wc/store/validation';

type Selectors = Record<string, (...args: never[]) => unknown>;

/** The spec §8.5 message for a store key Mercato does not have. */
function unknownStore(key: string): Error {
  return new Error(`There is no store registered under the key ${key} in Mercato's wp.data facade.`);
}

function asAddress(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string') {
        out[key] = field;
      }
    }
  }
  return out;
}

export function createDataFacade(host: ExtensionHost) {
  const cartStore = (): CartStore | null => host.runtime()?.cart ?? null;
  const cart = () => cartStore()?.getState().cart ?? null;

  const cartSelectors = {
    getCartData: () => cartForExtensions(cart()),
    getCustomerData: () => ({
      shippingAddress: cart()?.shipping_address ?? {},
      billingAddress: cart()?.billing_address ?? {},
    }),
    getShippingRates: () => cart()?.shipping_rates ?? [],
    getNeedsShipping: () => cart()?.needs_shipping ?? false,
    getCartTotals: () => cart()?.totals ?? {},
    getCartErrors: () => cart()?.errors ?? [],
    getCartMeta: () => ({ isCartDataStale: false }),
    isApplyingCoupon: () => cartStore()?.getState().pendingIntents.some((i) => i.startsWith('coupon:apply')) ?? false,
    isCartDataStale: () => false,
    isCustomerDataUpdating: () => cartStore()?.getState().pendingIntents.includes('customer') ?? false,
    hasPendingItemsOperations: () => (cartStore()?.getState().pendingKeys.length ?? 0) > 0,
  } satisfies Selectors;

  const withCart = <A extends unknown[]>(act: (store: CartStore, ...args: A) => Promise<unknown>) =>
    (...args: A): Promise<unknown> => {
      const store = cartStore();
      return store === null ? Promise.reject(new Error('The cart is not available on this page.')) : act(store, ...args);
    };
  const cartActions = {
    setShippingAddress: withCart((store, address: unknown) => store.updateCustomer({ shipping_address: asAddress(address) })),
    setBillingAddress: withCart((store, address: unknown) => store.updateCustomer({ billing_address: asAddress(address) })),
    updateCustomerData: withCart((store, data: { shipping_address?: unknown; billing_address?: unknown }) =>
      store.updateCustomer({
        ...(data.shipping_address !== undefined && { shipping_address: asAddress(data.shipping_address) }),
        ...(data.billing_address !== undefined && { billing_address: asAddress(data.billing_address) }),
      }),
    ),
    applyCoupon: withCart((store, code: string) => store.applyCoupon(code)),
    removeCoupon: withCart((store, code: string) => store.removeCoupon(code)),
    addItemToCart: withCart((store, id: number, quantity?: number) => store.addItem({ id, quantity: quantity ?? 1 })),
    removeItemFromCart: withCart((store, key: string) => store.removeItem(key)),
    changeCartItemQuantity: withCart((store, key: string, quantity: number) => store.setQuantity(key, quantity)),
    selectShippingRate: withCart((store, rateId: string, packageId?: number | string) => store.selectShippingRate(packageId ?? 0, rateId)),
    invalidateResolutionForStore: withCart((store) => store.refresh({ quiet: true })),
  };

  const checkout = () => host.stores().checkout;
  const checkoutSelectors = {
    getCheckoutStatus: () => checkout().getState().status,
    getOrderId: () => checkout().getState().orderId,
    getCustomerId: () => checkout().getState().customerId,
    getOrderNotes: () => checkout().getState().orderNotes,
    getRedirectUrl: () => checkout().getState().redirectUrl,
    getExtensionData: () => checkout().getState().extensionData,
    getUseShippingAsBilling: () => checkout().getState().useShippingAsBilling,
    getShouldCreateAccount: () => checkout().getState().shouldCreateAccount,
    prefersCollection: () => checkout().getState().prefersCollection ?? false,
    hasError: () => checkout().getState().hasError,
    isIdle: () => checkout().getState().status === 'idle',
    isBeforeProcessing: () => checkout().getState().status === 'before_processing',
    isProcessing: () => checkout().getState().status === 'processing',
    isAfterProcessing: () => checkout().getState().status === 'after_processing',
    isComplete: () => checkout().getState().status === 'complete',
    isCalculating: () => checkout().getState().calculatingCount > 0,
  } satisfies Selectors;
  const setExtensionData = (namespace: string, data: Record<string, unknown>, replace?: boolean) => {
    if (typeof namespace !== 'string' || typeof data !== 'object' || (data as unknown) === null) {
      throw new TypeError('setExtensionData takes a namespace (a string) and an object.');
    }
    checkout().setExtensionData(namespace, data, replace);
  };
  const checkoutActions = {
    setExtensionData,
    // WooCommerce's order attribution script calls the internal name (frontend.md §1.5).
    __internalSetExtensionData: setExtensionData,
    setOrderNotes: (notes: string) => {
      checkout().setOrderNotes(notes);
    },
    setPrefersCollection: (value: boolean) => {
      checkout().setPrefersCollection(value);
    },
    setShouldCreateAccount: (value: boolean) => {
      checkout().setShouldCreateAccount(value);
    },
    setUseShippingAsBilling: (value: boolean) => {
      checkout().setUseShippingAsBilling(value);
    },
    disableCheckoutFor: async <T>(promise: Promise<T>): Promise<T> => {
      checkout().incrementCalculating();
      try {
        return await promise;
      } finally {
        checkout().decrementCalculating();
      }
    },
  };

  const payment = () => host.stores().payment;
  const byName = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, { name }]));
  const paymentSelectors = {
    getActivePaymentMethod: () => payment().getState().activePaymentMethod,
    getActiveSavedToken: () => payment().getState().activeSavedToken,
    getAvailablePaymentMethods: () => byName(payment().getState().availablePaymentMethods),
    getAvailableExpressPaymentMethods: () => byName(payment().getState().availableExpressPaymentMethods),
    getPaymentMethodData: () => payment().getState().paymentMethodData,
    getSavedPaymentMethods: () => payment().getState().savedPaymentMethods,
    getIncompatiblePaymentMethods: () => payment().getState().incompatiblePaymentMethods ?? {},
    getShouldSavePaymentMethod: () => payment().getState().shouldSavePaymentMethod,
    getState: () => payment().getState(),
    paymentMethodsInitialized: () => payment().getState().paymentMethodsInitialized,
    expressPaymentMethodsInitialized: () => payment().getState().expressPaymentMethodsInitialized,
    isPaymentIdle: () => payment().getState().status === 'idle',
    isExpressPaymentStarted: () => payment().getState().status === 'express_started',
    isPaymentProcessing: () => payment().getState().status === 'processing',
    isPaymentReady: () => payment().getState().status === 'ready',
    hasPaymentError: () => payment().getState().status === 'has_error',
  } satisfies Selectors;
  const paymentActions = {
    __internalSetActivePaymentMethod: (name: string, data?: PaymentMethodData) => {
      payment().setActivePaymentMethod(name, data);
    },
    __internalSetPaymentMethodData: (data: PaymentMethodData) => {
      payment().setPaymentMethodData(data);
    },
    __internalSetShouldSavePaymentMethod: (value: boolean) => {
      payment().setShouldSavePaymentMethod(value);
    },
    __internalSetExpressPaymentStarted: () => {
      payment().setExpressStarted();
    },
    __internalSetPaymentIdle: () => {
      payment().setIdle();
    },
    __internalSetPaymentError: () => {
      payment().setError();
    },
  };

  const validation = () => host.stores().validation;
  const validationSelectors = {
    getValidationError: (id: string) => validation().getValidationError(id),
    getValidationErrorId: (id: string) => `validate-error-${id}`,
    hasValidationErrors: () => validation().hasValidationErrors(),
  } satisfies Selectors;
  const validationActions = {
    setValidationErrors: (errors: Record<string, { message: string; hidden?: boolean }>) => {
      validation().setValidationErrors(errors);
    },
    clearValidationError: (id: string) => {
      validation().clearValidationError(id);
    },
    clearValidationErrors: (ids?: string[]) => {
      validation().clearValidationErrors(ids);
    },
    hideValidationError: (id: string) => {
      validation().hideValidationError(id);
    },
    showValidationError: (id: string) => {
      validation().showValidationError(id);
    },
    showAllValidationErrors: () => {
      validation().showAllValidationErrors();
    },
  };

  const selectors: Record<string, Selectors> = {
    [CART_STORE_KEY]: cartSelectors,
    [CHECKOUT_STORE_KEY]: checkoutSelectors,
    [PAYMENT_STORE_KEY]: paymentSelectors,
    [VALIDATION_STORE_KEY]: validationSelectors,
  };
  const actions: Record<string, Record<string, unknown>> = {
    [CART_STORE_KEY]: cartActions,
    [CHECKOUT_STORE_KEY]: checkoutActions,
    [PAYMENT_STORE_KEY]: paymentActions,
    [VALIDATION_STORE_KEY]: validationActions,
  };
  // A store descriptor (`{name}`) is accepted where a key is, as `@wordpress/data` does.
  const keyOf = (store: unknown): string =>
    typeof store === 'string' ? store : typeof store === 'object' && store !== null ? String((store as { name?: unknown }).name) : String(store);

  const select = (store: unknown) => {
    const key = keyOf(store);
    const found = selectors[key];
    if (found === undefined) {
      throw unknownStore(key);
    }
    return found;
  };
  const dispatch = (store: unknown) => {
    const key = keyOf(store);
    const found = actions[key];
    if (found === undefined) {
      throw unknownStore(key);
    }
    return found;
  };

  /** Calls `listener(key)` after a change of the store `key` (the host's changes count for the cart and payment stores). */
  const subscribeByStore = (listener: (key: string) => void): (() => void) => {
    const stops: (() => void)[] = [];
    let cartStop: (() => void) | null = null;
    let paymentStop: (() => void) | null = null;
    const attach = (): void => {
      cartStop?.();
      paymentStop?.();
      cartStop =
        cartStore()?.subscribe(() => {
          listener(CART_STORE_KEY);
        }) ?? null;
      paymentStop = host.stores().payment.subscribe(() => {
        listener(PAYMENT_STORE_KEY);
      });
    };
    attach();
    const own = host.stores();
    stops.push(
      own.checkout.subscribe(() => {
        listener(CHECKOUT_STORE_KEY);
      }),
      own.validation.subscribe(() => {
        listener(VALIDATION_STORE_KEY);
      }),
    );
    stops.push(
      host.subscribe(() => {
        attach();
        listener(CART_STORE_KEY);
        listener(PAYMENT_STORE_KEY);
      }),
    );
    return () => {
      cartStop?.();
      paymentStop?.();
      for (const stop of stops) {
        stop();
      }
    };
  };

  /**
   * `wp.data.subscribe(listener, store?)`: `listener` after any change of any store, or of
   * `store` only when it is given (as `@wordpress/data`).
   */
  const subscribe = (listener: () => void, store?: unknown): (() => void) => {
    const only = store === undefined ? null : keyOf(store);
    return subscribeByStore((key) => {
      if (only === null || only === key) {
        listener();
      }
    });
  };

  type MapSelect = (selectFn: typeof select, registry: unknown) => unknown;
  /**
   * `useSelect(mapSelect, deps)`: re-renders when what `mapSelect` returns changes (shallowly),
   * and runs it again only when a store it selected from in its last run changed (as
   * `@wordpress/data` subscribes per store).
   */
  const useSelect = (mapSelect: MapSelect | string) => {
    const last = useRef<{ value: unknown; stores: ReadonlySet<string> } | null>(null);
    const read = useCallback((): unknown => {
      const stores = new Set<string>();
      const tracking = ((store: unknown) => {
        stores.add(keyOf(store));
        return select(store);
      }) as typeof select;
      if (typeof mapSelect === 'string') {
        stores.add(mapSelect);
      }
      const value = typeof mapSelect === 'string' ? select(mapSelect) : mapSelect(tracking, null);
      if (last.current !== null && shallowEqual(last.current.value, value)) {
        last.current = { value: last.current.value, stores };
        return last.current.value;
      }
      last.current = { value, stores };
      return value;
    }, [mapSelect]);
    const subscribeSelected = useCallback(
      (onChange: () => void) =>
        subscribeByStore((key) => {
          if (last.current === null || last.current.stores.has(key)) {
            onChange();
          }
        }),
      [],
    );
    return useSyncExternalStore(subscribeSelected, read);
  };
  const useDispatch = (store: unknown) => dispatch(store);

  return { select, dispatch, subscribe, useSelect, useDispatch, createReduxStore: (name: string) => ({ name }), register: () => undefined };
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return false;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
