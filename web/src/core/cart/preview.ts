// The page editor's sample cart (SPEC §9.5). The server embeds it, in
// `<script type="application/json" id="mercato-cart-preview">`, only on `/cart/?preview=sample`
// for staff who edit pages. With it the page's cart store starts from the sample and talks to
// a client that sends nothing: every write is refused on the spot with the sample cart, so the
// store rolls the change back and says why, and neither the shopper's cart nor the server sees
// any of it.

import { loadReplyChecks, replyChecks } from '../api/checks';
import type { StoreApiClient } from './api';
import { cartApiError } from './errors';
import type { StoreCart } from './types';

/** The id of the element that holds the sample cart. */
export const PREVIEW_ELEMENT_ID = 'mercato-cart-preview';

/** What a change to the sample cart answers. */
export const PREVIEW_READ_ONLY_MESSAGE = 'This is a sample cart for styling: changes to it are not saved.';

/** Whether the page embeds a sample cart (read with [readCartPreview] once the checks are loaded). */
export function hasCartPreview(doc: Document = document): boolean {
  return Boolean(doc.getElementById(PREVIEW_ELEMENT_ID)?.textContent);
}

/** The sample cart the page embeds, or null (a shopper's page, or not a cart). Needs the reply checks (../api/checks.ts). */
export function readCartPreview(doc: Document = document): StoreCart | null {
  const text = doc.getElementById(PREVIEW_ELEMENT_ID)?.textContent;
  if (!text) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return replyChecks().isStoreCart(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A Store API client over the sample cart (`sample`, or what it gives once the reply checks
 * are loaded) that answers reads with it and refuses every write.
 */
export function createPreviewApi(sample: StoreCart | (() => StoreCart | null)): StoreApiClient {
  // Replies are read with the reply checks, as the real client's are.
  const cart = async (): Promise<StoreCart> => {
    await loadReplyChecks();
    const found = typeof sample === 'function' ? sample() : sample;
    if (found === null) {
      throw cartApiError();
    }
    return structuredClone(found);
  };
  const refusal = async () => ({
    code: 'mercato_cart_preview',
    message: PREVIEW_READ_ONLY_MESSAGE,
    data: { status: 403, cart: await cart() },
  });
  return {
    getCart: cart,
    getCartReply: async () => ({ cart: await cart(), hash: null }),
    batch: async (requests) => {
      const body = await refusal();
      return requests.map(() => ({ status: 403, headers: {}, body: structuredClone(body) }));
    },
    request: async () => ({ status: 403, ok: false, headers: new Headers(), body: await refusal() }),
  };
}
