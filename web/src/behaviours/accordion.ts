// Accordions in content pages (`[accordion]` shortcodes, SPEC §2.1, §9.6). The server writes
// each item as a heading holding a button (`aria-controls` naming its panel, `aria-expanded`
// true, as every panel shows without JavaScript) and marks the items to keep open
// (`is-open`); CSS that applies only when scripting is on folds the others before this
// runs, so nothing jumps. Here the
// buttons open and close their panels (200 ms, none with reduced motion). Items open
// independently of each other, unless the accordion is `single` (`data-single`, from
// `[accordion single]`): then opening one closes the one open before. A URL whose fragment names an item (or anything inside one)
// opens it and, 500 ms after load, scrolls to it below the sticky header; a later hash
// change or a `mercato:reveal` event inside a panel opens the item too.

import { REVEAL_EVENT } from '../lib/reveal';
import { prefersReducedMotion, scrollToElement } from '../lib/scroll';
import { scrollAfterLoad } from '../lib/scroll-after-load';
import { hashId } from '../lib/url-hash';
import type { Behaviour } from './types';

/** SPEC §9.6: the accordion's animation. */
export const ACCORDION_DURATION_MS = 200;

interface Item {
  item: HTMLElement;
  button: HTMLButtonElement;
  panel: HTMLElement;
  animation?: Animation | undefined;
}

function itemsOf(el: HTMLElement): Item[] {
  const items: Item[] = [];
  for (const item of el.querySelectorAll<HTMLElement>(':scope > .accordion__item')) {
    const button = item.querySelector(':scope > .accordion__heading > .accordion__button');
    const panel = el.ownerDocument.getElementById(button?.getAttribute('aria-controls') ?? '');
    if (button instanceof HTMLButtonElement && panel?.parentElement === item) {
      items.push({ item, button, panel });
    }
  }
  return items;
}

/** The item holding the element the URL's fragment names, if it is in `items`. */
export function itemNamedByUrl<T extends { item: HTMLElement }>(items: readonly T[], url: URL, doc: Document): T | undefined {
  const id = hashId(url);
  const target = id === '' ? null : doc.getElementById(id);
  return target === null ? undefined : items.find(({ item }) => item.contains(target));
}

/** Opens or closes `entry`, animating its height unless `animate` is false. */
function setOpen(entry: Item, open: boolean, animate: boolean): void {
  const { item, button, panel } = entry;
  if (button.getAttribute('aria-expanded') === String(open) && item.classList.contains('is-open') === open) {
    return;
  }
  entry.animation?.cancel();
  entry.animation = undefined;
  button.setAttribute('aria-expanded', String(open));
  const win = item.ownerDocument.defaultView;
  const motion = animate && win !== null && !prefersReducedMotion(win) && typeof panel.animate === 'function';
  const finish = (): void => {
    item.classList.toggle('is-open', open);
    panel.hidden = !open;
  };
  if (open) {
    finish();
  }
  if (!motion) {
    finish();
    return;
  }
  const height = `${String(panel.scrollHeight)}px`;
  const frames = [
    { height: '0px', overflow: 'hidden' },
    { height, overflow: 'hidden' },
  ];
  const animation = panel.animate(open ? frames : frames.reverse(), { duration: ACCORDION_DURATION_MS, easing: 'ease-out' });
  entry.animation = animation;
  animation.onfinish = () => {
    entry.animation = undefined;
    finish();
  };
}

export const accordion: Behaviour = {
  attach(el) {
    const doc = el.ownerDocument;
    const win = doc.defaultView;
    const items = itemsOf(el);
    if (win === null || items.length === 0) {
      return;
    }
    const single = el.hasAttribute('data-single');
    const named = itemNamedByUrl(items, new URL(win.location.href), doc);
    // One open at most in a single accordion: the item the URL names, else the first marked.
    const kept = single ? (named ?? items.find(({ item }) => item.classList.contains('is-open'))) : undefined;
    for (const entry of items) {
      const open = single ? entry === kept : entry === named || entry.item.classList.contains('is-open');
      entry.item.classList.toggle('is-open', open);
      entry.button.setAttribute('aria-expanded', String(open));
      entry.panel.hidden = !open;
    }
    const cancelScroll =
      named === undefined
        ? undefined
        : scrollAfterLoad(win, () => {
            scrollToElement(named.item);
          });

    /** Opens or closes `entry`; opening it in a single accordion closes the others. */
    const toggle = (entry: Item, open: boolean, animate: boolean): void => {
      if (open && single) {
        for (const other of items) {
          if (other !== entry) {
            setOpen(other, false, animate);
          }
        }
      }
      setOpen(entry, open, animate);
    };
    const onClick = (event: MouseEvent): void => {
      const button = event.target instanceof Element ? event.target.closest('.accordion__button') : null;
      const entry = items.find((i) => i.button === button);
      if (entry !== undefined) {
        toggle(entry, entry.button.getAttribute('aria-expanded') !== 'true', true);
      }
    };
    const onReveal = (event: Event): void => {
      const entry = items.find(({ panel }) => event.target instanceof Node && panel.contains(event.target));
      if (entry !== undefined) {
        toggle(entry, true, false);
      }
    };
    const onHashChange = (): void => {
      const entry = itemNamedByUrl(items, new URL(win.location.href), doc);
      if (entry !== undefined) {
        toggle(entry, true, true);
      }
    };
    el.addEventListener('click', onClick);
    el.addEventListener(REVEAL_EVENT, onReveal);
    win.addEventListener('hashchange', onHashChange);
    return () => {
      cancelScroll?.();
      el.removeEventListener('click', onClick);
      el.removeEventListener(REVEAL_EVENT, onReveal);
      win.removeEventListener('hashchange', onHashChange);
    };
  },
};
