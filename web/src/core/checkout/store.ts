// The checkout store (SPEC §3.18): a vanilla zustand store beside the cart, holding the status
// machine of ./status.ts and the checkout's own data. Islands, extensions and the compatibility
// facade read it the same way (`getState`, `subscribe`). It sends nothing: the process that
// posts the order drives it through these actions.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  finishCalculating,
  initialCheckoutStatus,
  startCalculating,
  toAfterProcessing,
  toBeforeProcessing,
  toComplete,
  toIdle,
  toProcessing,
  withError,
  type CheckoutStatusState,
} from './status';

/** Extension data sent as `extensions` in the checkout POST, keyed by namespace. */
export type ExtensionData = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/** The checkout store's state (SPEC §3.18). */
export interface CheckoutState extends CheckoutStatusState {
  /** The draft order's id; from the `checkoutData` setting, 0 when there is none. */
  orderId: number;
  /** The customer's id; from the `checkoutData` setting, 0 for a guest. */
  customerId: number;
  orderNotes: string;
  /** The billing address is the shipping address. */
  useShippingAsBilling: boolean;
  shouldCreateAccount: boolean;
  /** The shopper's explicit choice of pickup; undefined until made (SPEC §4.8 derives it then). */
  prefersCollection: boolean | undefined;
  extensionData: ExtensionData;
}

/** What [createCheckoutStore] starts from. */
export interface CheckoutStoreOptions {
  /** `checkoutData.order_id`, default 0. */
  orderId?: number;
  /** `checkoutData.customer_id`, default 0. */
  customerId?: number;
  /** True when every billing field equals the shipping one (SPEC §3.18); default true. */
  useShippingAsBilling?: boolean;
  orderNotes?: string;
}

/** The checkout store: a zustand store plus its actions. */
export interface CheckoutStore extends StoreApi<CheckoutState> {
  setIdle(): void;
  setBeforeProcessing(): void;
  setProcessing(): void;
  /** The server replied; `redirectUrl` from its reply when it gave one. */
  setAfterProcessing(redirectUrl?: string): void;
  /** Done; takes `data.redirectUrl` when it is a string. */
  setComplete(data?: { redirectUrl?: unknown }): void;
  /** Sets hasError (moving processing and before_processing back to idle); default true. */
  setHasError(hasError?: boolean): void;
  setRedirectUrl(url: string): void;
  incrementCalculating(): void;
  decrementCalculating(): void;
  /** Keeps the checkout calculating until `promise` settles; returns it. */
  disableCheckoutFor<T>(promise: Promise<T>): Promise<T>;
  setOrderId(orderId: number): void;
  setCustomerId(customerId: number): void;
  setOrderNotes(notes: string): void;
  setUseShippingAsBilling(value: boolean): void;
  setShouldCreateAccount(value: boolean): void;
  setPrefersCollection(value: boolean): void;
  /** Merges `data` into the namespace's extension data, or replaces it when `replace` is true. */
  setExtensionData(namespace: string, data: Readonly<Record<string, unknown>>, replace?: boolean): void;
}

/** Creates a checkout store (one per page runtime; one per test). */
export function createCheckoutStore(options: CheckoutStoreOptions = {}): CheckoutStore {
  const store = createStore<CheckoutState>()(() => ({
    ...initialCheckoutStatus,
    orderId: options.orderId ?? 0,
    customerId: options.customerId ?? 0,
    orderNotes: options.orderNotes ?? '',
    useShippingAsBilling: options.useShippingAsBilling ?? true,
    shouldCreateAccount: false,
    prefersCollection: undefined,
    extensionData: {},
  }));
  const step = (transition: (state: CheckoutStatusState) => CheckoutStatusState): void => {
    store.setState((state) => transition(state));
  };

  const decrement = (): void => {
    step(finishCalculating);
  };

  return {
    ...store,
    setIdle: () => {
      step(toIdle);
    },
    setBeforeProcessing: () => {
      step(toBeforeProcessing);
    },
    setProcessing: () => {
      step(toProcessing);
    },
    setAfterProcessing: (redirectUrl) => {
      step((state) => toAfterProcessing(state, redirectUrl));
    },
    setComplete: (data) => {
      step((state) => toComplete(state, data));
    },
    setHasError: (hasError = true) => {
      step((state) => withError(state, hasError));
    },
    setRedirectUrl: (redirectUrl) => {
      store.setState({ redirectUrl });
    },
    incrementCalculating: () => {
      step(startCalculating);
    },
    decrementCalculating: decrement,
    disableCheckoutFor: (promise) => {
      step(startCalculating);
      return promise.finally(decrement);
    },
    setOrderId: (orderId) => {
      store.setState({ orderId });
    },
    setCustomerId: (customerId) => {
      store.setState({ customerId });
    },
    setOrderNotes: (orderNotes) => {
      store.setState({ orderNotes });
    },
    setUseShippingAsBilling: (useShippingAsBilling) => {
      store.setState({ useShippingAsBilling });
    },
    setShouldCreateAccount: (shouldCreateAccount) => {
      store.setState({ shouldCreateAccount });
    },
    setPrefersCollection: (prefersCollection) => {
      store.setState({ prefersCollection });
    },
    setExtensionData: (namespace, data, replace = false) => {
      store.setState((state) => ({
        extensionData: {
          ...state.extensionData,
          [namespace]: replace ? { ...data } : { ...state.extensionData[namespace], ...data },
        },
      }));
    },
  };
}
