import type { CartRuntime } from '../core';

/** Undoes a mount: unmounts the React root, removes listeners. */
export type IslandCleanup = () => void;

/**
 * What `src/islands/<name>/index.ts(x)` exports. `props` is the parsed `data-island-props`
 * JSON, untrusted: the island checks it before use.
 */
export interface IslandModule {
  // An island with nothing to undo just returns nothing; `undefined` would force a `return`.
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  mount(el: HTMLElement, props: unknown, context: MountContext): void | IslandCleanup;
}

/**
 * When an island loads (`data-island-when`), as Astro's client directives:
 * - `load` (the default): at once;
 * - `idle`: when the browser is idle after the page loaded;
 * - `visible`: when the container scrolls into view;
 * - `interaction`: on the shopper's first pointer, focus or click on the container.
 */
export type IslandWhen = 'load' | 'idle' | 'visible' | 'interaction';

/** How the island came to be mounted. */
export interface MountContext {
  /**
   * For an `interaction` island: `click` when the shopper clicked (or pressed Enter on) the
   * fallback, which the loader held back while the chunk loaded, so the island should do
   * what that click asked (open its dialog); `focus` or `hover` otherwise; `request` when a
   * script asked for it (an `island-activate` event on the container). `null` for islands
   * that did not wait for an interaction.
   */
  readonly activatedBy: 'click' | 'focus' | 'hover' | 'request' | null;
  /**
   * The page's cart runtime (cart store, Store API client, notices, fragments): islands use
   * this one, never the global `getCartRuntime()` (main.ts's), so that a test builds its own.
   */
  readonly runtime: CartRuntime;
}

/** Loads an island's chunk on demand (a dynamic `import()`). */
export type IslandImporter = () => Promise<IslandModule>;

/** Island name (the `data-island` value, also its folder name) → importer. */
export type IslandRegistry = Readonly<Record<string, IslandImporter>>;

/**
 * `data-island-state` on a container: `waiting` until its `data-island-when` comes, `loading` while its chunk is fetched, then `mounted`,
 * `failed` (bad props, chunk not loaded, mount threw: the server's fallback stays), or
 * `unknown` (no island of that name). `unmounted` after it was removed from the page.
 */
export type IslandState =
  | 'waiting'
  | 'loading'
  | 'mounted'
  | 'failed'
  | 'unknown'
  | 'unmounted';

/** Dispatched on an `interaction` island's container, loads the island now (`activatedBy: 'request'`). */
export const ACTIVATE_EVENT = 'island-activate';
