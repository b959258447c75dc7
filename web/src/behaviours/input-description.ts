// Input descriptions (SPEC §2.1): a field's description (`.description`, named by the field's
// aria-describedby) shows while the shopper is at the field, on focus or on a click, and hides
// on Escape or on a click outside the field's row. Without JavaScript descriptions always
// show. Hidden, a description is still the field's accessible description (aria-describedby
// reads hidden elements), so screen-reader users hear it either way.
//
// Where the SPEC is silent: focus moving to something outside the field's row (Tab to the
// next field) hides it too, so a keyboard user sees one description at a time; and an Escape
// that hides a description goes no further, so inside the login popup it does not also close
// the popup (the next Escape does).

import type { Behaviour } from './types';

/** What can happen to a description. */
export type DescriptionEvent = 'focus' | 'click' | 'escape' | 'outside';

/** Whether the description shows after `event`. */
export function visibleAfter(event: DescriptionEvent): boolean {
  return event === 'focus' || event === 'click';
}

/** The descriptions `input` names: its aria-describedby elements marked `.description`. */
export function descriptionsOf(input: HTMLElement): HTMLElement[] {
  const doc = input.ownerDocument;
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id !== '')
    .map((id) => doc.getElementById(id))
    .filter((el): el is HTMLElement => el instanceof HTMLElement && el.classList.contains('description'));
}

export const inputDescription: Behaviour = {
  attach(input) {
    const descriptions = descriptionsOf(input);
    if (descriptions.length === 0) {
      return;
    }
    const doc = input.ownerDocument;
    // The field's row: its label, the field, the toggle button, the description.
    const row = input.closest('.form-row') ?? input.parentElement ?? input;
    let visible = true;
    const set = (event: DescriptionEvent): boolean => {
      const next = visibleAfter(event);
      const changed = next !== visible;
      visible = next;
      for (const description of descriptions) {
        description.hidden = !visible;
        description.classList.toggle('description--shown', visible);
      }
      return changed;
    };
    set('outside');

    const onFocus = (): void => {
      set('focus');
    };
    const onClick = (): void => {
      set('click');
    };
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && visible) {
        set('escape');
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const outside = (event: Event): void => {
      if (visible && event.target instanceof Node && !row.contains(event.target)) {
        set('outside');
      }
    };
    // A click outside hides the description once the click is done: hiding it at the press
    // would move what is below it (the Register button) away from under the pointer, and
    // the click would be lost. So the focus a press moves waits for that click too; only
    // the focus moved by the keyboard hides it at once.
    let pressing = false;
    const onPress = (): void => {
      pressing = true;
    };
    const onRelease = (): void => {
      pressing = false;
    };
    const onFocusIn = (event: FocusEvent): void => {
      if (!pressing) {
        outside(event);
      }
    };
    input.addEventListener('focus', onFocus);
    input.addEventListener('click', onClick);
    input.addEventListener('keydown', onKey);
    doc.addEventListener('pointerdown', onPress, true);
    doc.addEventListener('pointerup', onRelease, true);
    doc.addEventListener('pointercancel', onRelease, true);
    doc.addEventListener('click', outside, true);
    doc.addEventListener('focusin', onFocusIn, true);
    return () => {
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('click', onClick);
      input.removeEventListener('keydown', onKey);
      doc.removeEventListener('pointerdown', onPress, true);
      doc.removeEventListener('pointerup', onRelease, true);
      doc.removeEventListener('pointercancel', onRelease, true);
      doc.removeEventListener('click', outside, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      for (const description of descriptions) {
        description.hidden = false;
        description.classList.remove('description--shown');
      }
    };
  },
};
