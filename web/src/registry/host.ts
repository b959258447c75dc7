// The page's extension host: what the `wc.*`/`wp.*` globals (src/extensions/, a chunk of its
// own) and the islands share on a page with extensions. The globals and the checkout island
// are separate chunks that may run in either order, so the host lives on the window and
// whichever comes first creates it (`extensionHost(win)`). It holds:
//
// - the page's one payment-method registry (the island uses it instead of its own);
// - the cart runtime (main.ts puts it here) and the checkout island's stores while it is mounted;
// - the slot fills and the checkout filters extensions registered (the island reads them).
//
// Framework-free: components are kept as `unknown` and rendered by the island's React.

import type { CartRuntime } from '../core';
import { getSetting, parseStorefrontSettings, readSettingsJson } from '../core/settings';
import { createCheckoutStore, type CheckoutStore } from '../core/checkout/store';
import { createCheckoutEvents, type CheckoutEvents } from '../core/events/emitter';
import { createPaymentStore, type PaymentStore } from '../core/payment/store';
import { createValidationStore, type ValidationStore } from '../core/validation/store';
import { createPaymentMethodRegistry, type PaymentMethodRegistry } from './payment-methods/register';

/** The checkout island's stores, as the host hands them to the `wp.data` facade. */
export interface HostCheckoutStores {
  checkout: CheckoutStore;
  payment: PaymentStore;
  validation: ValidationStore;
  events: CheckoutEvents;
}

/** One fill of a named slot: the extension's children, rendered by the slot with its fill props. */
export interface SlotFill {
  readonly id: number;
  readonly plugin: string;
  readonly children: unknown;
}

/** A checkout filter: `(value, extensions, args) => value`, already type-checked by the facade. */
export type CheckoutFilter = (value: unknown, extensions: unknown, args: unknown) => unknown;

/** The host. */
export interface ExtensionHost {
  readonly registry: PaymentMethodRegistry;
  /** The page's cart runtime, once main.ts has built it. */
  runtime(): CartRuntime | null;
  setRuntime(runtime: CartRuntime): void;
  /**
   * The checkout's stores. The checkout, validation and events stores are the host's from the
   * start (an extension registers observers and extension data when its script loads, before
   * the island mounts), and the island uses them; the payment store is the island's while it
   * is mounted (it starts from the island's data), an empty one before.
   */
  stores(): HostCheckoutStores;
  /** Whether the checkout island is mounted (its payment store attached). */
  checkoutMounted(): boolean;
  /** The island gives its payment store while it is mounted; returns the function that takes it back. */
  attachPayment(payment: PaymentStore): () => void;
  /** Fills of a slot, in the order they came. */
  readonly fills: (slot: string) => readonly SlotFill[];
  /** Adds or replaces a fill; returns the function that removes it. */
  setFill(slot: string, fill: SlotFill): () => void;
  /** Applies the registered filters named `name` to `value` (each already isolated and checked). */
  applyFilter(name: string, value: unknown, extensions: unknown, args: unknown): unknown;
  addFilter(name: string, filter: CheckoutFilter): void;
  /** Reports an extension's error: on the page for staff (SPEC §6), in the console for everyone. */
  readonly reportError: (source: string, error: unknown) => void;
  /** Whether errors are shown on the page (administrators and editors). */
  readonly staff: boolean;
  /** Notified on any change of runtime, payment store, fills or filters. */
  readonly subscribe: (listener: () => void) => () => void;
}

declare global {
  interface Window {
    mercatoExtensions?: ExtensionHost;
    /** The page's cart runtime, which main.ts puts here on a page with extensions. */
    mercatoCartRuntime?: CartRuntime;
  }
}

/**
 * The page's extension names: the `extensions` setting of `#mercato-settings` (a list of
 * strings). The globals chunk is loaded only when it is not empty (web/README.md).
 */
export function pageExtensions(doc: Document): readonly string[] {
  const names = getSetting<unknown[]>('extensions', [], (v): v is unknown[] => Array.isArray(v), doc);
  return names.filter((name): name is string => typeof name === 'string' && name !== '');
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NO_FILLS: readonly SlotFill[] = [];

/** Builds a host (tests build one each; a page has `extensionHost(window)`). */
export function createExtensionHost(
  options: { staff?: boolean; customerId?: number; runtime?: () => CartRuntime | null; log?: (...args: unknown[]) => void } = {},
): ExtensionHost {
  const log =
    options.log ??
    ((...args: unknown[]) => {
      console.error(...args);
    });
  const staff = options.staff ?? false;
  const registry = createPaymentMethodRegistry();
  let runtime: CartRuntime | null = null;
  const own = {
    checkout: createCheckoutStore({ customerId: options.customerId ?? 0 }),
    validation: createValidationStore(),
    events: createCheckoutEvents(),
  };
  const emptyPayment = createPaymentStore();
  let payment: PaymentStore | null = null;
  const slots = new Map<string, SlotFill[]>();
  const filters = new Map<string, CheckoutFilter[]>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) {
      listener();
    }
  };
  const host: ExtensionHost = {
    registry,
    staff,
    runtime: () => runtime ?? options.runtime?.() ?? null,
    setRuntime(value) {
      runtime = value;
      changed();
    },
    stores: () => ({ ...own, payment: payment ?? emptyPayment }),
    checkoutMounted: () => payment !== null,
    attachPayment(value) {
      payment = value;
      changed();
      return () => {
        if (payment === value) {
          payment = null;
          changed();
        }
      };
    },
    // The same array until the slot changes: React's useSyncExternalStore compares snapshots.
    fills: (slot) => slots.get(slot) ?? NO_FILLS,
    setFill(slot, fill) {
      const others = (slots.get(slot) ?? []).filter((f) => f.id !== fill.id);
      slots.set(slot, [...others, fill]);
      changed();
      return () => {
        slots.set(
          slot,
          (slots.get(slot) ?? []).filter((f) => f !== fill),
        );
        changed();
      };
    },
    applyFilter(name, value, extensions, args) {
      return (filters.get(name) ?? []).reduce((current, filter) => filter(current, extensions, args), value);
    },
    addFilter(name, filter) {
      filters.set(name, [...(filters.get(name) ?? []), filter]);
      changed();
    },
    reportError(source, error) {
      log(`Extension ${source}:`, error);
      const notices = host.runtime()?.notices;
      if (staff && notices !== undefined) {
        notices.createNotice('error', `The extension ${source} failed: ${errorText(error)}`, {
          context: 'wc/checkout',
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return host;
}

/** The page's host, created by whichever of the globals chunk and the islands asks first. */
export function extensionHost(win: Window): ExtensionHost {
  if (win.mercatoExtensions === undefined) {
    const staff =
      getSetting<boolean>('currentUserIsAdmin', false, undefined, win.document) ||
      parseStorefrontSettings(readSettingsJson(win.document)).canEditPages;
    const customerId = getSetting<number>('currentUserId', 0, undefined, win.document);
    win.mercatoExtensions = createExtensionHost({ staff, customerId, runtime: () => win.mercatoCartRuntime ?? null });
  }
  return win.mercatoExtensions;
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
