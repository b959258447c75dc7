import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStoreApi, hashOf, makeCart, makeItem } from '../testing/fakeStoreApi';
import { createAjaxClient, type AjaxClient } from './ajax';
import { createStoreApiClient } from './api';
import { createNonceStore, type NonceStore } from './nonce';
import { createCartStore, type CartStore } from './store';
import { startCartSync, type CartSyncOptions } from './sync';

/** BroadcastChannels that deliver at once to the other channels of the same name. */
class ChannelBus {
  readonly channels: FakeChannel[] = [];
  readonly create = (name: string): BroadcastChannel => {
    const channel = new FakeChannel(name, this);
    this.channels.push(channel);
    return channel as unknown as BroadcastChannel;
  };
}

class FakeChannel {
  readonly posted: unknown[] = [];
  private readonly listeners = new Set<(event: MessageEvent) => void>();
  closed = false;
  constructor(
    readonly name: string,
    private readonly bus: ChannelBus,
  ) {}
  postMessage(data: unknown): void {
    this.posted.push(data);
    for (const other of this.bus.channels) {
      if (other !== this && other.name === this.name && !other.closed) {
        other.deliver(structuredClone(data));
      }
    }
  }
  deliver(data: unknown): void {
    for (const listener of this.listeners) {
      listener(new MessageEvent('message', { data }));
    }
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }
  close(): void {
    this.closed = true;
  }
}

const server = new FakeStoreApi();
const stops: (() => void)[] = [];
const nonces: NonceStore[] = [];

/** One browser tab: its own store and document, the shared server and cookie jar. */
function tab(options: Partial<CartSyncOptions> & { initial?: 'current' | 'stale' | 'none'; ajax?: AjaxClient } = {}) {
  const nonce = createNonceStore(null);
  nonces.push(nonce);
  nonce.seed(server.nonce, server.nonceTimestamp);
  const api = createStoreApiClient({ fetch: server.fetch, nonce });
  const initialCart =
    options.initial === 'none' ? null : options.initial === 'stale' ? makeCart([makeItem('old', 1)]) : structuredClone(server.cart);
  const store: CartStore = createCartStore({
    api,
    initialCart,
    initialHash: initialCart ? hashOf(initialCart) : '',
  });
  const doc = options.doc ?? document.implementation.createHTMLDocument('tab');
  const target = options.target ?? (new EventTarget() as Window);
  const stop = startCartSync({
    store,
    // The server sets the cookie on every reply, so it always names the server's cart.
    readCookie: (name) => (name === 'woocommerce_cart_hash' ? hashOf(server.cart) : undefined),
    ...options,
    doc,
    target,
  });
  stops.push(stop);
  return { store, doc, target, stop };
}

const cartReads = () => server.requests.filter((request) => request.method === 'GET' && request.url.endsWith('/cart'));

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  server.cart = makeCart([makeItem('a', 1), makeItem('b', 2)]);
  server.requests.length = 0;
  server.intercept = null;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  localStorage.clear();
});

afterEach(() => {
  stops.splice(0).forEach((stop) => {
    stop();
  });
  nonces.splice(0).forEach((nonce) => {
    nonce.stop();
  });
  vi.useRealTimers();
});

describe('staleness check', () => {
  it('sends nothing when a page loads, even with a stale embedded cart', async () => {
    const bus = new ChannelBus();
    tab({ initial: 'stale', createChannel: bus.create });
    tab({ initial: 'current', createChannel: bus.create });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toEqual([]);
  });

  it('on pageshow from the back/forward cache, reads the cart only when the cookie hash differs', async () => {
    const bus = new ChannelBus();
    const current = tab({ createChannel: bus.create, target: window, doc: document });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(0);

    // Another tab (or a form post) changed the cart; the cookie says so.
    server.cart = makeCart([makeItem('a', 3)]);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(0);

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(1);
    expect(current.store.getState().serverCart?.items.map((item) => item.quantity)).toEqual([3]);
    expect(current.store.getState().cartHash).toBe(hashOf(server.cart));
  });

  it('on becoming visible, reads the cart only when the cookie hash differs', async () => {
    const bus = new ChannelBus();
    const current = tab({ createChannel: bus.create, target: window, doc: document });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(0);

    server.cart = makeCart([makeItem('z', 1)]);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(0);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(cartReads()).toHaveLength(1);
    expect(current.store.getState().serverCart?.items[0]?.key).toBe('z');
  });

  it('leaves a store that holds no cart alone: whatever shows the cart loads it', async () => {
    tab({ initial: 'none', createChannel: new ChannelBus().create, target: window, doc: document });
    server.cart = makeCart([makeItem('z', 1)]);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toEqual([]);
  });
});

