import { shopperMessage, toCartError, type NoticeStore } from '../../core';
import { useCartRuntime } from '../../core/react/useCart';

/**
 * Says in the cart's notice area (SPEC §2.9 `wc/cart`) that a change failed, with the server's
 * message or SPEC §8.4's fallback. The store has already rolled the change back (its overlay
 * is gone) and, for a 409 with `data.cart`, taken the server's cart.
 */
export function reportCartFailure(notices: NoticeStore, error: unknown): void {
  const cartError = toCartError(error);
  notices.createNotice('error', shopperMessage(cartError), {
    id: `cart-failure-${cartError.code}`,
    context: 'wc/cart',
  });
}

/** A short-lived message in the cart area (SPEC §4.5 snackbar). */
export function cartSnackbar(
  notices: NoticeStore,
  content: string,
  id: string,
  actions: { label: string; onClick: () => void }[] = [],
): void {
  notices.createNotice('info', content, { id, context: 'wc/cart', type: 'snackbar', actions });
}

/** The two reports above, bound to the island's runtime (its `CartRuntimeProvider`). */
export function useCartReport(): {
  failed: (error: unknown) => void;
  snackbar: (content: string, id: string, actions?: { label: string; onClick: () => void }[]) => void;
} {
  const { notices } = useCartRuntime();
  return {
    failed: (error) => {
      reportCartFailure(notices, error);
    },
    snackbar: (content, id, actions) => {
      cartSnackbar(notices, content, id, actions);
    },
  };
}

/** Text with HTML escaped, for notice content (which is HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}
