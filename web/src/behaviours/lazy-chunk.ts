// Stand-ins for behaviours that live in a chunk of their own, fetched by the first element
// that needs one of them: a page without such an element never pays for the chunk (the
// catalogue entry has a 40 KB budget, web/budgets.json). Undoing before the chunk has come
// stops the behaviour from attaching at all.

import type { Behaviour } from './types';

/** How a chunk is fetched. */
export interface ChunkOptions {
  /**
   * Wait until the element comes within 200 px of the viewport before fetching (a large chunk
   * for a block further down the page: the page's load does not pay for it). A plain click
   * inside the element before the behaviour has attached is held, and given again to the
   * element clicked once it has, so a quick shopper's click is not lost to the link's own
   * destination.
   */
  readonly nearViewport?: boolean;
}

/**
 * A chunk's behaviours, loaded on first use: `lazyChunk(() => import('./x').then((m) => m.all))`
 * returns a function that gives the stand-in for one behaviour of that chunk by name.
 */
export function lazyChunk<Name extends string>(
  load: () => Promise<Readonly<Record<Name, Behaviour>>>,
  options: ChunkOptions = {},
): (name: Name) => Behaviour {
  let chunk: Promise<Readonly<Record<Name, Behaviour>>> | undefined;
  return (name) => ({
    attach(el) {
      let undo: (() => void) | undefined;
      let undone = false;
      let started = false;
      const held: HTMLElement[] = [];
      const start = (): void => {
        if (started) {
          return;
        }
        started = true;
        chunk ??= load();
        void chunk.then((registry) => {
          if (undone) {
            return;
          }
          const result = registry[name].attach(el);
          if (typeof result === 'function') {
            undo = result;
          }
          el.removeEventListener('click', holdClick, true);
          for (const target of held.splice(0)) {
            target.click();
          }
        });
      };
      const holdClick = (event: MouseEvent): void => {
        const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        if (!plain || !(event.target instanceof HTMLElement)) {
          return;
        }
        event.preventDefault();
        event.stopPropagation();
        held.push(event.target);
        observer?.disconnect();
        start();
      };
      const win = el.ownerDocument.defaultView;
      let observer: IntersectionObserver | undefined;
      if (options.nearViewport === true && win !== null && 'IntersectionObserver' in win) {
        el.addEventListener('click', holdClick, true);
        observer = new win.IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              observer?.disconnect();
              start();
            }
          },
          { rootMargin: '200px 0px' },
        );
        observer.observe(el);
      } else {
        start();
      }
      return () => {
        undone = true;
        observer?.disconnect();
        el.removeEventListener('click', holdClick, true);
        undo?.();
      };
    },
  });
}

/** The home page's section behaviours (home-sections.ts). */
export const homeSection = lazyChunk(() =>
  import('./home-sections').then((module) => module.sectionBehaviours),
);

/** The product page's behaviours (product-page.ts). */
export const productPart = lazyChunk(() =>
  import('./product-page').then((module) => module.productBehaviours),
);

/** The account forms' behaviours (account-forms.ts). */
export const accountForm = lazyChunk(() =>
  import('./account-forms').then((module) => module.accountFormBehaviours),
);

/** The content pages' widgets (content-widgets.ts). */
export const contentWidget = lazyChunk(() =>
  import('./content-widgets').then((module) => module.contentWidgets),
);

/** The mobile sidebar's menu tabs (sidebar-tabs.ts), on shops that name a second menu. */
export const sidebarChunk = lazyChunk(() =>
  import('./sidebar-tabs').then((module) => module.sidebarBehaviours),
);

/**
 * Lightboxes and off-canvas panels opened by links, and the terms in a lightbox
 * (lightboxes.ts): fetched at once where a page has one, so the first click opens it.
 */
export const lightboxBehaviour = lazyChunk(() =>
  import('./lightboxes').then((module) => module.lightboxBehaviours),
);

/**
 * The media behaviours that act on a block the shopper sees (films, the background video,
 * the gallery): the same chunk, fetched when such a block comes near the viewport.
 */
export const mediaBlock = lazyChunk(
  () => import('./media').then((module) => module.mediaBehaviours),
  { nearViewport: true },
);

/**
 * The vector animation player (lottie.ts), with lottie-web (46 KB gzip): fetched only when a
 * lottie block comes near the viewport.
 */
export const lottieBehaviour = lazyChunk(
  () => import('./lottie').then((module) => module.lottieBehaviours),
  { nearViewport: true },
);

/**
 * The listing pages' filtering, sorting and infinite scroll (listing.ts): the shop, category
 * and search pages fetch it; the home page, whose product grids are not listings, does not.
 */
export const listingPart = lazyChunk(() =>
  import('./listing').then((module) => ({ listing: module.listing })),
);
