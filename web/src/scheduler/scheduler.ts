// The one scheduler for everything on a page that the server's HTML names: behaviours
// (`data-behaviour`, vanilla, at hand or in a chunk of their own) and islands (`data-island`,
// React, always a chunk). One MutationObserver attaches what content added later names and
// detaches what leaves the page; one set of triggers decides when a chunk is due; one failure
// path keeps the server's markup and gives a held click back to the page.

import {
  isLazyBehaviour,
  type Behaviour,
  type BehaviourContext,
  type BehaviourRegistry,
  type BehaviourState,
} from '../behaviours/types';
import type { CartRuntime } from '../core';
import type {
  IslandModule,
  IslandRegistry,
  IslandState,
  IslandWhen,
  MountContext,
} from '../islands/types';
import { waitFor, type Activation, type ClickHold, type Trigger, type TriggerWhen } from './triggers';

export const BEHAVIOUR_SELECTOR = '[data-behaviour]';
export const ISLAND_SELECTOR = '[data-island]';
const MOUNTED_ISLAND_SELECTOR = '[data-island-state="mounted"]';

/** SPEC §9.6: a lazily loaded part of the page gives up after 120 s. */
export const DEFAULT_LOAD_TIMEOUT_MS = 120_000;

/** SPEC §8.1: the message for a lazily loaded part of the page that fails. */
export function chunkFailedMessage(id: string): string {
  return `Loading chunk ${id} failed.`;
}

export interface SchedulerOptions {
  /** `data-behaviour` name → behaviour. */
  readonly behaviours?: BehaviourRegistry;
  /** `data-island` name → importer. */
  readonly islands?: IslandRegistry;
  /** How long a chunk may take to load before it counts as failed. */
  readonly loadTimeoutMs?: number;
  /**
   * Follows a link whose click was held for a chunk that then failed. By default the click is
   * given back to the page (`element.click()` once nothing holds it), which follows the link,
   * submits the form, or does whatever the server's markup does without the chunk.
   */
  readonly navigate?: (href: string) => void;
  /** The cart runtime islands (`MountContext.runtime`) and behaviours (`BehaviourContext.runtime`) get, asked for when first needed. */
  readonly runtime?: () => CartRuntime;
}

export interface Scheduler {
  /**
   * Attaches the behaviours and mounts the islands named in `root` (`root` included) that are
   * not running yet. Behaviours at hand attach before this returns; the promise resolves once
   * every chunk due at load has attached, mounted or failed. Parts that wait (`near`,
   * `data-island-when` idle, visible, interaction) are only scheduled. Never rejects.
   */
  scan(root: ParentNode): Promise<void>;
  /**
   * Watches `target`: content added later is scanned; content removed is detached (each
   * behaviour's and island's cleanup runs). Returns a function that stops watching.
   */
  observe(target: Node): () => void;
  /** Detaches every behaviour and island in `root` (`root` included), as if it had left the page. */
  detach(root: ParentNode): void;
}

type Cleanup = () => void;
type Attach = (activation: Activation) => Cleanup | undefined;

interface Part {
  readonly kind: 'behaviour' | 'island';
  readonly name: string;
  readonly el: HTMLElement;
  /** The chunk's name in messages: the island's, or the chunk a lazy behaviour is in. */
  chunkName: string;
  state: BehaviourState | IslandState;
  cleanup: Cleanup | undefined;
  trigger: Trigger | undefined;
  /** Bumped when the part is detached, so that a chunk arriving later knows it is stale. */
  generation: number;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const behaviours = options.behaviours ?? {};
  const islands = options.islands ?? {};
  const loadTimeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  const runtime =
    options.runtime ??
    (() => {
      throw new TypeError('This scheduler was made without a cart runtime.');
    });
  const behaviourContext: BehaviourContext = { runtime };
  const selector = [
    ...(options.behaviours === undefined ? [] : [BEHAVIOUR_SELECTOR]),
    ...(options.islands === undefined ? [] : [ISLAND_SELECTOR]),
  ].join(', ');
  // Each element's running parts, by `behaviour:NAME` or `island`. A part leaves the map when
  // it is detached, so an element that comes back is attached afresh, and never twice.
  const parts = new WeakMap<HTMLElement, Map<string, Part>>();

  function partsOf(el: HTMLElement): Map<string, Part> {
    let map = parts.get(el);
    if (map === undefined) {
      map = new Map();
      parts.set(el, map);
    }
    return map;
  }

  function setState(part: Part, state: BehaviourState | IslandState): void {
    part.state = state;
    if (part.kind === 'island') {
      part.el.dataset.islandState = state;
      return;
    }
    const states = [...partsOf(part.el).values()]
      .filter((p) => p.kind === 'behaviour')
      .map((p) => p.state);
    const order: (BehaviourState | IslandState)[] = ['failed', 'unknown', 'loading', 'waiting', 'attached', 'detached'];
    part.el.dataset.behaviourState = order.find((s) => states.includes(s)) ?? state;
  }

