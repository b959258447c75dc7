// The one React binding of the cart core: islands read the shared stores through these hooks
// (zustand's useStore, i.e. useSyncExternalStore), so every island on a page shows the same cart.
// An island gets the page's runtime in its mount context and provides it to its tree with
// `CartRuntimeProvider`; tests provide one built for the test.

import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { CartState, CartStore } from '../cart/store';
import type { CartRuntime } from '../index';
import type { Notice, NoticeContext, NoticeStore } from '../notices';

const RuntimeContext = createContext<CartRuntime | null>(null);

/** Gives `runtime` to the hooks below (an island's root, with `context.runtime` from mount). */
export function CartRuntimeProvider({ runtime, children }: { readonly runtime: CartRuntime; readonly children?: ReactNode }) {
  return createElement(RuntimeContext.Provider, { value: runtime }, children);
}

/** The runtime the island was mounted with, or null outside a `CartRuntimeProvider`. */
export function useProvidedCartRuntime(): CartRuntime | null {
  return useContext(RuntimeContext);
}

/** The runtime the island was mounted with. Throws outside a `CartRuntimeProvider`. */
export function useCartRuntime(): CartRuntime {
  const runtime = useContext(RuntimeContext);
  if (runtime === null) {
    throw new Error('useCartRuntime: no CartRuntimeProvider above this component (an island provides context.runtime).');
  }
  return runtime;
}

/**
 * Part of the cart state, e.g. `useCart((s) => s.cart?.items_count ?? 0)`. The component
 * re-renders when the selected value changes (compared with Object.is, so select stable
 * values or single fields rather than new objects). The store is the provided runtime's
 * unless one is given.
 */
export function useCart<T>(selector: (state: CartState) => T, store?: CartStore): T {
  const runtime = useContext(RuntimeContext);
  return useStore(store ?? requireRuntime(runtime).cart, selector);
}

/** The notices of one context (SPEC §2.9), oldest first. */
export function useNotices(context: NoticeContext = 'global', notices?: NoticeStore): Notice[] {
  const runtime = useContext(RuntimeContext);
  const all = useStore((notices ?? requireRuntime(runtime).notices).store, (state) => state.notices);
  return useMemo(() => all.filter((notice) => notice.context === context), [all, context]);
}

function requireRuntime(runtime: CartRuntime | null): CartRuntime {
  if (runtime === null) {
    throw new Error('useCart: no store given and no CartRuntimeProvider above this component.');
  }
  return runtime;
}
