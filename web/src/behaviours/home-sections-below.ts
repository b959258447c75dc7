// The home page's section behaviours that act only once their section is scrolled to (the
// counters count up, the social feed fetches its posts): a chunk of their own, fetched when
// such a section comes near the viewport (lazy-chunk.ts), so the home page's load does not
// pay for them (issue 11's 40 KB, docs/benchmarks.md). The sections at the top of the page
// are home-sections.ts.

import { countUp } from './count-up';
import { socialFeed } from './social-feed';
import type { BehaviourRegistry } from './types';

/** The behaviours by their `data-behaviour` names. */
export const belowBehaviours = {
  'count-up': countUp,
  'social-feed': socialFeed,
} satisfies BehaviourRegistry;
