// The mobile sidebar's menu tabs (SPEC §2.1 "sidebar menu tabs", docs/theming.md): when the
// merchant's `menus` setting names a second menu for the sidebar, the `Menu` dialog holds a
// tab list (`Main menu` and that menu) over one panel per menu. The server writes the WAI-ARIA
// tabs markup with the first tab chosen; here the tabs work: a click chooses, the arrow keys
// (wrapping), Home and End move between the tabs and choose at once (automatic activation),
// with one tab stop for the list; closing the dialog goes back to the first tab, so it opens
// on the main menu again. The dialog opens only with JavaScript, so there is nothing
// to do without it (the /menu/ page lists every menu).
// Kept in its own chunk: only a shop that names a second menu loads it.

import type { Behaviour, BehaviourRegistry } from './types';

function tabsOf(list: Element): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
}

/** Chooses `tab`: it is selected and the one tab stop, and only its panel shows. */
export function chooseTab(list: Element, tab: HTMLElement): void {
  const doc = list.ownerDocument;
  for (const other of tabsOf(list)) {
    const chosen = other === tab;
    other.setAttribute('aria-selected', String(chosen));
    other.tabIndex = chosen ? 0 : -1;
    const panel = doc.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel !== null) {
      panel.hidden = !chosen;
    }
  }
}

const sidebarTabs: Behaviour = {
  attach(list) {
    const onClick = (event: MouseEvent): void => {
      const tab = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="tab"]') : null;
      if (tab !== null && list.contains(tab)) {
        chooseTab(list, tab);
      }
    };
    const onKeydown = (event: KeyboardEvent): void => {
      const tabs = tabsOf(list);
      const at = tabs.findIndex((t) => t === event.target);
      if (at < 0) {
        return;
      }
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (to === undefined) {
        return;
      }
      event.preventDefault();
      const tab = tabs[(to + tabs.length) % tabs.length];
      if (tab !== undefined) {
        chooseTab(list, tab);
        tab.focus();
      }
    };
    // The dialog opens again on the main menu, as it opens on its top level.
    const dialog = list.closest('dialog');
    const onClose = (): void => {
      const first = tabsOf(list)[0];
      if (first !== undefined) {
        chooseTab(list, first);
      }
    };
    list.addEventListener('click', onClick);
    list.addEventListener('keydown', onKeydown);
    dialog?.addEventListener('close', onClose);
    return () => {
      list.removeEventListener('click', onClick);
      list.removeEventListener('keydown', onKeydown);
      dialog?.removeEventListener('close', onClose);
    };
  },
};

/** This chunk's behaviours by their `data-behaviour` names. */
export const sidebarBehaviours = { 'sidebar-tabs': sidebarTabs } satisfies BehaviourRegistry;
