import type { BehaviourRegistry } from './types';

export const BEHAVIOUR_SELECTOR = '[data-behaviour]';

export interface BehaviourRunner {
  /** Attaches the behaviours of every marked element in `root` (`root` included), once each. */
  attachAll(root: ParentNode): void;
  /** Attaches behaviours in content added under `target` later; returns a function that stops. */
  observe(target: Node): () => void;
}

/**
 * Binds behaviours to the elements that name them. Unlike islands, behaviours are part of
 * the entry chunk: they are small and run at once, so the server's markup is enhanced before
 * the shopper can use it.
 */
export function createBehaviourRunner(registry: BehaviourRegistry): BehaviourRunner {
  const attached = new WeakMap<HTMLElement, Set<string>>();

  function attachOne(el: HTMLElement): void {
    const names = (el.dataset.behaviour ?? '').split(/\s+/).filter((n) => n !== '');
    let done = attached.get(el);
    if (done === undefined) {
      done = new Set();
      attached.set(el, done);
    }
    for (const name of names) {
      if (done.has(name)) {
        continue;
      }
      done.add(name);
      const behaviour = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (behaviour === undefined) {
        console.warn(`Unknown behaviour ${JSON.stringify(name)}; keeping the server's markup.`);
        continue;
      }
      try {
        behaviour.attach(el);
      } catch (error) {
        console.error(`Behaviour "${name}" failed; keeping the server's markup.`, error);
      }
    }
  }

  function attachAll(root: ParentNode): void {
    if (root instanceof HTMLElement && root.matches(BEHAVIOUR_SELECTOR)) {
      attachOne(root);
    }
    for (const el of root.querySelectorAll(BEHAVIOUR_SELECTOR)) {
      if (el instanceof HTMLElement) {
        attachOne(el);
      }
    }
  }

  function observe(target: Node): () => void {
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && node.isConnected) {
            attachAll(node);
          }
        }
      }
    });
    observer.observe(target, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
    };
  }

  return { attachAll, observe };
}
