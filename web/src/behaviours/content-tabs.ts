// Tabs in content pages (`[tabgroup]` shortcodes, SPEC §2.1): the server writes the WAI-ARIA
// tab set (a `tablist` of `tab` buttons, one `tabpanel` each) with the first tab selected.
// Without JavaScript the tab list is hidden by CSS and every panel shows, under its own
// heading; with scripting on, CSS shows only the selected panel before this runs, so nothing
// jumps. Here the tabs work: a click or the arrow keys, Home and End select (the selection
// follows focus, roving tabindex, as on the product page), and a URL whose fragment names a
// panel or anything inside one selects that tab, at load and on later hash changes, as does a
// `mercato:reveal` event inside a panel.

import { REVEAL_EVENT } from '../lib/reveal';
import { hashId } from '../lib/url-hash';
import { tabKeyTarget } from './product-tabs';
import type { Behaviour } from './types';

interface Tab {
  tab: HTMLElement;
  panel: HTMLElement;
}

function tabsOf(el: HTMLElement): Tab[] {
  const tabs: Tab[] = [];
  for (const tab of el.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]')) {
    const panel = el.ownerDocument.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel?.parentElement === el) {
      tabs.push({ tab, panel });
    }
  }
  return tabs;
}

/** The index of the tab whose panel holds what the URL's fragment names, or -1. */
export function tabNamedByUrl(panels: readonly HTMLElement[], url: URL, doc: Document): number {
  const id = hashId(url);
  const target = id === '' ? null : doc.getElementById(id);
  return target === null ? -1 : panels.findIndex((panel) => panel.contains(target));
}

export const contentTabs: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const list = el.querySelector(':scope > [role="tablist"]');
    const tabs = tabsOf(el);
    if (win === null || !(list instanceof HTMLElement) || tabs.length === 0) {
      return;
    }
    const panels = tabs.map((t) => t.panel);

    const select = (index: number, focus: boolean): void => {
      tabs.forEach(({ tab, panel }, i) => {
        const selected = i === index;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        panel.classList.toggle('is-selected', selected);
        panel.hidden = !selected;
      });
      if (focus) {
        tabs[index]?.tab.focus();
      }
    };
    const named = tabNamedByUrl(panels, new URL(win.location.href), doc);
    const serverChoice = tabs.findIndex(({ tab }) => tab.getAttribute('aria-selected') === 'true');
    select(named >= 0 ? named : Math.max(0, serverChoice), false);

    const indexOf = (target: EventTarget | null): number =>
      target instanceof Element ? tabs.findIndex(({ tab }) => tab === target.closest('[role="tab"]')) : -1;

    const onClick = (event: MouseEvent): void => {
      const index = indexOf(event.target);
      if (index >= 0) {
        select(index, true);
      }
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      const index = indexOf(event.target);
      const to = index < 0 ? undefined : tabKeyTarget(event.key, index, tabs.length);
      if (to !== undefined) {
        event.preventDefault();
        select(to, true);
      }
    };
    const onReveal = (event: Event): void => {
      const index = panels.findIndex((panel) => event.target instanceof Node && panel.contains(event.target));
      if (index >= 0) {
        select(index, false);
      }
    };
    const onHashChange = (): void => {
      const index = tabNamedByUrl(panels, new URL(win.location.href), doc);
      if (index >= 0) {
        select(index, false);
      }
    };
    list.addEventListener('click', onClick);
    list.addEventListener('keydown', onKeyDown);
    el.addEventListener(REVEAL_EVENT, onReveal);
    win.addEventListener('hashchange', onHashChange);
    return () => {
      list.removeEventListener('click', onClick);
      list.removeEventListener('keydown', onKeyDown);
      el.removeEventListener(REVEAL_EVENT, onReveal);
      win.removeEventListener('hashchange', onHashChange);
    };
  },
};
