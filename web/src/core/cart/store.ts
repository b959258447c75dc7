// The one cart store (frontend.md §5.6, STYLE §13). What islands show is the last server cart
// with the pending intents laid over it. Writes are intents, coalesced per key, sent in /batch
// requests (300 ms window, at most 25, one in flight); each reply is applied only when it is
// newer than the last one applied; an intent leaves the overlay when its own sub-response
// settles, so a failure shows the server's cart again with nothing to undo.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { NoticeStore } from '../notices';
import { slotHeader, type BatchResponse, type StoreApiClient } from './api';
import { cartApiError, errorFromReply, responseNotValidError, toCartError, type CartError } from './errors';
import * as pageEvents from './events';
import {
  lineNotices,
  mergeCustomerUpdates,
  withCustomer,
  withQuantity,
  withSelectedRate,
  withoutItem,
  type CustomerUpdate,
  type ShopperChanges,
} from './overlay';
import { isStoreCart, type StoreApiRequest, type StoreCart, type VariationAttribute } from './types';

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
}

interface Waiter {
  resolve(cart: StoreCart): void;
  reject(error: CartError): void;
}

interface Intent {
  key: string;
  request: StoreApiRequest;
  overlay: ((cart: StoreCart) => StoreCart) | null;
  /** The line whose quantity this sets. */
  quantityKey?: string;
  /** The line this removes. */
  deleteKey?: string;
  /** The product id an add-item names. */
  addedId?: number;
  addedByAttributes?: boolean;
  /** Runs once the sub-response succeeded, before the waiters hear of it. */
  onSuccess?: (hash: string) => void;
  /** For customer updates: the fields sent, so a later update merges with them. */
  customer?: CustomerUpdate;
  waiters: Waiter[];
}

