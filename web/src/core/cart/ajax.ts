// The store AJAX client (SPEC §7.1): `?wc-ajax=add_to_cart`, `remove_from_cart` and
// `get_refreshed_fragments`, form-encoded as WooCommerce's jQuery scripts send them. Replies
// carry fragments (server HTML for the mini cart widget) and the cart hash; the client applies
// the fragments, caches them for the tab, sends the page events and tells its listeners.

import { isRecord } from '../../lib/guards';
import { CartError, invalidJsonError, toCartError } from './errors';
import * as pageEvents from './events';
import {
  applyFragments,
  createFragmentCache,
  isFragments,
  type FragmentCache,
  type Fragments,
} from './fragments';

/** SPEC §7.1: the endpoint URL pattern (`wc_add_to_cart_params.wc_ajax_url`). */
export const DEFAULT_AJAX_URL = '/?wc-ajax=%%endpoint%%';

/** `wc_cart_fragments_params.request_timeout` when the page does not say. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5000;

/** A store AJAX cart reply, as sent. */
export interface AjaxCartReply {
  fragments?: Fragments;
  cart_hash?: string;
  /** Set when the product could not be added as asked; go to `product_url` (SPEC §8.1). */
  error?: boolean;
  product_url?: string;
}

/** What listeners hear after fragments from a reply were applied. */
export interface FragmentsChange {
  hash: string;
  fragments: Fragments;
  /** The elements put into the page. */
  elements: Element[];
}

/** What [createAjaxClient] needs; all optional. */
export interface AjaxClientOptions {
  /** URL with `%%endpoint%%` for the endpoint name. */
  url?: string;
  fetch?: typeof fetch;
  /** Time-out of `get_refreshed_fragments` (SPEC §7.1), 5000 ms by default. */
  requestTimeoutMs?: number;
  /** The fragment cache; null for none. */
  cache?: FragmentCache | null;
  /**
   * Where fragments are applied; the document by default. `null` on the block cart and
   * checkout pages: fragments never replace the page's HTML there (the Store API store is the
   * only writer), and replies still go to listeners and the cache.
   */
  root?: ParentNode | null;
}

