import { describe, expect, it, vi } from 'vitest';
import { createCheckoutEvents, MISSING_TYPE_MESSAGE, validationBlock } from './emitter';
import { allowsRetry, isErrorResponse, isFailureResponse, isSuccessResponse, stopsObservers } from './responses';

function quietEvents() {
  const log = vi.fn();
  return { events: createCheckoutEvents({ log }), log };
}

describe('observers (SPEC §4.6 "Observers")', () => {
  it('run in priority order, lowest first, registration order within a priority', async () => {
    const { events } = quietEvents();
    const calls: string[] = [];
    events.on('payment_setup', () => void calls.push('b10'));
    events.on('payment_setup', () => void calls.push('c1'), 1);
    events.on('payment_setup', () => void calls.push('d10'), 10);
    events.on('payment_setup', () => void calls.push('a5'), 5);
    await events.emit('payment_setup');
    expect(calls).toEqual(['c1', 'a5', 'b10', 'd10']);
  });

  it('pass the event data to each observer and await async ones in turn', async () => {
    const { events } = quietEvents();
    const calls: string[] = [];
    events.on('checkout_success', async (data) => {
      await Promise.resolve();
      calls.push(`slow ${JSON.stringify(data)}`);
      return { type: 'success' };
    });
    events.on('checkout_success', (data) => {
      calls.push(`fast ${JSON.stringify(data)}`);
    });
    const responses = await events.emit('checkout_success', { orderId: 7 });
    expect(calls).toEqual(['slow {"orderId":7}', 'fast {"orderId":7}']);
    expect(responses).toEqual([{ type: 'success' }]);
  });

  it.each(['error', 'failure'] as const)('stop at the first %s and return the responses so far', async (type) => {
    const { events } = quietEvents();
    const later = vi.fn();
    events.on('payment_setup', () => ({ type: 'success', meta: { paymentMethodData: { a: '1' } } }), 1);
    events.on('payment_setup', () => ({ type, message: 'Card declined', messageContext: 'wc/checkout/payments' }), 2);
    events.on('payment_setup', later, 3);
    const responses = await events.emit('payment_setup');
    expect(later).not.toHaveBeenCalled();
    expect(responses).toEqual([
      { type: 'success', meta: { paymentMethodData: { a: '1' } } },
      { type, message: 'Card declined', messageContext: 'wc/checkout/payments' },
    ]);
  });

  it('count a throw as an error response, logged, and stop there', async () => {
    const { events, log } = quietEvents();
    const later = vi.fn();
    const thrown = new Error('gateway script broke');
    events.on('checkout_fail', () => {
      throw thrown;
    });
    events.on('checkout_fail', later);
    await expect(events.emit('checkout_fail')).resolves.toEqual([{ type: 'error' }]);
    expect(later).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(thrown);
  });

  it('count a rejected promise as a throw', async () => {
    const { events } = quietEvents();
    events.on('payment_setup', () => Promise.reject(new Error('no')));
    await expect(events.emit('payment_setup')).resolves.toEqual([{ type: 'error' }]);
  });

  it('raise an error for a returned object without a type', async () => {
    const { events, log } = quietEvents();
    const later = vi.fn();
    events.on('checkout_success', () => ({ message: 'done' }));
    events.on('checkout_success', later);
    await expect(events.emit('checkout_success')).resolves.toEqual([{ type: 'error' }]);
    expect(later).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(new Error(MISSING_TYPE_MESSAGE));
  });

  it('ignore nothing, true and other non-objects', async () => {
    const { events } = quietEvents();
    events.on('payment_setup', () => undefined);
    events.on('payment_setup', () => true);
    events.on('payment_setup', () => 'text');
    events.on('payment_setup', () => [{ type: 'error' }]);
    await expect(events.emit('payment_setup')).resolves.toEqual([]);
  });

  it('are removed by the function on() returns, and counted per event', async () => {
    const { events } = quietEvents();
    const observer = vi.fn();
    const off = events.on('checkout_fail', observer);
    events.on('checkout_success', vi.fn());
    expect(events.count('checkout_fail')).toBe(1);
    off();
    expect(events.count('checkout_fail')).toBe(0);
    expect(events.count('checkout_success')).toBe(1);
    await events.emit('checkout_fail');
    expect(observer).not.toHaveBeenCalled();
  });

  it('of one emitter are not seen by another', async () => {
    const first = quietEvents().events;
    const observer = vi.fn();
    first.on('payment_setup', observer);
    await quietEvents().events.emit('payment_setup');
    expect(observer).not.toHaveBeenCalled();
  });
});

