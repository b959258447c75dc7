import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStoreApi, type FakeReply, type RecordedRequest } from '../testing/fakeStoreApi';
import { createAjaxClient } from './ajax';
import { FRAGMENT_LIFETIME_MS, applyFragments, createFragmentCache } from './fragments';

const WIDGET = 'div.widget_shopping_cart_content';
const widget = (text: string) => `<div class="widget_shopping_cart_content"><p class="total">${text}</p></div>`;

/** The store AJAX endpoint as recorded in wc-golden 046–051. */
function ajaxServer(answer: (request: RecordedRequest) => FakeReply | Error) {
  const server = new FakeStoreApi();
  server.intercept = answer;
  return server;
}

const added = (hash: string, text = 'Subtotal: $36.00'): FakeReply => ({
  status: 200,
  body: { fragments: { [WIDGET]: widget(text) }, cart_hash: hash },
});

function cache() {
  let now = 1_000_000;
  const fragmentCache = createFragmentCache({
    fragmentName: 'wc_fragments_abc',
    cartHashKey: 'wc_cart_hash_abc',
    now: () => now,
  });
  return { fragmentCache, later: (ms: number) => (now += ms) };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  document.body.innerHTML = `<header>${widget('No products in the cart.')}</header><aside>${widget('No products in the cart.')}</aside>`;
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as { jQuery?: unknown }).jQuery;
});

describe('addToCart', () => {
  it('posts the button data form-encoded to ?wc-ajax=add_to_cart', async () => {
    const server = ajaxServer(() => added('c52e'));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    await ajax.addToCart({ product_sku: 'woo-tshirt', product_id: '17', quantity: '2' });

    expect(server.requests[0]).toMatchObject({
      url: '/?wc-ajax=add_to_cart',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8', 'X-Requested-With': 'XMLHttpRequest' },
      form: { product_sku: 'woo-tshirt', product_id: '17', quantity: '2' },
    });
  });

  it('sends queued adds one at a time', async () => {
    vi.useFakeTimers();
    const server = ajaxServer((request) => added(`hash-${request.form?.product_id ?? ''}`));
    server.holding = true;
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    const first = ajax.addToCart({ product_id: '17', quantity: '1' });
    const second = ajax.addToCart({ product_id: '18', quantity: '1' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.requests).toHaveLength(1);

    server.release();
    await expect(first).resolves.toMatchObject({ cart_hash: 'hash-17' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    server.release();
    await expect(second).resolves.toMatchObject({ cart_hash: 'hash-18' });
    expect(server.requests.map((request) => request.form?.product_id)).toEqual(['17', '18']);
  });

  it('goes on with the queue after a failed add', async () => {
    let calls = 0;
    const server = ajaxServer(() => (++calls === 1 ? new TypeError('Failed to fetch') : added('h2')));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    const first = ajax.addToCart({ product_id: '17' });
    const second = ajax.addToCart({ product_id: '18' });
    await expect(first).rejects.toMatchObject({ code: 'fetch_error' });
    await expect(second).resolves.toMatchObject({ cart_hash: 'h2' });
  });

  it('replaces the fragments, caches them with the hash and announces the add with WooCommerce arguments', async () => {
    const server = ajaxServer(() => added('c52e'));
    const { fragmentCache } = cache();
    const ajax = createAjaxClient({ fetch: server.fetch, cache: fragmentCache });
    const triggered: [string, unknown[]][] = [];
    (window as { jQuery?: unknown }).jQuery = (target: unknown) => ({
      target,
      trigger: (name: string, args: unknown[]) => triggered.push([name, args]),
    });
    const blocks = vi.fn();
    document.body.addEventListener('wc-blocks_added_to_cart', blocks);
    const heard = vi.fn();
    ajax.subscribe(heard);
    const button = document.createElement('a');

    await ajax.addToCart({ product_id: '17', quantity: '2' }, button);

    expect([...document.querySelectorAll('.total')].map((p) => p.textContent)).toEqual([
      'Subtotal: $36.00',
      'Subtotal: $36.00',
    ]);
    expect(sessionStorage.getItem('wc_cart_hash_abc')).toBe('c52e');
    expect(localStorage.getItem('wc_cart_hash_abc')).toBe('c52e');
    expect(JSON.parse(sessionStorage.getItem('wc_fragments_abc') ?? '{}')).toEqual({ [WIDGET]: widget('Subtotal: $36.00') });
    expect(triggered.map(([name]) => name)).toEqual(['adding_to_cart', 'added_to_cart']);
    expect(triggered[0]?.[1]).toEqual([expect.objectContaining({ target: button }), { product_id: '17', quantity: '2' }]);
    expect(triggered[1]?.[1]).toEqual([
      { [WIDGET]: widget('Subtotal: $36.00') },
      'c52e',
      expect.objectContaining({ target: button }),
    ]);
    expect(blocks).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ hash: 'c52e' }));
  });

  it('hands back an error with product_url and changes nothing (wc-golden 047)', async () => {
    const server = ajaxServer(() => ({ status: 200, body: { error: true, product_url: '/product/hoodie/' } }));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    const reply = await ajax.addToCart({ product_id: '15', quantity: '1' });
    expect(reply).toEqual({ error: true, product_url: '/product/hoodie/' });
    expect(document.querySelector('.total')?.textContent).toBe('No products in the cart.');
  });
});

