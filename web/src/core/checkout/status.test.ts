import { describe, expect, it } from 'vitest';
import {
  finishCalculating,
  initialCheckoutStatus,
  isCalculating,
  startCalculating,
  toAfterProcessing,
  toBeforeProcessing,
  toComplete,
  toIdle,
  toProcessing,
  withError,
  type CheckoutStatus,
  type CheckoutStatusState,
} from './status';

const at = (status: CheckoutStatus, hasError = false): CheckoutStatusState => ({ ...initialCheckoutStatus, status, hasError });

describe('checkout status (SPEC §4.6)', () => {
  it('starts idle, without error, not calculating', () => {
    expect(initialCheckoutStatus).toEqual({ status: 'idle', hasError: false, redirectUrl: '', calculatingCount: 0 });
    expect(isCalculating(initialCheckoutStatus)).toBe(false);
  });

  it.each([
    ['idle', toIdle],
    ['before_processing', toBeforeProcessing],
    ['processing', toProcessing],
  ] as const)('setting %s clears hasError', (status, transition) => {
    expect(transition(at('after_processing', true))).toMatchObject({ status, hasError: false });
  });

  it('keeps hasError when moving to after_processing or complete', () => {
    expect(toAfterProcessing(at('processing', true))).toMatchObject({ status: 'after_processing', hasError: true });
    expect(toComplete(at('after_processing', true))).toMatchObject({ status: 'complete', hasError: true });
  });

  it.each(['processing', 'before_processing'] as const)('setting hasError while %s moves to idle', (status) => {
    expect(withError(at(status), true)).toMatchObject({ status: 'idle', hasError: true });
  });

  it.each(['idle', 'after_processing', 'complete'] as const)('setting hasError while %s keeps the status', (status) => {
    expect(withError(at(status), true)).toMatchObject({ status, hasError: true });
  });

  it('clearing hasError never moves the status', () => {
    expect(withError(at('processing', true), false)).toMatchObject({ status: 'processing', hasError: false });
  });

  it('complete takes a string redirectUrl from its data, and ignores anything else', () => {
    expect(toComplete(at('after_processing'), { redirectUrl: '/checkout/order-received/7/' }).redirectUrl).toBe(
      '/checkout/order-received/7/',
    );
    const kept = { ...at('after_processing'), redirectUrl: '/kept/' };
    expect(toComplete(kept, { redirectUrl: 42 }).redirectUrl).toBe('/kept/');
    expect(toComplete(kept).redirectUrl).toBe('/kept/');
  });

  it('after_processing stores the redirect URL of the reply', () => {
    expect(toAfterProcessing(at('processing'), '/pay/').redirectUrl).toBe('/pay/');
  });

  it('calculatingCount goes up and down but never below 0', () => {
    let state = startCalculating(startCalculating(initialCheckoutStatus));
    expect(state.calculatingCount).toBe(2);
    expect(isCalculating(state)).toBe(true);
    state = finishCalculating(finishCalculating(finishCalculating(state)));
    expect(state.calculatingCount).toBe(0);
    expect(isCalculating(state)).toBe(false);
    expect(startCalculating(state).calculatingCount).toBe(1);
  });

  it('never changes the state it is given', () => {
    const before = at('processing');
    withError(before, true);
    toComplete(before, { redirectUrl: '/x/' });
    expect(before).toEqual(at('processing'));
  });
});
