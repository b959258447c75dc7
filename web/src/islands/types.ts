/** Undoes a mount: unmounts the React root, removes listeners. */
export type IslandCleanup = () => void;

/**
 * What `src/islands/<name>/index.ts(x)` exports. `props` is the parsed `data-island-props`
 * JSON, untrusted: the island checks it before use.
 */
export interface IslandModule {
  // An island with nothing to undo just returns nothing; `undefined` would force a `return`.
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  mount(el: HTMLElement, props: unknown): void | IslandCleanup;
}

/** Loads an island's chunk on demand (a dynamic `import()`). */
export type IslandImporter = () => Promise<IslandModule>;

/** Island name (the `data-island` value, also its folder name) → importer. */
export type IslandRegistry = Readonly<Record<string, IslandImporter>>;

/**
 * `data-island-state` on a container: `loading` while its chunk is fetched, then `mounted`,
 * `failed` (bad props, chunk not loaded, mount threw: the server's fallback stays), or
 * `unknown` (no island of that name). `unmounted` after it was removed from the page.
 */
export type IslandState = 'loading' | 'mounted' | 'failed' | 'unknown' | 'unmounted';
