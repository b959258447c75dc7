import { headerCart } from './header-cart';
import { liveSearch } from './live-search';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'header-cart': headerCart,
  'live-search': liveSearch,
  'store-notice': storeNotice,
} satisfies BehaviourRegistry;
