// Infinite loading of a listing (SPEC §2.2, §4.12, §7.3). With JavaScript the pagination is
// hidden and the next page (its link, fetched with caching disabled) is appended as the
// shopper nears the end of the grid. A "Load more products" button does the same for
// keyboard and screen-reader users, who could otherwise never reach the footer past an
// ever-growing grid; a failed load turns it into "Try again". Without JavaScript the
// pagination stays. Started and stopped by the listing behaviour (listing.ts), which
// suspends it while a filter request loads and starts it again on the new grid.

import { announce } from '../lib/announce';
import { NEXT_LINK, PRODUCT_GRID, joinedResultCount, productId, unseenItems, type ListingPage } from '../lib/listing-pages';

/**
 * Fired on the grid (`ul.products`), bubbling, once no next page is left after at least one
 * was appended. `detail`: `{ products }`, how many cards the grid holds.
 */
export const SCROLL_FINISHED_EVENT = 'listing:scroll-finished';

export interface ScrollFinishedDetail {
  readonly products: number;
}

export const LOADING_TEXT = 'Loading more products…';
export const LOAD_MORE_TEXT = 'Load more products';
export const RETRY_TEXT = 'Try again';
export const FAILED_TEXT = 'More products could not be loaded.';

export function loadedText(count: number): string {
  return count === 1 ? '1 more product loaded.' : `${String(count)} more products loaded.`;
}

export function finishedText(count: number): string {
  return count === 1 ? 'The only product is shown.' : `All ${String(count)} products are shown.`;
}

export interface InfiniteScrollDeps {
  /** Fetches and reads a listing page (without the HTTP cache); rejects on failure. */
  readonly fetchPage: (url: string, signal: AbortSignal) => Promise<ListingPage>;
}

export interface InfiniteScroll {
  /** Stops loading: aborts a load in flight and stops watching the scroll position. */
  stop(): void;
}

type State = 'idle' | 'loading' | 'failed' | 'finished';

/**
 * How far below the viewport a load starts: two cards' height, and at least a viewport's
 * height (and 400 px), so that a scroll of one screen cannot bring the grid's foot into view
 * before the next page is asked for (the shop's phone layout shift of 0.18 once cards got
 * shorter than half a screen).
 */
function rootMargin(grid: Element): string {
  const height = grid.firstElementChild?.getBoundingClientRect().height ?? 0;
  const screen = grid.ownerDocument.defaultView?.innerHeight ?? 0;
  return `0px 0px ${String(Math.max(400, Math.round(height * 2), screen))}px 0px`;
}

/** Starts infinite loading in `region`'s grid; null when the listing has no next page. */
export function startInfiniteScroll(region: Element, deps: InfiniteScrollDeps): InfiniteScroll | null {
  const grid = region.querySelector(PRODUCT_GRID);
  const firstNext = region.querySelector(NEXT_LINK);
  const doc = region.ownerDocument;
  const win = doc.defaultView;
  if (grid === null || !(firstNext instanceof HTMLAnchorElement) || win === null) {
    return null;
  }
  const pagination = firstNext.closest('nav');
  if (pagination instanceof HTMLElement) {
    pagination.hidden = true;
  }

  let next: string | null = firstNext.href;
  let state: State = 'idle';
  let inFlight: AbortController | null = null;
  const seen = new Set<string>();
  for (const item of grid.children) {
    const id = productId(item);
    if (id !== null) {
      seen.add(id);
    }
  }

  const footer = doc.createElement('div');
  footer.className = 'infinite-scroll';
  const status = doc.createElement('p');
  status.className = 'infinite-scroll__status';
  status.setAttribute('role', 'status');
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'button infinite-scroll__more';
  button.textContent = LOAD_MORE_TEXT;
  // The button first: the status line appearing below it does not move it under the pointer.
  footer.append(button, status);
  grid.after(footer);

  const observer =
    typeof win.IntersectionObserver === 'function'
      ? new win.IntersectionObserver(
          (entries) => {
            // A shopper whose focus is on the button (a keyboard user, who focused it and so
            // scrolled it into view) loads with it, one page at a time, not by being there.
            if (entries.some((e) => e.isIntersecting) && state === 'idle' && doc.activeElement !== button) {
              void load(false);
            }
          },
          { rootMargin: rootMargin(grid) },
        )
      : null;
  observer?.observe(footer);

  const setState = (to: State): void => {
    state = to;
    footer.dataset.state = to;
    footer.classList.toggle('is-loading', to === 'loading');
    button.setAttribute('aria-disabled', String(to === 'loading'));
  };
  setState('idle');

  const finish = (): void => {
    setState('finished');
    observer?.disconnect();
    const hadFocus = doc.activeElement === button;
    button.remove();
    status.textContent = finishedText(grid.children.length);
    if (hadFocus) {
      // The button is gone; its keyboard user lands on the message that replaced it.
      status.tabIndex = -1;
      status.focus();
    }
    grid.dispatchEvent(
      new CustomEvent<ScrollFinishedDetail>(SCROLL_FINISHED_EVENT, {
        bubbles: true,
        detail: { products: grid.children.length },
      }),
    );
  };

  const load = async (fromButton: boolean): Promise<void> => {
    if (next === null || state === 'loading' || state === 'finished') {
      return;
    }
    setState('loading');
    status.textContent = LOADING_TEXT;
    button.textContent = LOAD_MORE_TEXT;
    const controller = new AbortController();
    inFlight = controller;
    let page: ListingPage;
    try {
      page = await deps.fetchPage(next, controller.signal);
    } catch {
      if (controller.signal.aborted) {
        return;
      }
      setState('failed');
      status.textContent = FAILED_TEXT;
      button.textContent = RETRY_TEXT;
      return;
    } finally {
      if (inFlight === controller) {
        inFlight = null;
      }
    }
    if (controller.signal.aborted) {
      return;
    }
    const fresh = unseenItems(page.items, seen);
    grid.append(...fresh);
    const count = region.querySelector('.woocommerce-result-count');
    if (count !== null) {
      count.textContent = joinedResultCount(count.textContent.trim(), page.resultCount);
    }
    // A page that added nothing new but names a next page is passed over, not a dead end.
    next = page.next === next ? null : page.next;
    if (fresh.length > 0) {
      announce(loadedText(fresh.length), doc);
    }
    if (fromButton) {
      // Keyboard users carry on with the first new product rather than the button below.
      const link = fresh[0]?.querySelector('a[href]');
      if (link instanceof HTMLElement) {
        link.focus();
      }
    }
    if (next === null) {
      finish();
      return;
    }
    setState('idle');
    status.textContent = '';
    if (observer !== null) {
      // Observing again reports where the end of the grid is now: still in reach, load on.
      observer.unobserve(footer);
      observer.observe(footer);
    }
  };

  const onClick = (): void => {
    void load(true);
  };
  button.addEventListener('click', onClick);

  return {
    stop() {
      observer?.disconnect();
      inFlight?.abort();
      inFlight = null;
      button.removeEventListener('click', onClick);
      if (state === 'loading') {
        setState('idle');
        status.textContent = '';
      }
    },
  };
}
