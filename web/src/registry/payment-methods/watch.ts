// Keeps the payment store's available methods current (SPEC §4.7, §9.4): checked once at
// start, then again when the cart or the registry changes, at most once per second. A check
// that finishes after a newer one started is dropped.

import type { StoreApi } from 'zustand/vanilla';
import type { StoreCart } from '../../core/cart/types';
import type { NoticeStore } from '../../core/notices';
import type { PaymentStore } from '../../core/payment/store';
import { getSetting } from '../../core/settings';
import { checkPaymentMethods } from './availability';
import type { PaymentMethodRegistry } from './register';

/** SPEC §9.4: the available-payment recheck, at most every 1000 ms. */
export const AVAILABILITY_INTERVAL_MS = 1000;

/** What [watchPaymentAvailability] needs. */
export interface AvailabilityWatchOptions {
  registry: PaymentMethodRegistry;
  /** The cart store (only its displayed `cart` is read). */
  cart: Pick<StoreApi<{ cart: StoreCart | null }>, 'getState' | 'subscribe'>;
  payment: PaymentStore;
  notices?: NoticeStore | null;
  /** `currentUserIsAdmin`, or the page editor. */
  canSeeErrors?: boolean;
  /** By default the `paymentMethodSortOrder` setting. */
  sortOrder?: readonly string[];
  intervalMs?: number;
  log?: (...args: unknown[]) => void;
}

/** A running watch. */
export interface AvailabilityWatch {
  /** Asks for a check (as a change would); it runs when the interval allows. */
  request(): void;
  /** Resolves when the check started last has been applied (a waiting one is not awaited). */
  settled(): Promise<void>;
  stop(): void;
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/** The `paymentMethodSortOrder` setting (method names), [] when absent or malformed. */
export function paymentMethodSortOrder(): string[] {
  return getSetting<string[]>('paymentMethodSortOrder', [], isStringList);
}

/** Starts watching; the first check runs at once when the cart is known. */
export function watchPaymentAvailability(options: AvailabilityWatchOptions): AvailabilityWatch {
  const intervalMs = options.intervalMs ?? AVAILABILITY_INTERVAL_MS;
  const sortOrder = options.sortOrder ?? paymentMethodSortOrder();
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const run = (): void => {
    const cart = options.cart.getState().cart;
    if (stopped || cart === null) {
      return;
    }
    lastStart = Date.now();
    const current = ++generation;
    running = checkPaymentMethods({
      registry: options.registry,
      cart,
      sortOrder,
      canSeeErrors: options.canSeeErrors ?? false,
      notices: options.notices ?? null,
      ...(options.log && { log: options.log }),
    }).then((availability) => {
      if (current !== generation || stopped) {
        return;
      }
      options.payment.setAvailablePaymentMethods(availability.paymentMethods);
      options.payment.setAvailableExpressPaymentMethods(availability.expressPaymentMethods);
    });
  };

  const request = (): void => {
    if (stopped || timer !== undefined) {
      return;
    }
    const wait = lastStart + intervalMs - Date.now();
    if (wait <= 0) {
      run();
    } else {
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, wait);
    }
  };

  const stopCart = options.cart.subscribe((state, previous) => {
    if (state.cart !== previous.cart) {
      request();
    }
  });
  const stopRegistry = options.registry.subscribe(request);
  request();

  return {
    request,
    settled: () => running,
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      stopCart();
      stopRegistry();
    },
  };
}
