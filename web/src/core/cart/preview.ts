// The page editor's sample cart (SPEC §9.5). The server embeds it, in
// `<script type="application/json" id="mercato-cart-preview">`, only on `/cart/?preview=sample`
// for staff who edit pages. With it the page's cart store starts from the sample and talks to
// a client that sends nothing: every write is refused on the spot with the sample cart, so the
// store rolls the change back and says why, and neither the shopper's cart nor the server sees
// any of it.

import type { StoreApiClient } from './api';
import { isStoreCart, type StoreCart } from './types';

/** The id of the element that holds the sample cart. */
export const PREVIEW_ELEMENT_ID = 'mercato-cart-preview';

/** What a change to the sample cart answers. */
export const PREVIEW_READ_ONLY_MESSAGE = 'This is a sample cart for styling: changes to it are not saved.';

/** The sample cart the page embeds, or null (a shopper's page, or not a cart). */
export function readCartPreview(doc: Document = document): StoreCart | null {
  const text = doc.getElementById(PREVIEW_ELEMENT_ID)?.textContent;
  if (!text) {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return isStoreCart(value) ? value : null;
  } catch {
    return null;
  }
}

/** A Store API client over `cart` that answers reads with it and refuses every write. */
export function createPreviewApi(cart: StoreCart): StoreApiClient {
  const refusal = () => ({
    code: 'mercato_cart_preview',
    message: PREVIEW_READ_ONLY_MESSAGE,
    data: { status: 403, cart: structuredClone(cart) },
  });
  return {
    getCart: () => Promise.resolve(structuredClone(cart)),
    getCartReply: () => Promise.resolve({ cart: structuredClone(cart), hash: null }),
    batch: (requests) => Promise.resolve(requests.map(() => ({ status: 403, headers: {}, body: refusal() }))),
    request: () => Promise.resolve({ status: 403, ok: false, headers: new Headers(), body: refusal() }),
  };
}
