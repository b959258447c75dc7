// Scrolling to a part of the page the way SPEC §9.6 asks: below the sticky header (when the
// header is sticky or fixed), smoothly unless the shopper prefers reduced motion.

/** True when the shopper asked the system for less motion. */
export function prefersReducedMotion(win: Window): boolean {
  return win.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The height the sticky header covers at the top of the viewport (0 when it scrolls away).
 * With `destination` (a scroll position), a header that will stick there counts already: the
 * site-header behaviour sticks it past its wrapper's `data-sticky-height`.
 */
export function stickyHeaderOffset(doc: Document, destination?: number): number {
  const header = doc.querySelector('.site-header');
  const win = doc.defaultView;
  if (!(header instanceof HTMLElement) || win === null) {
    return 0;
  }
  const threshold = Number.parseInt(header.closest<HTMLElement>('[data-sticky-height]')?.dataset.stickyHeight ?? '', 10);
  if (destination !== undefined && Number.isFinite(threshold) && destination > threshold) {
    return header.getBoundingClientRect().height;
  }
  const position = win.getComputedStyle(header).position;
  return position === 'sticky' || position === 'fixed' ? header.getBoundingClientRect().height : 0;
}

/** Scrolls the window so `el` starts `extra` px below the sticky header. */
export function scrollToElement(el: Element, extra = 0): void {
  const doc = el.ownerDocument;
  const win = doc.defaultView;
  if (win === null) {
    return;
  }
  const at = el.getBoundingClientRect().top + win.scrollY - extra;
  const top = at - stickyHeaderOffset(doc, at);
  // 'instant' rather than 'auto', so a smooth `scroll-behavior` in CSS cannot animate it.
  win.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion(win) ? 'instant' : 'smooth' });
}

/** SPEC §9.6: a scroll to the part a URL names (an accordion item, the reviews) waits this long after load. */
export const HASH_SCROLL_DELAY_MS = 500;

