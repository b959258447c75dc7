// The scheduler with behaviours only: what a behaviour's tests use to attach the way a page
// does. Pages use one scheduler for behaviours and islands together (src/scheduler).
import { createScheduler } from '../scheduler/scheduler';
import type { CartRuntime } from '../core';
import type { BehaviourRegistry } from './types';

export { BEHAVIOUR_SELECTOR } from '../scheduler/scheduler';

export interface BehaviourRunner {
  /** Attaches the behaviours of every marked element in `root` (`root` included), once each. */
  attachAll(root: ParentNode): void;
  /** Attaches behaviours in content added under `target` later and detaches those removed; returns a function that stops. */
  observe(target: Node): () => void;
}

export function createBehaviourRunner(registry: BehaviourRegistry, runtime?: () => CartRuntime): BehaviourRunner {
  const scheduler = createScheduler({ behaviours: registry, ...(runtime !== undefined && { runtime }) });
  return {
    attachAll(root) {
      void scheduler.scan(root);
    },
    observe: (target) => scheduler.observe(target),
  };
}
