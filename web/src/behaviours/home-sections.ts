// The home page's section behaviours in one chunk, loaded only by a page that has such a
// section (see lazy-chunk.ts): the shop, product and cart pages never pay for them. The
// counters and the social feed, which act only once scrolled to, are home-sections-below.ts.

import { animateOnView } from './animate-on-view';
import { heroSlider } from './hero-slider';
import type { BehaviourRegistry } from './types';

/** The same behaviours by their `data-behaviour` names, for attaching them without the wait. */
export const sectionBehaviours = {
  'animate-on-view': animateOnView,
  'hero-slider': heroSlider,
} satisfies BehaviourRegistry;
