// The product page's behaviours in one chunk, fetched by the first element that needs one
// (see lazy-chunk.ts): the product page itself, or a quick view opened from a listing. The
// home and catalogue pages, whose entry has a 40 KB budget, do not carry them.

import { productAddons } from './product-addons';
import { productGallery } from './product-gallery';
import { productReviews } from './product-reviews';
import { productTabs } from './product-tabs';
import { stickyAddToCart } from './sticky-add-to-cart';
import type { BehaviourRegistry } from './types';

/** The same behaviours by their `data-behaviour` names, for attaching them without the wait. */
export const productBehaviours = {
  'product-addons': productAddons,
  'product-gallery': productGallery,
  'product-reviews': productReviews,
  'product-tabs': productTabs,
  'sticky-add-to-cart': stickyAddToCart,
} satisfies BehaviourRegistry;
