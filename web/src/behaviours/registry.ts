import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'store-notice': storeNotice,
} satisfies BehaviourRegistry;
