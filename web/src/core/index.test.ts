import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCartRuntime, getCartRuntime, resetCartRuntime } from './index';
import { parseCartSettings, readCartSettings } from './settings';
import { FakeStoreApi, hashOf, makeCart, makeItem } from './testing/fakeStoreApi';

const cart = makeCart([makeItem('a', 2)]);

/** The settings JSON as the server embeds it, with the keys the cart core reads. */
function embed(settings: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'mercato-settings';
  script.textContent = typeof settings === 'string' ? settings : JSON.stringify(settings);
  document.head.append(script);
}

const FULL = {
  wcSettings: { currency: { code: 'USD' } },
  wcBlocksMiddlewareConfig: { storeApiNonce: 'page-nonce', storeApiNonceTimestamp: 1795289198 },
  cartHash: hashOf(cart),
  cartData: cart,
  wc_add_to_cart_params: { wc_ajax_url: '/?wc-ajax=%%endpoint%%', cart_url: '/cart/' },
  wc_cart_fragments_params: {
    wc_ajax_url: '/?wc-ajax=%%endpoint%%',
    cart_hash_key: 'wc_cart_hash',
    fragment_name: 'wc_fragments',
    request_timeout: 5000,
  },
};

beforeEach(() => {
  document.head.replaceChildren();
  localStorage.clear();
});

afterEach(() => {
  resetCartRuntime();
});

describe('settings', () => {
  it('reads the nonce, the embedded cart and its hash, and the AJAX settings', () => {
    embed(FULL);
    expect(readCartSettings()).toEqual({
      nonce: { nonce: 'page-nonce', timestamp: 1795289198 },
      cartHash: hashOf(cart),
      cartData: cart,
      ajaxUrl: '/?wc-ajax=%%endpoint%%',
      requestTimeout: 5000,
      fragmentName: 'wc_fragments',
      cartHashKey: 'wc_cart_hash',
      blockPage: null,
    });
  });

  it('falls back to nothing for absent or malformed values', () => {
    const none = {
      nonce: null,
      cartHash: null,
      cartData: null,
      ajaxUrl: null,
      requestTimeout: null,
      fragmentName: null,
      cartHashKey: null,
      blockPage: null,
    };
    expect(readCartSettings()).toEqual(none);
    embed('{not json');
    expect(readCartSettings()).toEqual(none);
    expect(
      parseCartSettings({
        wcBlocksMiddlewareConfig: { storeApiNonce: 5, storeApiNonceTimestamp: 'soon' },
        cartHash: 7,
        cartData: { items: 'none' },
        wc_add_to_cart_params: { wc_ajax_url: ['x'] },
        wc_cart_fragments_params: { request_timeout: -1, fragment_name: '' },
      }),
    ).toEqual(none);
    expect(parseCartSettings([1, 2])).toEqual(none);
  });

  it("accepts a numeric string timestamp and WooCommerce's wcSettings.cartData", () => {
    const settings = parseCartSettings({
      wcBlocksMiddlewareConfig: { storeApiNonce: 'n', storeApiNonceTimestamp: '12' },
      wcSettings: { cartData: cart },
    });
    expect(settings.nonce).toEqual({ nonce: 'n', timestamp: 12 });
    expect(settings.cartData).toEqual(cart);
  });
});

describe('cart runtime', () => {
  it('builds one runtime per page from the settings, without sending anything', async () => {
    vi.useFakeTimers();
    embed(FULL);
    // As on a real page: the cookie names the cart the page was rendered with.
    document.cookie = `woocommerce_cart_hash=${hashOf(cart)}; path=/`;
    const server = new FakeStoreApi(cart);
    const runtime = createCartRuntime({ fetch: server.fetch });
    await vi.advanceTimersByTimeAsync(60_000);
    document.cookie = 'woocommerce_cart_hash=; path=/; max-age=0';

    expect(runtime.cart.getState().serverCart).toEqual(cart);

    expect(runtime.cart.getState().cartHash).toBe(hashOf(cart));
    expect(runtime.nonce.get()).toEqual({ nonce: 'page-nonce', timestamp: 1795289198 });
    expect(JSON.parse(localStorage.getItem('storeApiNonce') ?? 'null')).toEqual({
      nonce: 'page-nonce',
      timestamp: 1795289198,
    });
    expect(server.requests).toEqual([]);
    runtime.stop();
    vi.useRealTimers();
  });

  it('gives every caller the same runtime', () => {
    const first = getCartRuntime();
    expect(getCartRuntime()).toBe(first);
    expect(first.cart.getState().serverCart).toBeNull();
    resetCartRuntime();
    expect(getCartRuntime()).not.toBe(first);
  });

  it('sends writes with the page nonce', async () => {
    embed({ ...FULL, wcBlocksMiddlewareConfig: { storeApiNonce: 'nonce-1', storeApiNonceTimestamp: 1000 } });
    const server = new FakeStoreApi(cart);
    const runtime = createCartRuntime({ fetch: server.fetch });
    vi.useFakeTimers();
    try {
      await Promise.all([runtime.cart.setQuantity('a', 3), vi.advanceTimersByTimeAsync(300)]);
    } finally {
      vi.useRealTimers();
    }
    expect(server.sent('/batch')[0]?.headers.Nonce).toBe('nonce-1');
    expect(runtime.cart.getState().serverCart?.items[0]?.quantity).toBe(3);
    runtime.stop();
  });
});
