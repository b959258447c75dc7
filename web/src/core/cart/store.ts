// The one cart store (frontend.md §5.6, STYLE §13). What islands show is the last server cart
// with the pending intents laid over it. Writes are intents, coalesced per key, sent in /batch
// requests (300 ms window, at most 25, one in flight); each reply is applied only when it is
// newer than the last one applied; an intent leaves the overlay when its own sub-response
// settles, so a failure shows the server's cart again with nothing to undo.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { NoticeStore } from '../notices';
import type { StoreApiClient } from './api';
import { cartApiError, toCartError, type CartError } from './errors';
import * as pageEvents from './events';
import {
  mergeCustomerUpdates,
  withCustomer,
  withQuantity,
  withSelectedRate,
  withoutItem,
  type CustomerUpdate,
  type ShopperChanges,
} from './overlay';
import { createWriteQueue, settleWaiters, type Intent, type WriteQueue } from './queue';
import type { StoreApiRequest, StoreCart, VariationAttribute } from './types';
import { replyChecks } from '../api/checks';
import type { JsonValue } from '../api/storeapi.generated';

/** SPEC §9.4: the batch window. */
export const BATCH_WINDOW_MS = 300;

/** SPEC §9.4: requests per batch. */
export const MAX_BATCH_SIZE = 25;

/** The cart store's state. */
export interface CartState {
  /** The last cart the server sent (or the page embedded), null when not known. */
  serverCart: StoreCart | null;
  /** What to show: `serverCart` with pending quantities, removals, rate and address applied. */
  cart: StoreCart | null;
  /** `Cart-Hash` of `serverCart` ('' when empty or not known); compared with the cookie. */
  cartHash: string;
  /** Lines with a quantity change queued or in flight (SPEC §3.12). */
  pendingKeys: string[];
  /** Lines being removed (SPEC §3.12). */
  deletingKeys: string[];
  /** Keys of every queued or in-flight intent: `update:<key>`, `coupon:apply:<code>`, `rate:<package>`, `customer`... */
  pendingIntents: string[];
  /** Writes are queued or in flight: totals are not final (show them `aria-busy`). */
  isBusy: boolean;
  /** A `GET /cart` is in flight. */
  isRefreshing: boolean;
  /** The last failure, until [CartStore.clearError]. */
  lastError: CartError | null;
}

/** `addItem`'s argument (SPEC §7.4 add-item). */
export interface AddItemInput {
  /** Product or variation id. */
  id: number;
  /** Default 1. */
  quantity?: number;
  /** A variable product's attributes, when `id` is the parent. */
  variation?: VariationAttribute[];
  /** Product add-on choices, `{group, option}` by key or name (Mercato's `addons`). */
  addons?: { group: string; option: string }[];
  /** Extension data by namespace, sent as `extensions` (a removed line's, put back by undo). */
  extensions?: Record<string, JsonValue>;
}

/** The page events the store sends (./events.ts by default). */
export interface CartEventSink {
  addingToCart(button?: Element | null, data?: Record<string, unknown>): void;
  addedToCart(fragments?: Record<string, string> | null, cartHash?: string | null, button?: Element | null): void;
  removedFromCart(fragments?: Record<string, string> | null, cartHash?: string | null, button?: Element | null): void;
}

/** What [createCartStore] needs. */
export interface CartStoreOptions {
  api: StoreApiClient;
  /** The cart embedded in the page, if any. */
  initialCart?: StoreCart | null;
  /** Its hash. */
  initialHash?: string;
  /** Batch window, 300 ms by default. */
  windowMs?: number;
  /** Requests per batch, 25 by default. */
  maxBatch?: number;
  /** Where SPEC §8.3 line notices and §8.4 cart errors go; none when null. */
  notices?: NoticeStore | null;
  /** The page events; WooCommerce's DOM and jQuery events by default. */
  events?: CartEventSink;
}

