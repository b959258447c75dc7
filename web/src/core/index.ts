// The cart core: one cart store, one Store API client, one nonce, one notice store and one
// fragments client per page, shared by every island and vanilla behaviour. Importing this
// module does nothing; the first `getCartRuntime()` builds the runtime and starts the sync.

import { createAjaxClient, type AjaxClient } from './cart/ajax';
import { createStoreApiClient, type StoreApiClient } from './cart/api';
import { createFragmentCache } from './cart/fragments';
import { createNonceStore, type NonceStore } from './cart/nonce';
import { loadReplyChecks, replyChecks, replyChecksReady } from './api/checks';
import { createPreviewApi, hasCartPreview, readCartPreview } from './cart/preview';
import { createCartStore, type CartStore } from './cart/store';
import type { StoreCart } from './cart/types';
import { startCartSync } from './cart/sync';
import { createNoticeStore, type NoticeStore } from './notices';
import { readCartSettings, type CartSettings } from './settings';

export * from './cart/ajax';
export * from './cart/api';
export * from './cart/errors';
export * from './cart/events';
export * from './cart/fragments';
export * from './cart/nonce';
export * from './cart/overlay';
export type { LineNotice } from './cart/line-notices';
export * from './cart/preview';
export * from './cart/store';
export * from './cart/sync';
export * from './cart/totals-rows';
export * from './cart/types';
export * from './notices';
export * from './settings';
export * from './api/checks';

/** Everything one page shares. */
export interface CartRuntime {
  settings: CartSettings;
  nonce: NonceStore;
  api: StoreApiClient;
  cart: CartStore;
  notices: NoticeStore;
  ajax: AjaxClient;
  /** Stops the cross-tab and staleness listeners (and the nonce's storage listener). */
  stop(): void;
}

/** Overrides for [createCartRuntime], mainly for tests. */
export interface CartRuntimeOptions {
  doc?: Document;
  fetch?: typeof fetch;
  settings?: CartSettings;
}

/** Builds a runtime from the page's settings (tests build one each; main.ts uses [getCartRuntime]). */
export function createCartRuntime(options: CartRuntimeOptions = {}): CartRuntime {
  const doc = options.doc ?? document;
  const settings = options.settings ?? readCartSettings(doc);
  const nonce = createNonceStore();
  if (settings.nonce !== null) {
    nonce.seed(settings.nonce.nonce, settings.nonce.timestamp);
  }
  const clientFetch = options.fetch ? { fetch: options.fetch } : {};
  // Staff styling the cart (SPEC §9.5): the sample cart, and a client that sends nothing.
  // The sample is read with the Store API checks: at once when they are loaded, else when they are.
  const ready = replyChecksReady();
  const previewShown = hasCartPreview(doc) && (!ready || readCartPreview(doc) !== null);
  const preview = previewShown && ready ? readCartPreview(doc) : null;
  const api = previewShown
    ? createPreviewApi(() => readCartPreview(doc))
    : createStoreApiClient({ nonce, ...clientFetch });
  const notices = createNoticeStore();
  const cart = createCartStore({
    api,
    notices,
    initialCart: previewShown ? preview : settings.cartData,
    initialHash: previewShown ? '' : (settings.cartHash ?? ''),
  });
  // A cart to start from that waits for the checks: taken once they are, unless a cart came first.
  const unchecked = previewShown ? (preview === null ? () => readCartPreview(doc) : null) : uncheckedCart(settings);
  if (unchecked !== null) {
    loadReplyChecks().then(
      () => {
        const first = unchecked();
        if (first !== null && cart.getState().serverCart === null) {
          cart.applyServerCart(first, previewShown ? '' : (settings.cartHash ?? ''));
        }
      },
      () => undefined,
    );
  }
  const cache = createFragmentCache({
    ...(settings.fragmentName !== null && { fragmentName: settings.fragmentName }),
    ...(settings.cartHashKey !== null && { cartHashKey: settings.cartHashKey }),
  });
  // On the block cart and checkout pages the Store API store is the only writer of the cart:
  // store AJAX fragments never touch the page there, and the sync keeps the store current.
  const blockPage = settings.blockPage !== null;
  const ajax = createAjaxClient({
    cache,
    root: blockPage ? null : doc,
    ...clientFetch,
    ...(settings.ajaxUrl !== null && { url: settings.ajaxUrl }),
    ...(settings.requestTimeout !== null && { requestTimeoutMs: settings.requestTimeout }),
  });
  // The header's cart count is on every page: it is what fragments keep current when this tab
  // holds no Store API cart (a catalogue page), as well as the classic widget where there is one.
  // The preview follows no other tab and no cookie: it is not the shopper's cart.
  const stopSync = previewShown ? () => undefined : startCartSync({
    store: cart,
    ajax: blockPage ? null : ajax,
    doc,
    fragmentTarget: 'div.widget_shopping_cart_content, .header-cart__count',
    pageHash: settings.cartHash,
  });
  return {
    settings,
    nonce,
    api,
    cart,
    notices,
    ajax,
    stop() {
      stopSync();
      nonce.stop();
      notices.stop();
    },
  };
}

/** The settings' cart still to be checked, as a reader of it once the checks are loaded. */
function uncheckedCart(settings: CartSettings): (() => StoreCart | null) | null {
  if (!('uncheckedCartData' in settings)) {
    return null;
  }
  const raw = settings.uncheckedCartData;
  return () => (replyChecks().isStoreCart(raw) ? raw : null);
}

let runtime: CartRuntime | null = null;

/**
 * The page's cart runtime, built on first use. Only main.ts calls it: it hands the runtime to
 * the scheduler, which gives it to every island (`MountContext.runtime`) and behaviour
 * (`BehaviourContext.runtime`).
 */
export function getCartRuntime(): CartRuntime {
  runtime ??= createCartRuntime();
  return runtime;
}

/** Stops and forgets the page's runtime (tests; a page never needs it). */
export function resetCartRuntime(): void {
  runtime?.stop();
  runtime = null;
}
