import { afterEach, describe, expect, it } from 'vitest';
import { FakeStoreApi, makeCart, makeItem } from '../testing/fakeStoreApi';
import { createStoreApiClient } from './api';
import { createNonceStore, type NonceStore } from './nonce';

let nonce: NonceStore;

function setup(pageNonce: { nonce: string; timestamp: number } | null = { nonce: 'nonce-1', timestamp: 1000 }) {
  const server = new FakeStoreApi(makeCart([makeItem('a', 1)]));
  nonce = createNonceStore(null);
  if (pageNonce) {
    nonce.seed(pageNonce.nonce, pageNonce.timestamp);
  }
  const api = createStoreApiClient({ fetch: server.fetch, nonce });
  return { server, api };
}

const addItem = { path: '/cart/add-item', method: 'POST' as const, body: { id: 20, quantity: 1 } };

afterEach(() => {
  nonce.stop();
});

describe('getCart', () => {
  it('reads GET /cart without caching, with the session cookie, and no nonce', async () => {
    const { server, api } = setup();
    const reply = await api.getCartReply();

    expect(reply.cart.items[0]?.key).toBe('a');
    expect(reply.hash).toBe('h:ax1:');
    const [request] = server.requests;
    expect(request?.url).toBe('/wp-json/wc/store/v1/cart');
    expect(request?.method).toBe('GET');
    expect(request?.headers.Nonce).toBeUndefined();
  });

  it('sends cache no-store and credentials same-origin', async () => {
    const inits: RequestInit[] = [];
    const server = new FakeStoreApi();
    nonce = createNonceStore(null);
    const api = createStoreApiClient({
      nonce,
      fetch: (input, init) => {
        inits.push(init ?? {});
        return server.fetch(input, init);
      },
    });
    await api.getCart();
    await api.batch([addItem]);
    expect(inits.map((init) => [init.cache, init.credentials])).toEqual([
      ['no-store', 'same-origin'],
      ['no-store', 'same-origin'],
    ]);
  });

  it('fails with cart_api_error when the reply is not a cart', async () => {
    const { server, api } = setup();
    server.intercept = () => ({ status: 200, body: { items: 'no' } });
    await expect(api.getCart()).rejects.toMatchObject({
      code: 'cart_api_error',
      message: 'Unable to get cart data from the API.',
      status: 500,
    });
  });

  it('fails with invalid_json when the reply is not JSON', async () => {
    const { server, api } = setup();
    server.intercept = () => ({ status: 200, text: '<html>Fatal error</html>' });
    await expect(api.getCart()).rejects.toMatchObject({
      code: 'invalid_json',
      message: 'The response is not a valid JSON response.',
    });
  });
});

describe('batch', () => {
  it('sends the WooCommerce envelope with the nonce on the batch and on every sub-request', async () => {
    const { server, api } = setup();
    const responses = await api.batch([addItem, { path: '/cart/apply-coupon', method: 'POST', body: { code: 'ten' } }]);

    const [request] = server.sent('/batch');
    expect(request?.url).toBe('/wp-json/wc/store/v1/batch');
    expect(request?.method).toBe('POST');
    expect(request?.headers).toMatchObject({ Nonce: 'nonce-1', 'Content-Type': 'application/json' });
    expect(request?.body).toEqual({
      requests: [
        { path: '/wc/store/v1/cart/add-item', method: 'POST', body: { id: 20, quantity: 1 }, headers: { Nonce: 'nonce-1' } },
        { path: '/wc/store/v1/cart/apply-coupon', method: 'POST', body: { code: 'ten' }, headers: { Nonce: 'nonce-1' } },
      ],
    });
    expect(responses.map((slot) => slot.status)).toEqual([201, 200]);
  });

  it("rejects with 'Response not valid' when the reply is not responses[] of {body, headers, status}", async () => {
    const { server, api } = setup();
    for (const body of [{}, { responses: 'x' }, { responses: [{ body: {}, status: 200 }] }, { responses: [] }]) {
      server.intercept = () => ({ status: 207, body });
      await expect(api.batch([addItem])).rejects.toMatchObject({ message: 'Response not valid' });
    }
  });

  it('rejects with the Store API error when the batch itself is refused', async () => {
    const { server, api } = setup();
    server.intercept = () => ({
      status: 400,
      body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): requests', data: { status: 400 } },
    });
    await expect(api.batch([addItem])).rejects.toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });
});