  /** Runs `attach` now; a throw leaves the server's markup and counts as failed. */
  function attachNow(part: Part, attach: Attach, activation: Activation, held: HTMLElement[]): boolean {
    try {
      part.cleanup = attach(activation);
    } catch (error) {
      const what = part.kind === 'island' ? 'Island' : 'Behaviour';
      console.error(`${what} "${part.name}" failed; keeping the server's markup.`, error);
      setState(part, 'failed');
      fallBack(held);
      return false;
    }
    if (part.kind === 'island') {
      setState(part, 'mounted');
      // The island owns its subtree from now on.
      detachInside(part.el);
    } else {
      setState(part, 'attached');
      // The behaviour is listening now: give it the clicks held while its chunk came.
      for (const target of held) {
        target.click();
      }
    }
    return true;
  }

  /** Gives held clicks back to the page: the link is followed, the form submitted. */
  function fallBack(held: HTMLElement[]): void {
    for (const target of held) {
      const link = target.closest('a[href]');
      const href = link?.getAttribute('href');
      if (options.navigate !== undefined && href !== undefined && href !== null) {
        options.navigate(href);
      } else if (target.isConnected) {
        target.click();
      }
    }
  }

  /** Fetches a part's chunk and attaches it; on failure, waits for the next interaction. */
  async function load(
    part: Part,
    chunk: () => Promise<Attach>,
    activation: Activation,
  ): Promise<void> {
    const generation = part.generation;
    const stale = (): boolean => generation !== part.generation;
    part.el.querySelector(':scope > .island-error')?.remove();
    setState(part, 'loading');
    let attach: Attach;
    try {
      attach = await withTimeout(chunk(), loadTimeoutMs, part.chunkName);
    } catch (error) {
      if (stale()) {
        return;
      }
      console.error(chunkFailedMessage(part.chunkName), error);
      const held = part.trigger?.release() ?? [];
      if (part.kind === 'island') {
        showLoadError(part.el, part.chunkName);
      }
      setState(part, 'failed');
      fallBack(held);
      // Not cached as failed: the next interaction tries again.
      wait(part, 'interaction', chunk);
      return;
    }
    if (stale()) {
      return;
    }
    if (!part.el.isConnected) {
      // Removed while its chunk was loading, with nobody watching: forget it, so that it
      // starts afresh if it comes back.
      detachPart(part, partsOf(part.el), keyOf(part));
      return;
    }
    const held = part.trigger?.release() ?? [];
    part.trigger = undefined;
    // An island whose load a hover or focus began, clicked before it came, was activated by
    // that click: its held click is not given again (the island does what a click asks, as
    // the mini cart opens its drawer), so without this the click would be lost.
    attachNow(part, attach, part.kind === 'island' && held.length > 0 ? 'click' : activation, held);
  }

  /** Loads `part` when `when` comes. */
  function wait(part: Part, when: TriggerWhen, chunk: () => Promise<Attach>): void {
    const hold: ClickHold =
      when === 'interaction' || when === 'near' ? (part.kind === 'island' ? 'hold' : 'stop') : 'none';
    if (part.state !== 'failed') {
      setState(part, 'waiting');
    }
    part.trigger = waitFor(part.el, when, hold, (activation) => {
      void load(part, chunk, activation);
    });
  }

  function scheduleBehaviour(el: HTMLElement, name: string, map: Map<string, Part>): void {
    const part = newPart('behaviour', name, el);
    map.set(keyOf(part), part);
    const entry = Object.hasOwn(behaviours, name) ? behaviours[name] : undefined;
    if (entry === undefined) {
      console.warn(`Unknown behaviour ${JSON.stringify(name)}; keeping the server's markup.`);
      setState(part, 'unknown');
      return;
    }
    if (!isLazyBehaviour(entry)) {
      attachNow(part, attacher(entry, el, behaviourContext), null, []);
      return;
    }
    part.chunkName = entry.chunk;
    const chunk = (): Promise<Attach> => entry.load().then((behaviour) => attacher(behaviour, el, behaviourContext));
    if (entry.when === 'near' || entry.when === 'interaction') {
      wait(part, entry.when, chunk);
    } else {
      pending.push(load(part, chunk, null));
    }
  }

  function scheduleIsland(el: HTMLElement, map: Map<string, Part>): void {
    const name = el.dataset.island ?? '';
    const part = newPart('island', name, el);
    map.set(keyOf(part), part);
    const importer = Object.hasOwn(islands, name) ? islands[name] : undefined;
    if (importer === undefined) {
      console.warn(`Unknown island ${JSON.stringify(name)}; keeping the server's markup.`);
      setState(part, 'unknown');
      return;
    }
    let props: unknown;
    try {
      const raw = el.dataset.islandProps;
      props = raw === undefined ? {} : JSON.parse(raw);
    } catch (error) {
      console.error(`Island "${name}": data-island-props is not valid JSON.`, error);
      setState(part, 'failed');
      return;
    }
    const chunk = (): Promise<Attach> =>
      importer().then((module: IslandModule) => (activation: Activation) => {
        const cleanup = module.mount(el, props, { activatedBy: activation, runtime: runtime() } satisfies MountContext);
        return typeof cleanup === 'function' ? cleanup : undefined;
      });
    const when = islandWhen(el);
    if (when === 'load') {
      pending.push(load(part, chunk, null));
    } else {
      wait(part, when, chunk);
    }
  }

