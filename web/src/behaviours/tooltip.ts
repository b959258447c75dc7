// Tooltips (`[tooltip]` shortcodes, SPEC §2.1, §9.6, §9.7). The server writes the words,
// focusable and `aria-describedby` their tip, the tip's text in the page (visually hidden)
// and in a `title`, so it is there without JavaScript. Here the `title` goes (the browser's
// own tip would double ours) and the tip shows 700 ms after the pointer rests on the words
// or they take focus; it stays while the pointer is over the words or the tip, and hides
// when both are left, on blur, or on Escape. A tap on a touch screen shows it at once, a
// second tap hides it.

import type { Behaviour } from './types';

/** SPEC §9.6: how long the pointer or focus rests before the tip shows. */
export const TOOLTIP_DELAY_MS = 700;

export const tooltip: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const trigger = el.querySelector(':scope > .tooltip__trigger');
    if (win === null || !(trigger instanceof HTMLElement)) {
      return;
    }
    trigger.removeAttribute('title');
    let timer: number | undefined;
    let touched = false;

    const show = (): void => {
      win.clearTimeout(timer);
      el.classList.add('is-visible');
    };
    const hide = (): void => {
      win.clearTimeout(timer);
      el.classList.remove('is-visible');
    };
    const showSoon = (): void => {
      if (el.classList.contains('is-visible')) {
        return;
      }
      win.clearTimeout(timer);
      timer = win.setTimeout(show, TOOLTIP_DELAY_MS);
    };

    const onPointerEnter = (event: PointerEvent): void => {
      if (event.pointerType !== 'touch') {
        showSoon();
      }
    };
    const onPointerLeave = (event: PointerEvent): void => {
      if (event.pointerType !== 'touch' && doc.activeElement !== trigger) {
        hide();
      }
    };
    const onPointerDown = (event: PointerEvent): void => {
      touched = event.pointerType === 'touch';
    };
    const onClick = (): void => {
      if (!touched) {
        return;
      }
      touched = false;
      if (el.classList.contains('is-visible')) {
        hide();
      } else {
        show();
      }
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && (el.classList.contains('is-visible') || timer !== undefined)) {
        hide();
        timer = undefined;
      }
    };
    const onOutside = (event: PointerEvent): void => {
      if (!(event.target instanceof Node && el.contains(event.target))) {
        hide();
      }
    };
    el.addEventListener('pointerenter', onPointerEnter);
    el.addEventListener('pointerleave', onPointerLeave);
    el.addEventListener('pointerdown', onPointerDown);
    trigger.addEventListener('focus', showSoon);
    trigger.addEventListener('blur', hide);
    trigger.addEventListener('click', onClick);
    doc.addEventListener('keydown', onKeyDown);
    doc.addEventListener('pointerdown', onOutside);
    return () => {
      win.clearTimeout(timer);
      el.removeEventListener('pointerenter', onPointerEnter);
      el.removeEventListener('pointerleave', onPointerLeave);
      el.removeEventListener('pointerdown', onPointerDown);
      trigger.removeEventListener('focus', showSoon);
      trigger.removeEventListener('blur', hide);
      trigger.removeEventListener('click', onClick);
      doc.removeEventListener('keydown', onKeyDown);
      doc.removeEventListener('pointerdown', onOutside);
    };
  },
};
