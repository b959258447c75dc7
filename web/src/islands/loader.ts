// The scheduler with islands only: what the island tests use. Pages use one scheduler for
// behaviours and islands together (src/scheduler/page.ts); its rules are in web/README.md.
import { createScheduler, type SchedulerOptions } from '../scheduler/scheduler';
import type { IslandRegistry } from './types';

export { chunkFailedMessage, DEFAULT_LOAD_TIMEOUT_MS, ISLAND_SELECTOR } from '../scheduler/scheduler';

export type IslandLoaderOptions = Pick<SchedulerOptions, 'loadTimeoutMs' | 'navigate' | 'runtime'>;

export interface IslandLoader {
  /**
   * Mounts every island in `root` (`root` included) that is not running yet. Resolves once
   * each island due at load is mounted or has failed; islands that wait are only scheduled.
   */
  mountIslands(root: ParentNode): Promise<void>;
  /** Mounts the islands in content added under `target` later, and unmounts islands that leave the page. */
  observe(target: Node): () => void;
}

export function createIslandLoader(registry: IslandRegistry, options: IslandLoaderOptions = {}): IslandLoader {
  const scheduler = createScheduler({ ...options, islands: registry });
  return {
    mountIslands: (root) => scheduler.scan(root),
    observe: (target) => scheduler.observe(target),
  };
}
