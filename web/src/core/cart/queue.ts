// The write queue behind the cart store: intents keyed for coalescing, sent in /batch requests
// after a window (300 ms), at most `maxBatch` (25) at a time, one batch in flight. The store
// decides what a reply does to its state; the queue decides when things are sent and settles
// each intent's callers with its own sub-response.

import { slotHeader, type BatchResponse, type StoreApiClient } from './api';
import { cartApiError, errorFromReply, responseNotValidError, toCartError, type CartError } from './errors';
import type { CustomerUpdate } from './overlay';
import { replyChecks } from '../api/checks';
import type { StoreApiRequest, StoreCart } from './types';

/** One caller waiting for an intent's sub-response. */
export interface Waiter {
  resolve(cart: StoreCart): void;
  reject(error: CartError): void;
}

/** A write the shopper asked for, until its sub-response settles. */
export interface Intent {
  /** Intents with the same key replace each other while queued (`update:<line key>`...). */
  key: string;
  request: StoreApiRequest;
  /** How the intent changes the shown cart while pending. */
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

/** An intent as an action makes it. */
export type NewIntent = Omit<Intent, 'waiters'>;

/** What one sub-response said about its intent. */
export interface Outcome {
  intent: Intent;
  /** Null when the sub-request succeeded. */
  error: CartError | null;
  /** The cart the sub-response carried (success body or error `data.cart`). */
  cart: StoreCart | null;
  /** Its `Cart-Hash` ('' when absent). */
  hash: string;
}

/** How the store takes part in a batch's settlement. */
export interface QueueHooks {
  /** A new request number, shared with the store's other requests. */
  nextSeq(): number;
  /** The queue changed (an intent added, sent or dropped): recompute the view. */
  changed(): void;
  /**
   * Batch `seq` was answered (or failed as a whole with `failure`). Called while its intents
   * still count as pending; the store applies the reply in the same state update that drops them.
   */
  answered(seq: number, outcomes: readonly Outcome[], failure: CartError | null): void;
  /** The cart callers get when their sub-response carried none. */
  currentCart(): StoreCart | null;
}

/** The write queue. */
export interface WriteQueue {
  /** Queues an intent; a queued one with the same key is replaced and its callers wait on this one. */
  enqueue(intent: NewIntent): Promise<StoreCart>;
  /** Drops queued intent `key` (not one in flight) and returns its callers. */
  cancel(key: string): Waiter[];
  /** The queued intent of `key`, if any. */
  queued(key: string): Intent | undefined;
  /** The intents of the batch in flight. */
  inFlight(): readonly Intent[];
  /** In-flight intents, then queued ones, oldest first. */
  pending(): Intent[];
  /**
   * Sends what is queued now (without waiting for the window) and resolves once nothing is
   * queued or in flight: every write made so far has been answered.
   */
  settled(): Promise<void>;
}

/** Resolves `waiters` with `cart`, or rejects them when no cart is known at all. */
export function settleWaiters(waiters: readonly Waiter[], cart: StoreCart | null): void {
  const error = cart === null ? cartApiError() : null;
  for (const waiter of waiters) {
    if (cart !== null) {
      waiter.resolve(cart);
    } else if (error !== null) {
      waiter.reject(error);
    }
  }
}

/** Creates an empty write queue. */
export function createWriteQueue(
  api: StoreApiClient,
  hooks: QueueHooks,
  windowMs: number,
  maxBatch: number,
): WriteQueue {
  const queue = new Map<string, Intent>();
  let inFlight: Intent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let flushWhenIdle = false;
  let idleWaiters: (() => void)[] = [];

  const wakeIfIdle = (): void => {
    if (inFlight.length === 0 && queue.size === 0 && idleWaiters.length > 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const wake of waiters) {
        wake();
      }
    }
  };

  const outcomeOf = (intent: Intent, slot: BatchResponse | undefined, failure: CartError | null): Outcome => {
    if (slot === undefined) {
      return { intent, error: failure ?? responseNotValidError(), cart: null, hash: '' };
    }
    const hash = slotHeader(slot.headers, 'Cart-Hash') ?? '';
    if (slot.status >= 200 && slot.status < 300) {
      return { intent, error: null, cart: replyChecks().isStoreCart(slot.body) ? slot.body : null, hash };
    }
    const error = errorFromReply(slot.body, slot.status);
    return { intent, error, cart: error.cart, hash };
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
    hooks.changed();
    const seq = hooks.nextSeq();
    api.batch(intents.map((intent) => intent.request)).then(
      (responses) => {
        settle(seq, intents.map((intent, i) => outcomeOf(intent, responses[i], null)), null);
      },
      (error: unknown) => {
        const failure = toCartError(error);
        settle(seq, intents.map((intent) => outcomeOf(intent, undefined, failure)), failure);
      },
    );
  };

  const settle = (seq: number, outcomes: Outcome[], failure: CartError | null): void => {
    hooks.answered(seq, outcomes, failure);
    inFlight = [];
    hooks.changed();
    const current = hooks.currentCart();
    for (const { intent, error, cart, hash } of outcomes) {
      if (error !== null) {
        for (const waiter of intent.waiters) {
          waiter.reject(error);
        }
        continue;
      }
      intent.onSuccess?.(hash);
      settleWaiters(intent.waiters, cart ?? current);
    }
    if (flushWhenIdle || (idleWaiters.length > 0 && queue.size > 0)) {
      flushWhenIdle = false;
      flush();
    }
    wakeIfIdle();
  };

  return {
    enqueue: (intent) =>
      new Promise<StoreCart>((resolve, reject) => {
        const queued = queue.get(intent.key);
        queue.set(intent.key, { ...intent, waiters: [...(queued?.waiters ?? []), { resolve, reject }] });
        hooks.changed();
        timer ??= setTimeout(flush, windowMs);
      }),
    cancel(key) {
      const queued = queue.get(key);
      if (queued === undefined) {
        return [];
      }
      queue.delete(key);
      hooks.changed();
      wakeIfIdle();
      return queued.waiters;
    },
    queued: (key) => queue.get(key),
    inFlight: () => inFlight,
    pending: () => [...inFlight, ...queue.values()],
    settled: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (queue.size > 0) {
          flush();
        }
        wakeIfIdle();
      }),
  };
}
