import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { StoreCart } from '../../core/cart/types';
import { createPaymentStore } from '../../core/payment/store';
import { makeCart, makeItem } from '../../core/testing/fakeStoreApi';
import type { CanPayArgument } from './can-pay-argument';
import { createPaymentMethodRegistry } from './register';
import { paymentMethodSortOrder, watchPaymentAvailability } from './watch';

const element = { $$typeof: Symbol.for('react.transitional.element') };
const cartWith = (quantity: number): StoreCart =>
  makeCart([makeItem('a', quantity)], { payment_methods: ['cod', 'bacs', 'cheque'] });

function method(name: string, canMakePayment: () => unknown) {
  return { name, label: name, ariaLabel: name, content: element, edit: element, canMakePayment };
}

function embedSettings(settings: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mercato-settings';
  script.textContent = JSON.stringify(settings);
  document.head.append(script);
}

beforeEach(() => {
  vi.useFakeTimers();
  document.head.replaceChildren();
});

afterEach(() => {
  vi.useRealTimers();
  document.head.replaceChildren();
});

function setup() {
  const registry = createPaymentMethodRegistry({ log: vi.fn(), warn: vi.fn() });
  const canPay = vi.fn(() => true);
  registry.registerPaymentMethod(method('cod', canPay));
  registry.registerPaymentMethod(method('bacs', () => true));
  const cart = createStore<{ cart: StoreCart | null }>()(() => ({ cart: cartWith(1) }));
  const payment = createPaymentStore();
  return { registry, canPay, cart, payment };
}

describe('availability watch (SPEC §4.7, §9.4)', () => {
  it('checks at once, then at most once per second however often the cart changes', async () => {
    const { registry, canPay, cart, payment } = setup();
    const watch = watchPaymentAvailability({ registry, cart, payment });
    await watch.settled();
    expect(canPay).toHaveBeenCalledTimes(1);
    expect(payment.getState()).toMatchObject({ availablePaymentMethods: ['cod', 'bacs'], activePaymentMethod: 'cod' });

    for (let quantity = 2; quantity <= 6; quantity++) {
      cart.setState({ cart: cartWith(quantity) });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(canPay).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    await watch.settled();
    expect(canPay).toHaveBeenCalledTimes(2);
    const last = canPay.mock.lastCall as unknown as [CanPayArgument] | undefined;
    expect(last?.[0].cart.cartItemsCount).toBe(6);
    await vi.advanceTimersByTimeAsync(5000);
    expect(canPay).toHaveBeenCalledTimes(2);
    watch.stop();
  });

  it('checks again when a method registers, and no more after stop', async () => {
    const { registry, canPay, cart, payment } = setup();
    const watch = watchPaymentAvailability({ registry, cart, payment, intervalMs: 1000 });
    await watch.settled();
    registry.registerPaymentMethod(method('cheque', () => true));
    await vi.advanceTimersByTimeAsync(1000);
    await watch.settled();
    expect(payment.getState().availablePaymentMethods).toEqual(['cod', 'bacs', 'cheque']);
    watch.stop();
    cart.setState({ cart: cartWith(3) });
    await vi.advanceTimersByTimeAsync(2000);
    expect(canPay).toHaveBeenCalledTimes(2);
  });

  it('waits for a cart before the first check', async () => {
    const { registry, canPay, payment } = setup();
    const cart = createStore<{ cart: StoreCart | null }>()(() => ({ cart: null }));
    const watch = watchPaymentAvailability({ registry, cart, payment });
    expect(canPay).not.toHaveBeenCalled();
    cart.setState({ cart: cartWith(1) });
    await watch.settled();
    expect(payment.getState().paymentMethodsInitialized).toBe(true);
    watch.stop();
  });

  it('drops a slow check\'s answer when a newer one started', async () => {
    const { registry, cart, payment } = setup();
    let slow = true;
    registry.registerPaymentMethod(
      method('cheque', () => (slow ? new Promise((resolve) => setTimeout(() => { resolve(false); }, 3000)) : true)),
    );
    const watch = watchPaymentAvailability({ registry, cart, payment });
    slow = false;
    await vi.advanceTimersByTimeAsync(1000);
    cart.setState({ cart: cartWith(2) });
    await watch.settled();
    expect(payment.getState().availablePaymentMethods).toEqual(['cod', 'bacs', 'cheque']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(payment.getState().availablePaymentMethods).toEqual(['cod', 'bacs', 'cheque']);
    watch.stop();
  });

  it('reads the listing order from the paymentMethodSortOrder setting', async () => {
    embedSettings({ wcSettings: { paymentMethodSortOrder: ['bacs', 'cod'] } });
    expect(paymentMethodSortOrder()).toEqual(['bacs', 'cod']);
    const { registry, cart, payment } = setup();
    const watch = watchPaymentAvailability({ registry, cart, payment });
    await watch.settled();
    expect(payment.getState().availablePaymentMethods).toEqual(['bacs', 'cod']);
    watch.stop();
  });

  it('ignores a malformed sort order', () => {
    embedSettings({ wcSettings: { paymentMethodSortOrder: ['bacs', 3] } });
    expect(paymentMethodSortOrder()).toEqual([]);
  });
});
