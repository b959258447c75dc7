// The header's dropdown menus (SPEC §2.1, §4.11, §9.6) as the WAI-ARIA disclosure pattern.
// The server writes the main menu as nested lists, each sub-menu after a hidden toggle button
// `{item} submenu` (aria-expanded, aria-controls). Without JavaScript, CSS opens a sub-menu
// on hover and while focus is inside it; here the toggles show and decide instead:
// - a click, Enter or Space on a toggle opens or closes its sub-menu (touch devices too);
// - on devices with a fine pointer that can hover, pointing at an item opens its sub-menu, and
//   leaving it closes it after 70 ms (the theme's hover-intent timeout for dropdowns);
// - Escape closes the innermost open sub-menu and returns focus to its toggle; Down and Up
//   move between the links of an open sub-menu; focus or a click leaving an item closes it.
// Opening a sub-menu closes its open siblings.

import type { Behaviour } from './types';

/** How long a sub-menu stays open after the pointer leaves it (SPEC §9.6). */
export const HOVER_CLOSE_MS = 70;

interface Disclosure {
  item: HTMLElement;
  toggle: HTMLButtonElement;
  menu: HTMLElement;
}

/** The parent items of `nav` with their toggle and sub-menu. */
export function disclosures(nav: HTMLElement): Disclosure[] {
  const found: Disclosure[] = [];
  for (const item of nav.querySelectorAll<HTMLElement>('li.menu-item--parent')) {
    const toggle = item.querySelector(':scope > .sub-menu-toggle');
    const menu = item.querySelector(':scope > .sub-menu');
    if (toggle instanceof HTMLButtonElement && menu instanceof HTMLElement) {
      found.push({ item, toggle, menu });
    }
  }
  return found;
}

function isOpen(d: Disclosure): boolean {
  return d.toggle.getAttribute('aria-expanded') === 'true';
}

export const dropdownMenu: Behaviour = {
  attach(nav) {
    const all = disclosures(nav);
    const win = nav.ownerDocument.defaultView;
    if (all.length === 0 || win === null) {
      return;
    }
    const doc = nav.ownerDocument;
    const canHover = (): boolean =>
      typeof win.matchMedia === 'function' && win.matchMedia('(hover: hover) and (pointer: fine)').matches;

    const setOpen = (d: Disclosure, open: boolean): void => {
      if (open) {
        for (const other of all) {
          // Siblings close; so does anything open that is not this item's ancestor.
          if (other !== d && isOpen(other) && !other.item.contains(d.item)) {
            setOpen(other, false);
          }
        }
      } else {
        for (const inner of all) {
          if (inner !== d && d.item.contains(inner.item) && isOpen(inner)) {
            setOpen(inner, false);
          }
        }
      }
      d.toggle.setAttribute('aria-expanded', String(open));
      d.item.classList.toggle('is-open', open);
    };
    const closeAll = (): void => {
      for (const d of all) {
        if (isOpen(d)) {
          setOpen(d, false);
        }
      }
    };

    const cleanups: (() => void)[] = [];
    const listen = <K extends keyof HTMLElementEventMap>(
      target: HTMLElement | Document,
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
    ): void => {
      target.addEventListener(type, handler as EventListener);
      cleanups.push(() => {
        target.removeEventListener(type, handler as EventListener);
      });
    };

    // Sub-menus the pointer opened: a click on their toggle then keeps them open.
    const hovered = new Set<Disclosure>();
    for (const d of all) {
      d.toggle.hidden = false;
      listen(d.toggle, 'click', () => {
        const pinned = hovered.delete(d);
        setOpen(d, pinned || !isOpen(d));
      });
      let closeTimer: number | undefined;
      listen(d.item, 'pointerenter', (event) => {
        if (event.pointerType !== 'mouse' || !canHover()) {
          return;
        }
        win.clearTimeout(closeTimer);
        if (!isOpen(d)) {
          hovered.add(d);
          setOpen(d, true);
        }
      });
      listen(d.item, 'pointerleave', (event) => {
        if (event.pointerType !== 'mouse' || !canHover() || d.item.contains(doc.activeElement)) {
          return;
        }
        win.clearTimeout(closeTimer);
        closeTimer = win.setTimeout(() => {
          hovered.delete(d);
          setOpen(d, false);
        }, HOVER_CLOSE_MS);
      });
      cleanups.push(() => {
        win.clearTimeout(closeTimer);
      });
    }
    nav.classList.add('main-menu--enhanced');

    listen(nav, 'keydown', (event) => {
      const active = doc.activeElement;
      // The innermost open item holding the focus.
      const here = all.filter((d) => isOpen(d) && d.item.contains(active)).pop();
      if (event.key === 'Escape') {
        if (here !== undefined) {
          event.preventDefault();
          setOpen(here, false);
          here.toggle.focus();
        }
        return;
      }
      if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || here === undefined) {
        return;
      }
      // The visible links and toggles of the open sub-menu, its toggle first.
      const stops = [here.toggle, ...here.menu.querySelectorAll<HTMLElement>('a[href], button:not([hidden])')].filter(
        (el) => el.getClientRects().length > 0,
      );
      const at = stops.indexOf(active as HTMLElement);
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (at !== -1 && next >= 0 && next < stops.length) {
        event.preventDefault();
        stops[next]?.focus();
      }
    });
    listen(nav, 'focusout', (event) => {
      const to = event.relatedTarget;
      for (const d of all) {
        if (isOpen(d) && !(to instanceof Node && d.item.contains(to))) {
          setOpen(d, false);
        }
      }
    });
    listen(doc, 'click', (event) => {
      if (!(event.target instanceof Node && nav.contains(event.target))) {
        closeAll();
      }
    });

    return () => {
      for (const cleanup of cleanups) {
        cleanup();
      }
      closeAll();
      nav.classList.remove('main-menu--enhanced');
      for (const d of all) {
        d.toggle.hidden = true;
      }
    };
  },
};
