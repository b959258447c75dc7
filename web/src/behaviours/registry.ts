import { headerCart } from './header-cart';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'header-cart': headerCart,
  'store-notice': storeNotice,
} satisfies BehaviourRegistry;
