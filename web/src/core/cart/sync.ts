// Keeping the cart current without polling (SPEC §4.9, frontend.md §5.6). The page embeds the
// cart and its hash; the `woocommerce_cart_hash` cookie, which every cart reply updates, says
// whether that is still the cart. It is compared when the page comes back from the
// back/forward cache, when the tab becomes visible and when another tab says the cart changed;
// `GET /cart` is sent only when the hashes differ, and never just because a page loaded. A tab
// that changes the cart posts it to the others, so they usually need no request at all.

import { getCookie } from '../../lib/cookies';
import { isRecord } from '../../lib/guards';
import type { AjaxClient } from './ajax';
import type { StoreApiClient } from './api';
import { FRAGMENT_LIFETIME_MS, isFragments, type Fragments } from './fragments';
import type { CartStore } from './store';
import { loadReplyChecks, replyChecks, replyChecksReady } from '../api/checks';
import type { StoreCart } from './types';

/** The cookie holding the hash of the session's cart ('' or absent when empty). */
export const CART_HASH_COOKIE = 'woocommerce_cart_hash';

/** The BroadcastChannel (and localStorage fallback key) the tabs talk on. */
export const DEFAULT_CHANNEL_NAME = 'mercato:cart';

/** The classic mini cart widget; fragments are only fetched where the page has one. */
export const DEFAULT_FRAGMENT_TARGET = 'div.widget_shopping_cart_content';

/** What one tab tells the others after the cart changed. */
export interface CartMessage {
  hash: string;
  cart?: StoreCart;
  fragments?: Fragments;
}

/** What [startCartSync] needs. */
export interface CartSyncOptions {
  store: CartStore;
  /** Not used: the store refreshes through its own client. Accepted so callers may pass it. */
  api?: StoreApiClient;
  /** The fragments client; without it fragments are left alone. */
  ajax?: AjaxClient | null;
  channelName?: string;
  /** Reads a cookie ([getCookie] by default). */
  readCookie?: (name: string) => string | undefined;
  /** Selector of the parts fragments replace; fragments are refreshed only when one is on the page. */
  fragmentTarget?: string;
  /** The window to listen on (pageshow, storage). */
  target?: Window;
  /** The document to watch (visibilitychange). */
  doc?: Document;
  /** Makes the channel; null when BroadcastChannel is missing, then localStorage is used. */
  createChannel?: (name: string) => BroadcastChannel | null;
  /** Storage for the fallback; localStorage by default. */
  storage?: Storage | null;
  /**
   * The hash of the cart the page was rendered with (the settings' `cartHash`). A page shown
   * again from the browser's cache (back/forward without the back/forward cache) carries an
   * old one: if the cookie differs at start, the page's cart parts are refreshed at once.
   * Without it, the page is taken to match the cookie.
   */
  pageHash?: string | null;
}

function parseMessage(value: unknown): CartMessage | null {
  if (!isRecord(value) || typeof value.hash !== 'string') {
    return null;
  }
  const message: CartMessage = { hash: value.hash };
  if (replyChecks().isStoreCart(value.cart)) {
    message.cart = value.cart;
  }
  if (isFragments(value.fragments)) {
    message.fragments = value.fragments;
  }
  return message;
}

function defaultChannel(name: string): BroadcastChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
}

function defaultStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Starts keeping `store` (and the fragments) current; returns the function that stops it. */
export function startCartSync(options: CartSyncOptions): () => void {
  const { store, ajax = null } = options;
  const channelName = options.channelName ?? DEFAULT_CHANNEL_NAME;
  const readCookie = options.readCookie ?? getCookie;
  const fragmentTarget = options.fragmentTarget ?? DEFAULT_FRAGMENT_TARGET;
  const target = options.target ?? window;
  const doc = options.doc ?? document;
  const storage = options.storage !== undefined ? options.storage : defaultStorage();
  const channel = (options.createChannel ?? defaultChannel)(channelName);

  const cookieHash = (): string => readCookie(CART_HASH_COOKIE) ?? '';
  // The server rendered this page's widget for the cart it embedded the hash of (or, when the
  // page does not say, for the cart the cookie names now).
  let fragmentsHash = options.pageHash ?? cookieHash();
  let applyingRemote = false;
  let expiryTimer: ReturnType<typeof setTimeout> | null = null;

  const hasFragmentTarget = (): boolean => ajax !== null && doc.querySelector(fragmentTarget) !== null;

  const refreshFragments = (): void => {
    void ajax?.getRefreshedFragments().catch(() => undefined);
  };

  // SPEC §4.9: a refresh is scheduled for when the cached fragments expire.
  const scheduleExpiry = (): void => {
    if (expiryTimer !== null) {
      clearTimeout(expiryTimer);
    }
    expiryTimer = setTimeout(() => {
      expiryTimer = null;
      if (hasFragmentTarget()) {
        refreshFragments();
      }
    }, FRAGMENT_LIFETIME_MS);
  };

  /** Compares the cookie with what this tab shows, and asks the server only when they differ. */
  const check = (): void => {
    const hash = cookieHash();
    const state = store.getState();
    // With no cart held, nothing on the page shows it: whatever needs it will load it.
    if (state.serverCart !== null && state.cartHash !== hash) {
      void store.refresh({ quiet: true }).catch(() => undefined);
    }
    if (fragmentsHash !== hash && hasFragmentTarget()) {
      fragmentsHash = hash;
      if (!ajax?.applyCached(hash)) {
        refreshFragments();
      }
    }
  };

  const post = (message: CartMessage): void => {
    if (channel !== null) {
      channel.postMessage(message);
      return;
    }
    try {
      // `at` makes every write a change, so a repeated message still fires `storage`.
      storage?.setItem(channelName, JSON.stringify({ ...message, at: Date.now() }));
    } catch {
      // Other tabs fall back to their own cookie check.
    }
  };

  const receive = (data: unknown): void => {
    if (!replyChecksReady()) {
      // A cart from another tab is read with the Store API checks; messages wait for them in order.
      loadReplyChecks().then(
        () => {
          receive(data);
        },
        () => undefined,
      );
      return;
    }
    const message = parseMessage(data);
    if (message === null) {
      return;
    }
    // Only a message about the cart the cookie names now is current; otherwise the check decides.
    if (message.hash === cookieHash()) {
      if (message.cart && store.getState().cartHash !== message.hash) {
        applyingRemote = true;
        try {
          store.applyServerCart(message.cart, message.hash);
        } finally {
          applyingRemote = false;
        }
      }
      if (message.fragments && ajax !== null && fragmentsHash !== message.hash) {
        ajax.takeFragments(message.fragments, message.hash);
        fragmentsHash = message.hash;
        scheduleExpiry();
      }
    }
    check();
  };

  const unsubscribeStore = store.subscribe((state, previous) => {
    if (state.serverCart !== previous.serverCart && state.serverCart !== null && !applyingRemote) {
      post({ hash: state.cartHash, cart: state.serverCart });
    }
  });

  const unsubscribeAjax =
    ajax?.subscribe(({ hash, fragments }) => {
      fragmentsHash = hash;
      scheduleExpiry();
      post({ hash, fragments });
      // This tab's store, if it holds a cart, is now behind the cookie.
      check();
    }) ?? (() => undefined);

  const onChannelMessage = (event: MessageEvent): void => {
    receive(event.data);
  };
  const onStorage = (event: StorageEvent): void => {
    if (event.key !== channelName || event.newValue === null) {
      return;
    }
    try {
      receive(JSON.parse(event.newValue));
    } catch {
      // Not ours.
    }
  };
  const onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) {
      check();
    }
  };
  const onVisibility = (): void => {
    if (doc.visibilityState === 'visible') {
      check();
    }
  };

  channel?.addEventListener('message', onChannelMessage);
  if (channel === null) {
    target.addEventListener('storage', onStorage);
  }
  target.addEventListener('pageshow', onPageShow);
  doc.addEventListener('visibilitychange', onVisibility);
  // An ordinary load matches the cookie and asks nothing; a page from the HTTP cache may not.
  if (fragmentsHash !== cookieHash()) {
    check();
  }

  return () => {
    unsubscribeStore();
    unsubscribeAjax();
    channel?.removeEventListener('message', onChannelMessage);
    channel?.close();
    target.removeEventListener('storage', onStorage);
    target.removeEventListener('pageshow', onPageShow);
    doc.removeEventListener('visibilitychange', onVisibility);
    if (expiryTimer !== null) {
      clearTimeout(expiryTimer);
    }
  };
}
