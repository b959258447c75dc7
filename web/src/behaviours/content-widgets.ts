// The content pages' widgets (`[accordion]`, `[tabgroup]`, `[read_more]`, `[tooltip]` and
// `[scroll_to]` shortcodes, docs/content-pages.md) in one chunk, loaded only by a page that
// has one of them (see lazy-chunk.ts).

import '../styles/content-widgets.css';
import { accordion } from './accordion';
import { contentTabs } from './content-tabs';
import { readMore } from './read-more';
import { scrollSections } from './scroll-sections';
import { tooltip } from './tooltip';
import type { BehaviourRegistry } from './types';

/** The same behaviours by their `data-behaviour` names. */
export const contentWidgets = {
  accordion,
  'read-more': readMore,
  'scroll-sections': scrollSections,
  tabs: contentTabs,
  tooltip,
} satisfies BehaviourRegistry;
