import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerUpdate } from '../../core';
import { ADDRESS_SYNC_DELAY_MS, createAddressSync } from './sync';

let sent: CustomerUpdate[];
let invalid: Set<string>;
let cleared: number;

function start() {
  return createAddressSync({
    send: (update) => {
      sent.push(update);
      return Promise.resolve();
    },
    hasError: (id) => invalid.has(id),
    onSent: () => {
      cleared += 1;
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  invalid = new Set();
  cleared = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('address sync (SPEC §4.8)', () => {
  it('sends the changed fields 1500 ms after typing stops, once', async () => {
    const sync = start();
    sync.change('shipping', 'city', 'S');
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS - 1);
    sync.change('shipping', 'city', 'San Francisco');
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ shipping_address: { city: 'San Francisco' } }]);
    expect(cleared).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when a field is left', async () => {
    const sync = start();
    sync.change('billing', 'email', 'jane@example.com');
    sync.change('shipping', 'postcode', '94103');
    sync.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ billing_address: { email: 'jane@example.com' }, shipping_address: { postcode: '94103' } }]);
    sync.leave();
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing while a changed field is invalid, and sends it once fixed', async () => {
    const sync = start();
    invalid.add('shipping_postcode');
    sync.change('shipping', 'postcode', 'ABC');
    sync.leave();
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS);
    expect(sent).toEqual([]);
    invalid.delete('shipping_postcode');
    sync.change('shipping', 'postcode', '94103');
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS);
    expect(sent).toEqual([{ shipping_address: { postcode: '94103' } }]);
  });

  it('keeps a change made after a request left for the next one', async () => {
    let answer: () => void = () => undefined;
    const sync = createAddressSync({
      send: (update) => {
        sent.push(update);
        return new Promise<void>((resolve) => {
          answer = resolve;
        });
      },
      hasError: () => false,
    });
    sync.change('shipping', 'city', 'Oakland');
    sync.leave();
    sync.change('shipping', 'city', 'Berkeley');
    expect(sync.pendingFields()).toEqual(['shipping_city']);
    answer();
    await vi.advanceTimersByTimeAsync(ADDRESS_SYNC_DELAY_MS);
    expect(sent).toEqual([{ shipping_address: { city: 'Oakland' } }, { shipping_address: { city: 'Berkeley' } }]);
  });
});