describe('across tabs', () => {
  it("applies another tab's cart without a request, and does not echo it back", async () => {
    const bus = new ChannelBus();
    const first = tab({ createChannel: bus.create });
    const second = tab({ createChannel: bus.create });

    await Promise.all([first.store.setQuantity('a', 4), vi.advanceTimersByTimeAsync(300)]);

    expect(server.requests).toHaveLength(1);
    expect(server.batches()).toHaveLength(1);
    expect(second.store.getState().cart?.items.map((item) => item.quantity)).toEqual([4, 2]);
    expect(second.store.getState().cartHash).toBe(hashOf(server.cart));
    const [firstChannel, secondChannel] = bus.channels;
    expect(firstChannel?.posted).toEqual([{ hash: hashOf(server.cart), cart: server.cart }]);
    expect(secondChannel?.posted).toEqual([]);
  });

  it('ignores a message the cookie has moved past, and checks instead', async () => {
    const bus = new ChannelBus();
    const first = tab({ createChannel: bus.create });
    const old = first.store.getState().serverCart;
    const sender = bus.create('mercato:cart');

    server.cart = makeCart([makeItem('newest', 1)]);
    sender.postMessage({ hash: 'h:outdated', cart: old });
    await vi.advanceTimersByTimeAsync(0);

    expect(cartReads()).toHaveLength(1);
    expect(first.store.getState().serverCart?.items[0]?.key).toBe('newest');
  });

  it('ignores malformed messages', async () => {
    const bus = new ChannelBus();
    const first = tab({ createChannel: bus.create });
    const before = first.store.getState();
    const sender = bus.create('mercato:cart');
    sender.postMessage({ hash: hashOf(server.cart), cart: { items: 'nope' } });
    sender.postMessage('hello');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.store.getState()).toBe(before);
    expect(server.requests).toEqual([]);
  });

  it('falls back to a localStorage key without BroadcastChannel', async () => {
    const first = tab({ createChannel: () => null, storage: localStorage });
    const second = tab({ createChannel: () => null, storage: localStorage });

    await Promise.all([first.store.removeItem('b'), vi.advanceTimersByTimeAsync(300)]);
    const written = localStorage.getItem('mercato:cart');
    expect(JSON.parse(written ?? '{}')).toMatchObject({ hash: hashOf(server.cart) });

    // The browser tells the other tabs with a storage event.
    second.target.dispatchEvent(new StorageEvent('storage', { key: 'mercato:cart', newValue: written }));
    expect(second.store.getState().cart?.items.map((item) => item.key)).toEqual(['a']);
    expect(server.requests).toHaveLength(1);
  });

  it('shares fragments from an AJAX add, so the other tab updates its mini cart without a request', async () => {
    const bus = new ChannelBus();
    const widget = (text: string) => `<div class="widget_shopping_cart_content">${text}</div>`;
    let cookie = 'h:before';
    server.intercept = (request) => {
      if (!request.url.includes('wc-ajax=add_to_cart')) {
        return undefined;
      }
      cookie = 'h:ajax';
      return { status: 200, body: { fragments: { 'div.widget_shopping_cart_content': widget('2 items') }, cart_hash: 'h:ajax' } };
    };
    const firstDoc = document.implementation.createHTMLDocument('first');
    firstDoc.body.innerHTML = widget('empty');
    const secondDoc = document.implementation.createHTMLDocument('second');
    secondDoc.body.innerHTML = widget('empty');
    const ajaxFor = (doc: Document) => createAjaxClient({ fetch: server.fetch, cache: null, root: doc });
    const firstAjax = ajaxFor(firstDoc);
    tab({ initial: 'none', createChannel: bus.create, doc: firstDoc, ajax: firstAjax, readCookie: () => cookie });
    tab({ initial: 'none', createChannel: bus.create, doc: secondDoc, ajax: ajaxFor(secondDoc), readCookie: () => cookie });

    await firstAjax.addToCart({ product_id: '17', quantity: '2' });

    expect(firstDoc.body.textContent).toBe('2 items');
    expect(secondDoc.body.textContent).toBe('2 items');
    // Only the add itself: neither store holds a cart, and the fragments came with the message.
    expect(server.requests.map((request) => request.url)).toEqual(['/?wc-ajax=add_to_cart']);
  });

  it('refreshes a stale mini cart widget on pageshow, from the session cache when it can', () => {
    const widget = (text: string) => `<div class="widget_shopping_cart_content">${text}</div>`;
    document.body.innerHTML = widget('rendered');
    let cookie = 'h:page';
    const fetched = vi.fn(() => Promise.resolve(new Response('{}')));
    const fragments = { 'div.widget_shopping_cart_content': widget('from cache') };
    const ajax = createAjaxClient({
      fetch: fetched,
      cache: {
        save: vi.fn(),
        load: (hash) => (hash === 'h:cached' ? fragments : null),
        createdAt: () => 0,
      },
    });
    tab({ initial: 'none', createChannel: new ChannelBus().create, target: window, doc: document, ajax, readCookie: () => cookie });

    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(document.body.textContent).toBe('rendered');

    cookie = 'h:cached';
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(document.body.textContent).toBe('from cache');
    expect(fetched).not.toHaveBeenCalled();

    cookie = 'h:unknown';
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(String((fetched.mock.calls[0] as unknown[])[0])).toContain('get_refreshed_fragments');
    document.body.replaceChildren();
  });
  it('refreshes at once a page the browser showed from its cache with an older cart, and only then', () => {
    const widget = (text: string) => `<div class="widget_shopping_cart_content">${text}</div>`;
    const fetched = vi.fn(() => Promise.resolve(new Response('{}')));
    const ajax = createAjaxClient({ fetch: fetched, cache: null });
    document.body.innerHTML = widget('rendered');

    tab({ initial: 'none', createChannel: new ChannelBus().create, doc: document, ajax, readCookie: () => 'h:now', pageHash: 'h:now' });
    expect(fetched).not.toHaveBeenCalled();

    tab({ initial: 'none', createChannel: new ChannelBus().create, doc: document, ajax, readCookie: () => 'h:now', pageHash: 'h:rendered-earlier' });
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(String((fetched.mock.calls[0] as unknown[])[0])).toContain('get_refreshed_fragments');
    document.body.replaceChildren();
  });
});
