// The one React binding of the cart core: islands read the shared stores through these hooks
// (zustand's useStore, i.e. useSyncExternalStore), so every island on a page shows the same cart.

import { useMemo } from 'react';
import { useStore } from 'zustand';
import { getCartRuntime } from '../index';
import type { CartState, CartStore } from '../cart/store';
import type { Notice, NoticeContext, NoticeStore } from '../notices';

/**
 * Part of the cart state, e.g. `useCart((s) => s.cart?.items_count ?? 0)`. The component
 * re-renders when the selected value changes (compared with Object.is, so select stable
 * values or single fields rather than new objects).
 */
export function useCart<T>(selector: (state: CartState) => T, store: CartStore = getCartRuntime().cart): T {
  return useStore(store, selector);
}

/** The notices of one context (SPEC §2.9), oldest first. */
export function useNotices(
  context: NoticeContext = 'global',
  notices: NoticeStore = getCartRuntime().notices,
): Notice[] {
  const all = useStore(notices.store, (state) => state.notices);
  return useMemo(() => all.filter((notice) => notice.context === context), [all, context]);
}