/** The cart store: a zustand store (`getState`, `subscribe`) plus its actions. */
export interface CartStore extends StoreApi<CartState> {
  /** `add-item`. Resolves with the cart from its reply. */
  addItem(input: AddItemInput, button?: Element | null): Promise<StoreCart>;
  /** `update-item`, sent only when `quantity` differs from the server's; rapid calls coalesce. */
  setQuantity(key: string, quantity: number): Promise<StoreCart>;
  /** `remove-item`. */
  removeItem(key: string, button?: Element | null): Promise<StoreCart>;
  /** `apply-coupon`. */
  applyCoupon(code: string): Promise<StoreCart>;
  /** `remove-coupon`. */
  removeCoupon(code: string): Promise<StoreCart>;
  /** `select-shipping-rate`, sent only when the rate is not already selected; coalesces per package. */
  selectShippingRate(packageId: number | string, rateId: string): Promise<StoreCart>;
  /** `update-customer` with the changed fields; coalesces (later fields win). */
  updateCustomer(update: CustomerUpdate): Promise<StoreCart>;
  /** `GET /cart`. `quiet` skips the SPEC §8.3 notices (the change was the shopper's, in another tab). */
  refresh(options?: { quiet?: boolean }): Promise<StoreCart>;
  /** Takes a cart from elsewhere (another tab, a page embed); in-flight replies still apply after it. */
  applyServerCart(cart: StoreCart, hash?: string): void;
  /** Forgets `lastError`. */
  clearError(): void;
  /**
   * Sends the queued writes at once and resolves when every write made so far is answered
   * (refused ones included): the server's cart is then the one the shopper was shown.
   */
  settled(): Promise<void>;
}

