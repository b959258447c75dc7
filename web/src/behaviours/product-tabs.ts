// The product's tabs (SPEC §2.3): the server writes a list of links (Description, Additional
// information, Reviews (N)) and the panels as sections, all visible, so without JavaScript
// the links jump to the sections. With it they become a WAI-ARIA tab set: a `tablist` of
// `tab`s, one `tabpanel` shown at a time, the arrow keys, Home and End moving between tabs
// (the selection follows focus), the first tab open unless the URL names another panel or
// asks for the reviews. Any script can open a panel by dispatching the bubbling
// `mercato:reveal` event on it: the reviews behaviour does so for #reviews links.

import { REVEAL_EVENT } from '../lib/reveal';
import { indexNamedByHash } from '../lib/url-hash';
import { urlWantsReviews } from './product-reviews';
import type { Behaviour } from './types';

interface Tab {
  tab: HTMLAnchorElement;
  panel: HTMLElement;
}

function tabsOf(el: HTMLElement): Tab[] {
  const doc = el.ownerDocument;
  const tabs: Tab[] = [];
  for (const link of el.querySelectorAll('.wc-tabs a[href^="#"]')) {
    const id = link.getAttribute('href')?.slice(1) ?? '';
    const panel = id === '' ? null : doc.getElementById(id);
    if (link instanceof HTMLAnchorElement && panel !== null && el.contains(panel)) {
      tabs.push({ tab: link, panel });
    }
  }
  return tabs;
}

/** The tab the URL asks for: the reviews for SPEC §2.3's hashes, a panel named by its id, else the first. */
export function initialTab(panelIds: readonly string[], url: URL): number {
  if (urlWantsReviews(url)) {
    const reviews = panelIds.indexOf('tab-reviews');
    if (reviews >= 0) {
      return reviews;
    }
  }
  return Math.max(0, indexNamedByHash(panelIds, url));
}

/**
 * The tab a key moves to in a horizontal WAI-ARIA tab list of `count` tabs, from `index`
 * (arrows wrap around, Home and End go to the ends), or `undefined` for other keys.
 */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  const next: Record<string, number> = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  return Object.hasOwn(next, key) ? next[key] : undefined;
}

export const productTabs: Behaviour = {
  attach(el) {
    const win = el.ownerDocument.defaultView;
    const list = el.querySelector('.wc-tabs');
    const tabs = tabsOf(el);
    if (win === null || !(list instanceof HTMLElement) || tabs.length === 0) {
      return;
    }
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', 'Product details');
    for (const item of list.querySelectorAll(':scope > li')) {
      item.setAttribute('role', 'presentation');
    }
    for (const { tab, panel } of tabs) {
      tab.id = `${panel.id}-tab`;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
    }

    const select = (index: number, focus: boolean): void => {
      tabs.forEach(({ tab, panel }, i) => {
        const selected = i === index;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        tab.parentElement?.classList.toggle('active', selected);
        panel.hidden = !selected;
      });
      if (focus) {
        tabs[index]?.tab.focus();
      }
    };
    select(
      initialTab(
        tabs.map((t) => t.panel.id),
        new URL(win.location.href),
      ),
      false,
    );

    const indexOf = (target: EventTarget | null): number =>
      target instanceof Element ? tabs.findIndex(({ tab }) => tab === target.closest('[role="tab"]')) : -1;

    const onClick = (event: MouseEvent): void => {
      const index = indexOf(event.target);
      if (index >= 0) {
        event.preventDefault();
        select(index, true);
      }
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      const index = indexOf(event.target);
      if (index < 0) {
        return;
      }
      const to = tabKeyTarget(event.key, index, tabs.length);
      if (to !== undefined) {
        event.preventDefault();
        select(to, true);
      }
    };
    const onReveal = (event: Event): void => {
      const index = tabs.findIndex(({ panel }) => event.target instanceof Node && panel.contains(event.target));
      if (index >= 0) {
        select(index, false);
      }
    };
    const onHashChange = (): void => {
      const url = new URL(win.location.href);
      const ids = tabs.map((t) => t.panel.id);
      if (urlWantsReviews(url) || indexNamedByHash(ids, url) >= 0) {
        select(initialTab(ids, url), false);
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
