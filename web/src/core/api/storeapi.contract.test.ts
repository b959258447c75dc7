// The wire contract, browser side: every reply the server's own tests pin
// (crates/server/tests/snapshots/store_api/*.json, written by the Rust suite from real
// responses) fits the runtime checks, which are typed against the types generated from the
// Rust structs (storeapi.generated.ts, itself checked by the suite test `wire_types`). The
// fake Store API the core's tests use answers with carts that fit the same checks, starting
// from each pinned cart, so the fake cannot drift from the server either. WooCommerce's own
// recorded carts and errors (snapshots/wc-golden) fit them too: the types are the ones its
// block scripts and extensions read.

import { describe, expect, it } from 'vitest';
import { FakeStoreApi, makeCart, makeItem } from '../testing/fakeStoreApi';
import { checkCheckout, checkStoreApiError, checkStoreCart, checkStoreProduct } from './guards';
import type { CartResponse } from './storeapi.generated';

const files = import.meta.glob<string>('../../../../crates/server/tests/snapshots/store_api/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const snapshots = Object.entries(files).map(([path, text]) => ({
  name: path.replace(/^.*\//, '').replace(/\.json$/, ''),
  body: JSON.parse(text) as unknown,
}));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Snapshots of a cart (`items` and `totals` at the top). */
const carts = snapshots.filter(({ body }) => isObject(body) && 'items' in body && 'totals' in body);
/** Snapshots of an error envelope. */
const errors = snapshots.filter(({ body }) => isObject(body) && 'code' in body && 'data' in body);
/** Snapshots of one product. */
const products = snapshots.filter(({ name }) => name.startsWith('product-'));
/** The carts the errors carry (`data.cart` of a 409). */
const attachedCarts = errors.flatMap(({ name, body }) => {
  const data = isObject(body) && isObject(body.data) ? body.data : {};
  return 'cart' in data ? [{ name: `${name} data.cart`, body: data.cart }] : [];
});
const everyCart = [...carts, ...attachedCarts];

const goldenFiles = import.meta.glob<string>('../../../../crates/server/tests/snapshots/wc-golden/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});
/** WooCommerce's replies to the cart and checkout exchanges (an order read is not a cart). */
const golden = Object.entries(goldenFiles)
  .map(([path, text]) => ({
    name: path.replace(/^.*\//, '').replace(/\.json$/, ''),
    body: (JSON.parse(text) as { response?: { body?: unknown } }).response?.body,
  }))
  .filter(({ name }) => /-(b-cart|c-checkout)-/.test(name) && !name.includes('get-order'));
const goldenCarts = golden.filter(({ body }) => isObject(body) && 'items' in body && 'totals' in body);
const goldenErrors = golden.filter(({ body }) => isObject(body) && 'code' in body && 'data' in body);
/** WooCommerce's checkout objects (`GET /checkout`, a placed order). */
const goldenCheckouts = golden.filter(({ body }) => isObject(body) && 'order_key' in body && 'payment_result' in body);

describe('Store API snapshots against the generated types', () => {
  it('finds the pinned carts, errors and products', () => {
    expect(carts.map((c) => c.name)).toContain('cart-final');
    expect(attachedCarts.length).toBeGreaterThanOrEqual(2);
    expect(errors.length).toBeGreaterThanOrEqual(30);
    expect(products.length).toBeGreaterThanOrEqual(2);
    expect(goldenCarts.length).toBeGreaterThanOrEqual(15);
    expect(goldenErrors.length).toBeGreaterThanOrEqual(12);
    expect(goldenCheckouts.map((c) => c.name)).toEqual([
      '033-c-checkout-get-checkout',
      '034-c-checkout-post-checkout-cod-success',
    ]);
  });

  it.each(everyCart)('$name is a cart, every field of it', ({ body }) => {
    expect(checkStoreCart(body, '')).toBe('');
  });

  it.each(errors)('$name is a Store API error', ({ body }) => {
    expect(checkStoreApiError(body, '')).toBe('');
  });

  it.each(products)('$name is a Store API product', ({ body }) => {
    expect(checkStoreProduct(body, '')).toBe('');
  });

  it.each(goldenCarts)('WooCommerce’s $name is a cart by the same checks', ({ body }) => {
    expect(checkStoreCart(body, '')).toBe('');
  });

  it.each(goldenErrors)('WooCommerce’s $name is a Store API error by the same checks', ({ body }) => {
    expect(checkStoreApiError(body, '')).toBe('');
  });

  it.each(goldenCheckouts)('WooCommerce’s $name is a checkout object by the same checks', ({ body }) => {
    expect(checkCheckout(body, '')).toBe('');
  });

  it('reports where a cart stops fitting', () => {
    const cart = structuredClone(carts[0]?.body) as CartResponse;
    (cart.items[0] as unknown as Record<string, unknown>).quantity = '3';
    expect(checkStoreCart(cart, '')).toBe('items[0].quantity');
    const withoutTotals: Partial<CartResponse> = structuredClone(carts[0]?.body) as CartResponse;
    delete withoutTotals.totals;
    expect(checkStoreCart(withoutTotals, '')).toBe('totals');
    expect(checkStoreApiError({ code: 'x', message: 'y' }, '')).toBe('data');
    expect(checkStoreApiError({ code: 'x', message: 'y', data: { status: 400, params: [1] } }, '')).toBe('data.params[0]');
  });
});

describe('the fake Store API answers with the server’s shapes', () => {
  it('builds carts and items that fit', () => {
    expect(checkStoreCart(makeCart(), '')).toBe('');
    expect(checkStoreCart(makeCart([makeItem('a', 2), makeItem('b', 1, { id: 7 })]), '')).toBe('');
  });

  it.each(everyCart)('keeps $name a cart through every write it serves', async ({ body }) => {
    const server = new FakeStoreApi(structuredClone(body) as CartResponse);
    const send = async (path: string, payload: unknown): Promise<unknown> => {
      const reply = await server.fetch(`/wp-json/wc/store/v1${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Nonce: server.nonce },
        body: JSON.stringify(payload),
      });
      return reply.json();
    };
    expect(checkStoreCart(await (await server.fetch('/wp-json/wc/store/v1/cart')).json(), '')).toBe('');
    const firstKey = server.cart.items[0]?.key;
    const replies = [
      await send('/cart/add-item', { id: 4242, quantity: 2 }),
      await send('/cart/apply-coupon', { code: 'ten' }),
      await send('/cart/update-customer', { shipping_address: { postcode: '94103' } }),
      await send('/cart/select-shipping-rate', { package_id: 0, rate_id: 'flat_rate:1' }),
      await send('/cart/remove-coupon', { code: 'ten' }),
      ...(firstKey === undefined ? [] : [await send('/cart/update-item', { key: firstKey, quantity: 1 })]),
      await send('/cart/remove-item', { key: 'key4242' }),
    ];
    for (const reply of replies) {
      expect(checkStoreCart(reply, '')).toBe('');
    }
  });

  it('answers refusals with error envelopes', async () => {
    const server = new FakeStoreApi();
    const reply = await server.fetch('/wp-json/wc/store/v1/cart/update-item', {
      method: 'POST',
      headers: { Nonce: server.nonce },
      body: JSON.stringify({ key: 'nope', quantity: 1 }),
    });
    const body: unknown = await reply.json();
    expect(checkStoreApiError(body, '')).toBe('');
    const missingNonce = await server.fetch('/wp-json/wc/store/v1/cart/add-item', { method: 'POST', body: '{}' });
    expect(checkStoreApiError(await missingNonce.json(), '')).toBe('');
  });
});
