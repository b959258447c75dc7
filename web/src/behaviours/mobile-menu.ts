// The mobile sidebar menu (SPEC §2.1). The server writes a `Menu` link to /menu/ (every menu
// as plain lists, for small screens without JavaScript) and, closed, the modal dialog `Menu`
// holding the main menu as flat levels: the top one headed 'Main menu', then one per sub-menu,
// headed by its parent's label and starting with a back button named after the level it
// returns to. Here the link becomes a `Menu` button opening that dialog from the side; the
// `{item} submenu` buttons slide to the item's level and the back buttons slide back, each
// moving focus to the level it shows. Focus stays in the dialog (Tab wraps); Escape, the
// close button or a click beside the panel close it, and focus returns to `Menu`.

import { prefersReducedMotion } from '../lib/scroll';
import type { Behaviour } from './types';

/** What a level change does: which level shows, which way it slides in, what gets focus. */
export interface LevelMove {
  show: string;
  from: 'forward' | 'back';
  focus: 'title' | 'opener';
}

/** The move a click on `el` asks for, if any: a `{item} submenu` button or a back button. */
export function levelMoveFor(el: Element): LevelMove | null {
  const next = el.closest('.mobile-menu__next');
  const target = next?.getAttribute('aria-controls');
  if (target !== null && target !== undefined) {
    return { show: target, from: 'forward', focus: 'title' };
  }
  const back = el.closest<HTMLElement>('[data-back]')?.dataset.back;
  return back === undefined ? null : { show: back, from: 'back', focus: 'opener' };
}

/** The elements Tab can reach in `root`, in order. */
function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')].filter(
    (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
}

export const mobileMenu: Behaviour = {
  attach(link) {
    const doc = link.ownerDocument;
    const win = doc.defaultView;
    const dialog = doc.getElementById(link.dataset.dialog ?? '');
    if (!(link instanceof HTMLAnchorElement) || !(dialog instanceof HTMLDialogElement) || win === null) {
      return;
    }
    if (typeof dialog.showModal !== 'function') {
      return;
    }
    const levels = [...dialog.querySelectorAll<HTMLElement>('.mobile-menu__level')];
    const top = levels[0];
    if (top === undefined) {
      return;
    }
    const button = doc.createElement('button');
    button.type = 'button';
    button.className = link.className;
    button.textContent = link.textContent;
    button.setAttribute('aria-haspopup', 'dialog');
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', dialog.id);
    link.hidden = true;
    link.after(button);

    let current = top;
    const show = (level: HTMLElement, from: LevelMove['from'] | null): void => {
      for (const other of levels) {
        other.hidden = other !== level;
        other.classList.remove('is-entering-forward', 'is-entering-back');
      }
      if (from !== null && !prefersReducedMotion(win)) {
        level.classList.add(`is-entering-${from}`);
      }
      current = level;
    };
    const reset = (): void => {
      show(top, null);
      for (const next of dialog.querySelectorAll('.mobile-menu__next')) {
        next.setAttribute('aria-expanded', 'false');
      }
    };

    const onOpen = (): void => {
      reset();
      dialog.showModal();
      button.setAttribute('aria-expanded', 'true');
      tabbable(top)[0]?.focus();
    };
    const onClose = (): void => {
      button.setAttribute('aria-expanded', 'false');
      button.focus();
    };
    const onClick = (event: MouseEvent): void => {
      const target = event.target;
      if (target === dialog) {
        // The backdrop (the dialog itself has no padding outside its panel).
        dialog.close();
        return;
      }
      if (!(target instanceof Element)) {
        return;
      }
      if (target.closest('[data-close]') !== null) {
        dialog.close();
        return;
      }
      const move = levelMoveFor(target);
      const level = move === null ? null : doc.getElementById(move.show);
      if (move === null || level === null || !levels.includes(level)) {
        return;
      }
      const leaving = current;
      show(level, move.from);
      if (move.focus === 'title') {
        target.closest('.mobile-menu__next')?.setAttribute('aria-expanded', 'true');
        level.querySelector<HTMLElement>('.mobile-menu__title')?.focus();
      } else {
        // Back to the button that opened the level we leave.
        const opener = level.querySelector<HTMLElement>(`.mobile-menu__next[aria-controls="${leaving.id}"]`);
        opener?.setAttribute('aria-expanded', 'false');
        (opener ?? level.querySelector<HTMLElement>('.mobile-menu__title'))?.focus();
      }
    };
    const onKeydown = (event: KeyboardEvent): void => {
      if (event.key !== 'Tab') {
        return;
      }
      const stops = tabbable(dialog);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (first === undefined || last === undefined) {
        return;
      }
      const active = doc.activeElement;
      if (event.shiftKey ? active === first : active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };

    button.addEventListener('click', onOpen);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeydown);
    return () => {
      button.removeEventListener('click', onOpen);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeydown);
      if (dialog.open) {
        dialog.close();
      }
      button.remove();
      link.hidden = false;
    };
  },
};