type NewIntent = Omit<Intent, 'waiters'>;

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
  const windowMs = options.windowMs ?? BATCH_WINDOW_MS;
  const maxBatch = Math.max(1, options.maxBatch ?? MAX_BATCH_SIZE);
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

  const queue = new Map<string, Intent>();
  let inFlight: Intent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushWhenIdle = false;
  let sentSeq = 0;
  let appliedSeq = 0;
  let refreshing: Promise<StoreCart> | null = null;
  let cartErrorIds: string[] = [];
  let addCount = 0;

  const pendingIntents = (): Intent[] => [...inFlight, ...queue.values()];

  const overlay = (cart: StoreCart | null, intents: readonly Intent[]): StoreCart | null =>
    cart === null ? null : intents.reduce((view, intent) => intent.overlay?.(view) ?? view, cart);

  /** Sets `patch` and derives the view and the pending lists from the intents. */
  const publish = (patch: Partial<CartState> = {}): void => {
    const state = store.getState();
    const serverCart = patch.serverCart !== undefined ? patch.serverCart : state.serverCart;
    const intents = pendingIntents();
    const keep = (next: string[], previous: string[]): string[] => (sameList(next, previous) ? previous : next);
    store.setState({
      ...patch,
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
  ): Partial<CartState> | null => {
    if (seq <= appliedSeq) {
      return null;
    }
    appliedSeq = seq;
    const before = store.getState().serverCart;
    if (notices !== null && asked !== null && before !== null) {
      for (const notice of lineNotices(before, cart, asked)) {
        notices.createNotice('info', notice.content, { id: notice.id, context: 'wc/cart', type: 'snackbar' });
      }
    }
    showCartErrors(cart);
    return { serverCart: cart, cartHash: hash ?? '' };
  };

  const flush = (): void => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (inFlight.length > 0) {
      flushWhenIdle = true;
      return;
    }
    const intents = [...queue.values()].slice(0, maxBatch);
    if (intents.length === 0) {
      return;
    }
    for (const intent of intents) {
      queue.delete(intent.key);
    }
    // Whatever did not fit goes as soon as this batch is answered.
    flushWhenIdle = queue.size > 0;
    inFlight = intents;
    publish();
    sentSeq += 1;
    const seq = sentSeq;
    api.batch(intents.map((intent) => intent.request)).then(
      (responses) => {
        settle(seq, intents, responses, null);
      },
      (error: unknown) => {
        settle(seq, intents, null, toCartError(error));
      },
    );
  };

  /** Applies a batch's outcome: the newest cart it carries, then each intent's own result. */
  const settle = (
    seq: number,
    intents: Intent[],
    responses: BatchResponse[] | null,
    failure: CartError | null,
  ): void => {
    const asked = shopperChanges(pendingIntents());
    const outcomes = intents.map((intent, i) => {
      const slot = responses?.[i];
      if (slot === undefined) {
        return { intent, error: failure ?? responseNotValidError(), cart: null, hash: '' };
      }
      const hash = slotHeader(slot.headers, 'Cart-Hash') ?? '';
      if (slot.status >= 200 && slot.status < 300) {
        return { intent, error: null, cart: isStoreCart(slot.body) ? slot.body : null, hash };
      }
      const error = errorFromReply(slot.body, slot.status);
      return { intent, error, cart: error.cart, hash };
    });
    // Sub-requests run in order, so the last cart in the reply is the newest.
    const newest = outcomes.findLast((outcome) => outcome.cart !== null);
    const failureCart = failure?.cart ?? null;
    let patch: Partial<CartState> = {};
    if (newest?.cart) {
      patch = cartPatch(seq, newest.cart, newest.hash, asked) ?? {};
    } else if (failureCart !== null) {
      patch = cartPatch(seq, failureCart, null, asked) ?? {};
    }
    const lastError = outcomes.findLast((outcome) => outcome.error !== null)?.error;
    if (lastError) {
      patch.lastError = lastError;
    }
    inFlight = [];
    publish(patch);

    const current = store.getState().serverCart;
    for (const { intent, error, cart, hash } of outcomes) {
      if (error !== null) {
        intent.waiters.forEach((waiter) => {
          waiter.reject(error);
        });
        continue;
      }
      intent.onSuccess?.(hash);
      settleWaiters(intent.waiters, cart ?? current);
    }

    if (flushWhenIdle) {
      flushWhenIdle = false;
      flush();
    }
  };

  const enqueue = (intent: NewIntent): Promise<StoreCart> =>
    new Promise<StoreCart>((resolve, reject) => {
      const queued = queue.get(intent.key);
      queue.set(intent.key, { ...intent, waiters: [...(queued?.waiters ?? []), { resolve, reject }] });
      publish();
      timer ??= setTimeout(flush, windowMs);
    });

  /** The server cart as it will be once the in-flight batch is answered as hoped. */
  const expectedCart = (): StoreCart | null => overlay(store.getState().serverCart, inFlight);

  /** Drops a queued intent, settling its callers with the cart as it stands. */
  const cancelQueued = (key: string): Waiter[] => {
    const queued = queue.get(key);
    if (queued === undefined) {
      return [];
    }
    queue.delete(key);
    publish();
    return queued.waiters;
  };

  /** Resolves `waiters` with `cart`, or rejects them when no cart is known at all. */
  const settleWaiters = (waiters: readonly Waiter[], cart: StoreCart | null): void => {
    const error = cart === null ? cartApiError() : null;
    waiters.forEach((waiter) => {
      if (cart !== null) {
        waiter.resolve(cart);
      } else if (error !== null) {
        waiter.reject(error);
      }
    });
  };

  /** Nothing to send: the callers of the dropped intent `key` and this one get the cart as it is. */
  const nothingToSend = (key: string): Promise<StoreCart> => {
    const cart = store.getState().serverCart;
    settleWaiters(cancelQueued(key), cart);
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
      events.addingToCart(button, body);
      addCount += 1;
      return enqueue({
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
      return enqueue({
        key: intentKey,
        request: post('/cart/update-item', { key, quantity }),
        overlay: (cart) => withQuantity(cart, key, quantity),
        quantityKey: key,
      });
    },

    removeItem(key, button) {
      // A queued quantity change for the line is moot: its callers learn the removal's outcome.
      const superseded = cancelQueued(`update:${key}`);
      const removal = enqueue({
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
      return enqueue({ key: `coupon:apply:${code}`, request: post('/cart/apply-coupon', { code }), overlay: null });
    },

    removeCoupon(code) {
      return enqueue({ key: `coupon:remove:${code}`, request: post('/cart/remove-coupon', { code }), overlay: null });
    },

    selectShippingRate(packageId, rateId) {
      const intentKey = `rate:${String(packageId)}`;
      const selected = expectedCart()
        ?.shipping_rates.find((pkg) => String(pkg.package_id) === String(packageId))
        ?.shipping_rates.find((rate) => rate.selected);
      if (selected?.rate_id === rateId) {
        return nothingToSend(intentKey);
      }
      return enqueue({
        key: intentKey,
        request: post('/cart/select-shipping-rate', { package_id: packageId, rate_id: rateId }),
        overlay: (cart) => withSelectedRate(cart, packageId, rateId),
      });
    },

    updateCustomer(update) {
      const queued = queue.get('customer');
      const merged = queued?.customer ? mergeCustomerUpdates(queued.customer, update) : update;
      return enqueue({
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
      sentSeq += 1;
      const seq = sentSeq;
      publish({ isRefreshing: true });
      refreshing = api
        .getCartReply()
        .then(
          ({ cart, hash }) => {
            const asked = refreshOptions.quiet ? null : shopperChanges(pendingIntents());
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
  };

  if (initialCart !== null) {
    showCartErrors(initialCart);
  }
  return cartStore;
}
