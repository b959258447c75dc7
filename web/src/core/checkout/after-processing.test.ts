import { beforeEach, describe, expect, it } from 'vitest';
import { createNoticeStore, type NoticeStore } from '../notices';
import {
  afterFailure,
  afterSuccess,
  applyAfterProcessing,
  errorNoticeShown,
  FALLBACK_ERROR_MESSAGE,
} from './after-processing';
import { createCheckoutStore } from './store';

let notices: NoticeStore;
beforeEach(() => {
  notices = createNoticeStore();
});

describe('after processing with hasError: checkout_fail (SPEC §4.6)', () => {
  it('an error with a message shows it in its context and retries', () => {
    expect(
      afterFailure([{ type: 'error', message: 'Card declined', messageContext: 'wc/checkout/payments' }], { errorNoticeShown: false }),
    ).toEqual({ next: 'idle', notice: { message: 'Card declined', context: 'wc/checkout/payments' } });
  });

  it('a failure that forbids a retry completes with the response', () => {
    const response = { type: 'failure' as const, message: 'Order cancelled', retry: false, redirectUrl: '/cart/' };
    expect(afterFailure([response], { errorNoticeShown: false })).toEqual({
      next: 'complete',
      completeWith: response,
      notice: { message: 'Order cancelled', context: 'wc/checkout' },
    });
  });

  it('no observer answered: the processing response\'s message, notice id checkout, idle', () => {
    expect(afterFailure([], { processingMessage: 'Not enough stock', errorNoticeShown: false })).toEqual({
      next: 'idle',
      notice: { message: 'Not enough stock', context: 'wc/checkout' },
    });
  });

  it('no observer answered and no message: the fallback', () => {
    expect(afterFailure([{ type: 'error' }], { errorNoticeShown: false }).notice?.message).toBe(
      'Something went wrong. Please contact us to get assistance.',
    );
  });

  it('no observer answered but an error notice is already shown: nothing more, idle', () => {
    expect(afterFailure([{ type: 'success' }], { processingMessage: 'x', errorNoticeShown: true })).toEqual({ next: 'idle' });
  });
});

describe('after processing without error: checkout_success (SPEC §4.6)', () => {
  it('no responses: complete', () => {
    expect(afterSuccess([])).toEqual({ next: 'complete' });
  });

  it('a success without error or failure: complete with it', () => {
    const success = { type: 'success' as const, redirectUrl: '/thanks/' };
    expect(afterSuccess([success])).toEqual({ next: 'complete', completeWith: success });
  });

  it('an error that allows a retry shows its message and sets hasError', () => {
    expect(afterSuccess([{ type: 'success' }, { type: 'error', message: '3-D Secure failed' }])).toEqual({
      next: 'has_error',
      notice: { message: '3-D Secure failed', context: 'wc/checkout' },
    });
  });

  it('a failure without retry completes', () => {
    const failure = { type: 'failure' as const, retry: false };
    expect(afterSuccess([failure])).toEqual({ next: 'complete', completeWith: failure });
  });
});

describe('applying the decision', () => {
  it('raises the notice with id checkout and moves the status', () => {
    const checkout = createCheckoutStore();
    checkout.setAfterProcessing('/checkout/order-received/1/');
    applyAfterProcessing(afterFailure([], { errorNoticeShown: errorNoticeShown(notices) }), checkout, notices);
    expect(checkout.getState().status).toBe('idle');
    expect(notices.noticesOf('wc/checkout')).toEqual([
      expect.objectContaining({ id: 'checkout', status: 'error', content: FALLBACK_ERROR_MESSAGE }),
    ]);
    expect(errorNoticeShown(notices)).toBe(true);
  });

  it('completes with the response\'s redirect, or sets hasError', () => {
    const checkout = createCheckoutStore();
    checkout.setAfterProcessing('/checkout/order-received/1/');
    applyAfterProcessing(afterSuccess([{ type: 'success', redirectUrl: '/custom/' }]), checkout, notices);
    expect(checkout.getState()).toMatchObject({ status: 'complete', redirectUrl: '/custom/' });

    const retry = createCheckoutStore();
    retry.setAfterProcessing();
    applyAfterProcessing(afterSuccess([{ type: 'error' }]), retry, notices);
    expect(retry.getState()).toMatchObject({ status: 'after_processing', hasError: true });
  });

  it('counts only error notices of the three areas as already shown', () => {
    notices.createNotice('error', 'Elsewhere', { context: 'wc/cart' });
    notices.createNotice('info', 'Info', { context: 'wc/checkout' });
    expect(errorNoticeShown(notices)).toBe(false);
    notices.createNotice('error', 'Pay error', { context: 'wc/checkout/express-payments' });
    expect(errorNoticeShown(notices)).toBe(true);
  });
});
