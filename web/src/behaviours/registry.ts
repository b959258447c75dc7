import { headerCart } from './header-cart';
import { quantityStepper } from './quantity-stepper';
import { storeNotice } from './store-notice';
import type { BehaviourRegistry } from './types';

/** Every behaviour, by the name the server writes in `data-behaviour`. */
export const behaviours = {
  'header-cart': headerCart,
  'quantity-stepper': quantityStepper,
  'store-notice': storeNotice,
} satisfies BehaviourRegistry;