const CART_ERROR_PREFIX = 'cart-error-';

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Creates the cart store. Nothing is sent until an action is called. */
export function createCartStore(options: CartStoreOptions): CartStore {
  const { api, notices = null } = options;
  const events: CartEventSink = options.events ?? {
    addingToCart: pageEvents.dispatchAddingToCart,
    addedToCart: pageEvents.dispatchAddedToCart,
    removedFromCart: pageEvents.dispatchRemovedFromCart,
  };
  const initialCart = options.initialCart ?? null;

  const store = createStore<CartState>()(() => ({
    serverCart: initialCart,
    cart: initialCart,
    cartHash: options.initialHash ?? '',
    pendingKeys: [],
    deletingKeys: [],
    pendingIntents: [],
    isBusy: false,
    isRefreshing: false,
    lastError: null,
  }));

  let sentSeq = 0;
  let appliedSeq = 0;
  let refreshing: Promise<StoreCart> | null = null;
  let cartErrorIds: string[] = [];
  let addCount = 0;
  // A batch's reply, applied in the same state update that drops its intents.
  let staged: Partial<CartState> = {};

  const overlay = (cart: StoreCart | null, intents: readonly Intent[]): StoreCart | null =>
    cart === null ? null : intents.reduce((view, intent) => intent.overlay?.(view) ?? view, cart);

  /** Sets `patch` and derives the view and the pending lists from the intents. */
  const publish = (patch: Partial<CartState> = {}): void => {
    const state = store.getState();
    const next = { ...staged, ...patch };
    staged = {};
    const serverCart = next.serverCart !== undefined ? next.serverCart : state.serverCart;
    const intents = writes.pending();
    const keep = (list: string[], previous: string[]): string[] => (sameList(list, previous) ? previous : list);
    store.setState({
      ...next,
      cart: overlay(serverCart, intents),
      pendingKeys: keep([...new Set(intents.flatMap((i) => i.quantityKey ?? []))], state.pendingKeys),
      deletingKeys: keep([...new Set(intents.flatMap((i) => i.deleteKey ?? []))], state.deletingKeys),
      pendingIntents: keep(intents.map((i) => i.key), state.pendingIntents),
      isBusy: intents.length > 0,
    });
  };

  /** SPEC §8.4: the cart's own errors are non-dismissible error notices in the cart area. */
  const showCartErrors = (cart: StoreCart): void => {
    if (notices === null) {
      return;
    }
    const ids = cart.errors.map((problem) => `${CART_ERROR_PREFIX}${problem.code}`);
    notices.removeNotices(cartErrorIds.filter((id) => !ids.includes(id)), 'wc/cart');
    cart.errors.forEach((problem, i) => {
      notices.createNotice('error', problem.message, { id: ids[i] ?? '', context: 'wc/cart', isDismissible: false });
    });
    cartErrorIds = ids;
  };

  const shopperChanges = (intents: readonly Intent[]): ShopperChanges => ({
    keys: new Set(intents.flatMap((i) => [i.quantityKey ?? [], i.deleteKey ?? []].flat())),
    addedIds: new Set(intents.flatMap((i) => i.addedId ?? [])),
    addedByAttributes: intents.some((i) => i.addedByAttributes === true),
  });

  /**
   * The cart of reply `seq`, if it is newer than the last one applied. `asked` (what the
   * shopper had pending when the reply came) turns on the SPEC §8.3 notices.
   */
  const cartPatch = (
    seq: number,
    cart: StoreCart,
    hash: string | null,
    asked: ShopperChanges | null,
  ): Partial<CartState> => {
    if (seq <= appliedSeq) {
      return {};
    }
    appliedSeq = seq;
    const before = store.getState().serverCart;
    if (notices !== null && asked !== null && before !== null) {
      // A reply to this store's own request: the reply code is loaded (../api/checks.ts).
      for (const notice of replyChecks().lineNotices(before, cart, asked)) {
        notices.createNotice('info', notice.content, { id: notice.id, context: 'wc/cart', type: 'snackbar' });
      }
    }
    showCartErrors(cart);
    return { serverCart: cart, cartHash: hash ?? '' };
  };

  const nextSeq = (): number => {
    sentSeq += 1;
    return sentSeq;
  };

  const writes: WriteQueue = createWriteQueue(
    api,
    {
      nextSeq,
      changed: () => {
        publish();
      },
      currentCart: () => store.getState().serverCart,
      answered(seq, outcomes, failure) {
        // Sub-requests run in order, so the last cart in the reply is the newest.
        const newest = outcomes.findLast((outcome) => outcome.cart !== null);
        const cart = newest?.cart ?? failure?.cart ?? null;
        const asked = shopperChanges(writes.pending());
        staged = cart === null ? {} : cartPatch(seq, cart, newest?.hash ?? null, asked);
        const lastError = outcomes.findLast((outcome) => outcome.error !== null)?.error;
        if (lastError) {
          staged.lastError = lastError;
        }
      },
    },
    options.windowMs ?? BATCH_WINDOW_MS,
    Math.max(1, options.maxBatch ?? MAX_BATCH_SIZE),
  );

  /** The server cart as it will be once the in-flight batch is answered as hoped. */
  const expectedCart = (): StoreCart | null => overlay(store.getState().serverCart, writes.inFlight());

  /** Nothing to send: the callers of the dropped intent `key` and this one get the cart as it is. */
  const nothingToSend = (key: string): Promise<StoreCart> => {
    const cart = store.getState().serverCart;
    settleWaiters(writes.cancel(key), cart);
    return cart !== null ? Promise.resolve(cart) : Promise.reject(cartApiError());
  };

  const post = (path: string, body: Record<string, unknown>): StoreApiRequest => ({ path, method: 'POST', body });

  const cartStore: CartStore = {
    ...store,

    addItem(input, button) {
      const body: Record<string, unknown> = { id: input.id, quantity: input.quantity ?? 1 };
      if (input.variation && input.variation.length > 0) {
        body.variation = input.variation;
      }
      if (input.addons && input.addons.length > 0) {
        body.addons = input.addons;
      }
      if (input.extensions && Object.keys(input.extensions).length > 0) {
        body.extensions = input.extensions;
      }
      events.addingToCart(button, body);
      addCount += 1;
      return writes.enqueue({
        // Adds never coalesce: two clicks are two items.
        key: `add:${addCount}`,
        request: post('/cart/add-item', body),
        overlay: null,
        addedId: input.id,
        addedByAttributes: body.variation !== undefined,
        onSuccess: (hash) => {
          events.addedToCart(undefined, hash, button);
        },
      });
    },

    setQuantity(key, quantity) {
      const intentKey = `update:${key}`;
      const line = expectedCart()?.items.find((item) => item.key === key);
      if (line?.quantity === quantity) {
        return nothingToSend(intentKey);
      }
      return writes.enqueue({
        key: intentKey,
        request: post('/cart/update-item', { key, quantity }),
        overlay: (cart) => withQuantity(cart, key, quantity),
        quantityKey: key,
      });
    },

    removeItem(key, button) {
      // A queued quantity change for the line is moot: its callers learn the removal's outcome.
      const superseded = writes.cancel(`update:${key}`);
      const removal = writes.enqueue({
        key: `remove:${key}`,
        request: post('/cart/remove-item', { key }),
        overlay: (cart) => withoutItem(cart, key),
        deleteKey: key,
        onSuccess: (hash) => {
          events.removedFromCart(undefined, hash, button);
        },
      });
      removal.then(
        (cart) => {
          superseded.forEach((waiter) => {
            waiter.resolve(cart);
          });
        },
        (error: unknown) => {
          superseded.forEach((waiter) => {
            waiter.reject(toCartError(error));
          });
        },
      );
      return removal;
    },

    applyCoupon(code) {
      return writes.enqueue({ key: `coupon:apply:${code}`, request: post('/cart/apply-coupon', { code }), overlay: null });
    },

    removeCoupon(code) {
      return writes.enqueue({ key: `coupon:remove:${code}`, request: post('/cart/remove-coupon', { code }), overlay: null });
    },

    selectShippingRate(packageId, rateId) {
      const intentKey = `rate:${String(packageId)}`;
      const selected = expectedCart()
        ?.shipping_rates.find((pkg) => String(pkg.package_id) === String(packageId))
        ?.shipping_rates.find((rate) => rate.selected);
      if (selected?.rate_id === rateId) {
        return nothingToSend(intentKey);
      }
      return writes.enqueue({
        key: intentKey,
        request: post('/cart/select-shipping-rate', { package_id: packageId, rate_id: rateId }),
        overlay: (cart) => withSelectedRate(cart, packageId, rateId),
      });
    },

    updateCustomer(update) {
      const queued = writes.queued('customer');
      const merged = queued?.customer ? mergeCustomerUpdates(queued.customer, update) : update;
      return writes.enqueue({
        key: 'customer',
        request: post('/cart/update-customer', { ...merged }),
        overlay: (cart) => withCustomer(cart, merged),
        customer: merged,
      });
    },

    refresh(refreshOptions = {}) {
      if (refreshing !== null) {
        return refreshing;
      }
      const seq = nextSeq();
      publish({ isRefreshing: true });
      refreshing = api
        .getCartReply()
        .then(
          ({ cart, hash }) => {
            const asked = refreshOptions.quiet ? null : shopperChanges(writes.pending());
            publish({ ...cartPatch(seq, cart, hash, asked), isRefreshing: false });
            return cart;
          },
          (error: unknown) => {
            const cartError = toCartError(error);
            publish({ isRefreshing: false, lastError: cartError });
            throw cartError;
          },
        )
        .finally(() => {
          refreshing = null;
        });
      return refreshing;
    },

    applyServerCart(cart, hash) {
      showCartErrors(cart);
      publish({ serverCart: cart, cartHash: hash ?? '' });
    },

    clearError() {
      publish({ lastError: null });
    },

    settled: () => writes.settled(),
  };

  if (initialCart !== null) {
    showCartErrors(initialCart);
  }
  return cartStore;
}
