// Browsing a listing without reloading the page (SPEC §2.2, §4.12). The server marks the
// listing's region (breadcrumbs, heading, toolbar, grid, pagination, sidebar) with
// `data-behaviour="listing"`. With JavaScript:
// - changing the sort submits the ordering form at once, and its Sort button is hidden;
// - the sidebar's filters (links and the price form), the sort and the "no products" page's
//   links fetch their target page and swap the region in place, with the URL pushed to the
//   history; Back and Forward fetch the listing of the URL they return to;
// - infinite loading (infinite-scroll.ts) is suspended while a filter request loads and
//   started again on the new grid;
// - below the large breakpoint the toolbar's "Filters" link opens the sidebar in a modal
//   drawer (a native <dialog> from the left) instead of jumping to it below the grid, where
//   infinite loading kept pushing it away (issue 27). The sidebar moves into the drawer and
//   back when it closes; a filter chosen in it swaps the region, which closes it.
// A later request wins (the earlier one is aborted); a request that fails, or a reply that
// is not a listing, becomes an ordinary navigation. Without JavaScript the same links and
// GET forms load pages as before.

import { announce } from '../lib/announce';
import { applyListingHead, formTarget, LISTING_REGION, parseListingPage, withoutHash, type ListingPage } from '../lib/listing-pages';
import { startInfiniteScroll, type InfiniteScroll } from './infinite-scroll';
import type { Behaviour } from './types';

/** Links followed in place: the filters and the "no products" page's way out. */
const IN_PLACE_LINKS = '[data-shop-filters] a[href], .no-products-actions a[href]';
/** GET forms submitted in place. */
const IN_PLACE_FORMS = 'form.woocommerce-ordering, [data-shop-filters] form';

export interface ListingDeps {
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Loads `url` as a page: what a failed in-place update falls back to. */
  readonly navigate: (url: string) => void;
}

