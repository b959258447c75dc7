// Smooth scrolling to in-page anchors (SPEC §9.6): a click on a link to an element of the same
// page scrolls so the element starts below the sticky header, smoothly unless the shopper
// prefers reduced motion (lib/scroll.ts), puts the hash in the history (and announces it with
// `hashchange`, as the browser would), and moves focus to the element. Links another script
// already handled (a tab, the reviews link, back to top) are left alone.

import { scrollToElement } from '../lib/scroll';

/** The element of `doc` a click on `link` should scroll to, if it is an in-page anchor. */
export function anchorTarget(link: HTMLAnchorElement, doc: Document): HTMLElement | null {
  const here = doc.location;
  if (
    link.hash.length < 2 ||
    link.origin !== here.origin ||
    link.pathname !== here.pathname ||
    link.search !== here.search ||
    link.getAttribute('role') === 'tab'
  ) {
    return null;
  }
  let id: string;
  try {
    id = decodeURIComponent(link.hash.slice(1));
  } catch {
    return null;
  }
  return doc.getElementById(id);
}

/** Starts handling in-page links on `doc`; returns a function that stops. */
export function startAnchorScroll(doc: Document): () => void {
  const onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const target = link instanceof HTMLAnchorElement ? anchorTarget(link, doc) : null;
    const win = doc.defaultView;
    if (link === null || target === null || win === null) {
      return;
    }
    event.preventDefault();
    scrollToElement(target);
    const oldURL = win.location.href;
    if (win.location.hash !== (link as HTMLAnchorElement).hash) {
      win.history.pushState(win.history.state, '', (link as HTMLAnchorElement).hash);
      win.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: win.location.href }));
    }
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1');
    }
    target.focus({ preventScroll: true });
  };
  doc.addEventListener('click', onClick);
  return () => {
    doc.removeEventListener('click', onClick);
  };
}
