// Blocks that fade and rise into place when they come into view (issue 14). Only blocks still
// below the fold when the page loads are held back, so nothing the visitor already sees
// blinks; without JavaScript, or for visitors who prefer reduced motion, everything is simply
// there. The motion is a transform, which moves nothing around the block.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

export const animateOnView: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    if (win === null || prefersReducedMotion(win) || typeof win.IntersectionObserver !== 'function') {
      return;
    }
    if (el.getBoundingClientRect().top < win.innerHeight) {
      return;
    }
    el.classList.add('is-pending');
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          el.classList.remove('is-pending');
          el.classList.add('is-revealed');
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      el.classList.remove('is-pending');
    };
  },
};
