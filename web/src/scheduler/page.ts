// The page's one scheduler, with every behaviour and island: main.ts starts it; code that
// inserts server HTML and must wait for what it names calls `scanPage`.
import { behaviours } from '../behaviours/registry';
import { islands } from '../islands/registry';
import type { CartRuntime } from '../core';
import { createScheduler, type Scheduler } from './scheduler';

let page: Scheduler | undefined;

/**
 * Attaches and mounts what the page names (islands get `runtime`, the page's cart runtime), and keeps doing so for content added later
 * (detaching what leaves). Runs once; later calls return the same scheduler.
 */
export function startPageScheduler(body: HTMLElement, runtime: () => CartRuntime): Scheduler {
  if (page === undefined) {
    page = createScheduler({ behaviours, islands, runtime });
    page.observe(body);
    void page.scan(body);
  }
  return page;
}

/**
 * Attaches and mounts what `root` names now, e.g. right after inserting a fragment, without
 * waiting for the MutationObserver. Resolves once what is due at load has settled.
 */
export function scanPage(root: ParentNode): Promise<void> {
  return page === undefined ? Promise.resolve() : page.scan(root);
}