  // The loads `scan` waits for; filled by the schedule functions during one scan.
  let pending: Promise<void>[] = [];

  function scan(root: ParentNode): Promise<void> {
    const outer = pending;
    pending = [];
    for (const el of find(root, selector)) {
      // A mounted island owns what is inside it.
      if ((el.parentElement?.closest(MOUNTED_ISLAND_SELECTOR) ?? null) !== null) {
        continue;
      }
      const map = partsOf(el);
      if (options.behaviours !== undefined) {
        for (const name of (el.dataset.behaviour ?? '').split(/\s+/)) {
          if (name !== '' && !map.has(`behaviour:${name}`)) {
            scheduleBehaviour(el, name, map);
          }
        }
      }
      if (options.islands !== undefined && el.dataset.island !== undefined && !map.has('island')) {
        scheduleIsland(el, map);
      }
    }
    const mine = pending;
    pending = outer;
    return Promise.all(mine).then(() => undefined);
  }

  function detachPart(part: Part, map: Map<string, Part>, key: string): void {
    map.delete(key);
    part.generation += 1;
    part.trigger?.release();
    part.trigger = undefined;
    const ran = part.state === 'mounted' || part.state === 'attached';
    const cleanup = part.cleanup;
    part.cleanup = undefined;
    if (cleanup !== undefined) {
      try {
        cleanup();
      } catch (error) {
        const what = part.kind === 'island' ? 'Island' : 'Behaviour';
        console.error(`${what} "${part.name}" failed to detach.`, error);
      }
    }
    if (part.kind === 'island') {
      if (ran) {
        setState(part, 'unmounted');
      } else {
        // It never ran: forget it entirely, so that it starts afresh if it comes back.
        delete part.el.dataset.islandState;
        part.el.querySelector(':scope > .island-error')?.remove();
      }
    } else {
      setState(part, 'detached');
    }
  }

  function detachElement(el: HTMLElement): void {
    const map = parts.get(el);
    if (map === undefined) {
      return;
    }
    for (const [key, part] of [...map]) {
      detachPart(part, map, key);
    }
  }

  function detach(root: ParentNode): void {
    for (const el of find(root, selector)) {
      detachElement(el);
    }
  }

  /** Detaches the behaviours and islands below a mounted island's container. */
  function detachInside(container: HTMLElement): void {
    for (const el of container.querySelectorAll(selector)) {
      if (el instanceof HTMLElement) {
        detachElement(el);
      }
    }
  }

  function observe(target: Node): () => void {
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          // Still connected: it was moved, not removed (both records arrive in one batch).
          if (node instanceof Element && !node.isConnected) {
            detach(node);
          }
        }
      }
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.isConnected) {
            void scan(node);
          }
        }
      }
    });
    observer.observe(target, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }

  return { scan, observe, detach };
}

function newPart(kind: Part['kind'], name: string, el: HTMLElement): Part {
  return { kind, name, el, chunkName: name, state: 'waiting', cleanup: undefined, trigger: undefined, generation: 0 };
}

function keyOf(part: Part): string {
  return part.kind === 'island' ? 'island' : `behaviour:${part.name}`;
}

function attacher(behaviour: Behaviour, el: HTMLElement, context: BehaviourContext): Attach {
  return () => {
    const undo = behaviour.attach(el, context);
    return typeof undo === 'function' ? undo : undefined;
  };
}

function find(root: ParentNode, selector: string): HTMLElement[] {
  if (selector === '') {
    return [];
  }
  const found: HTMLElement[] = [];
  if (root instanceof HTMLElement && root.matches(selector)) {
    found.push(root);
  }
  for (const el of root.querySelectorAll(selector)) {
    if (el instanceof HTMLElement) {
      found.push(el);
    }
  }
  return found;
}

/** `data-island-when`; anything else than the four values means `load`. */
function islandWhen(el: HTMLElement): IslandWhen {
  const when = el.dataset.islandWhen;
  return when === 'idle' || when === 'visible' || when === 'interaction' ? when : 'load';
}

function showLoadError(el: HTMLElement, name: string): void {
  if (el.querySelector(':scope > .island-error') !== null) {
    return;
  }
  const message = el.ownerDocument.createElement('p');
  message.className = 'island-error';
  message.setAttribute('role', 'alert');
  message.textContent = chunkFailedMessage(name);
  el.append(message);
}

function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`Chunk "${name}" did not load within ${ms} ms.`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}
