// Stand-ins for the home page's section behaviours: the first one attached fetches their
// shared chunk (home-sections.ts), then each runs on its element. Undoing before the chunk
// has come stops it from attaching at all.

import type * as HomeSections from './home-sections';
import type { Behaviour } from './types';

type Sections = typeof HomeSections;
type SectionName = keyof Sections['sectionBehaviours'];

let sections: Promise<Sections> | undefined;

/** The behaviour `name` of home-sections.ts, loaded on first use. */
export function homeSection(name: SectionName): Behaviour {
  return {
    attach(el) {
      let undo: (() => void) | undefined;
      let undone = false;
      sections ??= import('./home-sections');
      void sections.then((module) => {
        if (undone) {
          return;
        }
        const result = module.sectionBehaviours[name].attach(el);
        if (typeof result === 'function') {
          undo = result;
        }
      });
      return () => {
        undone = true;
        undo?.();
      };
    },
  };
}