describe('removeFromCart', () => {
  it('applies the fragments of the reply and announces the removal', async () => {
    const server = ajaxServer(() => ({
      status: 200,
      body: { fragments: { [WIDGET]: widget('Empty again.') }, cart_hash: '' },
    }));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    const removed = vi.fn();
    document.body.addEventListener('wc-blocks_removed_from_cart', removed);

    const reply = await ajax.removeFromCart('70efdf2ec9b086079795c442636b55fb');

    expect(server.requests[0]?.url).toBe('/?wc-ajax=remove_from_cart');
    expect(server.requests[0]?.form).toEqual({ cart_item_key: '70efdf2ec9b086079795c442636b55fb' });
    expect(reply.cart_hash).toBe('');
    expect(document.querySelector('.total')?.textContent).toBe('Empty again.');
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('returns a reply without fragments when the key is unknown (wc-golden 051)', async () => {
    const server = ajaxServer(() => ({ status: 200, body: { success: false } }));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null });
    await expect(ajax.removeFromCart('0000')).resolves.toEqual({});
  });
});

describe('getRefreshedFragments', () => {
  it('posts the time and applies the fragments', async () => {
    vi.useFakeTimers({ now: 1_752_969_600_000 });
    const server = ajaxServer(() => added('c52e', 'Fresh'));
    const ajax = createAjaxClient({ fetch: server.fetch, cache: null, url: '/shop/?wc-ajax=%%endpoint%%' });
    const refreshed = vi.fn();
    document.body.addEventListener('wc_fragments_refreshed', refreshed);

    await ajax.getRefreshedFragments();

    expect(server.requests[0]).toMatchObject({
      url: '/shop/?wc-ajax=get_refreshed_fragments',
      form: { time: '1752969600000' },
    });
    expect(document.querySelector('.total')?.textContent).toBe('Fresh');
    expect(refreshed).toHaveBeenCalledTimes(1);
  });

  it('aborts after request_timeout and raises the fragments error event', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const ajax = createAjaxClient({
      cache: null,
      requestTimeoutMs: 5000,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => {
          const signal = init?.signal;
          if (signal) {
            signals.push(signal);
            signal.addEventListener('abort', () => {
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }
        }),
    });
    const failed = vi.fn();
    document.body.addEventListener('wc_fragments_ajax_error', failed);

    const refresh = ajax.getRefreshedFragments().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(4999);
    expect(signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(signals[0]?.aborted).toBe(true);
    await expect(refresh).resolves.toMatchObject({ code: 'fetch_error' });
    expect(failed).toHaveBeenCalledTimes(1);
  });
});

describe('applyFragments', () => {
  it('replaces every match and returns the new elements, without running scripts', () => {
    const elements = applyFragments({
      [WIDGET]: widget('New'),
      'span.count': '<span class="count">3</span><script>window.ran = true</script>',
      'p:bad((selector': '<p>never</p>',
    });
    expect(elements.map((element) => element.className)).toEqual(['widget_shopping_cart_content', 'widget_shopping_cart_content']);
    expect(document.querySelectorAll('.total')).toHaveLength(2);
    expect([...document.querySelectorAll('.total')].every((p) => p.textContent === 'New')).toBe(true);
    expect((window as { ran?: boolean }).ran).toBeUndefined();
  });
});

describe('fragment cache', () => {
  it('gives back fragments only for the same cart hash and for less than a day', () => {
    const { fragmentCache, later } = cache();
    fragmentCache.save({ [WIDGET]: widget('cached') }, 'hash-1');

    expect(fragmentCache.load('hash-2')).toBeNull();
    expect(fragmentCache.load('hash-1')).toEqual({ [WIDGET]: widget('cached') });
    later(FRAGMENT_LIFETIME_MS - 1);
    expect(fragmentCache.load('hash-1')).not.toBeNull();
    later(1);
    expect(fragmentCache.load('hash-1')).toBeNull();
  });

  it('applies cached fragments through the client', () => {
    const { fragmentCache } = cache();
    fragmentCache.save({ [WIDGET]: widget('cached') }, 'hash-1');
    const ajax = createAjaxClient({ fetch: () => Promise.reject(new Error('no requests')), cache: fragmentCache });
    const loaded = vi.fn();
    document.body.addEventListener('wc_fragments_loaded', loaded);

    expect(ajax.applyCached('hash-0')).toBe(false);
    expect(ajax.applyCached('hash-1')).toBe(true);
    expect(document.querySelector('.total')?.textContent).toBe('cached');
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
