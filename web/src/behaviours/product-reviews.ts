// Reviews by link (SPEC §2.3, §9.6). On a product page (`data-behaviour="product-reviews"` on
// the product), a URL that points at the reviews (#reviews, #comments, #tab-reviews, a
// #comment-N anchor, or a page of comments) opens the reviews panel and, 500 ms after load,
// scrolls to #reviews, 15 px below the sticky header. The review-count link does the same
// and puts #reviews in the history, and so does a move to such a fragment from the page
// itself (the browser's own jump left the reviews under the header, or in a closed panel).
// Without JavaScript the link is a plain #reviews anchor.

import { requestReveal } from '../lib/reveal';
import { HASH_SCROLL_DELAY_MS, scrollToElement } from '../lib/scroll';
import type { Behaviour } from './types';

/** SPEC §9.6: the review scroll waits this long, so panels have opened and images settled. */
export const REVIEW_SCROLL_DELAY_MS = HASH_SCROLL_DELAY_MS;
/** SPEC §9.6: the review scroll lands this far below the sticky header. */
export const REVIEW_SCROLL_EXTRA_PX = 15;

/** True when `url` asks for the reviews (SPEC §2.3). */
export function urlWantsReviews(url: URL): boolean {
  const hash = url.hash;
  return (
    hash.includes('comment-') ||
    hash === '#comments' ||
    hash === '#reviews' ||
    hash === '#tab-reviews' ||
    url.href.includes('comment-page-') ||
    url.href.includes('cpage=')
  );
}

/**
 * Makes the reviews panel visible: the tab set (product-tabs) selects the Reviews tab when
 * asked; a panel still hidden (`hidden`, the tabs not there) or folded in an accordion
 * (`<details>`) is opened here.
 */
function openReviewsPanel(panel: HTMLElement): void {
  requestReveal(panel);
  panel.hidden = false;
  const details = panel.closest('details');
  if (details !== null) {
    details.open = true;
  }
}

export const productReviews: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const reviews = el.querySelector('#reviews');
    if (win === null || !(reviews instanceof HTMLElement)) {
      return;
    }
    const panel = reviews.closest('#tab-reviews') ?? reviews;
    let timer: number | undefined;

    const showReviews = (delay = REVIEW_SCROLL_DELAY_MS): void => {
      if (panel instanceof HTMLElement) {
        openReviewsPanel(panel);
      }
      win.clearTimeout(timer);
      timer = win.setTimeout(() => {
        scrollToElement(reviews, REVIEW_SCROLL_EXTRA_PX);
      }, delay);
    };

    // SPEC §9.6 counts the 500 ms from the load event: until then the browser keeps moving to
    // the URL's fragment itself, as images load, and would undo an earlier scroll.
    const onLoad = (): void => {
      showReviews();
    };
    if (urlWantsReviews(new URL(win.location.href))) {
      if (doc.readyState === 'complete') {
        showReviews();
      } else {
        win.addEventListener('load', onLoad, { once: true });
      }
    }

    const onClick = (event: MouseEvent): void => {
      const link = event.target instanceof Element ? event.target.closest('a.woocommerce-review-link') : null;
      if (link === null || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      if (win.location.hash !== '#reviews') {
        win.history.pushState(null, '', '#reviews');
      }
      showReviews();
    };
    // A fragment followed within the page (typed, or a link elsewhere on it): the page has
    // loaded, so the scroll need not wait.
    const onHashChange = (): void => {
      if (urlWantsReviews(new URL(win.location.href))) {
        showReviews(0);
      }
    };
    el.addEventListener('click', onClick);
    win.addEventListener('hashchange', onHashChange);
    return () => {
      el.removeEventListener('click', onClick);
      win.removeEventListener('hashchange', onHashChange);
      win.removeEventListener('load', onLoad);
      win.clearTimeout(timer);
    };
  },
};
