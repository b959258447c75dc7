// The home page's section behaviours in one chunk, loaded only by a page that has such a
// section (see lazy-chunk.ts): the shop, product and cart pages never pay for them.

import { animateOnView } from './animate-on-view';
import { countUp } from './count-up';
import { heroSlider } from './hero-slider';
import { socialFeed } from './social-feed';
import type { BehaviourRegistry } from './types';

/** The same behaviours by their `data-behaviour` names, for attaching them without the wait. */
export const sectionBehaviours = {
  'animate-on-view': animateOnView,
  'count-up': countUp,
  'hero-slider': heroSlider,
  'social-feed': socialFeed,
} satisfies BehaviourRegistry;
