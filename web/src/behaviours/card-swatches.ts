// Swatches on catalogue cards (docs/variations-and-swatches.md). The server renders each
// attribute's swatches as links to the product page with the term chosen, which is what they
// stay without JavaScript. Here each group becomes a radio group: choosing a swatch swaps the
// card's image for the picture of a variation with that term (the `data-image-*` the server
// put on it; width, height and sizes stay, so nothing moves), and the card's links and its
// quick-view button carry the choice, so the product page and the quick view open with it.
// Choosing the chosen swatch again clears it and puts the card back as it was loaded.
// A card with more than one group (Color and Size) also carries its variations with their own
// pictures (`data-variations`): the picture shown is that of the variation matching every
// chosen value, found by the variation form's matcher (web/src/variations/matching.ts, its own
// small chunk, fetched only by such cards), else the first chosen group's swatch picture.
// Cards added later (infinite scroll, filtering) are attached by the scheduler.

import type { VariationData, VariationImage } from '../variations/matching';
import type { Behaviour } from './types';

/** Finds the picture of the variation matching `choice` (field → value), if it has one. */
type PictureFinder = (choice: ReadonlyMap<string, string>) => VariationImage | undefined;

/** Loads the matcher (its own chunk) and binds it to the card's variations. */
async function loadPictureFinder(json: string): Promise<PictureFinder> {
  const { findMatchingVariation, parseVariations } = await import('../variations/matching');
  const variations: VariationData[] = parseVariations(json) ?? [];
  return (choice) => {
    const image = findMatchingVariation(variations, Object.fromEntries(choice))?.image;
    return (image?.src ?? '') === '' ? undefined : image;
  };
}

const GROUP = '[data-card-swatch-group]';
const SWATCH = 'a.card-swatch';

function swatchesOf(group: Element): HTMLAnchorElement[] {
  return [...group.querySelectorAll<HTMLAnchorElement>(SWATCH)];
}

function isDisabled(swatch: Element): boolean {
  return swatch.getAttribute('aria-disabled') === 'true';
}

/** The card URL with the choice in its query (`/product/x/?attribute_pa_color=navy`). */
export function urlWithChoice(base: string, choice: ReadonlyMap<string, string>): string {
  const url = new URL(base, 'http://card.invalid');
  for (const [field, value] of choice) {
    url.searchParams.set(field, value);
  }
  const local = url.origin === 'http://card.invalid';
  return (local ? '' : url.origin) + url.pathname + url.search + url.hash;
}

