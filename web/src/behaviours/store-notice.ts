import { setCookie } from '../lib/cookies';
import type { Behaviour } from './types';

// The id becomes part of a cookie name, so it must be a cookie-name-safe token.
const NOTICE_ID = /^[A-Za-z0-9_-]+$/;

/** SPEC §9.1: 'store_notice' followed by the notice id, set to 'hidden', path '/'. */
export function dismissalCookieName(id: string): string {
  return `store_notice${id}`;
}

/**
 * The store-wide notice (SPEC §2.1). Without JavaScript its Dismiss link asks the server to
 * set the cookie; with it, the link becomes a button that sets the same session cookie (as
 * WooCommerce does) and hides the banner at once. The server leaves the notice out of later
 * pages while the cookie is there. Markup: `data-behaviour="store-notice"
 * data-notice-id="ID"` on the banner, `.store-notice__dismiss` inside it.
 */
export const storeNotice: Behaviour = {
  attach(el) {
    const id = el.dataset.noticeId ?? '';
    if (!NOTICE_ID.test(id)) {
      throw new TypeError('store-notice: data-notice-id must be letters, digits, "_" or "-"');
    }
    const link = el.querySelector('.store-notice__dismiss');
    if (link === null) {
      return;
    }
    const button = el.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = link.className;
    button.textContent = link.textContent;
    button.addEventListener('click', () => {
      setCookie(dismissalCookieName(id), 'hidden');
      el.hidden = true;
    });
    link.replaceWith(button);
  },
};
