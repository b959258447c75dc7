// The sticky header (SPEC §2.1, §4.11): once the page is scrolled past `sticky_height`
// (`data-sticky-height` on the header's wrapper) the header is 'stuck' to the top of the
// viewport, and above it un-sticks. With `data-hide-on-scroll` the stuck header slides away
// while the shopper scrolls down and comes back on the way up (not while focus is in it).
// The wrapper keeps the header's height while it is stuck, so the page does not jump.

import type { Behaviour } from './types';

/** Scrolls smaller than this (px) do not change the direction (touch scrolling jitters). */
export const DIRECTION_TOLERANCE = 5;

export interface HeaderState {
  stuck: boolean;
  hidden: boolean;
}

/** The header's state at scroll position `y`, coming from `lastY` in state `previous`. */
export function nextHeaderState(
  y: number,
  lastY: number,
  previous: HeaderState,
  threshold: number,
  hideOnScrollDown: boolean,
): HeaderState {
  const stuck = y > threshold;
  if (!stuck || !hideOnScrollDown) {
    return { stuck, hidden: false };
  }
  const delta = y - lastY;
  if (Math.abs(delta) < DIRECTION_TOLERANCE) {
    return { stuck, hidden: previous.hidden };
  }
  return { stuck, hidden: delta > 0 };
}

export const siteHeader: Behaviour = {
  attach(wrap) {
    const header = wrap.querySelector('.site-header');
    const win = wrap.ownerDocument.defaultView;
    if (!(header instanceof HTMLElement) || win === null) {
      return;
    }
    const threshold = Number.parseInt(wrap.dataset.stickyHeight ?? '', 10);
    const limit = Number.isFinite(threshold) && threshold >= 0 ? threshold : 100;
    const hideOnScrollDown = wrap.hasAttribute('data-hide-on-scroll');
    let state: HeaderState = { stuck: false, hidden: false };
    let lastY = win.scrollY;
    let frame = 0;

    const apply = (next: HeaderState): void => {
      if (next.stuck && !state.stuck) {
        // Measured before it leaves the flow.
        wrap.style.minHeight = `${String(header.offsetHeight)}px`;
      } else if (!next.stuck && state.stuck) {
        wrap.style.minHeight = '';
      }
      header.classList.toggle('is-stuck', next.stuck);
      header.classList.toggle('is-hidden', next.hidden);
      state = next;
    };
    const update = (): void => {
      frame = 0;
      const y = win.scrollY;
      const next = nextHeaderState(y, lastY, state, limit, hideOnScrollDown);
      lastY = y;
      const focused = header.contains(wrap.ownerDocument.activeElement);
      apply({ stuck: next.stuck, hidden: next.hidden && !focused });
    };
    const onScroll = (): void => {
      if (frame === 0) {
        frame = win.requestAnimationFrame(update);
      }
    };
    const onFocusIn = (): void => {
      if (state.hidden) {
        apply({ ...state, hidden: false });
      }
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    header.addEventListener('focusin', onFocusIn);
    update();
    return () => {
      win.removeEventListener('scroll', onScroll);
      header.removeEventListener('focusin', onFocusIn);
      win.cancelAnimationFrame(frame);
      apply({ stuck: false, hidden: false });
    };
  },
};
