// The home page's social feed (issue 14, SPEC §7.2 item 1, §8.2). When the placeholder comes
// into view, `GET {ajaxurl}?action=mercato_load_{feed}&data={config}` answers `{success,
// data}`; on success `data` is the HTML that replaces the placeholder. Errors read
// '{service} error: {message}': logged to the console, and shown above the feed only when
// the server marked the placeholder `data-show-errors` (staff). They happen when the
// configuration string is missing ('Invalid data'), the reply says `success: false` (its data
// is the message) or the request fails. A successful reply whose data is not a string is
// logged as 'Invalid {service} response'.

import { storefrontSettings } from '../core/settings';
import type { Behaviour } from './types';

export interface SocialFeedOptions {
  readonly ajaxUrl: string;
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
}

/** Loads the feed into `el`; resolves once it is shown or has failed. */
export async function loadSocialFeed(el: HTMLElement, options: SocialFeedOptions): Promise<void> {
  const service = el.dataset.feedService ?? 'Social feed';
  const fail = (message: string): void => {
    const text = `${service} error: ${message}`;
    console.error(text);
    if (el.hasAttribute('data-show-errors')) {
      const notice = el.ownerDocument.createElement('p');
      notice.className = 'home-social__error';
      notice.setAttribute('role', 'alert');
      notice.textContent = text;
      el.before(notice);
    }
  };
  const feed = el.dataset.feed ?? '';
  const config: unknown = el.dataset.feedConfig;
  if (typeof config !== 'string' || feed === '') {
    fail('Invalid data');
    return;
  }
  const url = new URL(options.ajaxUrl, el.ownerDocument.baseURI);
  url.searchParams.set('action', `mercato_load_${feed}`);
  url.searchParams.set('data', config);
  let reply: unknown;
  try {
    const response = await options.fetch(url.toString(), { credentials: 'same-origin' });
    if (!response.ok) {
      throw new Error(`${String(response.status)} ${response.statusText}`.trim());
    }
    reply = await response.json();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
    return;
  }
  const { success, data } = (typeof reply === 'object' && reply !== null ? reply : {}) as {
    success?: unknown;
    data?: unknown;
  };
  if (success !== true) {
    fail(typeof data === 'string' ? data : 'Invalid data');
    return;
  }
  if (typeof data !== 'string') {
    console.error(`Invalid ${service} response`);
    return;
  }
  // The fragment is the shop's own HTML, escaped by its templates.
  el.innerHTML = data;
  el.classList.add('is-loaded');
}

export const socialFeed: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    const options: SocialFeedOptions = {
      ajaxUrl: storefrontSettings(el.ownerDocument).themeAjaxUrl,
      fetch: (url, init) => fetch(url, init),
    };
    if (win === null || typeof win.IntersectionObserver !== 'function') {
      void loadSocialFeed(el, options);
      return;
    }
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void loadSocialFeed(el, options);
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  },
};
