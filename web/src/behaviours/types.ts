import type { CartRuntime } from '../core';

/** What a behaviour gets besides its element. */
export interface BehaviourContext {
  /**
   * The page's cart runtime, built on first call (most behaviours never need it). Behaviours
   * use this one, never the global `getCartRuntime()` (main.ts's).
   */
  readonly runtime: () => CartRuntime;
}

/**
 * A behaviour: a small enhancement of server HTML that needs no React (SPEC's store notice,
 * listing add-to-cart buttons, the theme's menus and accordions). The server marks an
 * element with `data-behaviour="name"` (several names may be given, separated by spaces);
 * the scheduler (src/scheduler) runs `attach` once per element and runs the function it
 * returns when the element leaves the page, or when an island mounted around it takes over.
 */
export interface Behaviour {
  // The scheduler always passes `context`; a behaviour's own tests may leave it out when the
  // behaviour does not use it.
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type
  attach(el: HTMLElement, context?: BehaviourContext): void | (() => void);
}

/**
 * A behaviour in a chunk of its own (lazy-chunk.ts): the scheduler fetches it when due and then
 * attaches it as any other. `when` is `load` (at once), `near` (when the element comes within
 * 200 px of the viewport, or on a click inside it before that) or `interaction` (on the first
 * hover, focus or click inside it).
 */
export interface LazyBehaviour {
  readonly when: 'load' | 'near' | 'interaction';
  /** The chunk's name, for the console and the failure message. */
  readonly chunk: string;
  load(): Promise<Behaviour>;
}

/** Behaviour name (a `data-behaviour` word) → behaviour, at hand or in a chunk. */
export type BehaviourRegistry = Readonly<Record<string, Behaviour | LazyBehaviour>>;

/**
 * `data-behaviour-state` on an element with behaviours, like `data-island-state`: `waiting`
 * until a chunked behaviour is due, `loading` while its chunk is fetched, `attached`, `failed`
 * (the chunk did not load, or `attach` threw: the server's markup stays, and a chunk is tried
 * again on the next interaction), `unknown` (no behaviour of that name), `detached` after the
 * element left the page or an island around it mounted. With several names, the least settled
 * one shows (failed, unknown, loading, waiting, then attached).
 */
export type BehaviourState = 'waiting' | 'loading' | 'attached' | 'failed' | 'unknown' | 'detached';

export function isLazyBehaviour(entry: Behaviour | LazyBehaviour): entry is LazyBehaviour {
  return 'load' in entry;
}

/** `context`, for a behaviour that needs it (only the scheduler attaches those). */
export function requireContext(name: string, context: BehaviourContext | undefined): BehaviourContext {
  if (context === undefined) {
    throw new TypeError(`Behaviour "${name}" needs the scheduler's context (the cart runtime).`);
  }
  return context;
}
