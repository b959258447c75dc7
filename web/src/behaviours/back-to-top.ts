// Back to top (SPEC §2.1, §9.7). The server writes a `Back to top` link to `#top` in the
// footer (without JavaScript the browser goes to the top of the page). Here it floats in a
// corner, shown only once the page is scrolled past one viewport height, and scrolls up
// smoothly unless the shopper prefers reduced motion. Pressed from the keyboard, focus
// moves to the page's first link (Skip to content), so Tab continues from the top.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

/** Whether the button shows at scroll position `y` in a viewport `viewportHeight` tall. */
export function backToTopShown(y: number, viewportHeight: number): boolean {
  return y > viewportHeight;
}

export const backToTop: Behaviour = {
  attach(link) {
    const doc = link.ownerDocument;
    const win = doc.defaultView;
    if (win === null) {
      return;
    }
    link.classList.add('back-to-top--floating');
    let frame = 0;
    const update = (): void => {
      frame = 0;
      link.hidden = !backToTopShown(win.scrollY, win.innerHeight);
    };
    const onScroll = (): void => {
      if (frame === 0) {
        frame = win.requestAnimationFrame(update);
      }
    };
    const onClick = (event: MouseEvent): void => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      win.scrollTo({ top: 0, behavior: prefersReducedMotion(win) ? 'instant' : 'smooth' });
      if (event.detail === 0) {
        doc.querySelector<HTMLElement>('a[href], button')?.focus({ preventScroll: true });
      }
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    link.addEventListener('click', onClick);
    update();
    return () => {
      win.removeEventListener('scroll', onScroll);
      link.removeEventListener('click', onClick);
      win.cancelAnimationFrame(frame);
      link.classList.remove('back-to-top--floating');
      link.hidden = false;
    };
  },
};
