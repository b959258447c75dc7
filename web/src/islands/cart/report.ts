import { getCartRuntime, shopperMessage, toCartError } from '../../core';

/**
 * Says in the cart's notice area (SPEC §2.9 `wc/cart`) that a change failed, with the server's
 * message or SPEC §8.4's fallback. The store has already rolled the change back (its overlay
 * is gone) and, for a 409 with `data.cart`, taken the server's cart.
 */
export function reportCartFailure(error: unknown): void {
  const cartError = toCartError(error);
  getCartRuntime().notices.createNotice('error', shopperMessage(cartError), {
    id: `cart-failure-${cartError.code}`,
    context: 'wc/cart',
  });
}

/** A short-lived message in the cart area (SPEC §4.5 snackbar). */
export function cartSnackbar(content: string, id: string, actions: { label: string; onClick: () => void }[] = []): void {
  getCartRuntime().notices.createNotice('info', content, { id, context: 'wc/cart', type: 'snackbar', actions });
}

/** Text with HTML escaped, for notice content (which is HTML). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}
