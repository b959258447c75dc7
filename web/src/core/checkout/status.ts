// The checkout's status machine (SPEC §4.6, §3.18) as pure transitions: each takes the state
// and returns the next one, so the rules are tested without a store and the store only applies
// them. The checkout is idle, then before_processing while the validation observers run,
// processing while payment is set up and the order is posted, after_processing while the
// success or fail observers run, and complete once it may leave the page.

/** SPEC §4.6: the checkout's status ("pristine" is WooCommerce's older name for idle). */
export type CheckoutStatus = 'idle' | 'before_processing' | 'processing' | 'after_processing' | 'complete';

/** What the status machine decides (the rest of SPEC §3.18 is plain data in the store). */
export interface CheckoutStatusState {
  readonly status: CheckoutStatus;
  readonly hasError: boolean;
  /** Where to go once complete ('' until the server or an observer gives one). */
  readonly redirectUrl: string;
  /** Requests that change totals in flight (`disableCheckoutFor`); never below 0. */
  readonly calculatingCount: number;
}

/** The machine's state before anything happened. */
export const initialCheckoutStatus: CheckoutStatusState = {
  status: 'idle',
  hasError: false,
  redirectUrl: '',
  calculatingCount: 0,
};

/** Setting idle, before_processing or processing clears hasError (SPEC §4.6). */
function moveTo(state: CheckoutStatusState, status: 'idle' | 'before_processing' | 'processing'): CheckoutStatusState {
  return { ...state, status, hasError: false };
}

/** Back to idle (a retry is allowed); clears hasError. */
export function toIdle(state: CheckoutStatusState): CheckoutStatusState {
  return moveTo(state, 'idle');
}

/** Place Order pressed: the validation observers run next; clears hasError. */
export function toBeforeProcessing(state: CheckoutStatusState): CheckoutStatusState {
  return moveTo(state, 'before_processing');
}

/** Validation passed: payment setup and the POST follow; clears hasError. */
export function toProcessing(state: CheckoutStatusState): CheckoutStatusState {
  return moveTo(state, 'processing');
}

/** The server replied: its redirect URL is kept and the success or fail observers run next. */
export function toAfterProcessing(state: CheckoutStatusState, redirectUrl?: string): CheckoutStatusState {
  return { ...state, status: 'after_processing', redirectUrl: redirectUrl ?? state.redirectUrl };
}

/** Done: the checkout may leave the page, to `data.redirectUrl` when given (SPEC §4.6). */
export function toComplete(state: CheckoutStatusState, data?: { redirectUrl?: unknown }): CheckoutStatusState {
  const redirectUrl = typeof data?.redirectUrl === 'string' ? data.redirectUrl : state.redirectUrl;
  return { ...state, status: 'complete', redirectUrl };
}

/**
 * Sets or clears hasError. Setting it while processing or before_processing moves the status
 * to idle (SPEC §4.6): the shopper can correct and try again.
 */
export function withError(state: CheckoutStatusState, hasError: boolean): CheckoutStatusState {
  const status =
    hasError && (state.status === 'processing' || state.status === 'before_processing') ? 'idle' : state.status;
  return { ...state, hasError, status };
}

/** A calculation started. */
export function startCalculating(state: CheckoutStatusState): CheckoutStatusState {
  return { ...state, calculatingCount: state.calculatingCount + 1 };
}

/** A calculation ended; the count never goes below 0 (an extra end is ignored). */
export function finishCalculating(state: CheckoutStatusState): CheckoutStatusState {
  return { ...state, calculatingCount: Math.max(0, state.calculatingCount - 1) };
}

/** The checkout is calculating while the count is above 0: Place Order waits. */
export function isCalculating(state: CheckoutStatusState): boolean {
  return state.calculatingCount > 0;
}
