import { describe, expect, it } from 'vitest';
import { createCheckoutStore } from './store';

describe('checkout store', () => {
  it('starts from the checkoutData ids and the address comparison, idle', () => {
    const store = createCheckoutStore({ orderId: 12, customerId: 3, useShippingAsBilling: false });
    expect(store.getState()).toMatchObject({
      status: 'idle',
      hasError: false,
      orderId: 12,
      customerId: 3,
      useShippingAsBilling: false,
      shouldCreateAccount: false,
      prefersCollection: undefined,
      orderNotes: '',
      extensionData: {},
      calculatingCount: 0,
    });
    expect(createCheckoutStore().getState()).toMatchObject({ orderId: 0, customerId: 0, useShippingAsBilling: true });
  });

  it('walks the happy path and tells subscribers each status', () => {
    const store = createCheckoutStore();
    const seen: string[] = [];
    store.subscribe((state) => seen.push(state.status));
    store.setBeforeProcessing();
    store.setProcessing();
    store.setAfterProcessing('/checkout/order-received/9/?key=wc_order_x');
    store.setComplete();
    expect(seen).toEqual(['before_processing', 'processing', 'after_processing', 'complete']);
    expect(store.getState().redirectUrl).toBe('/checkout/order-received/9/?key=wc_order_x');
  });

  it('an error while processing returns to idle with hasError; setting processing again clears it', () => {
    const store = createCheckoutStore();
    store.setBeforeProcessing();
    store.setProcessing();
    store.setHasError();
    expect(store.getState()).toMatchObject({ status: 'idle', hasError: true });
    store.setBeforeProcessing();
    expect(store.getState()).toMatchObject({ status: 'before_processing', hasError: false });
  });

  it('disableCheckoutFor keeps it calculating until the promise settles, rejected or not', async () => {
    const store = createCheckoutStore();
    let resolve!: (value: string) => void;
    const pending = store.disableCheckoutFor(new Promise<string>((r) => (resolve = r)));
    const failing = store.disableCheckoutFor(Promise.reject(new Error('rates failed')));
    expect(store.getState().calculatingCount).toBe(2);
    await expect(failing).rejects.toThrow('rates failed');
    expect(store.getState().calculatingCount).toBe(1);
    resolve('done');
    await expect(pending).resolves.toBe('done');
    expect(store.getState().calculatingCount).toBe(0);
    store.decrementCalculating();
    expect(store.getState().calculatingCount).toBe(0);
  });

  it('merges extension data per namespace, or replaces it', () => {
    const store = createCheckoutStore();
    store.setExtensionData('woocommerce/order-attribution', { source_type: 'typein' });
    store.setExtensionData('woocommerce/order-attribution', { utm_source: '(direct)' });
    store.setExtensionData('acme/gift', { wrap: true });
    expect(store.getState().extensionData).toEqual({
      'woocommerce/order-attribution': { source_type: 'typein', utm_source: '(direct)' },
      'acme/gift': { wrap: true },
    });
    store.setExtensionData('acme/gift', { note: 'hi' }, true);
    expect(store.getState().extensionData['acme/gift']).toEqual({ note: 'hi' });
  });

  it('keeps the shopper\'s choices', () => {
    const store = createCheckoutStore();
    store.setOrderNotes('Leave at the door');
    store.setShouldCreateAccount(true);
    store.setPrefersCollection(true);
    store.setUseShippingAsBilling(false);
    store.setOrderId(40);
    store.setCustomerId(2);
    expect(store.getState()).toMatchObject({
      orderNotes: 'Leave at the door',
      shouldCreateAccount: true,
      prefersCollection: true,
      useShippingAsBilling: false,
      orderId: 40,
      customerId: 2,
    });
  });
});
