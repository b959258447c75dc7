// The payment store (SPEC §3.19, §4.7): a vanilla zustand store beside the cart and checkout.
// It holds which methods can be used and which one is active, the payment status, and what
// the active method collected for the checkout POST. It sends nothing.

import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  EMPTY_PAYMENT_RESULT,
  incompatibleMethods,
  initialSelection,
  savedTokenPaymentData,
  type PaymentMethodData,
  type PaymentResult,
  type PaymentStatus,
  type SavedPaymentMethod,
  type SavedPaymentMethods,
} from './status';

/** The payment store's state (SPEC §3.19). */
export interface PaymentState {
  status: PaymentStatus;
  /** The active method's name ('' when none). */
  activePaymentMethod: string;
  /** The active saved token's id ('' when paying with a new method). */
  activeSavedToken: string;
  /** Names of the methods the shopper may choose, in listing order. */
  availablePaymentMethods: readonly string[];
  /** Names of the express methods that can pay. */
  availableExpressPaymentMethods: readonly string[];
  savedPaymentMethods: SavedPaymentMethods;
  paymentMethodData: PaymentMethodData;
  paymentResult: PaymentResult;
  paymentMethodsInitialized: boolean;
  expressPaymentMethodsInitialized: boolean;
  shouldSavePaymentMethod: boolean;
  /** Configured methods in neither available list, id → title; null until both are initialised. */
  incompatiblePaymentMethods: Readonly<Record<string, string>> | null;
}

/** What [createPaymentStore] starts from. */
export interface PaymentStoreOptions {
  /** The `customerPaymentMethods` setting, grouped by type. */
  savedPaymentMethods?: SavedPaymentMethods;
  /** The `globalPaymentMethods` setting: id and title of each configured method. */
  globalPaymentMethods?: readonly { id: string; title: string }[];
}

/** The payment store: a zustand store plus its actions. */
export interface PaymentStore extends StoreApi<PaymentState> {
  setIdle(): void;
  setExpressStarted(): void;
  setProcessing(): void;
  setReady(): void;
  setError(): void;
  /** Makes `name` active for a new payment (no saved token), with its data. */
  setActivePaymentMethod(name: string, paymentMethodData?: PaymentMethodData): void;
  /** Makes a saved method active: its gateway, its token, and the payment data of SPEC §3.19. */
  chooseSavedToken(saved: SavedPaymentMethod): void;
  setPaymentMethodData(data: PaymentMethodData): void;
  setPaymentResult(result: PaymentResult): void;
  setShouldSavePaymentMethod(value: boolean): void;
  /**
   * Takes the available methods (in listing order) and, the first time, initialises the active
   * one as SPEC §4.7 says; later calls re-apply the rule when the active method went away.
   */
  setAvailablePaymentMethods(names: readonly string[]): void;
  setAvailableExpressPaymentMethods(names: readonly string[]): void;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

/** Creates a payment store (one per page runtime; one per test). */
export function createPaymentStore(options: PaymentStoreOptions = {}): PaymentStore {
  const globalMethods = options.globalPaymentMethods ?? [];
  const store = createStore<PaymentState>()(() => ({
    status: 'idle',
    activePaymentMethod: '',
    activeSavedToken: '',
    availablePaymentMethods: [],
    availableExpressPaymentMethods: [],
    savedPaymentMethods: options.savedPaymentMethods ?? {},
    paymentMethodData: {},
    paymentResult: EMPTY_PAYMENT_RESULT,
    paymentMethodsInitialized: false,
    expressPaymentMethodsInitialized: false,
    shouldSavePaymentMethod: false,
    incompatiblePaymentMethods: null,
  }));

  const setStatus = (status: PaymentStatus): void => {
    store.setState({ status });
  };

  const withIncompatible = (state: PaymentState): Pick<PaymentState, 'incompatiblePaymentMethods'> => ({
    incompatiblePaymentMethods: incompatibleMethods(
      globalMethods,
      state.availablePaymentMethods,
      state.availableExpressPaymentMethods,
      state.paymentMethodsInitialized && state.expressPaymentMethodsInitialized,
    ),
  });

  const chooseSavedToken = (saved: SavedPaymentMethod): void => {
    store.setState({
      activePaymentMethod: saved.method.gateway,
      activeSavedToken: String(saved.tokenId),
      paymentMethodData: savedTokenPaymentData(saved),
    });
  };

  return {
    ...store,
    setIdle: () => {
      setStatus('idle');
    },
    setExpressStarted: () => {
      setStatus('express_started');
    },
    setProcessing: () => {
      setStatus('processing');
    },
    setReady: () => {
      setStatus('ready');
    },
    setError: () => {
      setStatus('has_error');
    },
    setActivePaymentMethod: (name, paymentMethodData = {}) => {
      store.setState({ activePaymentMethod: name, activeSavedToken: '', paymentMethodData });
    },
    chooseSavedToken,
    setPaymentMethodData: (paymentMethodData) => {
      store.setState({ paymentMethodData });
    },
    setPaymentResult: (paymentResult) => {
      store.setState({ paymentResult });
    },
    setShouldSavePaymentMethod: (shouldSavePaymentMethod) => {
      store.setState({ shouldSavePaymentMethod });
    },
    setAvailablePaymentMethods: (names) => {
      const before = store.getState();
      if (before.paymentMethodsInitialized && sameNames(before.availablePaymentMethods, names)) {
        return;
      }
      const firstTime = !before.paymentMethodsInitialized;
      store.setState((state) => {
        const next = { ...state, availablePaymentMethods: [...names], paymentMethodsInitialized: true };
        return { ...next, ...withIncompatible(next) };
      });
      const state = store.getState();
      // A saved token is chosen once, when the methods first load; afterwards the shopper's
      // choice stands while its method is still available.
      const selection = initialSelection(firstTime ? state.savedPaymentMethods : {}, state.activePaymentMethod, names);
      if (selection.kind === 'saved-token') {
        store.setState({
          activePaymentMethod: selection.method,
          activeSavedToken: selection.token,
          paymentMethodData: selection.paymentMethodData,
        });
      } else if (selection.kind === 'first-available') {
        store.setState({ status: 'idle', activePaymentMethod: selection.method, activeSavedToken: '', paymentMethodData: {} });
      }
    },
    setAvailableExpressPaymentMethods: (names) => {
      store.setState((state) => {
        const next = { ...state, availableExpressPaymentMethods: [...names], expressPaymentMethodsInitialized: true };
        return { ...next, ...withIncompatible(next) };
      });
    },
  };
}
