import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNoticeStore } from '../notices';
import { FakeStoreApi, hashOf, makeCart, makeItem, makePackage } from '../testing/fakeStoreApi';
import { createStoreApiClient } from './api';
import { CartError } from './errors';
import { createNonceStore, type NonceStore } from './nonce';
import { createCartStore, type CartStore } from './store';
import type { StoreCart } from './types';

let nonce: NonceStore;

function setup(cart: StoreCart = makeCart([makeItem('a', 1), makeItem('b', 2, { id: 200, name: 'Belt' })])) {
  const server = new FakeStoreApi(cart);
  nonce = createNonceStore(null);
  nonce.seed(server.nonce, server.nonceTimestamp);
  const api = createStoreApiClient({ fetch: server.fetch, nonce });
  const notices = createNoticeStore();
  const store = createCartStore({
    api,
    notices,
    initialCart: structuredClone(server.cart),
    initialHash: hashOf(server.cart),
  });
  return { server, store, notices };
}

const quantityOf = (store: CartStore, key: string, which: 'cart' | 'serverCart' = 'cart') =>
  store.getState()[which]?.items.find((item) => item.key === key)?.quantity;

/** A promise's outcome, watched from the start so that a rejection is never unhandled. */
function outcome<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** Lets the batch window pass and every reply already released arrive. */
const windowPasses = () => vi.advanceTimersByTimeAsync(300);

beforeEach(() => {
  vi.useFakeTimers();
  document.body.replaceChildren();
});

afterEach(() => {
  nonce.stop();
  vi.useRealTimers();
  delete (window as { jQuery?: unknown }).jQuery;
});

describe('batching and coalescing', () => {
  it('sends ten rapid quantity changes of a line as one update-item with the last quantity', async () => {
    const { server, store } = setup();
    const results: Promise<StoreCart>[] = [];
    for (let quantity = 2; quantity <= 11; quantity += 1) {
      results.push(store.setQuantity('a', quantity));
    }

    // Shown at once, before anything is sent; totals stay the server's.
    expect(quantityOf(store, 'a')).toBe(11);
    expect(store.getState().cart?.totals.total_price).toBe('5400');
    expect(store.getState().pendingKeys).toEqual(['a']);
    expect(store.getState().isBusy).toBe(true);
    expect(server.requests).toHaveLength(0);

    await windowPasses();

    expect(server.batches()).toEqual([
      [expect.objectContaining({ path: '/wc/store/v1/cart/update-item', method: 'POST', body: { key: 'a', quantity: 11 } })],
    ]);
    const carts = await Promise.all(results);
    expect(carts.every((cart) => cart.items[0]?.quantity === 11)).toBe(true);
    expect(quantityOf(store, 'a', 'serverCart')).toBe(11);
    expect(store.getState().pendingKeys).toEqual([]);
    expect(store.getState().isBusy).toBe(false);
    expect(store.getState().cart?.totals.total_price).toBe('23400');
  });

  it('sends nothing when the quantity comes back to the server quantity before the window ends', async () => {
    const { server, store } = setup();
    const up = store.setQuantity('a', 2);
    const back = store.setQuantity('a', 1);

    await windowPasses();

    expect(server.requests).toHaveLength(0);
    await expect(up).resolves.toMatchObject({ items_count: 3 });
    await expect(back).resolves.toMatchObject({ items_count: 3 });
    expect(store.getState().pendingKeys).toEqual([]);
  });

  it('groups different writes of one window into one batch, in the order they were made', async () => {
    const { server, store } = setup();
    void store.addItem({ id: 300, quantity: 2 });
    void store.applyCoupon('ten');
    void store.removeItem('b');

    await windowPasses();

    expect(server.batches().map((batch) => batch.map((request) => request.path))).toEqual([
      ['/wc/store/v1/cart/add-item', '/wc/store/v1/cart/apply-coupon', '/wc/store/v1/cart/remove-item'],
    ]);
    expect(store.getState().serverCart?.items.map((item) => item.key)).toEqual(['a', 'key300']);
    expect(store.getState().serverCart?.coupons.map((coupon) => coupon.code)).toEqual(['ten']);
  });

  it('splits more than 25 writes into batches of at most 25, one after the other', async () => {
    const { server, store } = setup();
    server.holding = true;
    const adds = Array.from({ length: 30 }, (_, i) => store.addItem({ id: 1000 + i }));

    await windowPasses();
    expect(server.batches().map((batch) => batch.length)).toEqual([25]);

    server.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches().map((batch) => batch.length)).toEqual([25, 5]);

    server.release();
    await Promise.all(adds);
    expect(store.getState().serverCart?.items).toHaveLength(32);
  });

  it('keeps one batch in flight: writes made meanwhile wait for the next one', async () => {
    const { server, store } = setup();
    server.holding = true;
    const first = store.setQuantity('a', 3);
    await windowPasses();
    expect(server.batches()).toHaveLength(1);

    const second = store.setQuantity('b', 5);
    const third = store.setQuantity('a', 4);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.batches()).toHaveLength(1);
    // The view shows both pending changes over the server cart.
    expect(quantityOf(store, 'a')).toBe(4);
    expect(quantityOf(store, 'b')).toBe(5);

    server.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches()).toHaveLength(2);
    expect(server.batches()[1]?.map((request) => request.body)).toEqual([
      { key: 'b', quantity: 5 },
      { key: 'a', quantity: 4 },
    ]);
    server.release();
    await Promise.all([first, second, third]);
    expect(quantityOf(store, 'a', 'serverCart')).toBe(4);
    expect(quantityOf(store, 'b', 'serverCart')).toBe(5);
  });

  it('coalesces shipping-rate choices per package and customer fields into one update', async () => {
    const rates = [makePackage(['flat_rate:1', 'pickup_location:0', 'free_shipping:2'])];
    const { server, store } = setup(makeCart([makeItem('a', 1)], { shipping_rates: rates }));
    void store.selectShippingRate(0, 'pickup_location:0');
    void store.selectShippingRate(0, 'free_shipping:2');
    void store.updateCustomer({ shipping_address: { city: 'San Francisco' } });
    void store.updateCustomer({ shipping_address: { postcode: '94103' }, billing_address: { email: 'a@b.c' } });

    const selected = () =>
      store.getState().cart?.shipping_rates[0]?.shipping_rates.find((rate) => rate.selected)?.rate_id;
    expect(selected()).toBe('free_shipping:2');
    expect(store.getState().cart?.shipping_address.city).toBe('San Francisco');

    await windowPasses();
    expect(server.batches()[0]?.map((request) => request.body)).toEqual([
      { package_id: 0, rate_id: 'free_shipping:2' },
      { shipping_address: { city: 'San Francisco', postcode: '94103' }, billing_address: { email: 'a@b.c' } },
    ]);
    expect(selected()).toBe('free_shipping:2');

    // Choosing the rate already selected sends nothing.
    await store.selectShippingRate(0, 'free_shipping:2');
    await windowPasses();
    expect(server.batches()).toHaveLength(1);
  });
});

