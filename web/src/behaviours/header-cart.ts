// The header's cart link (SPEC §2.4): its count and amount follow every cart change on the
// page. The amount is the subtotal the mini cart shows under that name (issue 27: the total
// with estimated shipping and tax read as a different figure for the same cart). Fragments from the store AJAX endpoint replace them with the server's markup; carts
// from the Store API (the mini cart's steppers, another tab) are written here. The link's
// accessible name is its text: "Cart, 2 items, $36.00".

import type { StoreCart } from '../core';
import { storefrontSettings } from '../core/settings';
import { getCookie } from '../lib/cookies';
import { formatMoney } from '../lib/money';
import { requireContext, type Behaviour } from './types';

/** The items-in-cart cookie SPEC §2.4 reads. */
const ITEMS_COOKIE = 'woocommerce_items_in_cart';

/** Writes `count` into the count element: the number, then " item(s)" for screen readers. */
export function writeCount(countEl: Element, count: number): void {
  const doc = countEl.ownerDocument;
  const words = doc.createElement('span');
  words.className = 'sr-text';
  words.textContent = count === 1 ? ' item' : ' items';
  countEl.replaceChildren(String(count), words);
}

function write(el: HTMLElement, cart: StoreCart): void {
  const count = el.querySelector('.header-cart__count');
  if (count !== null) {
    writeCount(count, cart.items_count);
  }
  const total = el.querySelector('.header-cart__total');
  if (total !== null) {
    // The mini cart's Subtotal row (core/cart/totals-rows.ts), without its module in the entry.
    const t = cart.totals;
    const items = BigInt(t.total_items || '0');
    const subtotal = storefrontSettings(el.ownerDocument).pricesIncludeTax ? items + BigInt(t.total_items_tax || '0') : items;
    total.textContent = formatMoney(String(subtotal), t);
  }
  if (el.hasAttribute('data-hide-when-empty')) {
    el.hidden = cart.items_count === 0;
  }
}

export const headerCart: Behaviour = {
  attach(el, context) {
    const runtime = requireContext('header-cart', context).runtime();
    const unsubscribe = runtime.cart.subscribe((state, previous) => {
      if (state.cart !== null && state.cart !== previous.cart) {
        write(el, state.cart);
      }
    });
    // Fragments replace the count and total; the cookie says whether anything is left.
    const unsubscribeFragments = runtime.ajax.subscribe(() => {
      if (el.hasAttribute('data-hide-when-empty')) {
        el.hidden = Number(getCookie(ITEMS_COOKIE) ?? '0') <= 0;
      }
    });
    return () => {
      unsubscribe();
      unsubscribeFragments();
    };
  },
};
