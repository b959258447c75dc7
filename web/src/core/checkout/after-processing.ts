// What the checkout does once the server replied (SPEC §4.6 "After-processing"): the
// checkout_fail observers' responses when hasError is set, the checkout_success observers'
// otherwise. Pure functions from the responses to the next step, so each case of the spec is
// tested alone; [applyAfterProcessing] carries a decision out on the stores.

import { allowsRetry, isErrorResponse, isFailureResponse, isSuccessResponse, type ObserverResponse } from '../events/responses';
import type { NoticeStore } from '../notices';
import type { CheckoutStore } from './store';

/** The notice id of the checkout's own error message. */
export const CHECKOUT_NOTICE_ID = 'checkout';

/** The checkout's notice context (SPEC §2.9). */
export const CHECKOUT_CONTEXT = 'wc/checkout';

/** SPEC §4.6: shown when nothing else explains a failed order. */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please contact us to get assistance.';

/** The step after the observers ran. */
export interface AfterProcessingDecision {
  /** idle: the shopper may try again; complete: leave the page; has_error: stay, with hasError set. */
  next: 'idle' | 'complete' | 'has_error';
  /** Given to `setComplete` (its redirectUrl, when a string, is where the checkout goes). */
  completeWith?: ObserverResponse;
  /** An error notice to raise. */
  notice?: { message: string; context: string };
}

function hasMessage(response: ObserverResponse): response is ObserverResponse & { message: string } {
  return typeof response.message === 'string' && response.message !== '';
}

function contextOf(response: ObserverResponse): string {
  return typeof response.messageContext === 'string' && response.messageContext !== ''
    ? response.messageContext
    : CHECKOUT_CONTEXT;
}

/**
 * SPEC §4.6, with hasError set: an error or failure response with a message shows it (in its
 * messageContext when given); it retries (idle) unless `retry: false` (complete). When no
 * observer gave one, the processing response's message, or the fallback, is shown unless an
 * error notice is already in the checkout, express-payments or payments areas; then idle.
 */
export function afterFailure(
  responses: readonly ObserverResponse[],
  options: { processingMessage?: string; errorNoticeShown: boolean },
): AfterProcessingDecision {
  const answered = [...responses].reverse().find((response) =>
    (isErrorResponse(response) || isFailureResponse(response)) && hasMessage(response),
  );
  if (answered !== undefined) {
    const notice = { message: answered.message, context: contextOf(answered) };
    return allowsRetry(answered) ? { next: 'idle', notice } : { next: 'complete', completeWith: answered, notice };
  }
  if (options.errorNoticeShown) {
    return { next: 'idle' };
  }
  const message = options.processingMessage !== undefined && options.processingMessage !== '' ? options.processingMessage : FALLBACK_ERROR_MESSAGE;
  return { next: 'idle', notice: { message, context: CHECKOUT_CONTEXT } };
}

/**
 * SPEC §4.6, without error: a success and no error or failure completes; an error or failure
 * shows its message and sets hasError when it allows a retry, or completes; no response completes.
 */
export function afterSuccess(responses: readonly ObserverResponse[]): AfterProcessingDecision {
  const failed = responses.find((response) => isErrorResponse(response) || isFailureResponse(response));
  if (failed === undefined) {
    const success = responses.find(isSuccessResponse);
    return success === undefined ? { next: 'complete' } : { next: 'complete', completeWith: success };
  }
  const notice = hasMessage(failed) ? { notice: { message: failed.message, context: contextOf(failed) } } : {};
  return allowsRetry(failed) ? { next: 'has_error', ...notice } : { next: 'complete', completeWith: failed, ...notice };
}

/** The notice areas whose error notices count as "already shown" (SPEC §4.6). */
export const FAILURE_NOTICE_AREAS = ['wc/checkout', 'wc/checkout/express-payments', 'wc/checkout/payments'] as const;

/** An error notice is in one of [FAILURE_NOTICE_AREAS]. */
export function errorNoticeShown(notices: NoticeStore): boolean {
  return FAILURE_NOTICE_AREAS.some((context) => notices.noticesOf(context).some((notice) => notice.status === 'error'));
}

/** Carries out a decision: the notice (id `checkout`), then the status. */
export function applyAfterProcessing(decision: AfterProcessingDecision, checkout: CheckoutStore, notices: NoticeStore): void {
  if (decision.notice !== undefined) {
    notices.createNotice('error', decision.notice.message, { id: CHECKOUT_NOTICE_ID, context: decision.notice.context });
  }
  if (decision.next === 'idle') {
    checkout.setIdle();
  } else if (decision.next === 'has_error') {
    checkout.setHasError(true);
  } else {
    checkout.setComplete(decision.completeWith);
  }
}
