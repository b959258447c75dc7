// A counter on the home page (issue 14) counts up to its number when it comes into view. The
// server writes the final number, which stays for visitors without JavaScript, for those who
// prefer reduced motion, and for screen readers (the animated copy is aria-hidden beside the
// final number in .sr-text). The element keeps its final width while it counts, so nothing
// around it moves.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

/** How long counting takes, in milliseconds. */
export const COUNT_UP_MS = 1600;

/** The number shown `elapsed` ms into counting to `target` (ease-out, whole numbers). */
export function countAt(target: number, elapsed: number): number {
  const t = Math.min(1, Math.max(0, elapsed / COUNT_UP_MS));
  const eased = 1 - (1 - t) ** 3;
  return Math.round(target * eased);
}

export const countUp: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    const target = Number(el.dataset.countTo ?? '');
    if (
      win === null ||
      !Number.isSafeInteger(target) ||
      target <= 0 ||
      prefersReducedMotion(win) ||
      typeof win.IntersectionObserver !== 'function'
    ) {
      return;
    }
    const prefix = el.dataset.prefix ?? '';
    const suffix = el.dataset.suffix ?? '';
    const format = new Intl.NumberFormat(el.ownerDocument.documentElement.lang || 'en-US');
    const render = (n: number): void => {
      el.textContent = `${prefix}${format.format(n)}${suffix}`;
    };
    const width = el.getBoundingClientRect().width;
    if (width > 0) {
      el.style.minWidth = `${String(Math.ceil(width))}px`;
    }
    el.classList.add('is-counting');
    let frame: number | undefined;
    const start = (): void => {
      const began = win.performance.now();
      const step = (now: number): void => {
        const elapsed = now - began;
        render(countAt(target, elapsed));
        frame = elapsed < COUNT_UP_MS ? win.requestAnimationFrame(step) : undefined;
        if (frame === undefined) {
          el.classList.remove('is-counting');
        }
      };
      render(0);
      frame = win.requestAnimationFrame(step);
    };
    const observer = new win.IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      if (frame !== undefined) {
        win.cancelAnimationFrame(frame);
      }
      render(target);
    };
  },
};