describe('checkout_validation blocking rule', () => {
  it.each([
    ['true', true],
    ['nothing', undefined],
    ['a success without errors', { type: 'success' }],
    ['a success with a message only', { type: 'success', message: 'ok' }],
  ])('lets %s through', (_, value) => {
    expect(validationBlock(value)).toBeNull();
  });

  it.each([
    ['false', false, { errorMessage: '', validationErrors: {}, context: 'wc/checkout' }],
    [
      'an errorMessage, even of type success (real gateways do this)',
      { type: 'success', errorMessage: 'Enter your card number' },
      { errorMessage: 'Enter your card number', validationErrors: {}, context: 'wc/checkout' },
    ],
    [
      'validationErrors without a type',
      { validationErrors: { billing_email: { message: 'Please enter a valid email', hidden: false } } },
      {
        errorMessage: '',
        validationErrors: { billing_email: { message: 'Please enter a valid email', hidden: false } },
        context: 'wc/checkout',
      },
    ],
    [
      'an error, its message in its context',
      { type: 'error', message: 'Choose a gift wrap', messageContext: 'wc/checkout/payments' },
      { errorMessage: 'Choose a gift wrap', validationErrors: {}, context: 'wc/checkout/payments' },
    ],
    ['a failure', { type: 'failure' }, { errorMessage: '', validationErrors: {}, context: 'wc/checkout' }],
    [
      'an errorMessage with its own context',
      { errorMessage: 'Too far', context: 'wc/checkout/shipping-address' },
      { errorMessage: 'Too far', validationErrors: {}, context: 'wc/checkout/shipping-address' },
    ],
    ['an object without a type or errors', { ok: true }, { errorMessage: '', validationErrors: {}, context: 'wc/checkout' }],
  ])('blocks on %s', (_, value, block) => {
    expect(validationBlock(value)).toEqual(block);
  });

  it('runs the validation observers in priority order until one blocks', async () => {
    const { events } = quietEvents();
    const calls: string[] = [];
    events.on('checkout_validation', () => {
      calls.push('second');
      return { type: 'success', errorMessage: 'Blocked by the gateway' };
    }, 20);
    events.on('checkout_validation', () => {
      calls.push('first');
      return true;
    }, 1);
    events.on('checkout_validation', () => {
      calls.push('third');
    }, 30);
    await expect(events.runValidation()).resolves.toEqual({
      blocked: true,
      block: { errorMessage: 'Blocked by the gateway', validationErrors: {}, context: 'wc/checkout' },
    });
    expect(calls).toEqual(['first', 'second']);
  });

  it('passes when every observer passes, or there are none', async () => {
    const { events } = quietEvents();
    await expect(events.runValidation()).resolves.toEqual({ blocked: false });
    events.on('checkout_validation', () => true);
    events.on('checkout_validation', () => ({ type: 'success' }));
    await expect(events.runValidation()).resolves.toEqual({ blocked: false });
  });

  it('blocks when an observer throws, and logs it', async () => {
    const { events, log } = quietEvents();
    events.on('checkout_validation', () => {
      throw new TypeError('x is undefined');
    });
    await expect(events.runValidation()).resolves.toMatchObject({ blocked: true });
    expect(log).toHaveBeenCalledWith(new TypeError('x is undefined'));
  });
});

describe('response helpers', () => {
  it('tell the types apart and stop on error or failure only', () => {
    expect(isSuccessResponse({ type: 'success' })).toBe(true);
    expect(isErrorResponse({ type: 'error' })).toBe(true);
    expect(isFailureResponse({ type: 'failure' })).toBe(true);
    expect(isErrorResponse(null)).toBe(false);
    expect(stopsObservers({ type: 'success' })).toBe(false);
    expect(stopsObservers({ type: 'failure' })).toBe(true);
  });

  it('allow a retry unless retry is false', () => {
    expect(allowsRetry({ type: 'error' })).toBe(true);
    expect(allowsRetry({ type: 'error', retry: true })).toBe(true);
    expect(allowsRetry({ type: 'error', retry: false })).toBe(false);
  });
});
