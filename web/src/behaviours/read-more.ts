// Read-more panels (`[read_more]` shortcodes, SPEC §4.11, §9.7): folded to 200 px under a
// 'Read more ▼' button; open, at their full height, under 'Collapse ▲'. The server writes the
// panel open and the button hidden by CSS when scripting is off; with scripting on, CSS
// folds it before this runs, so nothing jumps. A panel no taller than the fold has nothing
// to hide: it is left open and its button hidden. Opening and closing animate the panel's
// height between the fold and its full height over 200 ms (its `max-height`, which the CSS
// fold sets, so the animation can end on either state's own rule); none with reduced motion.
// Nothing animates at load: the fold is CSS's from the first paint.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

/** SPEC §9.7: the height of a folded panel. */
export const READ_MORE_HEIGHT_PX = 200;
/** SPEC §4.11: the button's text in each state. */
export const READ_MORE_LABELS = { folded: 'Read more ▼', open: 'Collapse ▲' } as const;
/** The height animation. */
export const READ_MORE_DURATION_MS = 200;

export const readMore: Behaviour = {
  attach(el) {
    const button = el.querySelector(':scope > .read-more__button');
    const content = el.querySelector(':scope > .read-more__content');
    if (!(button instanceof HTMLButtonElement) || !(content instanceof HTMLElement)) {
      return;
    }
    const setOpen = (open: boolean): void => {
      el.classList.toggle('is-open', open);
      button.setAttribute('aria-expanded', String(open));
      button.textContent = open ? READ_MORE_LABELS.open : READ_MORE_LABELS.folded;
    };
    // scrollHeight is 0 while the panel sits in a hidden tab: keep it folded then.
    const short = content.scrollHeight > 0 && content.scrollHeight <= READ_MORE_HEIGHT_PX;
    setOpen(short);
    button.hidden = short;

    let animation: Animation | undefined;
    // A panel closed from far down would leave its button above the window: bring it back.
    const keepButtonInView = (open: boolean): void => {
      if (!open && button.getBoundingClientRect().top < 0) {
        button.scrollIntoView({ block: 'center' });
      }
    };
    const onClick = (): void => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      const from = content.getBoundingClientRect().height;
      animation?.cancel();
      animation = undefined;
      setOpen(open);
      const win = el.ownerDocument.defaultView;
      if (win === null || prefersReducedMotion(win) || typeof content.animate !== 'function') {
        keepButtonInView(open);
        return;
      }
      const to = open ? content.scrollHeight : READ_MORE_HEIGHT_PX;
      const running = content.animate([{ maxHeight: `${String(from)}px` }, { maxHeight: `${String(to)}px` }], {
        duration: READ_MORE_DURATION_MS,
        easing: 'ease-out',
      });
      animation = running;
      running.onfinish = () => {
        animation = undefined;
        keepButtonInView(open);
      };
    };
    button.addEventListener('click', onClick);
    return () => {
      animation?.cancel();
      button.removeEventListener('click', onClick);
    };
  },
};