describe('replies', () => {
  it('never lets an older reply overwrite a newer one', async () => {
    const { server, store } = setup();
    server.holding = true;
    // A refresh leaves first, answered by the server with the cart as it was then...
    const refresh = store.refresh();
    // ...then a write goes, whose reply arrives first.
    const write = store.setQuantity('a', 5);
    await windowPasses();
    server.release(1);
    await write;
    expect(quantityOf(store, 'a', 'serverCart')).toBe(5);

    server.release(0);
    await refresh;
    expect(quantityOf(store, 'a', 'serverCart')).toBe(5);
    expect(quantityOf(store, 'a')).toBe(5);
  });

  it('applies a newer reply over an older one', async () => {
    const { server, store } = setup();
    server.holding = true;
    const write = store.setQuantity('a', 5);
    await windowPasses();
    const refresh = store.refresh();
    server.release(0);
    await write;
    server.cart = makeCart([makeItem('a', 7)]);
    server.release(0);
    await refresh;
    expect(quantityOf(store, 'a', 'serverCart')).toBe(5);
  });

  it('rolls the view back to the server cart and records the error when a batch fails', async () => {
    const { server, store } = setup();
    server.intercept = () => new TypeError('Failed to fetch');
    const change = outcome(store.setQuantity('a', 4));
    const removal = outcome(store.removeItem('b'));
    expect(quantityOf(store, 'a')).toBe(4);
    expect(store.getState().deletingKeys).toEqual(['b']);

    await windowPasses();

    expect((await change).error).toBeInstanceOf(CartError);
    expect((await removal).error).toMatchObject({ code: 'fetch_error' });
    expect(quantityOf(store, 'a')).toBe(1);
    expect(quantityOf(store, 'b')).toBe(2);
    expect(store.getState().deletingKeys).toEqual([]);
    expect(store.getState().isBusy).toBe(false);
    expect(store.getState().lastError).toMatchObject({ code: 'fetch_error' });
  });

  it('rolls back a write the server refuses, keeping the others of its batch', async () => {
    const { server, store } = setup();
    const coupon = outcome(store.applyCoupon('expired'));
    const change = store.setQuantity('a', 3);

    await windowPasses();

    expect((await coupon).error).toMatchObject({
      code: 'woocommerce_rest_cart_coupon_error',
      status: 400,
      message: 'Coupon &quot;expired&quot; has expired.',
    });
    await expect(change).resolves.toMatchObject({ items_count: 5 });
    expect(server.batches()).toHaveLength(1);
    expect(store.getState().serverCart?.coupons).toEqual([]);
    expect(store.getState().lastError?.code).toBe('woocommerce_rest_cart_coupon_error');
    store.clearError();
    expect(store.getState().lastError).toBeNull();
  });

  it('replaces the cart with the data.cart of an error reply', async () => {
    const { server, store } = setup();
    // Another tab removed line b; this tab still shows it.
    server.cart = makeCart([makeItem('a', 1)]);
    const change = outcome(store.setQuantity('b', 3));

    await windowPasses();

    expect((await change).error).toMatchObject({ code: 'woocommerce_rest_cart_invalid_key', status: 404 });
    expect(store.getState().serverCart?.items.map((item) => item.key)).toEqual(['a']);
    expect(store.getState().cart?.items.map((item) => item.key)).toEqual(['a']);
    expect(store.getState().cartHash).toBe(hashOf(server.cart));
  });

  it("fails the batch with 'Response not valid' when the reply has no responses", async () => {
    const { server, store } = setup();
    server.intercept = (request) =>
      request.url.endsWith('/batch') ? { status: 207, body: { something: 'else' } } : undefined;
    const change = outcome(store.setQuantity('a', 2));

    await windowPasses();

    expect((await change).error).toMatchObject({ message: 'Response not valid' });
    expect(quantityOf(store, 'a')).toBe(1);
  });

  it('refresh() reads the cart and its hash', async () => {
    const { server, store } = setup();
    server.cart = makeCart([makeItem('z', 9)]);
    await store.refresh();
    expect(server.sent('/cart')).toHaveLength(1);
    expect(store.getState().serverCart?.items.map((item) => item.key)).toEqual(['z']);
    expect(store.getState().cartHash).toBe(hashOf(server.cart));
  });
});

