import { describe, expect, it } from 'vitest';
import { createCheckoutEvents } from '../events/emitter';
import { createNoticeStore } from '../notices';
import { createValidationStore } from '../validation/store';
import { createCheckoutStore } from './store';
import { runValidateStep } from './validate-step';

function deps() {
  return {
    checkout: createCheckoutStore(),
    events: createCheckoutEvents({ log: () => undefined }),
    notices: createNoticeStore(),
    validation: createValidationStore(),
  };
}

describe('validate step (SPEC §4.6)', () => {
  it('clears the checkout area\'s old error notices and goes to processing when nothing blocks', async () => {
    const d = deps();
    d.notices.createNotice('error', 'Old error', { context: 'wc/checkout' });
    d.notices.createNotice('error', 'Cart error', { context: 'wc/cart' });
    const statuses: string[] = [];
    d.checkout.subscribe((state) => statuses.push(state.status));
    d.events.on('checkout_validation', () => true);
    await expect(runValidateStep(d)).resolves.toBe(true);
    expect(statuses).toEqual(['before_processing', 'processing']);
    expect(d.notices.noticesOf('wc/checkout')).toEqual([]);
    expect(d.notices.noticesOf('wc/cart')).toHaveLength(1);
  });

  it('a blocking response raises its notice and field errors, and returns to idle with hasError', async () => {
    const d = deps();
    d.events.on('checkout_validation', () => ({
      type: 'success',
      errorMessage: 'Please choose a delivery date',
      validationErrors: { 'delivery-date': { message: 'Please enter a valid delivery date', hidden: false } },
    }));
    await expect(runValidateStep(d)).resolves.toBe(false);
    expect(d.checkout.getState()).toMatchObject({ status: 'idle', hasError: true });
    expect(d.notices.noticesOf('wc/checkout')).toEqual([
      expect.objectContaining({ status: 'error', content: 'Please choose a delivery date' }),
    ]);
    expect(d.validation.getValidationError('delivery-date')).toEqual({
      message: 'Please enter a valid delivery date',
      hidden: false,
    });
  });

  it('`false` blocks without a notice', async () => {
    const d = deps();
    d.events.on('checkout_validation', () => false);
    await expect(runValidateStep(d)).resolves.toBe(false);
    expect(d.notices.store.getState().notices).toEqual([]);
    expect(d.checkout.getState()).toMatchObject({ status: 'idle', hasError: true });
  });
});