export const cardSwatches: Behaviour = {
  attach(el) {
    const card = el.closest('.product');
    const groups = [...el.querySelectorAll<HTMLElement>(GROUP)];
    if (card === null || groups.length === 0) {
      return;
    }
    const img = card.querySelector<HTMLImageElement>('.product-card__image img');
    const saved = img === null ? null : { src: img.getAttribute('src'), srcset: img.getAttribute('srcset'), alt: img.getAttribute('alt') };
    const quickView = card.querySelector<HTMLElement>('button.quick-view');
    const base = quickView?.dataset.productUrl ?? card.querySelector('a.woocommerce-LoopProduct-link')?.getAttribute('href') ?? '';
    // The links that lead to the product page: the card's own and the "Select options" button.
    const links = [...card.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
      (a) => a.getAttribute('href') === base && !a.matches(SWATCH),
    );
    const chosen = new Map<HTMLElement, HTMLAnchorElement>();
    let findPicture: PictureFinder | null = null;
    let detached = false;

    const setAttr = (node: Element, name: string, value: string | null): void => {
      if (value === null) {
        node.removeAttribute(name);
      } else {
        node.setAttribute(name, value);
      }
    };

    function render(): void {
      const choice = new Map<string, string>();
      for (const group of groups) {
        const current = chosen.get(group);
        const all = swatchesOf(group);
        const focusable = current ?? all.find((s) => !isDisabled(s));
        for (const swatch of all) {
          swatch.setAttribute('aria-checked', String(swatch === current));
          swatch.tabIndex = swatch === focusable ? 0 : -1;
        }
        if (current !== undefined) {
          choice.set(group.dataset.attribute_name ?? '', current.dataset.value ?? '');
        }
      }
      if (img !== null && saved !== null) {
        const matched = choice.size === 0 ? undefined : findPicture?.(choice);
        const swatch = groups.map((g) => chosen.get(g)).find((s) => (s?.dataset.imageSrc ?? '') !== '');
        const picture =
          matched !== undefined
            ? { src: matched.src ?? null, srcset: typeof matched.srcset === 'string' ? matched.srcset : null, alt: matched.alt ?? null }
            : swatch === undefined
              ? null
              : { src: swatch.dataset.imageSrc ?? null, srcset: swatch.dataset.imageSrcset ?? null, alt: swatch.dataset.imageAlt ?? null };
        if (picture === null) {
          setAttr(img, 'src', saved.src);
          setAttr(img, 'srcset', saved.srcset);
          setAttr(img, 'alt', saved.alt);
        } else {
          // srcset first: a browser may fetch as soon as src changes.
          setAttr(img, 'srcset', picture.srcset);
          setAttr(img, 'src', picture.src);
          setAttr(img, 'alt', picture.alt ?? saved.alt);
        }
      }
      const href = choice.size === 0 ? base : urlWithChoice(base, choice);
      for (const link of links) {
        link.setAttribute('href', href);
      }
      if (quickView !== null) {
        quickView.dataset.productUrl = href;
      }
    }

    function choose(swatch: HTMLAnchorElement, toggle: boolean): void {
      const group = swatch.closest<HTMLElement>(GROUP);
      if (group === null || isDisabled(swatch)) {
        return;
      }
      if (chosen.get(group) === swatch) {
        if (toggle) {
          chosen.delete(group);
        }
      } else {
        chosen.set(group, swatch);
      }
      render();
    }

    const onClick = (event: MouseEvent): void => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(SWATCH) : null;
      if (swatch === null || !el.contains(swatch)) {
        return;
      }
      // A radio now, not a link (a modified click still opens the product page elsewhere).
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      event.preventDefault();
      choose(swatch, true);
    };

    const onKey = (event: KeyboardEvent): void => {
      const swatch = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(SWATCH) : null;
      const group = swatch?.closest(GROUP);
      if (swatch === null || group === null || group === undefined) {
        return;
      }
      if (event.key === ' ') {
        event.preventDefault();
        choose(swatch, true);
        return;
      }
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (step === undefined) {
        return;
      }
      event.preventDefault();
      const enabled = swatchesOf(group).filter((s) => !isDisabled(s) || s === swatch);
      const at = enabled.indexOf(swatch);
      const next = enabled[(at + step + enabled.length) % enabled.length];
      if (next !== undefined && next !== swatch) {
        next.focus();
        choose(next, false);
      }
    };

    for (const group of groups) {
      group.setAttribute('role', 'radiogroup');
      for (const swatch of swatchesOf(group)) {
        swatch.setAttribute('role', 'radio');
        if (swatch.hasAttribute('data-out-of-stock')) {
          swatch.setAttribute('aria-disabled', 'true');
        }
      }
    }
    render();
    el.addEventListener('click', onClick);
    el.addEventListener('keydown', onKey);
    const variations = el.dataset.variations;
    if (groups.length > 1 && variations !== undefined && variations !== '') {
      void loadPictureFinder(variations).then((finder) => {
        if (!detached) {
          findPicture = finder;
          // A choice made while the matcher loaded gets its picture now.
          render();
        }
      });
    }

    return () => {
      detached = true;
      el.removeEventListener('click', onClick);
      el.removeEventListener('keydown', onKey);
      chosen.clear();
      render();
      for (const group of groups) {
        group.setAttribute('role', 'group');
        for (const swatch of swatchesOf(group)) {
          for (const name of ['role', 'aria-checked', 'aria-disabled', 'tabindex']) {
            swatch.removeAttribute(name);
          }
        }
      }
    };
  },
};