describe('nonce', () => {
  it('takes a newer nonce from a successful reply', async () => {
    const { server, api } = setup();
    server.nonce = 'nonce-2';
    server.nonceTimestamp = 2000;
    await api.getCart();
    expect(nonce.get()).toEqual({ nonce: 'nonce-2', timestamp: 2000 });
  });

  it('takes the nonce from an error reply too (wc-golden 025/026)', async () => {
    const { server, api } = setup();
    server.intercept = () => ({
      status: 409,
      body: { code: 'woocommerce_rest_cart_empty', message: 'Cannot create order from empty cart.', data: { status: 409 } },
      headers: { Nonce: 'nonce-3', 'Nonce-Timestamp': '3000' },
    });
    await expect(api.request('/checkout', 'POST', {})).resolves.toMatchObject({ status: 409 });
    expect(nonce.get()).toEqual({ nonce: 'nonce-3', timestamp: 3000 });
  });

  it("takes the nonce from the sub-responses' headers", async () => {
    const { server, api } = setup();
    server.intercept = () => ({
      status: 207,
      body: { responses: [{ status: 201, body: makeCart(), headers: { Nonce: 'nonce-4', 'Nonce-Timestamp': 4000 } }] },
    });
    await api.batch([addItem]);
    expect(nonce.get()).toEqual({ nonce: 'nonce-4', timestamp: 4000 });
  });

  it('keeps the nonce it has when a reply carries an older one', async () => {
    const { server, api } = setup({ nonce: 'newest', timestamp: 5000 });
    server.nonceTimestamp = 4999;
    await api.getCart();
    expect(nonce.get()).toEqual({ nonce: 'newest', timestamp: 5000 });
  });

  it('sends a batch refused for a stale nonce once more with the nonce of the refusal', async () => {
    // The page was cached: its nonce is stale, and the server sends the current one with the 403.
    const { server, api } = setup({ nonce: 'stale', timestamp: 500 });
    const responses = await api.batch([addItem]);

    const batches = server.batches();
    expect(batches.map((batch) => batch[0]?.headers.Nonce)).toEqual(['stale', 'nonce-1']);
    expect(server.sent('/batch').map((request) => request.headers.Nonce)).toEqual(['stale', 'nonce-1']);
    expect(responses[0]?.status).toBe(201);
    expect(server.cart.items.map((item) => item.key)).toEqual(['a', 'key20']);
  });

  it('sends a batch without a nonce once more after a missing-nonce refusal', async () => {
    const { server, api } = setup(null);
    const responses = await api.batch([addItem]);
    expect(server.sent('/batch').map((request) => request.headers.Nonce)).toEqual([undefined, 'nonce-1']);
    expect(responses[0]?.status).toBe(201);
  });

  it('retries once only: a second refusal is the answer', async () => {
    const { server, api } = setup();
    server.intercept = () => ({
      status: 403,
      body: { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } },
      headers: { Nonce: 'still-bad', 'Nonce-Timestamp': '1000' },
    });
    await expect(api.batch([addItem])).rejects.toMatchObject({ code: 'woocommerce_rest_invalid_nonce', status: 403 });
    expect(server.sent('/batch')).toHaveLength(2);

    await expect(api.request('/checkout', 'POST', {})).resolves.toMatchObject({ status: 403 });
    expect(server.sent('/checkout')).toHaveLength(2);
  });

  it('retries once when every sub-response is a nonce refusal, but not after mixed results', async () => {
    const { server, api } = setup();
    const refusal = {
      status: 403,
      body: { code: 'woocommerce_rest_invalid_nonce', message: 'Nonce is invalid.', data: { status: 403 } },
      headers: {},
    };
    server.intercept = () => ({ status: 207, body: { responses: [refusal, refusal] } });
    await api.batch([addItem, addItem]);
    expect(server.sent('/batch')).toHaveLength(2);

    server.intercept = () => ({ status: 207, body: { responses: [{ status: 201, body: makeCart(), headers: {} }, refusal] } });
    const responses = await api.batch([addItem, addItem]);
    expect(server.sent('/batch')).toHaveLength(3);
    expect(responses.map((slot) => slot.status)).toEqual([201, 403]);
  });
});

describe('request', () => {
  it('sends one call outside the batch with the nonce, and resolves with any status', async () => {
    const { server, api } = setup();
    server.intercept = (request) =>
      request.url.endsWith('/checkout')
        ? { status: 400, body: { code: 'rest_invalid_param', message: 'Invalid parameter(s): billing_address', data: { status: 400 } } }
        : undefined;
    const reply = await api.request('/checkout', 'POST', { payment_method: 'cod' });
    expect(reply).toMatchObject({ status: 400, ok: false, body: { code: 'rest_invalid_param' } });
    expect(server.requests[0]).toMatchObject({
      url: '/wp-json/wc/store/v1/checkout',
      method: 'POST',
      headers: { Nonce: 'nonce-1' },
      body: { payment_method: 'cod' },
    });
  });
});
