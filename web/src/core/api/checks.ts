// The Store API reply checks (./guards.ts, about 1.6 KB gzip, with the SPEC §8.3 line notices
// worked out from replies: ./reply-code.ts) are a chunk of their own, so a
// page that never talks to the Store API (a catalogue page until the shopper changes the cart
// there) does not download them (issue 11's 40 KB budget for catalogue pages). Every path that
// hands out a reply loads them before it does (`loadReplyChecks()`: the Store API client, the
// editor's preview client, the cross-tab sync, the runtime for a cart in the settings); code
// that reads a reply after that takes them at once with `replyChecks()`. An island that
// imports the guards itself hands them over with `provideReplyChecks()`.

import type { lineNotices } from '../cart/line-notices';
import type { isStoreApiError, isStoreCart } from './guards';

/** The checks the cart core applies to what the server (or another tab) sends, and the notices it raises from it. */
export interface ReplyChecks {
  isStoreCart: typeof isStoreCart;
  isStoreApiError: typeof isStoreApiError;
  lineNotices: typeof lineNotices;
}

let checks: ReplyChecks | null = null;
let loading: Promise<ReplyChecks> | null = null;

/** Makes checks already at hand (a chunk that imports the guards) the page's. */
export function provideReplyChecks(given: ReplyChecks): void {
  checks ??= { isStoreCart: given.isStoreCart, isStoreApiError: given.isStoreApiError, lineNotices: given.lineNotices };
}

/** Loads the checks once; a failed load is tried again on the next call, not kept. */
export function loadReplyChecks(): Promise<ReplyChecks> {
  if (checks !== null) {
    return Promise.resolve(checks);
  }
  loading ??= import('./reply-code').then(
    (module) => {
      provideReplyChecks(module);
      return replyChecks();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The checks, once loaded or provided: the code that reads replies runs after that. */
export function replyChecks(): ReplyChecks {
  if (checks === null) {
    throw new Error('Store API reply checks used before loadReplyChecks() resolved');
  }
  return checks;
}

/** Whether the checks can be used at once. */
export function replyChecksReady(): boolean {
  return checks !== null;
}

/** Forgets the checks, as on a page that has not loaded them (tests of the loading). */
export function forgetReplyChecks(): void {
  checks = null;
  loading = null;
}
