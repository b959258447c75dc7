// Stand-ins for behaviours that live in a chunk of their own, fetched by the first element
// that needs one of them: a page without such an element never pays for the chunk (the
// catalogue entry has a 40 KB budget, web/budgets.json). Undoing before the chunk has come
// stops the behaviour from attaching at all.

import type { Behaviour } from './types';

/**
 * A chunk's behaviours, loaded on first use: `lazyChunk(() => import('./x').then((m) => m.all))`
 * returns a function that gives the stand-in for one behaviour of that chunk by name.
 */
export function lazyChunk<Name extends string>(
  load: () => Promise<Readonly<Record<Name, Behaviour>>>,
): (name: Name) => Behaviour {
  let chunk: Promise<Readonly<Record<Name, Behaviour>>> | undefined;
  return (name) => ({
    attach(el) {
      let undo: (() => void) | undefined;
      let undone = false;
      chunk ??= load();
      void chunk.then((registry) => {
        if (undone) {
          return;
        }
        const result = registry[name].attach(el);
        if (typeof result === 'function') {
          undo = result;
        }
      });
      return () => {
        undone = true;
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

/** The media behaviours (media.ts): lightboxes, off-canvas panels, videos, the home gallery. */
export const mediaBehaviour = lazyChunk(() =>
  import('./media').then((module) => module.mediaBehaviours),
);

/** The vector animation player (lottie.ts), with lottie-web: only pages with such a block. */
export const lottieBehaviour = lazyChunk(() =>
  import('./lottie').then((module) => module.lottieBehaviours),
);