/** Fetches `url` as HTML and reads it; rejects when the reply is not a successful page. */
async function fetchListing(deps: ListingDeps, url: string, init: RequestInit): Promise<{ page: ListingPage; url: string }> {
  const response = await deps.fetch(url, { ...init, credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').includes('text/html')) {
    throw new Error(`${url} answered ${String(response.status)}`);
  }
  // After a redirect (an old category path) the page's own URL is the one to show.
  const finalUrl = response.url === '' ? url : response.url;
  return { page: parseListingPage(await response.text(), finalUrl), url: finalUrl };
}

/** Screens where the sidebar sits beside the grid, so "Filters" is not shown (theme.css). */
const SIDEBAR_BESIDE = '(min-width: 850px)';

/**
 * Opens `region`'s sidebar in a modal drawer; focus goes to its close button and comes back
 * to `opener` when it closes (Escape, Close, a click on the backdrop).
 */
export function openFiltersDrawer(region: HTMLElement, opener: HTMLElement): HTMLDialogElement | null {
  const doc = region.ownerDocument;
  const sidebar = region.querySelector('[data-shop-filters]');
  if (sidebar === null) {
    return null;
  }
  const dialog = doc.createElement('dialog');
  dialog.className = 'filters-drawer';
  dialog.setAttribute('aria-labelledby', 'filters-drawer-title');
  const bar = doc.createElement('div');
  bar.className = 'filters-drawer__bar';
  const title = doc.createElement('h2');
  title.id = 'filters-drawer-title';
  title.textContent = 'Filters';
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'button filters-drawer__close';
  close.textContent = 'Close';
  bar.append(title, close);
  const home = doc.createComment('filters');
  sidebar.before(home);
  dialog.append(bar, sidebar);
  region.append(dialog);
  close.addEventListener('click', () => {
    dialog.close();
  });
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop lands on the dialog element itself.
    if (event.target === dialog) {
      dialog.close();
    }
  });
  dialog.addEventListener('close', () => {
    if (home.isConnected) {
      home.replaceWith(sidebar);
      opener.focus();
    }
    dialog.remove();
  });
  dialog.showModal();
  close.focus();
  return dialog;
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Starts the behaviour on `region`; returns the function that stops it. */
export function startListing(region: HTMLElement, deps: ListingDeps): () => void {
  const doc = region.ownerDocument;
  const win = doc.defaultView;
  if (win === null) {
    return () => undefined;
  }
  let shown = withoutHash(win.location.href);
  let scroll: InfiniteScroll | null = null;
  let filtering: AbortController | null = null;
  // Whether the shopper's last action was a key press (none since the last pointer press):
  // the heading shows its focus ring only then, as :focus-visible does for a keyboard move.
  // Chromium's own guess shows the ring whenever no pointer press came first (a choice from
  // the sort's option list sends none).
  let keyboardLast = false;
  const onKeyDown = (): void => {
    keyboardLast = true;
  };
  const onPointerDown = (): void => {
    keyboardLast = false;
  };

  const prepare = (): void => {
    for (const button of region.querySelectorAll('form.woocommerce-ordering .ordering-submit')) {
      if (button instanceof HTMLElement) {
        button.hidden = true;
      }
    }
    scroll = startInfiniteScroll(region, {
      fetchPage: async (url, signal) => (await fetchListing(deps, url, { signal, cache: 'no-store' })).page,
    });
  };

  /** Where focus goes after a swap: the control with the same id, else the heading. */
  const restoreFocus = (focusedId: string | null): void => {
    const same = focusedId === null ? null : doc.getElementById(focusedId);
    if (same instanceof HTMLElement && region.contains(same)) {
      same.focus();
      return;
    }
    const heading = region.querySelector('h1');
    if (heading instanceof HTMLElement) {
      heading.tabIndex = -1;
      // Focus still moves for screen readers; `data-focus-quiet` hides the ring (theme.css).
      heading.toggleAttribute('data-focus-quiet', !keyboardLast);
      heading.addEventListener(
        'blur',
        () => {
          heading.removeAttribute('data-focus-quiet');
        },
        { once: true },
      );
      heading.focus();
    }
  };

  const update = async (url: string, push: boolean): Promise<void> => {
    filtering?.abort();
    const controller = new AbortController();
    filtering = controller;
    scroll?.stop();
    scroll = null;
    region.setAttribute('aria-busy', 'true');
    region.classList.add('is-filtering');
    let reply: { page: ListingPage; url: string };
    try {
      reply = await fetchListing(deps, url, { signal: controller.signal });
    } catch {
      if (!controller.signal.aborted) {
        deps.navigate(url);
      }
      return;
    }
    if (controller.signal.aborted) {
      return;
    }
    filtering = null;
    const fresh = reply.page.region;
    if (fresh === null) {
      deps.navigate(reply.url);
      return;
    }
    const active = doc.activeElement;
    const hadFocus = active !== null && region.contains(active);
    const focusedId = hadFocus && active.id !== '' ? active.id : null;
    region.replaceChildren(...fresh.childNodes);
    region.removeAttribute('aria-busy');
    region.classList.remove('is-filtering');
    // Title, canonical, prev/next and robots as the server renders them for the new URL.
    applyListingHead(doc, reply.page);
    // The URL changes once the page shows what it names, so a shared or reloaded URL
    // shows the same listing.
    if (push) {
      win.history.pushState({ listing: true }, '', reply.url);
    } else if (withoutHash(reply.url) !== withoutHash(win.location.href)) {
      win.history.replaceState({ listing: true }, '', reply.url);
    }
    shown = withoutHash(win.location.href);
    prepare();
    if (hadFocus || push) {
      restoreFocus(focusedId);
    }
    const summary = region.querySelector('.woocommerce-result-count, .woocommerce-no-products-found .woocommerce-info');
    if (summary !== null) {
      announce(summary.textContent.trim(), doc);
    }
  };

  const onClick = (event: MouseEvent): void => {
    const target = event.target;
    const link = target instanceof Element ? target.closest('a[href]') : null;
    if (
      link instanceof HTMLAnchorElement &&
      link.matches('.shop-filters-link') &&
      isPlainClick(event) &&
      !event.defaultPrevented &&
      !win.matchMedia(SIDEBAR_BESIDE).matches &&
      openFiltersDrawer(region, link) !== null
    ) {
      event.preventDefault();
      return;
    }
    if (
      event.defaultPrevented ||
      !isPlainClick(event) ||
      !(link instanceof HTMLAnchorElement) ||
      !link.matches(IN_PLACE_LINKS) ||
      (link.target !== '' && link.target !== '_self') ||
      link.hasAttribute('download') ||
      link.origin !== win.location.origin ||
      withoutHash(link.href) === shown
    ) {
      return;
    }
    event.preventDefault();
    void update(link.href, true);
  };

  const onSubmit = (event: SubmitEvent): void => {
    const form = event.target;
    if (
      event.defaultPrevented ||
      !(form instanceof HTMLFormElement) ||
      !form.matches(IN_PLACE_FORMS) ||
      form.method.toLowerCase() !== 'get' ||
      new URL(form.action).origin !== win.location.origin
    ) {
      return;
    }
    event.preventDefault();
    const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
    void update(formTarget(form, submitter), true);
  };

  const onChange = (event: Event): void => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.form?.matches('form.woocommerce-ordering') === true) {
      select.form.requestSubmit();
    }
  };

  const onPopState = (): void => {
    // A fragment link (the toolbar's "Filters") adds history entries of the same listing.
    if (withoutHash(win.location.href) === shown) {
      return;
    }
    void update(win.location.href, false);
  };

  prepare();
  region.addEventListener('click', onClick);
  region.addEventListener('submit', onSubmit);
  region.addEventListener('change', onChange);
  win.addEventListener('popstate', onPopState);
  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('pointerdown', onPointerDown, true);
  return () => {
    doc.removeEventListener('keydown', onKeyDown, true);
    doc.removeEventListener('pointerdown', onPointerDown, true);
    scroll?.stop();
    filtering?.abort();
    region.removeEventListener('click', onClick);
    region.removeEventListener('submit', onSubmit);
    region.removeEventListener('change', onChange);
    win.removeEventListener('popstate', onPopState);
  };
}

export const listing: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    if (win === null || !el.matches(LISTING_REGION)) {
      return undefined;
    }
    return startListing(el, {
      fetch: (url, init) => win.fetch(url, init),
      navigate: (url) => {
        win.location.assign(url);
      },
    });
  },
};
