// The bullet navigation of a content page's scroll-to sections (`[scroll_to]` shortcodes,
// SPEC §2.1, §9.6). The server writes a side list of links to the sections (hidden by CSS on
// medium and small screens); a click is the in-page link scroll every page has
// (anchor-scroll.ts: smooth, below the sticky header). Here the bullet of the section being
// read is marked `aria-current`: the last section whose start has passed a line the sticky
// header's height plus 100 px below the top of the viewport.

import { stickyHeaderOffset } from '../lib/scroll';
import type { Behaviour } from './types';

/** SPEC §9.6: the active section is the one above the sticky header's height plus this. */
export const ACTIVE_SECTION_OFFSET_PX = 100;

/** The index of the active section given each section's top in the viewport, or -1 above all. */
export function activeSection(tops: readonly number[], line: number): number {
  let active = -1;
  tops.forEach((top, index) => {
    if (top <= line) {
      active = index;
    }
  });
  return active;
}

export const scrollSections: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const bullets: { link: HTMLAnchorElement; target: HTMLElement }[] = [];
    for (const link of el.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
      const target = doc.getElementById(decodeURIComponent(link.hash.slice(1)));
      if (target !== null) {
        bullets.push({ link, target });
      }
    }
    if (win === null || bullets.length === 0) {
      return;
    }
    let frame: number | undefined;
    const update = (): void => {
      frame = undefined;
      const line = stickyHeaderOffset(doc) + ACTIVE_SECTION_OFFSET_PX;
      const active = activeSection(
        bullets.map(({ target }) => target.getBoundingClientRect().top),
        line,
      );
      bullets.forEach(({ link }, index) => {
        if (index === active) {
          link.setAttribute('aria-current', 'true');
        } else {
          link.removeAttribute('aria-current');
        }
      });
    };
    const onScroll = (): void => {
      frame ??= win.requestAnimationFrame(update);
    };
    update();
    win.addEventListener('scroll', onScroll, { passive: true });
    win.addEventListener('resize', onScroll, { passive: true });
    return () => {
      if (frame !== undefined) {
        win.cancelAnimationFrame(frame);
      }
      win.removeEventListener('scroll', onScroll);
      win.removeEventListener('resize', onScroll);
    };
  },
};
