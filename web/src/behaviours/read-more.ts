// Read-more panels (`[read_more]` shortcodes, SPEC §4.11, §9.7): folded to 200 px under a
// 'Read more ▼' button; open, at their full height, under 'Collapse ▲'. The server writes the
// panel open and the button hidden by CSS when scripting is off; with scripting on, CSS
// folds it before this runs, so nothing jumps. A panel no taller than the fold has nothing
// to hide: it is left open and its button hidden. The height change is a CSS transition,
// which the theme turns off for reduced motion.

import type { Behaviour } from './types';

/** SPEC §9.7: the height of a folded panel. */
export const READ_MORE_HEIGHT_PX = 200;
/** SPEC §4.11: the button's text in each state. */
export const READ_MORE_LABELS = { folded: 'Read more ▼', open: 'Collapse ▲' } as const;

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

    const onClick = (): void => {
      const open = button.getAttribute('aria-expanded') !== 'true';
      setOpen(open);
      if (!open && button.getBoundingClientRect().top < 0) {
        button.scrollIntoView({ block: 'center' });
      }
    };
    button.addEventListener('click', onClick);
    return () => {
      button.removeEventListener('click', onClick);
    };
  },
};
