// Cart fragments (SPEC §3.6, §4.9): server HTML keyed by the selector of the page part it
// replaces, as the classic mini cart widget uses them, and their per-tab session cache.

import { isRecord } from '../../lib/guards';

/** Selector → HTML that replaces the element(s) it matches. */
export type Fragments = Record<string, string>;

/** SPEC §9.1: the cached fragments are good for one day. */
export const FRAGMENT_LIFETIME_MS = 86_400_000;

/** WooCommerce's sessionStorage key for when the cached fragments were stored. */
export const CART_CREATED_KEY = 'wc_cart_created';

/** Whether `value` is a fragments object (every value a string). */
export function isFragments(value: unknown): value is Fragments {
  return isRecord(value) && Object.values(value).every((html) => typeof html === 'string');
}

/**
 * Replaces every element matching each selector with the fragment's HTML (as jQuery's
 * `replaceWith` does in WooCommerce). Scripts in the HTML do not run. Returns the elements put
 * in, so their islands can be mounted. A selector the browser rejects is skipped.
 */
export function applyFragments(fragments: Fragments, root: ParentNode = document): Element[] {
  const inserted: Element[] = [];
  for (const [selector, html] of Object.entries(fragments)) {
    let targets: Element[];
    try {
      targets = [...root.querySelectorAll(selector)];
    } catch {
      continue;
    }
    for (const target of targets) {
      const template = document.createElement('template');
      template.innerHTML = html;
      const nodes = [...template.content.childNodes];
      inserted.push(...nodes.filter((node): node is Element => node instanceof Element));
      target.replaceWith(...nodes);
    }
  }
  return inserted;
}

/** Where the fragments are cached (names from the page settings, as WooCommerce's). */
export interface FragmentCacheOptions {
  /** sessionStorage key of the fragments (`wc_cart_fragments_params.fragment_name`). */
  fragmentName?: string;
  /** Storage key of their cart hash (`wc_cart_fragments_params.cart_hash_key`). */
  cartHashKey?: string;
  /** Per-tab storage; sessionStorage by default. */
  session?: Storage | null;
  /** Shared storage, where the hash is also written for other tabs; localStorage by default. */
  local?: Storage | null;
  now?: () => number;
}

/** The session cache of fragments. */
export interface FragmentCache {
  /** Stores fragments and the cart hash they show. */
  save(fragments: Fragments, hash: string): void;
  /** The cached fragments if they show cart `hash` and are less than a day old, else null. */
  load(hash: string): Fragments | null;
  /** When the cached fragments were stored (ms), or null. */
  createdAt(): number | null;
}

function storageOrNull(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null;
  }
}

/** Creates the fragment cache. Storage failures (quota, privacy mode) only lose the cache. */
export function createFragmentCache(options: FragmentCacheOptions = {}): FragmentCache {
  const fragmentName = options.fragmentName ?? 'wc_fragments';
  const hashKey = options.cartHashKey ?? 'wc_cart_hash';
  const session = options.session !== undefined ? options.session : storageOrNull(() => window.sessionStorage);
  const local = options.local !== undefined ? options.local : storageOrNull(() => window.localStorage);
  const now = options.now ?? Date.now;

  const read = (key: string): string | null => {
    try {
      return session?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  const createdAt = (): number | null => {
    const created = Number(read(CART_CREATED_KEY) ?? Number.NaN);
    return Number.isFinite(created) ? created : null;
  };

  return {
    save(fragments, hash) {
      try {
        session?.setItem(fragmentName, JSON.stringify(fragments));
        session?.setItem(hashKey, hash);
        session?.setItem(CART_CREATED_KEY, String(now()));
        local?.setItem(hashKey, hash);
      } catch {
        // Without storage the next bfcache restore asks the server instead.
      }
    },
    load(hash) {
      const created = createdAt();
      if (read(hashKey) !== hash || created === null || now() - created >= FRAGMENT_LIFETIME_MS) {
        return null;
      }
      try {
        const fragments: unknown = JSON.parse(read(fragmentName) ?? 'null');
        return isFragments(fragments) ? fragments : null;
      } catch {
        return null;
      }
    },
    createdAt,
  };
}