describe('SPEC §8.3 quantity notices', () => {
  it('reports lines the server changed or dropped, not the ones the shopper changed', async () => {
    const { server, store, notices } = setup(
      makeCart([makeItem('a', 1), makeItem('b', 2, { name: 'Belt' }), makeItem('c', 1, { name: 'Cap' })]),
    );
    server.afterWrite = (cart) => ({
      ...cart,
      items: cart.items.filter((item) => item.key !== 'c').map((item) => (item.key === 'b' ? { ...item, quantity: 1 } : item)),
    });
    await Promise.all([store.setQuantity('a', 4), windowPasses()]);

    expect(notices.noticesOf('wc/cart').map((n) => [n.id, n.content, n.status, n.type])).toEqual([
      ['b-quantity-update', 'The quantity of "Belt" was changed to 1.', 'info', 'snackbar'],
      ['c-removed', '"Cap" was removed from your cart.', 'info', 'snackbar'],
    ]);
  });

  it('explains quantities changed by the limits', async () => {
    const limits = (minimum: number, maximum: number, multiple_of: number) => ({ minimum, maximum, multiple_of, editable: true });
    const { server, store, notices } = setup(
      makeCart([
        makeItem('m', 7, { name: 'Multi' }),
        makeItem('n', 1, { name: 'Min' }),
        makeItem('x', 9, { name: 'Max' }),
      ]),
    );
    server.cart = makeCart([
      makeItem('m', 5, { name: 'Multi', quantity_limits: limits(1, 100, 5) }),
      makeItem('n', 2, { name: 'Min', quantity_limits: limits(2, 100, 1) }),
      makeItem('x', 6, { name: 'Max', quantity_limits: limits(1, 6, 1) }),
    ]);
    await store.refresh();

    expect(notices.noticesOf('wc/cart').map((n) => n.content)).toEqual([
      'The quantity of "Multi" was changed to 5. You must purchase this product in groups of 5.',
      'The quantity of "Min" was increased to 2. This is the minimum required quantity.',
      'The quantity of "Max" was decreased to 6. This is the maximum allowed quantity.',
    ]);
  });

  it('says nothing about a line grown by an add-item, nor on a quiet refresh', async () => {
    const { server, store, notices } = setup(makeCart([makeItem('a', 1, { id: 17 })]));
    await Promise.all([store.addItem({ id: 17 }), windowPasses()]);
    expect(quantityOf(store, 'a', 'serverCart')).toBe(2);

    server.cart = makeCart([]);
    await store.refresh({ quiet: true });
    expect(notices.noticesOf('wc/cart')).toEqual([]);
  });

  it('shows the cart errors of a reply as non-dismissible notices, dropping the earlier ones', async () => {
    const { server, store, notices } = setup();
    server.cart = { ...server.cart, errors: [{ code: 'woocommerce_rest_cart_item_error', message: 'Out of stock.' }] };
    await store.refresh({ quiet: true });
    expect(notices.noticesOf('wc/cart')).toEqual([
      expect.objectContaining({ status: 'error', content: 'Out of stock.', isDismissible: false }),
    ]);

    server.cart = { ...server.cart, errors: [] };
    await store.refresh({ quiet: true });
    expect(notices.noticesOf('wc/cart')).toEqual([]);
  });
});

