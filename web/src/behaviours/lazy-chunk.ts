// Behaviours that live in a chunk of their own, fetched by the first element that needs one
// of them: a page without such an element never pays for the chunk (the catalogue entry has a
// 40 KB budget, web/budgets.json). The scheduler (src/scheduler) decides when to fetch, holds
// the clicks that come first, and detaches what it attached.

import type { Behaviour, LazyBehaviour } from './types';

/** How a chunk is fetched. */
export interface ChunkOptions {
  /**
   * Wait until the element comes within 200 px of the viewport before fetching (a large chunk
   * for a block further down the page: the page's load does not pay for it). A plain click
   * inside the element before the behaviour has attached is held and given again to the
   * element clicked once it has; if the chunk fails, the click goes to the page (the link is
   * followed), so a quick shopper's click is never lost.
   */
  readonly nearViewport?: boolean;
  /**
   * Wait for the shopper's first hover, focus or click inside the element (a control that is
   * not used on most visits, such as the header's live search). Clicks before the behaviour
   * has attached are held and given again once it has.
   */
  readonly onInteraction?: boolean;
}

/**
 * A chunk's behaviours, loaded on first use: `lazyChunk('x', () => import('./x').then((m) => m.all))`
 * returns a function that gives the stand-in for one behaviour of that chunk by name. The chunk
 * is fetched once for all of them; a failed fetch is not kept, so the next try fetches again.
 */
export function lazyChunk<Name extends string>(
  chunk: string,
  load: () => Promise<Readonly<Record<Name, Behaviour>>>,
  options: ChunkOptions = {},
): (name: Name) => LazyBehaviour {
  let loaded: Promise<Readonly<Record<Name, Behaviour>>> | undefined;
  const fetchChunk = (): Promise<Readonly<Record<Name, Behaviour>>> => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  const when = options.nearViewport === true ? 'near' : options.onInteraction === true ? 'interaction' : 'load';
  return (name) => ({ when, chunk, load: () => fetchChunk().then((registry) => registry[name]) });
}

/** The home page's section behaviours (home-sections.ts). */
export const homeSection = lazyChunk('home-sections', () =>
  import('./home-sections').then((module) => module.sectionBehaviours),
);

/**
 * The counters and the social feed (home-sections-below.ts): they act once scrolled to, so
 * their chunk is fetched when such a section comes near the viewport.
 */
export const homeSectionBelow = lazyChunk(
  'home-sections-below',
  () => import('./home-sections-below').then((module) => module.belowBehaviours),
  { nearViewport: true },
);

/** The product page's behaviours (product-page.ts). */
export const productPart = lazyChunk('product-page', () =>
  import('./product-page').then((module) => module.productBehaviours),
);

/** The account forms' behaviours (account-forms.ts). */
export const accountForm = lazyChunk('account-forms', () =>
  import('./account-forms').then((module) => module.accountFormBehaviours),
);

/** The content pages' widgets (content-widgets.ts). */
export const contentWidget = lazyChunk('content-widgets', () =>
  import('./content-widgets').then((module) => module.contentWidgets),
);

/** The mobile sidebar's menu tabs (sidebar-tabs.ts), on shops that name a second menu. */
export const sidebarChunk = lazyChunk('sidebar-tabs', () =>
  import('./sidebar-tabs').then((module) => module.sidebarBehaviours),
);

/**
 * Lightboxes and off-canvas panels opened by links, and the terms in a lightbox
 * (lightboxes.ts): the terms link fetches it at once, so the first click opens it; a
 * `lightbox` block through lightbox-on-demand.ts, when a shopper reaches for its link.
 */
export const lightboxBehaviour = lazyChunk('lightboxes', () =>
  import('./lightboxes').then((module) => module.lightboxBehaviours),
);

/**
 * The media behaviours that act on a block the shopper sees (films, the background video,
 * the gallery): the same chunk, fetched when such a block comes near the viewport.
 */
export const mediaBlock = lazyChunk(
  'media',
  () => import('./media').then((module) => module.mediaBehaviours),
  { nearViewport: true },
);

/**
 * The vector animation player (lottie.ts), with lottie-web (46 KB gzip): fetched only when a
 * lottie block comes near the viewport.
 */
export const lottieBehaviour = lazyChunk(
  'lottie',
  () => import('./lottie').then((module) => module.lottieBehaviours),
  { nearViewport: true },
);

/**
 * The listing pages' filtering, sorting and infinite scroll (listing.ts): the shop, category
 * and search pages fetch it; the home page, whose product grids are not listings, does not.
 */
export const listingPart = lazyChunk('listing', () =>
  import('./listing').then((module) => ({ listing: module.listing })),
);

/**
 * The header's live search (live-search.ts): most visits never type a search, so its code is
 * fetched on the first hover, focus or click inside the search form. Text typed before it
 * comes is searched once it has attached.
 */
export const liveSearchPart = lazyChunk(
  'live-search',
  () => import('./live-search').then((module) => ({ 'live-search': module.liveSearch })),
  { onInteraction: true },
);