/** The store AJAX client. */
export interface AjaxClient {
  /**
   * `add_to_cart` with the button's data attributes (`product_id`, `quantity`, ...). Calls are
   * queued and sent one at a time. Resolves with the reply; on `error` the caller sends the
   * shopper to `product_url`.
   */
  addToCart(data: Readonly<Record<string, string>>, button?: Element | null): Promise<AjaxCartReply>;
  /**
   * `remove_from_cart`. A reply without fragments means it failed: the caller follows the
   * remove link (SPEC §7.1).
   */
  removeFromCart(cartItemKey: string, button?: Element | null): Promise<AjaxCartReply>;
  /** `get_refreshed_fragments`, aborted after `timeoutMs`; applies and caches the fragments. */
  getRefreshedFragments(timeoutMs?: number): Promise<AjaxCartReply>;
  /** Applies cached fragments for cart `hash` if the cache has fresh ones; returns whether it did. */
  applyCached(hash: string): boolean;
  /** Applies and caches fragments that came from elsewhere (another tab). */
  takeFragments(fragments: Fragments, hash: string): Element[];
  /**
   * `get_variation` (SPEC §7.1 item 3) with the chosen `attribute_*` fields and `product_id`:
   * the variation object, or `null` when nothing matches. The caller aborts an earlier
   * request through `signal` before sending the next.
   */
  getVariation(data: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<Record<string, unknown> | null>;
  /** Listens to fragments applied from this client's replies; returns the unsubscribe. */
  subscribe(listener: (change: FragmentsChange) => void): () => void;
}

function parseReply(value: unknown): AjaxCartReply {
  const reply: AjaxCartReply = {};
  if (!isRecord(value)) {
    return reply;
  }
  if (isFragments(value.fragments)) {
    reply.fragments = value.fragments;
  }
  if (typeof value.cart_hash === 'string') {
    reply.cart_hash = value.cart_hash;
  }
  if (value.error === true) {
    reply.error = true;
  }
  if (typeof value.product_url === 'string') {
    reply.product_url = value.product_url;
  }
  return reply;
}

/** Creates the store AJAX client. Nothing is sent until a method is called. */
export function createAjaxClient(options: AjaxClientOptions = {}): AjaxClient {
  const pattern = options.url ?? DEFAULT_AJAX_URL;
  const doFetch = options.fetch ?? ((input, init) => window.fetch(input, init));
  const timeoutDefault = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const cache = options.cache !== undefined ? options.cache : createFragmentCache();
  const root = options.root === undefined ? document : options.root;
  const listeners = new Set<(change: FragmentsChange) => void>();
  // add_to_cart requests go one after another (WooCommerce's AjaxQueue).
  let addQueue: Promise<unknown> = Promise.resolve();

  const postRaw = async (
    endpoint: string,
    data: Readonly<Record<string, string>>,
    signal?: AbortSignal,
  ): Promise<unknown> => {
    const init: RequestInit = {
      method: 'POST',
      headers: {
        Accept: 'application/json, text/javascript, */*; q=0.01',
        'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: new URLSearchParams(data).toString(),
      credentials: 'same-origin',
      cache: 'no-store',
    };
    if (signal) {
      init.signal = signal;
    }
    let response: Response;
    try {
      response = await doFetch(pattern.replace('%%endpoint%%', endpoint), init);
    } catch (error) {
      throw toCartError(error);
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJsonError(response.status);
    }
    if (!response.ok) {
      throw new CartError('ajax_error', `${response.status} ${response.statusText}`.trim(), response.status);
    }
    return body;
  };
  const post = async (endpoint: string, data: Readonly<Record<string, string>>, signal?: AbortSignal) =>
    parseReply(await postRaw(endpoint, data, signal));

  const take = (fragments: Fragments, hash: string, tell: boolean): Element[] => {
    const elements = root === null ? [] : applyFragments(fragments, root);
    cache?.save(fragments, hash);
    if (tell) {
      for (const listener of listeners) {
        listener({ hash, fragments, elements });
      }
    }
    return elements;
  };

  return {
    addToCart(data, button) {
      const run = async (): Promise<AjaxCartReply> => {
        pageEvents.dispatchAddingToCart(button, { ...data });
        const reply = await post('add_to_cart', data);
        if (!reply.error && reply.fragments) {
          take(reply.fragments, reply.cart_hash ?? '', true);
          pageEvents.dispatchAddedToCart(reply.fragments, reply.cart_hash, button);
        }
        return reply;
      };
      const result = addQueue.then(run, run);
      addQueue = result.catch(() => undefined);
      return result;
    },

    async removeFromCart(cartItemKey, button) {
      const reply = await post('remove_from_cart', { cart_item_key: cartItemKey });
      if (reply.fragments) {
        take(reply.fragments, reply.cart_hash ?? '', true);
        pageEvents.dispatchRemovedFromCart(reply.fragments, reply.cart_hash, button);
      }
      return reply;
    },

    async getRefreshedFragments(timeoutMs = timeoutDefault) {
      const controller = new AbortController();
      const timer = setTimeout(() => {
        controller.abort();
      }, timeoutMs);
      try {
        const reply = await post('get_refreshed_fragments', { time: String(Date.now()) }, controller.signal);
        if (!reply.fragments) {
          throw new CartError('ajax_error', 'No fragments in the reply.');
        }
        take(reply.fragments, reply.cart_hash ?? '', true);
        pageEvents.dispatchFragmentsEvent('wc_fragments_refreshed');
        return reply;
      } catch (error) {
        pageEvents.dispatchFragmentsEvent('wc_fragments_ajax_error');
        throw toCartError(error);
      } finally {
        clearTimeout(timer);
      }
    },

    async getVariation(data, signal) {
      const body = await postRaw('get_variation', data, signal);
      return isRecord(body) ? body : null;
    },

    applyCached(hash) {
      const fragments = cache?.load(hash) ?? null;
      if (fragments === null || root === null) {
        return false;
      }
      applyFragments(fragments, root);
      pageEvents.dispatchFragmentsEvent('wc_fragments_loaded');
      return true;
    },

    takeFragments: (fragments, hash) => take(fragments, hash, false),

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