describe('page events', () => {
  it('announces an add to cart before and after, with preserveCartData', async () => {
    const { store } = setup();
    const seen: [string, unknown][] = [];
    for (const name of ['wc-blocks_adding_to_cart', 'wc-blocks_added_to_cart']) {
      document.body.addEventListener(name, (event) => seen.push([name, (event as CustomEvent).detail]));
    }
    const triggered: [string, unknown[]][] = [];
    (window as { jQuery?: unknown }).jQuery = () => ({
      trigger: (name: string, args: unknown[]) => triggered.push([name, args]),
    });

    const added = store.addItem({ id: 20, quantity: 1 });
    expect(seen).toEqual([['wc-blocks_adding_to_cart', null]]);
    await windowPasses();
    const cart = await added;

    expect(seen[1]).toEqual(['wc-blocks_added_to_cart', { preserveCartData: true }]);
    expect(triggered.map(([name]) => name)).toEqual(['adding_to_cart', 'added_to_cart']);
    expect(triggered[1]?.[1]).toEqual([undefined, hashOf(cart), undefined]);
  });

  it('announces a removal', async () => {
    const { store } = setup();
    const removed = vi.fn();
    document.body.addEventListener('wc-blocks_removed_from_cart', removed);
    await Promise.all([store.removeItem('a'), windowPasses()]);
    expect(removed).toHaveBeenCalledTimes(1);
  });
});

describe('applyServerCart', () => {
  it('takes a cart from elsewhere and keeps pending changes over it', async () => {
    const { server, store } = setup();
    server.holding = true;
    void store.setQuantity('a', 6);
    store.applyServerCart(makeCart([makeItem('a', 2), makeItem('q', 1)]), 'other');
    expect(store.getState().cartHash).toBe('other');
    expect(store.getState().cart?.items.map((item) => [item.key, item.quantity])).toEqual([
      ['a', 6],
      ['q', 1],
    ]);
    await windowPasses();
    expect(server.batches()).toHaveLength(1);
  });
});

describe('settled', () => {
  it('sends the queued writes without waiting for the window and resolves once they are answered', async () => {
    const rates = [makePackage(['flat_rate:1', 'pickup_location:0'])];
    const { server, store } = setup(makeCart([makeItem('a', 1)], { shipping_rates: rates }));
    server.holding = true;
    void store.selectShippingRate(0, 'pickup_location:0');
    let settled = false;
    const waiting = store.settled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // Sent at once, not after the 300 ms window.
    expect(server.batches()).toHaveLength(1);
    expect(settled).toBe(false);
    server.release();
    await waiting;
    expect(store.getState().isBusy).toBe(false);
    expect(store.getState().serverCart?.shipping_rates[0]?.shipping_rates.find((r) => r.selected)?.rate_id).toBe(
      'pickup_location:0',
    );
  });

  it('waits for a write queued while a batch is in flight, and resolves at once when nothing is pending', async () => {
    const { server, store } = setup();
    await store.settled();
    server.holding = true;
    void store.setQuantity('a', 3);
    await windowPasses();
    void store.setQuantity('b', 4);
    let settled = false;
    const waiting = store.settled().then(() => {
      settled = true;
    });
    server.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.batches()).toHaveLength(2);
    expect(settled).toBe(false);
    server.release();
    await waiting;
    expect(quantityOf(store, 'b', 'serverCart')).toBe(4);
  });
});
