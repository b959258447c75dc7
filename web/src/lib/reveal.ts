// A part of the page folded away by an enhancement (a tab panel, later an accordion) is
// opened by whoever needs it shown (the reviews behaviour for a #reviews link) through one
// bubbling event on the part itself; the enhancement that folds it listens and opens it.

/** Dispatched on a folded part (bubbling) to have it shown. */
export const REVEAL_EVENT = 'mercato:reveal';

/** Asks the enhancements around `el` to show it. */
export function requestReveal(el: Element): void {
  el.dispatchEvent(new CustomEvent(REVEAL_EVENT, { bubbles: true }));
}
