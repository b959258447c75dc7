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

/** A checkout filter as an extension registers it: `(value, extensions, args) => value`. */
export type CheckoutFilter = (value: unknown, extensions: unknown, args: unknown) => unknown;

/**
 * What a filtered value must pass besides keeping its type (WooCommerce's `validation`, such
 * as "contains `<price/>`"): true to take it, false to keep the previous value, a throw to
 * report it and keep the previous value.
 */
export type FilterValidation = (value: unknown) => boolean;

/** SPEC §8.5. */
export const FILTER_TYPE_MESSAGE = 'The type returned by checkout filters must be the same as the type they receive.';

/** A block registered into an inner block area with `registerCheckoutBlock` (already checked). */
export interface CheckoutBlock {
  readonly metadata: { readonly name: string; readonly parent: readonly string[]; readonly attributes?: unknown };
  readonly component: unknown;
}

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
  /**
   * Applies the filters named `name` to `value` as WooCommerce's `applyCheckoutFilter`: in the
   * order their namespaces registered, each given `(value, extensions ?? {}, args)`; a filter
   * that throws, returns another type than it received or fails `validation` is skipped and
   * reported (SPEC §6, §8.5).
   */
  applyFilter(name: string, value: unknown, extensions: unknown, args: unknown, validation?: FilterValidation): unknown;
  /** `registerCheckoutFilters(namespace, filters)`: a namespace registered again replaces its filters, as WooCommerce. */
  setFilters(namespace: string, filters: Readonly<Record<string, CheckoutFilter>>): void;
  /** Changes whenever filters change (components that apply filters re-render on it). */
  filtersVersion(): number;
  /** The blocks registered into an inner block area, in the order they came (the same array until it changes). */
  blocks(area: string): readonly CheckoutBlock[];
  /** Records a checked block (a name registered again replaces the earlier one). */
  addBlock(block: CheckoutBlock): void;
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const NO_FILLS: readonly SlotFill[] = [];
const NO_BLOCKS: readonly CheckoutBlock[] = [];

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

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
  const filterSets = new Map<string, Readonly<Record<string, CheckoutFilter>>>();
  let filtersVersion = 0;
  let blockList: CheckoutBlock[] = [];
  const blocksByArea = new Map<string, readonly CheckoutBlock[]>();
  // Each distinct error is reported once: a filter runs on every render, and a notice for
  // staff re-renders the page, which would run it again.
  const reported = new Set<string>();
  const shown = new Set<string>();
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
    applyFilter(name, value, extensions, args, validation) {
      let current = value;
      for (const [namespace, filters] of filterSets) {
        const filter = filters[name];
        if (typeof filter !== 'function') {
          continue;
        }
        try {
          const next = filter(current, extensions ?? {}, args);
          if (typeOf(next) !== typeOf(current)) {
            throw new TypeError(`${FILTER_TYPE_MESSAGE} The function received ${typeOf(current)} but returned ${typeOf(next)}.`);
          }
          if (validation === undefined || validation(next)) {
            current = next;
          }
        } catch (error) {
          host.reportError(namespace, error);
        }
      }
      return current;
    },
    setFilters(namespace, filters) {
      filterSets.set(namespace, filters);
      filtersVersion += 1;
      changed();
    },
    filtersVersion: () => filtersVersion,
    blocks: (area) => blocksByArea.get(area) ?? NO_BLOCKS,
    addBlock(block) {
      blockList = [...blockList.filter((b) => b.metadata.name !== block.metadata.name), block];
      blocksByArea.clear();
      for (const b of blockList) {
        for (const area of b.metadata.parent) {
          blocksByArea.set(area, [...(blocksByArea.get(area) ?? []), b]);
        }
      }
      changed();
    },
    reportError(source, error) {
      const key = `${source}\n${errorText(error)}`;
      if (!reported.has(key)) {
        reported.add(key);
        log(`Extension ${source}:`, error);
      }
      const notices = host.runtime()?.notices;
      // Shown once, when it can be: an error raised before the page's runtime exists (as an
      // extension's script runs) is shown the next time it is raised.
      if (!staff || notices === undefined || shown.has(key)) {
        return;
      }
      shown.add(key);
      // The checkout's area on the checkout page (also before its island has mounted: a
      // plugin's render may run first), the cart's on the cart page.
      const context = payment !== null || document.body.classList.contains('woocommerce-checkout') ? 'wc/checkout' : 'wc/cart';
      // Not during the render that found the error (a filter runs in render).
      queueMicrotask(() => {
        notices.createNotice('error', `The extension ${source} failed: ${errorText(error)}`, { context });
      });
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


export { cartForExtensions, pageExtensions, slotCartForExtensions, storeCartForExtensions } from './cart-shapes';
