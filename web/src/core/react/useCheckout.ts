// React bindings of the checkout's stores (core/checkout, core/payment, core/validation): the
// checkout island provides its stores once with `CheckoutStoresProvider`, and its components
// read them with these hooks (zustand's useStore). Extensions outside React read the same stores.

import { createContext, createElement, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CheckoutState, CheckoutStore } from '../checkout/store';
import type { CheckoutEvents } from '../events/emitter';
import type { PaymentState, PaymentStore } from '../payment/store';
import type { FieldError, ValidationStore } from '../validation/store';

/** The checkout island's stores. */
export interface CheckoutStores {
  checkout: CheckoutStore;
  payment: PaymentStore;
  validation: ValidationStore;
  events: CheckoutEvents;
}

const StoresContext = createContext<CheckoutStores | null>(null);

/** Gives the checkout's stores to the hooks below. */
export function CheckoutStoresProvider({ stores, children }: { readonly stores: CheckoutStores; readonly children?: ReactNode }) {
  return createElement(StoresContext.Provider, { value: stores }, children);
}

/** The provided stores. Throws outside a `CheckoutStoresProvider`. */
export function useCheckoutStores(): CheckoutStores {
  const stores = useContext(StoresContext);
  if (stores === null) {
    throw new Error('useCheckoutStores: no CheckoutStoresProvider above this component.');
  }
  return stores;
}

/** Part of the checkout state, e.g. `useCheckout((s) => s.status)`. */
export function useCheckout<T>(selector: (state: CheckoutState) => T): T {
  return useStore(useCheckoutStores().checkout, selector);
}

/** Part of the payment state, e.g. `usePayment((s) => s.activePaymentMethod)`. */
export function usePayment<T>(selector: (state: PaymentState) => T): T {
  return useStore(useCheckoutStores().payment, selector);
}

/** A field's error, shown or hidden, or undefined when it has none. */
export function useValidationError(fieldId: string): FieldError | undefined {
  return useStore(useCheckoutStores().validation, (state) => state.errors[fieldId]);
}
