// The checkout's validate step (SPEC §4.6): Place Order moves the checkout to before_processing;
// the checkout area's error notices are cleared and the checkout_validation observers run. A
// blocking response raises its error notice and sets its field errors, and the checkout goes
// back to idle with hasError; otherwise it moves on to processing.

import type { CheckoutEvents } from '../events/emitter';
import type { NoticeStore } from '../notices';
import type { ValidationStore } from '../validation/store';
import { CHECKOUT_CONTEXT } from './after-processing';
import type { CheckoutStore } from './store';

/** What the step needs. */
export interface ValidateStepDeps {
  checkout: CheckoutStore;
  events: CheckoutEvents;
  notices: NoticeStore;
  validation: ValidationStore;
}

function fieldErrors(value: Readonly<Record<string, unknown>>): Record<string, { message: string; hidden?: boolean }> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([id, entry]) => {
      if (typeof entry !== 'object' || entry === null) {
        return [];
      }
      const { message, hidden } = entry as { message?: unknown; hidden?: unknown };
      return typeof message === 'string' ? [[id, { message, ...(typeof hidden === 'boolean' && { hidden }) }]] : [];
    }),
  );
}

/** Runs the validate step; resolves true when the checkout went on to processing. */
export async function runValidateStep({ checkout, events, notices, validation }: ValidateStepDeps): Promise<boolean> {
  checkout.setBeforeProcessing();
  const stale = notices.noticesOf(CHECKOUT_CONTEXT).filter((notice) => notice.status === 'error');
  notices.removeNotices(
    stale.map((notice) => notice.id),
    CHECKOUT_CONTEXT,
  );
  const outcome = await events.runValidation();
  if (!outcome.blocked) {
    checkout.setProcessing();
    return true;
  }
  const { errorMessage, validationErrors, context } = outcome.block;
  if (errorMessage !== '') {
    notices.createNotice('error', errorMessage, { context });
  }
  validation.setValidationErrors(fieldErrors(validationErrors));
  checkout.setIdle();
  checkout.setHasError(true);
  return false;
}
