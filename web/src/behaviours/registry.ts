import { headerCart } from './header-cart';
import { liveSearch } from './live-search';
import { productReviews } from './product-reviews';
import { quantityStepper } from './quantity-stepper';
import { quickView } from './quick-view';
import { stickyAddToCart } from './sticky-add-to-cart';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'header-cart': headerCart,
  'live-search': liveSearch,
  'product-reviews': productReviews,
  'quantity-stepper': quantityStepper,
  'quick-view': quickView,
  'sticky-add-to-cart': stickyAddToCart,
  'store-notice': storeNotice,
} satisfies BehaviourRegistry;
