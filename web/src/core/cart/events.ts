// The page events other scripts listen to when the cart changes (complaint 9 in frontend.md
// §2: third-party mini carts listen either to WooCommerce blocks' DOM events or to the classic
// jQuery ones). Both are sent, from the one place that changes the cart.

/** The minimal jQuery surface used: `jQuery(el).trigger(name, args)`. */
type JQueryLike = (target: unknown) => { trigger(name: string, args?: unknown[]): unknown };

function jQueryGlobal(): JQueryLike | null {
  const candidate: unknown = (window as unknown as { jQuery?: unknown }).jQuery;
  return typeof candidate === 'function' ? (candidate as JQueryLike) : null;
}

/** Dispatches a WooCommerce blocks DOM event on `document.body` (bubbling, cancelable). */
function dispatchBlocksEvent(name: string, detail?: unknown): void {
  document.body.dispatchEvent(new CustomEvent(name, { bubbles: true, cancelable: true, detail }));
}

/** Triggers a classic WooCommerce jQuery event on `document.body`, when jQuery is on the page. */
export function triggerJQueryEvent(name: string, args: unknown[] = []): void {
  const jQuery = jQueryGlobal();
  if (jQuery === null) {
    return;
  }
  jQuery(document.body).trigger(name, args);
}

/** WooCommerce passes the button as a jQuery object; `undefined` when there is none. */
function jQueryButton(button: Element | null | undefined): unknown {
  const jQuery = jQueryGlobal();
  return button && jQuery ? jQuery(button) : undefined;
}

/**
 * Before an add to cart is sent: `wc-blocks_adding_to_cart`, and jQuery
 * `adding_to_cart` with `[button, data]`.
 */
export function dispatchAddingToCart(button?: Element | null, data: Record<string, unknown> = {}): void {
  dispatchBlocksEvent('wc-blocks_adding_to_cart');
  triggerJQueryEvent('adding_to_cart', [jQueryButton(button), data]);
}

/**
 * After an add to cart succeeded: `wc-blocks_added_to_cart` with `{preserveCartData: true}`
 * (this page already holds the new cart), and jQuery `added_to_cart` with
 * `[fragments, cart_hash, button]`.
 */
export function dispatchAddedToCart(
  fragments?: Record<string, string> | null,
  cartHash?: string | null,
  button?: Element | null,
): void {
  dispatchBlocksEvent('wc-blocks_added_to_cart', { preserveCartData: true });
  triggerJQueryEvent('added_to_cart', [fragments ?? undefined, cartHash ?? undefined, jQueryButton(button)]);
}

/**
 * After a line was removed: `wc-blocks_removed_from_cart`, and jQuery `removed_from_cart`
 * with `[fragments, cart_hash, button]`.
 */
export function dispatchRemovedFromCart(
  fragments?: Record<string, string> | null,
  cartHash?: string | null,
  button?: Element | null,
): void {
  dispatchBlocksEvent('wc-blocks_removed_from_cart');
  triggerJQueryEvent('removed_from_cart', [fragments ?? undefined, cartHash ?? undefined, jQueryButton(button)]);
}

/**
 * Fragment lifecycle events of WooCommerce's cart-fragments script: `wc_fragments_loaded`
 * (applied from the session cache), `wc_fragments_refreshed` (from the server) and
 * `wc_fragments_ajax_error` (the refresh failed; SPEC §8.1 shows no message). Sent as a DOM
 * event only: jQuery's `.on()` handlers receive DOM events too, and these carry no arguments,
 * so a jQuery trigger as well would call those handlers twice.
 */
export function dispatchFragmentsEvent(
  name: 'wc_fragments_loaded' | 'wc_fragments_refreshed' | 'wc_fragments_ajax_error',
): void {
  document.body.dispatchEvent(new CustomEvent(name, { bubbles: true }));
}
