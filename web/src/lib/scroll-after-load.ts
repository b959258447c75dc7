// The wait before scrolling to the part of the page a URL names (SPEC §9.6), apart from
// lib/scroll.ts so that only the chunks that use it carry it.

import { HASH_SCROLL_DELAY_MS } from './scroll';

/**
 * Runs `scroll` {@link HASH_SCROLL_DELAY_MS} after the window's load event (at once counting
 * from now when it has loaded): until load the browser keeps moving to the URL's fragment
 * itself, as images arrive, and would undo an earlier scroll. Returns a function that cancels.
 */
export function scrollAfterLoad(win: Window, scroll: () => void): () => void {
  let timer: number | undefined;
  const start = (): void => {
    win.clearTimeout(timer);
    timer = win.setTimeout(scroll, HASH_SCROLL_DELAY_MS);
  };
  if (win.document.readyState === 'complete') {
    start();
  } else {
    win.addEventListener('load', start, { once: true });
  }
  return () => {
    win.removeEventListener('load', start);
    win.clearTimeout(timer);
  };
}
